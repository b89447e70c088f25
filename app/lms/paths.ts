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
 * A URL or path as a header may carry it: every character outside printable ASCII percent-encoded
 * as UTF-8 (a lone surrogate as U+FFFD). `Location: /ก/` would make the response throw (a 500);
 * `/é/` would go out as a raw Latin-1 byte. What is already ASCII (escapes included) is kept.
 */
export function asciiUrl(url: string): string {
  return url.replace(/[^\x21-\x7e]/gu, (ch) => {
    try {
      return encodeURIComponent(ch);
    } catch {
      return "%EF%BF%BD";
    }
  });
}

/** Percent-decoding that never throws: a malformed escape leaves the text as it is. */
export function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * A safe post-sign-in address: only a path on this site, none of the forbidden ones, with a
 * trailing slash added before its query (spec 000 §5), ASCII only (asciiUrl). Anything else → null.
 * The rules hold for the address as given and as the browser will decode it (`/ad%6Din`).
 */
export function safeNext(next: string | null | undefined): string | null {
  if (!next) return null;
  let value = next.trim();
  for (const form of [value, safeDecode(value)]) {
    // Off-site addresses (absolute, protocol-relative, backslash tricks) are never followed.
    if (!form.startsWith("/") || form.startsWith("//") || form.includes("\\")) return null;
    if (/[\u0000-\u001f\u007f]/.test(form)) return null;
    if (FORBIDDEN_NEXT.some((f) => form.includes(f))) return null;
  }
  const q = value.search(/[?#]/);
  const pathPart = q === -1 ? value : value.slice(0, q);
  const rest = q === -1 ? "" : value.slice(q);
  value = (pathPart.endsWith("/") ? pathPart : `${pathPart}/`) + rest;
  return asciiUrl(value);
}
