import { execFileSync, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  CreateBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
} from "@aws-sdk/client-s3";
import { Upload as TusUpload, type PreviousUpload, type UrlStorage } from "tus-js-client";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CSRF_COOKIE } from "../../contract/http";
import { uploadCleanupTick } from "../../api/uploads";
import type { ApiContext } from "../../api/http/context";
import { contentRefs, postFile, startTestApi, type Client, type TestApi } from "./harness";
import { hasSwift, S3_CREDENTIALS, startObjectStore } from "./s3-kit";

/**
 * The S3 path of uploads (issue 19 §2, docs/decisions/068) against a real S3-compatible server:
 * OpenStack Swift's s3api (Debian python3-swift; tests/api/s3-server.py) started on a free
 * 127.0.0.1 port. @tus/s3-store's multipart upload interrupted and resumed by a real tus client,
 * claimed by a document item, served with Range across a part boundary; the multipart-form file
 * (PutObject of a stream) replacing it and the old object leaving the bucket; a video probed and
 * its thumbnail stored from the bucket; an abandoned upload cleaned up (multipart aborted, objects
 * gone); refused uploads leaving nothing. Both dialects (TEST_DATABASE_URL).
 */
const has = (cmd: string, args: string[]) => {
  try {
    execFileSync(cmd, args, { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
};
const HAS_SWIFT = hasSwift();
const HAS_FFMPEG = has("ffprobe", ["-version"]);
if (!HAS_SWIFT)
  console.warn("python3-swift not installed: the S3 upload tests are skipped (apt-get install python3-swift)");

const BUCKET = "lms-uploads";
const MiB = 1024 * 1024;
const URL_BASE = "/api/dashboard/upload/";
const TUS = { "tus-resumable": "1.0.0" };
const meta = (m: Record<string, string>) =>
  Object.entries(m)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString("base64")}`)
    .join(",");
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n", "latin1");

let store: ChildProcess;
let storeDir: string;
let s3: S3Client;
let api: TestApi;
let ctx: ApiContext;
let admin: Client;
let refs: { category: number; provider: number };

beforeAll(async () => {
  if (!HAS_SWIFT) return;
  storeDir = fs.mkdtempSync(path.join(os.tmpdir(), "lms-s3-test-"));
  const started = await startObjectStore(storeDir);
  store = started.child;
  const endpoint = `http://127.0.0.1:${started.port}`;
  const credentials = S3_CREDENTIALS;
  s3 = new S3Client({
    region: "us-east-1",
    endpoint,
    forcePathStyle: true,
    credentials,
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  await s3.send(new CreateBucketCommand({ Bucket: BUCKET }));
  api = await startTestApi(
    {},
    {
      env: {
        S3_BUCKET: BUCKET,
        S3_ENDPOINT: endpoint,
        S3_REGION: "us-east-1",
        S3_ACCESS_KEY_ID: credentials.accessKeyId,
        S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      },
    },
  );
  ctx = { db: api.db, now: () => api.clock.now, secret: "test", mediaDir: api.mediaDir };
  admin = await api.signedIn("admin");
  refs = await contentRefs(admin);
});
afterAll(async () => {
  if (!HAS_SWIFT) return;
  await api?.close();
  s3?.destroy();
  store?.kill();
  fs.rmSync(storeDir, { recursive: true, force: true });
});

/** Every object of the bucket whose key starts with the upload's 32-hex base (file, .info, .part, .thumb.jpg). */
const objectsOf = async (key: string) =>
  ((await s3.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: key.slice(0, 32) }))).Contents ?? [])
    .map((o) => o.Key)
    .sort();
const allObjects = async () =>
  ((await s3.send(new ListObjectsV2Command({ Bucket: BUCKET }))).Contents ?? []).map((o) => o.Key).sort();
/** The keys with a multipart upload still open (S3 keeps their parts until completed or aborted). */
const openMultipart = async () =>
  ((await s3.send(new ListMultipartUploadsCommand({ Bucket: BUCKET }))).Uploads ?? []).map((u) => u.Key).sort();
const row = (id: string) => api.db.selectFrom("upload").selectAll().where("id", "=", id).executeTakeFirst();
const create = (c: Client, filename: string, kind: string, length: number) =>
  c.post(URL_BASE, undefined, { ...TUS, "upload-length": String(length), "upload-metadata": meta({ filename, kind }) });
const idOf = (res: { headers: Record<string, unknown> }) => String(res.headers.location).split("/").pop() as string;
const patch = (c: Client, id: string, data: Buffer, offset = 0) =>
  c.patch(`${URL_BASE}${id}`, data as never, {
    ...TUS,
    "content-type": "application/offset+octet-stream",
    "upload-offset": String(offset),
  });
