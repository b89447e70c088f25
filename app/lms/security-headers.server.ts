import { VIDEO_ORIGINS } from "../../contract/media-codes";

const videoOrigins = (kind: "thumbnail" | "player") =>
  Object.values(VIDEO_ORIGINS)
    .map((o) => o[kind])
    .join(" ");

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
    // An external video's thumbnail comes from its provider (issue 33: it was blocked here).
    `img-src 'self' data: blob: ${videoOrigins("thumbnail")}`,
    // Its player opens in a dialog's frame (spec 000 §2.1), as PDFs and SCORM packages do from here.
    `frame-src 'self' ${videoOrigins("player")}`,
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
