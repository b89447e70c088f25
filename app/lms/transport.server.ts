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
 * How long a call may go without a byte from the API before it is given up (`LMS_API_TIMEOUT_MS`,
 * 30 s): a hung API must not hold the page, its socket and the user forever. The caller turns the
 * failure into the gateway-timeout page (504, spec 002), after one retry of an idempotent GET.
 */
export const API_TIMEOUT_MS = Number(process.env.LMS_API_TIMEOUT_MS) || 30_000;

export function sendJson(method: string, url: string, headers: Record<string, string>, body?: string, timeoutMs = API_TIMEOUT_MS): Promise<WireAnswer> {
  const target = new URL(url);
  const secure = target.protocol === "https:";
  const all = body === undefined ? headers : { ...headers, "content-length": String(Buffer.byteLength(body)) };
  return new Promise((resolve, reject) => {
    const req = (secure ? https : http).request(target, { method, headers: all, agent: agents[secure ? "https:" : "http:"] }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("error", reject);
      res.on("end", () => resolve({ status: res.statusCode ?? 0, setCookies: res.headers["set-cookie"] ?? [], text: Buffer.concat(chunks).toString("utf8") }));
    });
    req.on("error", reject);
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer from the API in ${timeoutMs} ms`)));
    req.end(body);
  });
}