let n = 0;
async function mediaItem(kind: "document" | "video") {
  const res = await admin.post(`/api/dashboard/${kind}/`, {
    name: "On S3",
    code: `S3${Date.now() % 1e6}${n++}`,
    category: refs.category,
    provider: refs.provider,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as number;
}

describe.skipIf(!HAS_SWIFT)("uploads on S3-compatible storage (Swift s3api)", () => {
  let docId: number;
  let firstKey: string;

  it("resumes an interrupted tus upload (parts and an incomplete part in the bucket), claims it for a document, serves it with Range", async () => {
    const address = await api.app.listen({ host: "127.0.0.1", port: 0 });
    // 9.5 MiB in 3 MiB PATCHes: S3Store sends what it has as a part once it holds at least 5 MiB
    // (S3's smallest part but the last) and keeps a shorter tail as the object `{id}.part`.
    // A PDF by its first bytes (the content check), random after them.
    const data = Buffer.concat([PDF, crypto.randomBytes(9.5 * MiB - PDF.length)]);
    const stored = new Map<string, PreviousUpload & { fingerprint: string }>();
    const urlStorage: UrlStorage = {
      findAllUploads: async () => [...stored.values()],
      findUploadsByFingerprint: async (fp) => [...stored.values()].filter((u) => u.fingerprint === fp),
      removeUpload: async (key) => void stored.delete(key),
      addUpload: async (fingerprint, u) => {
        const key = `tus::${fingerprint}::${stored.size}`;
        stored.set(key, { ...u, fingerprint, urlStorageKey: key });
        return key;
      },
    };
    const options = {
      endpoint: `${address}${URL_BASE}`,
      chunkSize: 3 * MiB,
      retryDelays: [],
      metadata: { filename: "handbook.pdf", kind: "document" },
      headers: {
        cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
        "x-csrftoken": admin.cookies.get(CSRF_COOKIE) as string,
      },
      urlStorage,
      fingerprint: async () => "handbook.pdf-s3",
      storeFingerprintForResuming: true,
    };
    let url = "";
    await new Promise<void>((resolve, reject) => {
      const u: TusUpload = new TusUpload(data, {
        ...options,
        onError: reject,
        onChunkComplete: (_size, accepted) => {
          url = u.url ?? "";
          // The connection drops after the third PATCH (9 MiB: a 6 MiB part and a 3 MiB tail).
          if (accepted >= 9 * MiB) void u.abort().then(() => resolve());
        },
      });
      u.start();
    });
    const id = url.split("/").pop() as string;
    firstKey = id;
    expect(await openMultipart()).toContain(id);
    expect(await objectsOf(id)).toEqual([`${id}.info`, `${id}.part`]);
    expect((await s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: `${id}.part` }))).ContentLength).toBe(3 * MiB);
    // The offset tus answers comes from the bucket (ListParts + the tail): any API process could resume it.
    const head = await api.app.inject({
      method: "HEAD",
      url: `${URL_BASE}${id}`,
      headers: { ...TUS, cookie: options.headers.cookie },
    });
    expect(head.headers["upload-offset"]).toBe(String(9 * MiB));

    let resumedFrom = -1;
    await new Promise<void>((resolve, reject) => {
      const u = new TusUpload(data, {
        ...options,
        onError: reject,
        onSuccess: () => resolve(),
        onProgress: (bytes) => {
          if (resumedFrom < 0) resumedFrom = bytes;
        },
      });
      void u.findPreviousUploads().then((previous) => {
        u.resumeFromPreviousUpload(previous[0]);
        u.start();
      });
    });
    expect(resumedFrom).toBeGreaterThanOrEqual(9 * MiB);
    expect(await row(id)).toMatchObject({ status: "complete", bytes_received: data.length });
    expect(await objectsOf(id)).toEqual([id, `${id}.info`]);
    expect(await openMultipart()).not.toContain(id);

    docId = await mediaItem("document");
    const claimed = await admin.post(`/api/dashboard/document/${docId}/file/`, { file_upload_id: id });
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
    expect(claimed.body).toMatchObject({
      file: `/api/media/uploads/${id}`,
      file_name: "handbook.pdf",
      file_size: data.length,
    });
    expect((await row(id))?.status).toBe("claimed");

    const whole = await api.app.inject({ url: `/api/media/uploads/${id}` });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers["content-length"]).toBe(String(data.length));
    expect(whole.rawPayload.equals(data)).toBe(true);
    // A range across the boundary of the two parts, and a suffix range.
    const part = await api.app.inject({
      url: `/api/media/uploads/${id}`,
      headers: { range: `bytes=${6 * MiB - 5}-${6 * MiB + 4}` },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes ${6 * MiB - 5}-${6 * MiB + 4}/${data.length}`);
    expect(part.rawPayload.equals(data.subarray(6 * MiB - 5, 6 * MiB + 5))).toBe(true);
    const tail = await api.app.inject({ url: `/api/media/uploads/${id}`, headers: { range: "bytes=-7" } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(data.subarray(data.length - 7))).toBe(true);
    expect(
      (await api.app.inject({ url: `/api/media/uploads/${id}`, headers: { range: `bytes=${data.length}-` } }))
        .statusCode,
    ).toBe(416);
  });

  it("replaces the file with a multipart form's (a streamed PutObject); the old object leaves the bucket", async () => {
    const res = await postFile(admin, `/api/dashboard/document/${docId}/file/`, "notes.pdf", PDF, "file");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const key = String(res.body.file).split("/").pop() as string;
    expect(key).not.toBe(firstKey);
    expect(await objectsOf(key)).toEqual([key]);
    expect(await objectsOf(firstKey)).toEqual([]);
    expect(await row(firstKey)).toBeUndefined();
    expect((await api.app.inject({ url: `/api/media/uploads/${firstKey}` })).statusCode).toBe(404);
    expect((await api.app.inject({ url: `/api/media/uploads/${key}` })).rawPayload.equals(PDF)).toBe(true);
  });

  it.skipIf(!HAS_FFMPEG)(
    "probes a video from the bucket and stores its thumbnail beside it; an unreadable one leaves nothing",
    async () => {
      const clip = execFileSync("ffmpeg", [
        "-v",
        "error",
        "-f",
        "lavfi",
        "-i",
        "testsrc=duration=2:size=160x120:rate=10",
        "-pix_fmt",
        "yuv420p",
        "-movflags",
        "frag_keyframe+empty_moov",
        "-f",
        "mp4",
        "pipe:1",
      ]);
      const id = idOf(await create(admin, "clip.mp4", "video", clip.length));
      expect((await patch(admin, id, clip)).status).toBe(204);
      const r = await row(id);
      expect(r?.status).toBe("complete");
      expect(r?.duration).toBeGreaterThan(1.8);
      expect(await objectsOf(id)).toEqual([id, `${id}.info`, r?.thumbnail_key].sort());
      const videoId = await mediaItem("video");
      const claimed = await admin.post(`/api/dashboard/video/${videoId}/file/`, { file_upload_id: id });
      expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
      const thumb = await api.app.inject({ url: String(claimed.body.thumbnail) });
      expect(thumb.statusCode).toBe(200);
      expect(thumb.headers["content-type"]).toBe("image/jpeg");

      const before = await allObjects();
      const bad = idOf(await create(admin, "holiday.mp4", "video", 4096));
      // An MP4 by its first bytes (it passes the content check) that ffprobe cannot read.
      const refused = await patch(
        admin,
        bad,
        Buffer.concat([
          Buffer.from([0, 0, 0, 0x18]),
          Buffer.from("ftypisom\0\0\0\0isomiso2", "latin1"),
          crypto.randomBytes(4096 - 24),
        ]),
      );
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ detail: "media_file_unreadable" });
      expect(await objectsOf(bad)).toEqual([]);
      expect(await allObjects()).toEqual(before);
    },
  );

  it("refuses a wrong extension or a length over the limit before anything reaches the bucket", async () => {
    const before = { objects: await allObjects(), open: await openMultipart() };
    const wrong = await create(admin, "setup.exe", "document", 1000);
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ detail: "invalid_file_type" });
    expect((await create(admin, "big.pdf", "document", 10485761)).status).toBe(413);
    const multipart = await postFile(admin, `/api/dashboard/document/${docId}/file/`, "setup.exe", PDF, "file");
    expect(multipart.status).toBe(400);
    expect({ objects: await allObjects(), open: await openMultipart() }).toEqual(before);
  });

  it("cleans up an abandoned upload: its multipart upload is aborted and its objects deleted", async () => {
    const id = idOf(await create(admin, "draft.pdf", "document", 2 * MiB));
    expect((await patch(admin, id, crypto.randomBytes(512 * 1024))).status).toBe(204);
    await vi.waitFor(async () => expect((await row(id))?.bytes_received).toBe(512 * 1024));
    expect(await objectsOf(id)).toEqual([`${id}.info`, `${id}.part`]);
    expect(await openMultipart()).toContain(id);
    api.advance(25 * 3600_000);
    expect(await uploadCleanupTick(ctx)).toBeGreaterThanOrEqual(1);
    expect(await row(id)).toBeUndefined();
    expect(await objectsOf(id)).toEqual([]);
    expect(await openMultipart()).not.toContain(id);
  });
});
