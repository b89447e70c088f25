import crypto from "node:crypto";
import http from "node:http";

/**
 * Requests as a probe sends them, on a socket of their own (issue 32): bodies Playwright's client
 * will not send — chunked without a length, a length the body never reaches, a multipart whose
 * part header never ends — and answers read only as far as needed.
 */
export type RawRequest = {
  method?: string;
  headers?: Record<string, string>;
  /** Sent with its Content-Length. */
  body?: string | Buffer;
  /** Sent chunked (no Content-Length), 64 KB a chunk. */
  chunked?: Buffer;
  /** A Content-Length header claiming this many bytes, none of which is sent. */
  claims?: number;
};
export type RawAnswer = { status: number; location: string | null; text: string };

/** The first 64 KB of an answer is all any check reads. */
const KEEP = 64 * 1024;

export function rawRequest(url: string, req: RawRequest): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const headers: Record<string, string> = { ...req.headers };
    if (req.body !== undefined) headers["content-length"] = String(Buffer.byteLength(req.body));
    if (req.chunked) headers["transfer-encoding"] = "chunked";
    if (req.claims !== undefined) headers["content-length"] = String(req.claims);
    const out = http.request(url, { method: req.method ?? "POST", headers, agent: false }, (res) => {
      let text = "";
      res.on("data", (chunk: Buffer) => {
        if (text.length < KEEP) text += chunk.toString("utf8");
      });
      const done = () => resolve({ status: res.statusCode ?? 0, location: res.headers.location ?? null, text });
      res.on("end", done);
      // An answer sent before the body was all read may end with the socket torn down: it is the answer.
      res.on("error", done);
      if (req.claims !== undefined) res.on("end", () => out.destroy());
    });
    // A connection dropped before any answer is an answer too (status 0): the checks name it.
    out.on("error", (e) => resolve({ status: 0, location: null, text: String(e) }));
    if (req.chunked) {
      const body = req.chunked;
      let answered = false;
      // Stop writing once the server has answered (it refused early).
      out.once("response", () => {
        answered = true;
        out.end();
      });
      const write = (at: number): void => {
        if (answered) return;
        if (at >= body.length) return void out.end();
        if (out.write(body.subarray(at, at + 65536))) return write(at + 65536);
        out.once("drain", () => write(at + 65536));
      };
      write(0);
    } else if (req.claims !== undefined) out.flushHeaders();
    else out.end(req.body);
  });
}

export const sha256 = (data: Buffer) => crypto.createHash("sha256").update(data).digest("hex");
