import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { Upload as TusUpload, type PreviousUpload, type UrlStorage } from "tus-js-client";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CSRF_COOKIE } from "../../contract/http";
import { UPLOAD_EXTENSIONS, UPLOAD_KINDS } from "../../contract/upload-rules";
import { claimUpload, storeFile, uploadCleanupTick } from "../../api/uploads";
import { backendOf, uploadDirOf } from "../../api/uploads/storage";
import type { ApiContext } from "../../api/http/context";
import { startTestApi, type Client, type TestApi } from "./harness";
import { HAS_FFMPEG } from "./fixture-files";

/**
 * Resumable uploads (issue 19 §2, docs/decisions/068): every rule of the tus endpoint, the resume
 * of an interrupted upload with a real tus client over a real socket, ffprobe's duration and
 * thumbnail, the refusal of an unreadable file, the cleanup of an abandoned upload, and the
 * claimUpload / storeFile interface the media types use.
 */
if (!HAS_FFMPEG)
  console.warn(
    "ffmpeg/ffprobe not installed: the duration, thumbnail and unreadable-file cases are skipped (apt-get install ffmpeg)",
  );

let api: TestApi;
let ctx: ApiContext;
let admin: Client;
let adminId: number;
let fixtures: string;
beforeAll(async () => {
  api = await startTestApi();
  ctx = { db: api.db, now: () => api.clock.now, secret: "test", mediaDir: api.mediaDir };
  admin = await api.signedIn("admin");
  adminId = (await api.db.selectFrom("account").select("id").where("username", "=", "admin").executeTakeFirstOrThrow())
    .id;
  fixtures = fs.mkdtempSync(path.join(os.tmpdir(), "lms-upload-fixtures-"));
  if (HAS_FFMPEG) {
    const ff = (args: string[]) => execFileSync("ffmpeg", ["-v", "error", "-y", ...args], { stdio: "ignore" });
    ff([
      "-f",
      "lavfi",
      "-i",
      "testsrc=duration=2:size=320x240:rate=10",
      "-f",
      "lavfi",
      "-i",
      "sine=frequency=440:duration=2",
      "-shortest",
      "-pix_fmt",
      "yuv420p",
      path.join(fixtures, "clip.mp4"),
    ]);
    ff(["-f", "lavfi", "-i", "sine=frequency=440:duration=3", path.join(fixtures, "tone.mp3")]);
  }
});
afterAll(async () => {
  await api.close();
  fs.rmSync(fixtures, { recursive: true, force: true });
});

