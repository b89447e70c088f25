import { Writable } from "node:stream";

/**
 * Collects what React's renderToPipeableStream writes into one Buffer, without the NUL bytes
 * React 18.3 leaves in it: when a multi-byte character (Thai: three bytes) does not fit at the
 * end of its 2 KB write buffer, react-dom-server.node writes the whole buffer, unused zero bytes
 * included (`writeToDestination(destination, currentView)` in writeStringChunk; React 19 writes
 * `subarray(0, writtenBytes)`). Browsers show them as "��" inside text and attribute values, and
 * inside the inline loader data they would become characters of its strings. A document never
 * holds a NUL byte of its own (React escapes nothing to one, and HTML forbids it), so every zero
 * byte is dropped. tests/unit/html-sink.test.ts renders text across the buffer's boundary.
 */
export function htmlSink(done: (html: ReturnType<typeof Buffer.concat>) => void): Writable {
  const chunks: Buffer[] = [];
  return new Writable({
    write(chunk: Buffer, _encoding, next) {
      chunks.push(chunk.includes(0) ? withoutNul(chunk) : chunk);
      next();
    },
    final(next) {
      const html = Buffer.concat(chunks);
      // The parts are copied into `html`: let them go even if something still holds this sink.
      chunks.length = 0;
      done(html);
      next();
    },
  });
}

function withoutNul(chunk: Buffer): Buffer {
  const out = Buffer.allocUnsafe(chunk.length);
  let n = 0;
  for (const byte of chunk) if (byte !== 0) out[n++] = byte;
  return out.subarray(0, n);
}
