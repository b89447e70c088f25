import { execFileSync } from "node:child_process";
import JSZip from "jszip";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "../../contract/messages";
import { backendOf } from "../../api/uploads/storage";
import type { ApiContext } from "../../api/http/context";
import { contentRefs, postFile, startTestApi, type Client, type TestApi } from "./harness";
import { HAS_FFMPEG, png } from "./fixture-files";

/**
 * Uploads are checked by content, not only by name (issue 33 §11; spec 001 §5 "file type must
 * match"): one check (api/uploads/files.ts contentFits) for every kind, resumable (tus) and
 * multipart — a 10-byte text named fake.pdf is neither stored nor published. A file over its
 * limit is "too large" whatever it holds. A curriculum slot taking a media item takes its
 * duration. The spec's material list call dashboard/scorm/ answers (R050).
 */
let api: TestApi;
let admin: Client;
let ctx: ApiContext;
let refs: { category: number; provider: number };
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.signedIn("admin");
  ctx = { db: api.db, now: () => api.clock.now, secret: "test", mediaDir: api.mediaDir };
  refs = await contentRefs(admin);
});
afterAll(() => api.close());

const TUS = { "tus-resumable": "1.0.0" };
const meta = (m: Record<string, string>) =>
  Object.entries(m)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString("base64")}`)
    .join(",");
/** A whole file through tus: the PATCH's answer and the upload's id. */
async function tusUpload(filename: string, kind: string, data: Buffer) {
  const created = await admin.post("/api/dashboard/upload/", undefined, {
    ...TUS,
    "upload-length": String(data.length),
    "upload-metadata": meta({ filename, kind }),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = String(created.headers.location).split("/").pop() as string;
  const res = await admin.patch(`/api/dashboard/upload/${id}`, data as never, {
    ...TUS,
    "content-type": "application/offset+octet-stream",
    "upload-offset": "0",
  });
  return { id, res };
}
const uploadRow = (id: string) =>
  api.db.selectFrom("upload").select(["status"]).where("id", "=", id).executeTakeFirst();

const FAKE = Buffer.from("hello text");
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n", "latin1");
const GIF = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
const OLE2 = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]);

/** A real file of each extension, as an office suite, a zip tool or a camera writes it. */
async function realFiles(): Promise<Record<string, Buffer>> {
  const zip = new JSZip();
  zip.file("imsmanifest.xml", "<manifest/>");
  const book = new ExcelJS.Workbook();
  book.addWorksheet("s").addRow(["a", "b"]);
  const docx = new JSZip();
  docx.file(
    "[Content_Types].xml",
    '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
  );
  docx.file("word/document.xml", "<w:document/>");
  const jpg = Buffer.from(
    "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAACf/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AVN//2Q==",
    "base64",
  );
  const files: Record<string, Buffer> = {
    pdf: PDF,
    zip: await zip.generateAsync({ type: "nodebuffer" }),
    xlsx: Buffer.from(await book.xlsx.writeBuffer()),
    docx: await docx.generateAsync({ type: "nodebuffer" }),
    doc: OLE2,
    xls: OLE2,
    csv: Buffer.from("\uFEFFusername,email\r\nsomchai,s@example.test\r\n"),
    png: png(),
    jpg,
    jpeg: jpg,
    gif: GIF,
  };
  if (HAS_FFMPEG) {
    const dir = api.mediaDir;
    execFileSync("ffmpeg", [
      "-v",
      "error",
      "-y",
      "-f",
      "lavfi",
      "-i",
      "testsrc=duration=2:size=160x120:rate=10",
      "-pix_fmt",
      "yuv420p",
      `${dir}/clip.mp4`,
    ]);
    execFileSync("ffmpeg", [
      "-v",
      "error",
      "-y",
      "-f",
      "lavfi",
      "-i",
      "sine=frequency=440:duration=2",
      `${dir}/tone.mp3`,
    ]);
    const { readFileSync } = await import("node:fs");
    files.mp4 = readFileSync(`${dir}/clip.mp4`);
    files.mp3 = readFileSync(`${dir}/tone.mp3`);
  }
  return files;
}

describe("a resumable upload of any kind", () => {
  it("is refused when its content is not its extension's, and nothing of it stays", async () => {
    for (const ext of ["pdf", "zip", "docx", "xlsx", "doc", "xls", "png", "jpg", "gif", "mp4", "mp3"]) {
      const { id, res } = await tusUpload(`fake.${ext}`, "file", FAKE);
      expect(res.status, ext).toBe(400);
      expect(res.body, ext).toEqual({ detail: MSG.invalid_file_type });
      expect((await uploadRow(id))?.status, ext).toBe("refused");
      expect(await backendOf(ctx).exists(id), ext).toBe(false);
    }
    // A "csv" that is a picture is no text.
    expect((await tusUpload("people.csv", "excel", png())).res.body).toEqual({ detail: MSG.invalid_file_type });
  });

  it("is taken when it is what its name says", async () => {
    for (const [ext, data] of Object.entries(await realFiles())) {
      const kind = ext === "mp4" ? "video" : ext === "mp3" ? "audio" : "file";
      const { id, res } = await tusUpload(`real.${ext}`, kind, data);
      expect(res.status, `${ext}: ${JSON.stringify(res.body)}`).toBe(204);
      expect((await uploadRow(id))?.status, ext).toBe("complete");
    }
  });
});

describe("a media item's file", () => {
  async function documentItem() {
    const res = await admin.post("/api/dashboard/document/", {
      name: "Handbook",
      code: `UC${Date.now() % 1e6}`,
      category: refs.category,
      provider: refs.provider,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as number;
  }
  it("refuses a text named fake.pdf, sent whole or resumably, and the item stays without a file (so it cannot be shown)", async () => {
    const id = await documentItem();
    const whole = await postFile(admin, `/api/dashboard/document/${id}/file/`, "fake.pdf", FAKE, "file");
    expect(whole.status).toBe(400);
    expect(whole.body).toEqual({ file: [MSG.invalid_file_type] });
    const { id: uploadId, res } = await tusUpload("fake.pdf", "document", FAKE);
    expect(res.body).toEqual({ detail: MSG.invalid_file_type });
    expect((await admin.post(`/api/dashboard/document/${id}/file/`, { file_upload_id: uploadId })).body).toEqual({
      file: [MSG.upload_not_found],
    });
    expect((await admin.get(`/api/dashboard/document/${id}/`)).body.file).toBeNull();
    expect((await admin.patch(`/api/dashboard/document/${id}/`, { is_display: true })).status).toBe(428);
    // A real PDF is taken.
    const good = await postFile(admin, `/api/dashboard/document/${id}/file/`, "handbook.pdf", PDF, "file");
    expect(good.status, JSON.stringify(good.body)).toBe(200);
    expect(good.body).toMatchObject({ file_name: "handbook.pdf", file_size: PDF.length });
  });

  it("over the limit is too large, whatever it holds", async () => {
    const id = await documentItem();
    const over = Buffer.alloc(10485760 + 1, 0x41);
    const whole = await postFile(admin, `/api/dashboard/document/${id}/file/`, "big.pdf", over, "file");
    expect(whole.body).toEqual({ file: [MSG.file_too_large] });
    const created = await admin.post("/api/dashboard/upload/", undefined, {
      ...TUS,
      "upload-length": String(over.length),
      "upload-metadata": meta({ filename: "big.pdf", kind: "document" }),
    });
    expect(created.status).toBe(413);
    expect(created.body).toMatchObject({ detail: MSG.file_too_large });
  });
});

describe("images and curriculum files", () => {
  it("are checked the same way: a text named .png or .pdf is refused", async () => {
    const course = (await admin.get("/api/dashboard/course/")).body.results[0].id as number;
    const image = await postFile(admin, `/api/dashboard/course/${course}/image/`, "cover.png", FAKE, "image");
    expect(image.body).toEqual({ image: [MSG.invalid_file_type] });
    expect((await postFile(admin, `/api/dashboard/course/${course}/image/`, "cover.png", png(), "image")).status).toBe(
      200,
    );
    const material = await postFile(
      admin,
      `/api/dashboard/course/${course}/curriculum/upload/?slot_type=document`,
      "fake.pdf",
      FAKE,
      "file",
    );
    expect(material.body).toEqual({ file: [MSG.invalid_file_type] });
    expect(
      (
        await postFile(
          admin,
          `/api/dashboard/course/${course}/curriculum/upload/?slot_type=document`,
          "real.pdf",
          PDF,
          "file",
        )
      ).status,
    ).toBe(201);
  });
});

describe("a curriculum slot taken from a media item", () => {
  it.skipIf(!HAS_FFMPEG)("gets the item's duration unless it names its own", async () => {
    const video = (
      await admin.post("/api/dashboard/video/", {
        name: "Timed clip",
        code: `UV${Date.now() % 1e6}`,
        category: refs.category,
        provider: refs.provider,
      })
    ).body.id as number;
    const files = await realFiles();
    const saved = await postFile(admin, `/api/dashboard/video/${video}/file/`, "clip.mp4", files.mp4, "file");
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const seconds = saved.body.duration as number;
    expect(seconds).toBe(2);
    const course = (
      await admin.post("/api/dashboard/course/", {
        name: "Timed",
        code: `UT${Date.now() % 1e6}`,
        category: refs.category,
        provider: refs.provider,
      })
    ).body.id as number;
    const base = `/api/dashboard/course/${course}/curriculum`;
    const section = (await admin.post(`${base}/section/`, { name: "S" })).body.id as number;
    const taken = await admin.post(`${base}/section/${section}/material/`, {
      slot_type: "media",
      name: "Watch",
      media_id: video,
    });
    expect(taken.status, JSON.stringify(taken.body)).toBe(201);
    expect(taken.body.duration).toBe(seconds);
    const own = await admin.post(`${base}/section/${section}/material/`, {
      slot_type: "media",
      name: "Watch longer",
      media_id: video,
      duration: 600,
    });
    expect(own.body.duration).toBe(600);
    // A slot that takes the item again without a duration of its own gets the item's; a rename keeps it.
    expect(
      (await admin.patch(`${base}/material/${own.body.id}/`, { media_id: video, duration: 0 })).body.duration,
    ).toBe(seconds);
    expect((await admin.patch(`${base}/material/${taken.body.id}/`, { name: "Watch again" })).body.duration).toBe(
      seconds,
    );
  });
});

describe("the material list of SCORM packages", () => {
  it("answers at the spec's address dashboard/scorm/ (R050), as at material/scorm/", async () => {
    const spec = await admin.get("/api/dashboard/scorm/");
    expect(spec.status, JSON.stringify(spec.body)).toBe(200);
    expect(spec.body.count).toBeGreaterThan(0);
    expect(spec.body).toEqual((await admin.get("/api/dashboard/material/scorm/")).body);
    expect((await (await api.signedIn("learner")).get("/api/dashboard/scorm/")).status).toBe(403);
  });
});
