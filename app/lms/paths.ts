/** The dashboard's base path (spec 000 §9). Links and redirects are built here, never by hand. */
export const BASE = "/dashboard";

/** `/dashboard/<path>` with a trailing slash-free join; `dash()` is the home. */
export function dash(path = ""): string {
  const clean = path.replace(/^\/+/, "");
  return clean ? `${BASE}/${clean}` : `${BASE}/`;
}

/** Paths a `next` address may never point to (spec 000 §5). */
const FORBIDDEN_NEXT = ["/admin", "/saml/login", "/login/saml/success", "/account/sso/validate", "/console", "/error"];

/**
 * A safe post-sign-in address: only a path on this site, none of the forbidden ones, with a
 * trailing slash added before its query (spec 000 §5). Anything else → null.
 */
export function safeNext(next: string | null | undefined): string | null {
  if (!next) return null;
  let value = next.trim();
  // Off-site addresses (absolute, protocol-relative, backslash tricks) are never followed.
  if (!value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return null;
  if (/[\u0000-\u001f]/.test(value)) return null;
  if (FORBIDDEN_NEXT.some((f) => value.includes(f))) return null;
  const q = value.search(/[?#]/);
  const pathPart = q === -1 ? value : value.slice(0, q);
  const rest = q === -1 ? "" : value.slice(q);
  value = (pathPart.endsWith("/") ? pathPart : `${pathPart}/`) + rest;
  return value;
}
