/**
 * Headers every document carries: a Content-Security-Policy whose scripts must carry this
 * response's nonce, and the usual hardening. Styles may be inline (brand colours are set as
 * CSS custom properties from the config).
 */
export function securityHeaders(nonce: string, dev: boolean): Record<string, string> {
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    `connect-src 'self'${dev ? " ws: http://localhost:*" : ""}`,
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
  return {
    "Content-Security-Policy": csp,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
  };
}