const URL_BASE = "/api/dashboard/upload/";
const TUS = { "tus-resumable": "1.0.0" };
const meta = (m: Record<string, string>) =>
  Object.entries(m)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString("base64")}`)
    .join(",");
const create = (c: Client, filename: string, kind: string, length: number | null, extra: Record<string, string> = {}) =>
  c.post(URL_BASE, undefined, {
    ...TUS,
    ...(length === null ? { "upload-defer-length": "1" } : { "upload-length": String(length) }),
    "upload-metadata": meta({ filename, kind }),
    ...extra,
  });
const idOf = (res: { headers: Record<string, unknown> }) => String(res.headers.location).split("/").pop() as string;
const patch = (c: Client, id: string, data: Buffer, offset = 0) =>
  c.patch(`${URL_BASE}${id}`, data as never, {
    ...TUS,
    "content-type": "application/offset+octet-stream",
    "upload-offset": String(offset),
  });
/** Create and send a whole small file: the PATCH answer and the id. */
async function upload(c: Client, filename: string, kind: string, data: Buffer) {
  const created = await create(c, filename, kind, data.length);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = idOf(created);
  return { id, res: await patch(c, id, data) };
}
async function setConfig(key: string, value: unknown) {
  await api.db.deleteFrom("config").where("key", "=", key).execute();
  await api.db
    .insertInto("config")
    .values({ key, value: JSON.stringify(value), url: null, datetime_update: api.clock.now.toISOString() })
    .execute();
}
const row = (id: string) => api.db.selectFrom("upload").selectAll().where("id", "=", id).executeTakeFirst();
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n", "latin1");
/** An MP4 by its first bytes (it passes the content check, issue 33) that no player can read: random after its ftyp box. */
const brokenMp4 = (n: number) =>
  Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from("ftypisom\0\0\0\0isomiso2", "latin1"),
    crypto.randomBytes(n),
  ]);

describe("who may upload", () => {
  it("refuses without a session (401), without the CSRF header (403) and without a content change flag (403)", async () => {
    expect((await create(api.client(), "a.pdf", "document", 10)).status).toBe(401);
    const noCsrf = await api.app.inject({
      method: "POST",
      url: URL_BASE,
      headers: { ...TUS, "upload-length": "10", cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
    });
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json()).toEqual({ detail: "csrf_failed" });
    for (const who of ["viewer", "learner"])
      expect((await create(await api.signedIn(who), "a.pdf", "document", 10)).status, who).toBe(403);
    expect((await create(await api.signedIn("provider"), "a.pdf", "document", 10)).status).toBe(201);
  });

  it("refuses an address outside the upload IP allow-list, and another account's upload is not found", async () => {
    await setConfig("upload-ip-allow-list", ["192.0.2.0/24"]);
    const outside = api.client("198.51.100.7");
    await outside.login("admin");
    const res = await create(outside, "a.pdf", "document", 10);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: "upload_ip_not_allowed" });
    const inside = api.client("192.0.2.9");
    await inside.login("admin");
    const created = await create(inside, "a.pdf", "document", 10);
    expect(created.status).toBe(201);
    await setConfig("upload-ip-allow-list", []);
    const other = await api.signedIn("provider");
    expect((await patch(other, idOf(created), Buffer.alloc(10))).status).toBe(404);
    expect((await other.get(`${URL_BASE}${idOf(created)}`)).status).toBe(404);
  });
});

describe("what may be uploaded", () => {
  it("takes each kind's extensions and refuses others", async () => {
    for (const kind of UPLOAD_KINDS) {
      for (const ext of UPLOAD_EXTENSIONS[kind])
        expect((await create(admin, `File Name.${ext.toUpperCase()}`, kind, 10)).status, `${kind} ${ext}`).toBe(201);
      const res = await create(admin, "setup.exe", kind, 10);
      expect(res.status, kind).toBe(400);
      expect(res.body).toEqual({ detail: "invalid_file_type" });
    }
    expect((await create(admin, "talk.mp3", "video", 10)).body).toEqual({ detail: "invalid_file_type" });
    expect((await create(admin, "notes", "document", 10)).body).toEqual({ detail: "invalid_file_type" });
    expect((await create(admin, "a.pdf", "nonsense", 10)).body).toEqual({ detail: "invalid_file_type" });
    // One of several kinds a form takes is enough.
    expect((await create(admin, "talk.mp3", "video,audio", 10)).status).toBe(201);
  });

  it("holds the general limit, and video and audio to their own (declared lengths, no bytes sent)", async () => {
    expect((await create(admin, "big.pdf", "document", 10485760)).status).toBe(201);
    const big = await create(admin, "big.pdf", "document", 10485761);
    expect(big.status).toBe(413);
    expect(big.body).toEqual({ detail: "file_too_large", limit: 10485760 });
    expect((await create(admin, "lecture.mp4", "video", 3 * 1024 ** 3)).status).toBe(201);
    const huge = await create(admin, "lecture.mp4", "video", 5 * 1024 ** 3);
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({ detail: "file_too_large", limit: 4 * 1024 ** 3 });
    await setConfig("upload-media-size-limit", 20 * 1024 * 1024);
    expect((await create(admin, "talk.mp3", "audio", 20 * 1024 * 1024 + 1)).body).toEqual({
      detail: "file_too_large",
      limit: 20 * 1024 * 1024,
    });
    await api.db.deleteFrom("config").where("key", "=", "upload-media-size-limit").execute();
    // The length must be declared up front (so the limit is checked before a byte is stored), and be more than 0.
    expect((await create(admin, "a.pdf", "document", null)).status).toBe(400);
    expect((await create(admin, "a.pdf", "document", 0)).body).toEqual({ detail: "required" });
  });
});

describe("a finished upload", () => {
  it("is complete, served with Range, and claimed once by its account and kind", async () => {
    const { id, res } = await upload(admin, "notes.pdf", "document", PDF);
    expect(res.status).toBe(204);
    expect(res.headers["upload-offset"]).toBe(String(PDF.length));
    expect(await row(id)).toMatchObject({
      status: "complete",
      size: PDF.length,
      bytes_received: PDF.length,
      account_id: adminId,
      kind: "document",
      file_name: "notes.pdf",
    });
    const whole = await api.app.inject({ url: `/api/media/uploads/${id}` });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers["content-type"]).toBe("application/pdf");
    expect(whole.rawPayload.equals(PDF)).toBe(true);
    const part = await api.app.inject({ url: `/api/media/uploads/${id}`, headers: { range: "bytes=1-3" } });
    expect(part.statusCode).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 1-3/${PDF.length}`);
    expect(part.body).toBe("PDF");
    const claim = (kinds: ("document" | "video")[], accountId = adminId) =>
      claimUpload(ctx, api.db, { uploadId: id, accountId, kinds, field: "file" });
    await expect(claim(["video"])).rejects.toMatchObject({ status: 400, body: { file: ["invalid_file_type"] } });
    await expect(claim(["document"], adminId + 1000)).rejects.toMatchObject({ body: { file: ["upload_not_found"] } });
    expect(await claim(["document"])).toEqual({
      key: id,
      file_name: "notes.pdf",
      size: PDF.length,
      duration: null,
      thumbnail: null,
    });
    await expect(claim(["document"])).rejects.toMatchObject({ body: { file: ["upload_not_found"] } });
    expect((await row(id))?.status).toBe("claimed");
  });

  it("is not ready while bytes are missing, and a partial upload is never served", async () => {
    const created = await create(admin, "notes.pdf", "document", PDF.length);
    const id = idOf(created);
    expect((await patch(admin, id, PDF.subarray(0, 10))).status).toBe(204);
    // Written once tus has answered (routes.ts): wait for it rather than race it (PostgreSQL is slower).
    await vi.waitFor(async () => expect(await row(id)).toMatchObject({ status: "uploading", bytes_received: 10 }));
    await expect(
      claimUpload(ctx, api.db, { uploadId: id, accountId: adminId, kinds: ["document"], field: "file" }),
    ).rejects.toMatchObject({ body: { file: ["file_not_ready"] } });
    expect((await api.app.inject({ url: `/api/media/uploads/${id}` })).statusCode).toBe(404);
    const head = await admin.get(`${URL_BASE}${id}`);
    expect(head.status).toBe(404); // GET is no tus method; HEAD is how a client asks
    const asked = await api.app.inject({
      method: "HEAD",
      url: `${URL_BASE}${id}`,
      headers: { ...TUS, cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
    });
    expect(asked.headers["upload-offset"]).toBe("10");
  });
});

