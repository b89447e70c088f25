import { CSRF_COOKIE, SESSION_COOKIE } from "../../contract/http";

/** The API's cookies the dashboard relays (and only those: its own cookies stay here). */
export const RELAYED_COOKIES = [SESSION_COOKIE, CSRF_COOKIE] as const;

export function readCookies(header: string | null): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of (header ?? "").split(";")) {
    const i = part.indexOf("=");
    if (i <= 0) continue;
    const name = part.slice(0, i).trim();
    const value = part.slice(i + 1).trim();
    if (name) out.set(name, value);
  }
  return out;
}

/**
 * Rewrite an API Set-Cookie as a cookie of the dashboard's own host: drop Domain (so an API on
 * another host works too) and keep path, expiry, HttpOnly, SameSite, Secure.
 */
export function relaySetCookie(header: string): string {
  return header
    .split(";")
    .map((p) => p.trim())
    .filter((p) => !/^domain=/i.test(p))
    .join("; ");
}

/** Name and value of a Set-Cookie header; value "" when it clears the cookie. */
export function parseSetCookie(header: string): { name: string; value: string; cleared: boolean } {
  const [pair, ...attrs] = header.split(";");
  const i = pair.indexOf("=");
  const name = pair.slice(0, i).trim();
  const value = pair.slice(i + 1).trim();
  const cleared =
    value === "" ||
    attrs.some((a) => /^\s*max-age=0\s*$/i.test(a)) ||
    attrs.some((a) => /^\s*expires=/i.test(a) && Date.parse(a.split("=")[1]) < Date.now());
  return { name, value, cleared };
}
