import type { RequestHandler } from "express";

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** Where the refused post ends: the 403 page of spec 002 §8, answered with status 403 in the visitor's language. */
const REFUSED_PAGE = "/dashboard/error/403";

/** The host an `Origin` names, or null when it names none (`null` from a sandboxed frame, junk). */
function originHost(origin: string): string | null {
  try {
    return origin === "null" ? null : new URL(origin).host;
  } catch {
    return null;
  }
}

/**
 * A form posted from another site (issue 32): the same rule Remix applies to actions — the
 * `Origin` a browser sends with a post must name this host (the trusted proxy's
 * `X-Forwarded-Host` where server/client-address.ts kept one) — but answered here, before Remix,
 * whose own check throws: a 500 and a stack trace in the log for every such post. Here it is the
 * 403 page and one log line. A request without `Origin` (an old browser, a script) goes on to the
 * action, whose anti-forgery token refuses it if it is forged.
 */
export function refuseCrossSitePosts(log: (line: string) => void = (line) => console.warn(line)): RequestHandler {
  return (req, _res, next) => {
    const origin = req.headers.origin;
    if (!UNSAFE.has(req.method) || origin === undefined) return next();
    const host = (req.headers["x-forwarded-host"] as string | undefined)?.split(",")[0]?.trim() || req.headers.host;
    if (host && originHost(origin) === host) return next();
    log(
      `[dashboard] refused a cross-site ${req.method} of ${req.path.slice(0, 200)} from origin ${JSON.stringify(origin.slice(0, 200))}`,
    );
    // Shown as the 403 page: a GET of it, the post's body left unread (Node discards it).
    req.method = "GET";
    req.url = req.originalUrl = REFUSED_PAGE; // Remix's adapter reads originalUrl
    next();
  };
}
