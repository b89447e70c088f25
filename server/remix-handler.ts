import {
  createReadableStreamFromReadable,
  createRequestHandler,
  writeReadableStreamToWritable,
  type ServerBuild,
} from "@remix-run/node";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";

/** What is thrown away of a body its route did not read; past it the connection is cut. */
const DISCARD_BYTES = 256 * 1024 * 1024;
/** How long a body may stall (no byte coming) before it is answered anyway and the connection cut. */
const STALL_MS = 10_000;

/**
 * @remix-run/express's request handler (its request and response conversions, which that
 * package does not export), with one step added (issue 32): a request body the route did not read
 * to its end — an action that answered before reading it, a refusal, the upload relay's 412 — is
 * read on and thrown away before the answer is sent. Otherwise Node answers and closes the
 * connection while the browser is still sending, and the unread bytes reset it: the browser shows
 * a broken connection instead of the answer. Bounded in bytes and time.
 */
export function remixHandler(build: ServerBuild, mode: string): RequestHandler {
  const handle = createRequestHandler(build, mode);
  return async (req, res, next) => {
    try {
      const response = await handle(remixRequest(req, res));
      await discardUnread(req, res);
      await send(res, response);
    } catch (error) {
      next(error);
    }
  };
}

/** The express request as a Fetch request (as @remix-run/express makes it), aborted when the client goes away before the answer. */
function remixRequest(req: ExpressRequest, res: ExpressResponse): Request {
  // req.hostname honours `trust proxy`; the port comes from the host header Express read it from.
  const port = /:(\d+)$/.exec(req.get("x-forwarded-host") ?? req.get("host") ?? "")?.[1];
  const url = new URL(`${req.protocol}://${req.hostname}${port ? `:${port}` : ""}${req.originalUrl}`);
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const headers = new Headers();
  for (const [key, values] of Object.entries(req.headers)) {
    if (values === undefined) continue;
    for (const value of Array.isArray(values) ? values : [values]) headers.append(key, value);
  }
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  return new Request(url.href, init);
}

async function send(res: ExpressResponse, response: Response) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  if (/text\/event-stream/i.test(response.headers.get("content-type") ?? "")) res.flushHeaders();
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}

function discardUnread(req: ExpressRequest, res: ExpressResponse): Promise<void> {
  if (req.complete || req.destroyed) return Promise.resolve();
  // A body that says it is longer than what is ever thrown away is not waited for: answered, then the connection closed.
  if (Number(req.headers["content-length"] ?? 0) > DISCARD_BYTES)
    return Promise.resolve(void res.setHeader("connection", "close"));
  return new Promise((resolve) => {
    let dropped = 0;
    let timer = setTimeout(() => cut(), STALL_MS);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    const cut = () => {
      req.destroy();
      done();
    };
    // Remix's stream over the body (paused, its reader gone) lets go of it; this one reads to the end.
    req.removeAllListeners("data");
    req.on("data", (chunk: Buffer) => {
      dropped += chunk.length;
      if (dropped > DISCARD_BYTES) return cut();
      clearTimeout(timer);
      timer = setTimeout(cut, STALL_MS);
    });
    req.once("end", done);
    req.once("close", done);
    req.resume();
  });
}