describe("video and audio", () => {
  it.skipIf(!HAS_FFMPEG)(
    "reads the duration and makes an 800×450 thumbnail of a video; an audio file has its duration",
    async () => {
      const { id, res } = await upload(admin, "clip.mp4", "video", fs.readFileSync(path.join(fixtures, "clip.mp4")));
      expect(res.status).toBe(204);
      const r = await row(id);
      expect(r?.status).toBe("complete");
      expect(r?.duration).toBeGreaterThan(1.8);
      expect(r?.duration).toBeLessThan(2.3);
      const thumb = await api.app.inject({ url: `/api/media/uploads/${r?.thumbnail_key}` });
      expect(thumb.statusCode).toBe(200);
      expect(thumb.headers["content-type"]).toBe("image/jpeg");
      const file = path.join(fixtures, "thumb.jpg");
      fs.writeFileSync(file, thumb.rawPayload);
      expect(
        execFileSync("ffprobe", ["-v", "error", "-show_entries", "stream=width,height", "-of", "csv=p=0", file])
          .toString()
          .trim(),
      ).toBe("800,450");
      const audio = await upload(admin, "tone.mp3", "audio", fs.readFileSync(path.join(fixtures, "tone.mp3")));
      expect(await row(audio.id)).toMatchObject({ status: "complete", thumbnail_key: null });
      expect((await row(audio.id))?.duration).toBeGreaterThan(2.8);
    },
  );

  it.skipIf(!HAS_FFMPEG)("refuses an unreadable file with a clear error and keeps nothing of it", async () => {
    const { id, res } = await upload(admin, "holiday.mp4", "video", brokenMp4(4096));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: "media_file_unreadable" });
    expect((await row(id))?.status).toBe("refused");
    expect(await backendOf(ctx).exists(id)).toBe(false);
    expect(fs.readdirSync(uploadDirOf(ctx)).filter((f) => f.startsWith(id.split(".")[0]))).toEqual([]);
  });
});

