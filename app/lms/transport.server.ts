import http from "node:http";
import https from "node:https";

/**
 * The wire for the dashboard's JSON calls to the LMS API: node:http on kept-alive sockets.
 * A page makes two or three such calls, and Node 20's fetch (undici behind WHATWG streams, an
 * AbortSignal and a Headers object per call) cost more CPU than rendering the page's table;
 * node:http does the same exchange for a fraction of it (docs/decisions/016). Uploads (FormData)
 * and downloads (streamed exports) keep using fetch, which is built for them.
 */
const agents = {
  "http:": new http.Agent({ keepAlive: true, maxSockets: 128 }),
  "https:": new https.Agent({ keepAlive: true, maxSockets: 128 }),
};

export type WireAnswer = { status: number; setCookies: string[]; text: string };

/**
 * How long one page request may wait for the API, all its calls together (`LMS_API_TIMEOUT_MS`,
 * 30 s; spec 002 §8): a hung API must not hold the page, its sockets and the user forever. The
 * page's client (api.server.ts) gives each call what is left of that time; the caller turns the
 * failure into the gateway-timeout page (504).
 */
export const API_TIMEOUT_MS = Number(process.env.LMS_API_TIMEOUT_MS) || 30_000;

/**
 * The largest answer the dashboard reads from the API (`LMS_API_MAX_ANSWER_BYTES`, 8 MB): a
 * page's JSON is a few hundred KB at most (the dictionaries of both languages, the largest, are
 * 420 KB); an answer past this is a fault upstream, refused before it fills the process (issue 32),
 * and what was read of it is dropped. Files never come this way (downloads stream through).
 */
export const MAX_ANSWER_BYTES = Number(process.env.LMS_API_MAX_ANSWER_BYTES) || 8 * 1024 * 1024;

/** The API's answer was longer than MAX_ANSWER_BYTES: the 500 page, never retried. */
export class AnswerTooLargeError extends Error {}

/**
 * Calls that may be sent twice (docs/decisions/091): asking again changes nothing. Every other
 * method may have been carried out before its answer was lost, so it is never sent again: the
 * user sees the error page and decides (a create form's retry is the idempotency key's business).
 */
const IDEMPOTENT = new Set(["GET", "HEAD"]);

/**
 * Answers that say "not this process, not now" rather than "no": a balancer with no live process
 * behind it for a moment (502) or an API closing for a restart (503). Asked again — through a
 * balancer, most likely of another process — they are usually answered.
 */
const RETRIED_STATUSES = new Set([502, 503]);

/**
 * Errors of a connection the API dropped or refused: a kept-alive socket it closed as we sent on
 * it (ECONNRESET, EPIPE; undici's "other side closed"), or a port nothing listens on for a moment
 * (ECONNREFUSED: a process restarting). Not a timeout: a call that used up the page's time has
 * none left to try again with.
 */
const DROPPED = new Set(["ECONNRESET", "ECONNREFUSED", "EPIPE", "UND_ERR_SOCKET"]);

export function droppedConnection(error: unknown): boolean {
  for (
    let e = error, depth = 0;
    e && typeof e === "object" && depth < 4;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    if (DROPPED.has(String((e as { code?: unknown }).code))) return true;
  }
  return false;
}

/**
 * Whether a call's outcome — an answer's status, or the error it failed with — is worth asking
 * once more (the caller also needs time left of the page's deadline, and asks again only once).
 */
export function worthRetrying(method: string, outcome: { status: number } | { error: unknown }): boolean {
  if (!IDEMPOTENT.has(method.toUpperCase())) return false;
  return "status" in outcome ? RETRIED_STATUSES.has(outcome.status) : droppedConnection(outcome.error);
}

/**
 * A GET (or HEAD) through fetch whose body is streamed on (downloads, media): asked once more on a
 * 502, 503 or dropped connection while `signal` has not ended the time for it. The first answer's
 * body is cancelled unread, so a retry holds no more memory than one call.
 */
export async function fetchIdempotent(
  url: string,
  init: RequestInit & { method: "GET" | "HEAD"; signal: AbortSignal },
): Promise<Response> {
  let first: Response;
  try {
    first = await fetch(url, init);
  } catch (error) {
    if (init.signal.aborted || !worthRetrying(init.method, { error })) throw error;
    return fetch(url, init);
  }
  if (init.signal.aborted || !worthRetrying(init.method, first)) return first;
  await first.body?.cancel().catch(() => {});
  return fetch(url, init);
}

/** One exchange, answered in full within `timeoutMs` or given up (at once when it is not positive). */
export function sendJson(
  method: string,
  url: string,
  headers: Record<string, string>,
  body?: string,
  timeoutMs = API_TIMEOUT_MS,
): Promise<WireAnswer> {
  if (!(timeoutMs > 0)) return Promise.reject(new Error("no time left to ask the API"));
  const target = new URL(url);
  const secure = target.protocol === "https:";
  const all = body === undefined ? headers : { ...headers, "content-length": String(Buffer.byteLength(body)) };
  return new Promise((resolve, reject) => {
    const fail = (error: Error) => {
      clearTimeout(timer);
      reject(error);
    };
    const req = (secure ? https : http).request(
      target,
      { method, headers: all, agent: agents[secure ? "https:" : "http:"] },
      (res) => {
        if (Number(res.headers["content-length"] ?? 0) > MAX_ANSWER_BYTES) {
          req.destroy();
          return fail(new AnswerTooLargeError(`the API announced an answer over ${MAX_ANSWER_BYTES} bytes`));
        }
        const chunks: Buffer[] = [];
        let length = 0;
        res.on("data", (chunk: Buffer) => {
          length += chunk.length;
          if (length <= MAX_ANSWER_BYTES) return void chunks.push(chunk);
          chunks.length = 0;
          req.destroy();
          fail(new AnswerTooLargeError(`the API's answer passed ${MAX_ANSWER_BYTES} bytes`));
        });
        res.on("error", fail);
        res.on("end", () => {
          clearTimeout(timer);
          resolve({
            status: res.statusCode ?? 0,
            setCookies: res.headers["set-cookie"] ?? [],
            text: Buffer.concat(chunks).toString("utf8"),
          });
        });
      },
    );
    // The whole exchange, not the wait for each byte: an API that answers slowly byte by byte
    // must not hold the page longer than one that answers nothing.
    const timer = setTimeout(() => {
      const error = new Error(`no answer from the API in ${timeoutMs} ms`);
      req.destroy(error);
      reject(error);
    }, timeoutMs);
    req.on("error", fail);
    req.end(body);
  });
}

/** A fetch answer's text, at most MAX_ANSWER_BYTES (AnswerTooLargeError past it; the rest is not read). */
export async function boundedText(res: Response): Promise<string> {
  if (Number(res.headers.get("content-length") ?? 0) > MAX_ANSWER_BYTES) {
    await res.body?.cancel();
    throw new AnswerTooLargeError(`the API announced an answer over ${MAX_ANSWER_BYTES} bytes`);
  }
  if (!res.body) return "";
  const chunks: Uint8Array[] = [];
  let length = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    length += chunk.byteLength;
    if (length > MAX_ANSWER_BYTES) {
      await res.body.cancel().catch(() => {});
      throw new AnswerTooLargeError(`the API's answer passed ${MAX_ANSWER_BYTES} bytes`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}
