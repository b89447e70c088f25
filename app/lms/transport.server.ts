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
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
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