describe("storeFile (a multipart form, the seed)", () => {
  it("stores a whole file by the same rules, in the same storage", async () => {
    const stored = await storeFile(ctx, {
      kinds: ["document"],
      field: "file",
      fileName: "Guide.pdf",
      source: Readable.from([PDF]),
      accountId: adminId,
    });
    expect(stored).toMatchObject({ file_name: "Guide.pdf", size: PDF.length, duration: null, thumbnail: null });
    expect((await api.app.inject({ url: `/api/media/uploads/${stored.key}` })).rawPayload.equals(PDF)).toBe(true);
    expect((await row(stored.key))?.status).toBe("claimed");
    await expect(
      storeFile(ctx, { kinds: ["document"], field: "attachment", fileName: "a.exe", source: PDF, accountId: adminId }),
    ).rejects.toMatchObject({ body: { attachment: ["invalid_file_type"] } });
    await setConfig("file-size-limit", 20);
    await expect(
      storeFile(ctx, { kinds: ["document"], field: "file", fileName: "a.pdf", source: PDF, accountId: adminId }),
    ).rejects.toMatchObject({ body: { file: ["file_too_large"] } });
    await api.db.deleteFrom("config").where("key", "=", "file-size-limit").execute();
  });

  it.skipIf(!HAS_FFMPEG)("probes video and refuses an unreadable one", async () => {
    const stored = await storeFile(ctx, {
      kinds: ["video"],
      field: "file",
      fileName: "clip.mp4",
      source: fs.createReadStream(path.join(fixtures, "clip.mp4")),
      accountId: adminId,
    });
    expect(stored.duration).toBeGreaterThan(1.8);
    expect(stored.thumbnail).toMatch(/\.thumb\.jpg$/);
    const before = fs.readdirSync(uploadDirOf(ctx)).length;
    await expect(
      storeFile(ctx, {
        kinds: ["video"],
        field: "file",
        fileName: "x.mp4",
        source: brokenMp4(2048),
        accountId: adminId,
      }),
    ).rejects.toMatchObject({ body: { file: ["media_file_unreadable"] } });
    expect(fs.readdirSync(uploadDirOf(ctx)).length).toBe(before);
  });
});

describe("abandoned uploads", () => {
  it("are deleted, rows and bytes, after the configured time; claimed and recent ones stay", async () => {
    const stale = idOf(await create(admin, "stale.pdf", "document", PDF.length));
    await patch(admin, stale, PDF.subarray(0, 8));
    const claimed = await upload(admin, "kept.pdf", "document", PDF);
    await claimUpload(ctx, api.db, { uploadId: claimed.id, accountId: adminId, kinds: ["document"], field: "file" });
    expect(await backendOf(ctx).exists(stale)).toBe(true);
    api.advance(23 * 3600_000);
    admin = await api.signedIn("admin"); // the session idled out meanwhile
    const recent = idOf(await create(admin, "recent.pdf", "document", PDF.length));
    api.advance(2 * 3600_000);
    expect(await uploadCleanupTick(ctx)).toBeGreaterThanOrEqual(1);
    expect(await row(stale)).toBeUndefined();
    expect(await backendOf(ctx).exists(stale)).toBe(false);
    expect(await row(recent)).toBeDefined();
    expect((await row(claimed.id))?.status).toBe("claimed");
    expect(await backendOf(ctx).exists(claimed.id)).toBe(true);
  });
});

describe("a real tus client", () => {
  it("resumes an interrupted upload from where it stopped; the file arrives whole", async () => {
    const address = await api.app.listen({ host: "127.0.0.1", port: 0 });
    admin = await api.signedIn("admin");
    // A PDF by its first bytes (the content check), random after them (a cut or a mix-up changes the hash).
    const data = Buffer.concat([PDF, crypto.randomBytes(600 * 1024 - PDF.length)]);
    const stored = new Map<string, PreviousUpload & { fingerprint: string }>();
    // The browser keeps the upload's URL by fingerprint (localStorage); this test keeps it in a map.
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
      chunkSize: 64 * 1024,
      retryDelays: [],
      metadata: { filename: "lecture.pdf", kind: "document" },
      headers: {
        cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
        "x-csrftoken": admin.cookies.get(CSRF_COOKIE) as string,
      },
      urlStorage,
      fingerprint: async () => "lecture.pdf-614400",
      storeFingerprintForResuming: true,
    };
    let first = "";
    await new Promise<void>((resolve, reject) => {
      const u: TusUpload = new TusUpload(data, {
        ...options,
        onError: reject,
        onChunkComplete: (_size, accepted) => {
          first = u.url ?? "";
          // The connection drops after the third chunk.
          if (accepted >= 3 * 64 * 1024) void u.abort().then(() => resolve());
        },
      });
      u.start();
    });
    const id = first.split("/").pop() as string;
    const offset = (await row(id))?.size;
    expect(offset).toBe(data.length);
    const received = await api.app.inject({
      method: "HEAD",
      url: `${URL_BASE}${id}`,
      headers: { ...TUS, cookie: options.headers.cookie },
    });
    const sent = Number(received.headers["upload-offset"]);
    expect(sent).toBeGreaterThanOrEqual(3 * 64 * 1024);
    expect(sent).toBeLessThan(data.length);
    // A new client (a reloaded page) finds the upload by its fingerprint and sends the rest only.
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
        expect(previous.length).toBe(1);
        u.resumeFromPreviousUpload(previous[0]);
        u.start();
      });
    });
    expect(resumedFrom).toBeGreaterThan(sent - 1);
    expect(await row(id)).toMatchObject({ status: "complete", bytes_received: data.length });
    const back = await api.app.inject({ url: `/api/media/uploads/${id}` });
    expect(back.rawPayload.equals(data)).toBe(true);
  });
});
