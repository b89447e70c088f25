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

/** One exchange, answered in full within `timeoutMs` or given up (at once when it is not positive). */
export function sendJson(method: string, url: string, headers: Record<string, string>, body?: string, timeoutMs = API_TIMEOUT_MS): Promise<WireAnswer> {
  if (!(timeoutMs > 0)) return Promise.reject(new Error("no time left to ask the API"));
  const target = new URL(url);
  const secure = target.protocol === "https:";
  const all = body === undefined ? headers : { ...headers, "content-length": String(Buffer.byteLength(body)) };
  return new Promise((resolve, reject) => {
    const fail = (error: Error) => {
      clearTimeout(timer);
      reject(error);
    };
    const req = (secure ? https : http).request(target, { method, headers: all, agent: agents[secure ? "https:" : "http:"] }, (res) => {
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
        resolve({ status: res.statusCode ?? 0, setCookies: res.headers["set-cookie"] ?? [], text: Buffer.concat(chunks).toString("utf8") });
      });
    });
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
