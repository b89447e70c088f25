import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import crypto from "node:crypto";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { FileStore } from "@tus/file-store";
import { S3Store } from "@tus/s3-store";
import type { DataStore } from "@tus/utils";
import { readEnv } from "../env";
import type { ApiContext } from "../http/context";

/**
 * Where uploaded bytes live (docs/decisions/068): a directory (DATA_DIR/uploads) by default, an
 * S3-compatible bucket when S3_BUCKET is set, so several API processes share the files. The tus
 * server writes through `datastore`; everything else (probing, thumbnails, multipart files,
 * serving with Range, deleting) goes through the same few calls here, so no caller knows which.
 * A key is one plain path segment: the tus id with its extension (`3f…9a.mp4`), `….thumb.jpg`.
 */
export type Backend = {
  datastore: DataStore;
  /** A local file with the key's bytes (S3: downloaded to a temporary file) and how to let it go. */
  local(key: string): Promise<{ file: string; release: () => Promise<void> }>;
  /** Store a local file under a key (moved when it can be). */
  put(key: string, file: string, contentType: string): Promise<void>;
  /** The stored size, or null when there is no such file. */
  size(key: string): Promise<number | null>;
  /** The bytes from start to end inclusive (all when no range). */
  read(key: string, range?: { start: number; end: number }): Promise<Readable>;
  /** The file and whatever tus kept beside it; quiet when already gone. */
  remove(key: string): Promise<void>;
  /** Whether anything of the key is left (the tests' "nothing stays on disk"). */
  exists(key: string): Promise<boolean>;
};

export const KEY = /^[a-f0-9]{32}(\.thumb)?(\.[a-z0-9]{1,8})?$/;
export const newKeyBase = () => crypto.randomBytes(16).toString("hex");

/** The directory of a context's uploads: the one it names, or mediaDir/.uploads (never served by the media route). */
export const uploadDirOf = (ctx: ApiContext) => ctx.uploadDir ?? path.join(ctx.mediaDir, ".uploads");

const backends = new Map<string, Backend>();

/** The context's backend (one per directory or bucket, shared by every request of the process). */
export function backendOf(ctx: ApiContext): Backend {
  const env = readEnv();
  const id = env.S3_BUCKET ? `s3:${env.S3_ENDPOINT ?? ""}/${env.S3_BUCKET}` : `dir:${uploadDirOf(ctx)}`;
  let b = backends.get(id);
  if (!b) backends.set(id, (b = env.S3_BUCKET ? s3Backend(env) : fileBackend(uploadDirOf(ctx))));
  return b;
}

function fileBackend(dir: string): Backend {
  fs.mkdirSync(dir, { recursive: true });
  const at = (key: string) => {
    if (!KEY.test(key)) throw new Error(`bad storage key ${key}`);
    return path.join(dir, key);
  };
  // Made on first use by the tus server only: FileStore's constructor starts an asynchronous mkdir
  // that throws from its callback, so a backend made for a seed or a multipart store just before
  // its directory is removed (a test closing) would crash the process.
  let store: FileStore | null = null;
  return {
    get datastore() {
      return (store ??= new FileStore({ directory: dir }));
    },
    local: async (key) => ({ file: at(key), release: async () => {} }),
    async put(key, file) {
      await fs.promises.rename(file, at(key)).catch(async () => {
        await fs.promises.copyFile(file, at(key));
        await fs.promises.rm(file, { force: true });
      });
    },
    size: async (key) => (await fs.promises.stat(at(key)).catch(() => null))?.size ?? null,
    read: async (key, range) => fs.createReadStream(at(key), range ?? {}),
    async remove(key) {
      for (const f of [at(key), `${at(key)}.json`]) await fs.promises.rm(f, { force: true });
    },
    exists: async (key) => fs.existsSync(at(key)) || fs.existsSync(`${at(key)}.json`),
  };
}

function s3Backend(env: ReturnType<typeof readEnv>): Backend {
  const bucket = env.S3_BUCKET as string;
  const config = {
    region: env.S3_REGION,
    ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT, forcePathStyle: true } : {}),
    ...(env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
      ? { credentials: { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } }
      : {}),
    // Checksums only where S3 requires them: by default the SDK sends a streamed body (a multipart
    // form's file, tus's parts) as `aws-chunked` with a trailing CRC, which S3-compatible servers
    // that are not AWS refuse (Swift's s3api: 501 NotImplemented, found by tests/api/uploads-s3.test.ts).
    requestChecksumCalculation: "WHEN_REQUIRED" as const,
    responseChecksumValidation: "WHEN_REQUIRED" as const,
  };
  const client = new S3Client(config);
  const datastore = new S3Store({ partSize: 8 * 1024 * 1024, s3ClientConfig: { bucket, ...config } });
  const head = async (key: string) =>
    client.send(new HeadObjectCommand({ Bucket: bucket, Key: key })).catch(() => null);
  return {
    datastore,
    async local(key) {
      // ffprobe and ffmpeg read a file: the object comes down once, to a temporary file.
      const file = path.join(os.tmpdir(), `lms-upload-${newKeyBase()}${path.extname(key)}`);
      const obj = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      await pipeline(obj.Body as Readable, fs.createWriteStream(file));
      return { file, release: () => fs.promises.rm(file, { force: true }) };
    },
    async put(key, file, contentType) {
      const { size } = await fs.promises.stat(file);
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: fs.createReadStream(file),
          ContentLength: size,
          ContentType: contentType,
        }),
      );
      await fs.promises.rm(file, { force: true });
    },
    size: async (key) => (await head(key))?.ContentLength ?? null,
    async read(key, range) {
      const obj = await client.send(
        new GetObjectCommand({
          Bucket: bucket,
          Key: key,
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      return obj.Body as Readable;
    },
    async remove(key) {
      // An unfinished upload: tus aborts its multipart upload; then the object and tus's own keys.
      await datastore.remove(key).catch(() => {});
      // One DeleteObject per key, not DeleteObjects: that call needs a Content-MD5 header the SDK no
      // longer sends (it sends a CRC), and some servers other than AWS refuse it without (Swift: 400
      // InvalidRequest), which left every object in place. Deleting a missing key is a 204.
      for (const Key of [key, `${key}.info`, `${key}.part`])
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key })).catch(() => {});
    },
    exists: async (key) => (await head(key)) !== null || (await head(`${key}.info`)) !== null,
  };
}

/** A temporary file of the stream's bytes, refusing past `limit` (answers null then, with nothing kept). */
export async function spool(
  source: Buffer | NodeJS.ReadableStream,
  ext: string,
  limit: number,
): Promise<{ file: string; size: number } | null> {
  const file = path.join(os.tmpdir(), `lms-upload-${newKeyBase()}${ext ? `.${ext}` : ""}`);
  let size = 0;
  let over = false;
  const input = Buffer.isBuffer(source) ? Readable.from([source]) : Readable.from(source as AsyncIterable<Buffer>);
  try {
    await pipeline(
      input,
      async function* (chunks: AsyncIterable<Buffer>) {
        for await (const chunk of chunks) {
          size += chunk.length;
          if (size > limit) {
            over = true;
            throw new Error("too large");
          }
          yield chunk;
        }
      },
      fs.createWriteStream(file),
    );
  } catch (err) {
    await fs.promises.rm(file, { force: true });
    if (over) return null;
    throw err;
  }
  return { file, size };
}
