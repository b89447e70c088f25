/** Name of the hidden anti-forgery field (client-safe: the check itself is in csrf.server.ts). */
export const CSRF_FIELD = "csrf";
