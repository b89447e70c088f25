/**
 * A request body read with a size limit (issue 32): what a form parser sees stops at `max` bytes,
 * so no body — a truncated multipart, an endless urlencoded line, part headers that never end —
 * makes the dashboard hold more than that for one request.
 */

/** The body was longer than the limit: the post is refused with 413 and nothing is sent on. */
export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`request body over ${limit} bytes`);
  }
}

/**
 * What is read past the limit is thrown away, up to this much, so the browser — still sending —
 * gets the refusal page rather than a reset connection; a body longer still is cut off.
 */
const DRAIN_BYTES = 256 * 1024 * 1024;

/** The length the request declares, or null (chunked, or no header). */
export function declaredLength(request: Request): number | null {
  const raw = request.headers.get("content-length");
  if (raw === null || !/^\d+$/.test(raw.trim())) return null;
  return Number(raw);
}

/**
 * `body` as a stream that ends in BodyTooLargeError once more than `max` bytes came, and
 * `drainRest`, which reads what is left unread — past the limit, or after a parser gave up — and
 * throws it away (never kept), resolving when the body has ended. A refusal must wait for it:
 * Node closes a connection whose request was not read to its end, and the bytes still unread
 * then reset it — the browser would see a broken connection instead of the answer.
 */
export function boundedStream(
  body: ReadableStream<Uint8Array>,
  max: number,
): { stream: ReadableStream<Uint8Array>; drainRest: () => Promise<void> } {
  const reader = body.getReader();
  let seen = 0;
  // The read a pull is waiting on. The drain waits for it first: a second read queued beside it
  // on Remix's request stream (a Node stream paused as each chunk comes) was never answered.
  let pending: Promise<unknown> | null = null;
  let drained: Promise<void> | null = null;
  const drainRest = () =>
    (drained ??= (async () => {
      await pending?.catch(() => {});
      seen = await drain(reader, seen);
    })());
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (drained) return;
      const read = reader.read();
      pending = read;
      const { done, value } = await read;
      pending = null;
      if (done) return controller.close();
      seen += value.byteLength;
      if (seen <= max) return controller.enqueue(value);
      controller.error(new BodyTooLargeError(max));
      void drainRest();
    },
    // A parser that gave up (a malformed body) and says so: the rest is drained the same way.
    cancel: () => void drainRest(),
  });
  return { stream, drainRest };
}

/** Reads and drops the rest of a body, up to DRAIN_BYTES in all (then cuts it off); the bytes seen. */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>, seen: number): Promise<number> {
  try {
    while (seen <= DRAIN_BYTES) {
      const { done, value } = await reader.read();
      if (done) return seen;
      seen += value.byteLength;
    }
    await reader.cancel();
  } catch {
    // The client went away: nothing left to drain.
  }
  return seen;
}

/** A stream's whole text (BodyTooLargeError when it is a bounded one past its limit). */
export async function readText(stream: ReadableStream<Uint8Array>): Promise<string> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}
