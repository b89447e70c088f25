import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { PassThrough, Readable } from "node:stream";
import ExcelJS from "exceljs";
import JSZip from "jszip";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ImportHistoryItem } from "../../contract/imports";
import { MSG } from "../../contract/messages";
import { MAX_USER_IMPORT_ROWS } from "../../contract/imports";
import { MAX_IMPORT_ROWS } from "../../contract/schemas/enrollment";
import { contentRefs, startTestApi, type Client, type TestApi } from "./harness";
import { historyOf } from "./import-kit";
import { png } from "./fixture-files";

/**
 * No upload is ever cut, and an xlsx cannot stall the API (issue 32). Every upload path of the API
 * gets files of limit − 1, limit, limit + 1 and 10 × limit bytes (the limits lowered to 64 KB, same
 * code paths): at or under the limit the bytes stored (or the rows imported) are all that was sent;
 * over it a 400 file_too_large (tus: 413) and nothing stored. Each multipart body pauses exactly
 * after the limit's last byte: the moment @fastify/multipart's toBuffer answered a cut file as
 * whole (it had read every chunk before busboy marked the stream truncated). Then workbooks that
 * unpack to hundreds of MB, files past the row limits, and the names uploads keep.
 */
const LIMIT = 64 * 1024;
const SIZES = [LIMIT - 1, LIMIT, LIMIT + 1, 10 * LIMIT];
/** Long enough for the handler to have read every chunk sent before it (its checks take a few ms). */
const PAUSE_MS = 150;

let api: TestApi;
let admin: Client;
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.signedIn("admin");
  await setConfig("file-size-limit", LIMIT);
  await setConfig("image-size-limit", LIMIT);
});
afterAll(() => api.close());

async function setConfig(key: string, value: unknown) {
  await api.db.deleteFrom("config").where("key", "=", key).execute();
  await api.db
    .insertInto("config")
    .values({ key, value: JSON.stringify(value), url: null, datetime_update: api.clock.now.toISOString() })
    .execute();
}
const sha = (b: Buffer) => crypto.createHash("sha256").update(b).digest("hex");
const count = async (table: "upload" | "import_history" | "account" | "content_enrollment") =>
  Number(
    (
      await api.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
/** Every file under the media directory (uploads and tus's sidecars included), by path and size. */
function mediaFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else out.push(`${path.relative(api.mediaDir, p)} ${fs.statSync(p).size}`);
    }
  };
  walk(api.mediaDir);
  return out.sort();
}
/** The bytes a media URL serves (public, as a browser fetches it). */
async function served(url: string): Promise<Buffer> {
  const res = await api.app.inject({ url });
  expect(res.statusCode, url).toBe(200);
  return res.rawPayload;
}

/**
 * POST a multipart form (`fields` first, then the file) whose body stops, for PAUSE_MS, right after
 * the file's LIMIT-th byte (or its end when shorter), then goes on.
 */
function postPaused(
  client: Client,
  url: string,
  field: string,
  filename: string,
  data: Buffer,
  fields: Record<string, string> = {},
) {
  const boundary = "----lmsLimitBoundary9F3kQz";
  const head = Buffer.from(
    Object.entries(fields)
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join("") +
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const body = Buffer.concat([head, data, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  const at = head.length + Math.min(LIMIT, data.length);
  const stream = new Readable({ read() {} });
  stream.push(body.subarray(0, at));
  setTimeout(() => {
    stream.push(body.subarray(at));
    stream.push(null);
  }, PAUSE_MS);
  return client.post(url, stream as never, { "content-type": `multipart/form-data; boundary=${boundary}` });
}

/** `prefix` then random bytes: `size` bytes in all (random, so a cut or a mix-up changes the hash). */
const fileOf = (prefix: Buffer, size: number) => Buffer.concat([prefix, crypto.randomBytes(size - prefix.length)]);
/** A whole small PNG (uploads are checked by content, issue 33): random bytes after it change nothing of that. */
const PNG = png();
const PDF = Buffer.from("%PDF-1.4\n", "latin1");

/**
 * A csv of exactly `size` bytes: the header, a first row padded in an ignored column, and `last`
 * as the final row (a cut file loses it).
 */
function csvOf(size: number, header: string, first: string, last: string): Buffer {
  const fixed = `${header}\r\n${first},\r\n${last}\r\n`;
  const pad = size - Buffer.byteLength(fixed);
  return Buffer.from(`${header}\r\n${first},${"x".repeat(pad)}\r\n${last}\r\n`);
}

type Target = {
  name: string;
  url: string;
  field: string;
  filename: string;
  file: (size: number) => Buffer;
  /** Whatever the upload changes besides files (a row's image, the rows of a table). */
  state: () => Promise<unknown>;
  /** An accepted upload's answer: that it is whole (the stored bytes read back, or the rows imported). */
  accepted: (body: Record<string, unknown>, sent: Buffer) => Promise<void>;
  status: number;
  fields?: Record<string, string>;
};

describe("every multipart upload: whole at or under the limit, refused over it, never cut", () => {
  const targets: Target[] = [];
  beforeAll(async () => {
    const first = async (p: string) =>
      (await admin.get(`/api/dashboard/${p}/?page_size=1`)).body.results[0].id as number;
    const course = await first("course");
    const program = await first("class_program");
    const provider = await first("provider");
    const highlight = (
      await admin.post(`/api/dashboard/provider/${provider}/highlight/`, {
        title: "Limits",
        external_link: "https://example.org/",
        sort: 1,
      })
    ).body.id;
    const refs = await contentRefs(admin);
    const doc = await admin.post("/api/dashboard/document/", {
      name: "Limits",
      code: "LIMIT-DOC",
      category: refs.category,
      provider: refs.provider,
    });
    expect(doc.status, JSON.stringify(doc.body)).toBe(201);
    const enrolCourse = await first("course");

    const image = (name: string, url: string, state: () => Promise<unknown>): Target => ({
      name,
      url,
      field: "image",
      filename: "picture.png",
      file: (n) => fileOf(PNG, n),
      state,
      status: 200,
      accepted: async (body, sent) => expect(sha(await served(String(body.image)))).toBe(sha(sent)),
    });
    const imageOf =
      (
        table: "course" | "class_program" | "provider" | "instructor" | "category" | "location" | "provider_highlight",
        id: number,
      ) =>
      async () =>
        (await api.db.selectFrom(table).select("image").where("id", "=", id).executeTakeFirstOrThrow()).image;
    for (const table of ["instructor", "category", "location"] as const) {
      const id = await first(table);
      targets.push(image(table, `/api/dashboard/${table}/${id}/image/`, imageOf(table, id)));
    }
    targets.push(
      image("course", `/api/dashboard/course/${course}/image/`, imageOf("course", course)),
      image("class program", `/api/dashboard/class_program/${program}/image/`, imageOf("class_program", program)),
      image("provider", `/api/dashboard/provider/${provider}/image/`, imageOf("provider", provider)),
      image(
        "provider highlight",
        `/api/dashboard/provider/${provider}/highlight/${highlight}/image/`,
        imageOf("provider_highlight", highlight),
      ),
      image(
        "certificate",
        `/api/dashboard/course/${course}/certificate/image/`,
        async () => (await admin.get(`/api/dashboard/course/${course}/certificate/`)).body.image,
      ),
      {
        name: "curriculum material file",
        url: `/api/dashboard/course/${course}/curriculum/upload/?slot_type=document`,
        field: "file",
        filename: "notes.pdf",
        file: (n) => fileOf(PDF, n),
        state: async () => null,
        status: 201,
        accepted: async (body, sent) => {
          expect(body.file_size).toBe(sent.length);
          expect(sha(await served(String(body.file)))).toBe(sha(sent));
        },
      },
      {
        name: "media document file",
        url: `/api/dashboard/document/${doc.body.id}/file/`,
        field: "file",
        filename: "notes.pdf",
        file: (n) => fileOf(PDF, n),
        status: 200,
        state: async () => [
          await count("upload"),
          (await api.db.selectFrom("media").select("file_key").where("id", "=", doc.body.id).executeTakeFirstOrThrow())
            .file_key,
        ],
        accepted: async (body, sent) => {
          expect(body.file_size).toBe(sent.length);
          expect(sha(await served(String(body.file)))).toBe(sha(sent));
        },
      },
      {
        name: "enrolment import",
        url: `/api/dashboard/course/${enrolCourse}/enroll/import/`,
        field: "file",
        filename: "learners.csv",
        file: (n) => csvOf(n, "username,note", "learner031", "learner032"),
        status: 200,
        state: async () => count("content_enrollment"),
        accepted: async (body) =>
          expect((body.results as { value: string }[]).map((r) => r.value)).toEqual(["learner031", "learner032"]),
      },
    );
    let serial = 0;
    targets.push({
      name: "user import",
      url: "/api/dashboard/user/import/",
      field: "file",
      filename: "people.csv",
      fields: { mode: "all_or_nothing" },
      status: 202,
      file: (n) => {
        serial++;
        const row = (k: string) => `limit.${serial}${k},limit.${serial}${k}@example.test,Limit,Person,female`;
        return csvOf(n, "username,email,first_name,last_name,gender,note", row("a"), `${row("z")},`);
      },
      state: async () => [await count("import_history"), await count("account")],
      accepted: async (body) => {
        const done = await historyOf(admin, (body as ImportHistoryItem).id);
        expect(done).toMatchObject({ status: 3, count_total: 2, count_created: 2 });
        const last = await api.db
          .selectFrom("account")
          .select("email")
          .where("username", "=", `limit.${serial}z`)
          .executeTakeFirst();
        expect(last?.email).toBe(`limit.${serial}z@example.test`);
      },
    });
  });

  it("stores every byte of a file at or under the limit, and refuses a longer one with nothing kept", async () => {
    expect(targets.length).toBe(12);
    for (const t of targets) {
      for (const size of SIZES) {
        const label = `${t.name}, ${size} bytes`;
        const data = t.file(size);
        expect(data.length, label).toBe(size);
        const [files, state] = [mediaFiles(), await t.state()];
        const res = await postPaused(admin, t.url, t.field, t.filename, data, t.fields);
        if (size <= LIMIT) {
          expect(res.status, `${label}: ${JSON.stringify(res.body)}`).toBe(t.status);
          await t.accepted(res.body, data);
        } else {
          expect(res.status, `${label}: ${JSON.stringify(res.body)}`).toBe(400);
          expect(res.body, label).toEqual({ [t.field]: [MSG.file_too_large] });
          expect(mediaFiles(), label).toEqual(files);
          expect(await t.state(), label).toEqual(state);
        }
      }
    }
  });
});

describe("resumable uploads (tus)", () => {
  const TUS = { "tus-resumable": "1.0.0" };
  const meta = (m: Record<string, string>) =>
    Object.entries(m)
      .map(([k, v]) => `${k} ${Buffer.from(v).toString("base64")}`)
      .join(",");
  const create = (length: number, filename = "notes.pdf") =>
    admin.post("/api/dashboard/upload/", undefined, {
      ...TUS,
      "upload-length": String(length),
      "upload-metadata": meta({ filename, kind: "document" }),
    });
  const idOf = (res: { headers: Record<string, unknown> }) => String(res.headers.location).split("/").pop() as string;
  const patch = (id: string, body: Buffer | Readable, headers: Record<string, string> = {}) =>
    admin.patch(`/api/dashboard/upload/${id}`, body as never, {
      ...TUS,
      "content-type": "application/offset+octet-stream",
      "upload-offset": "0",
      ...headers,
    });
  const row = (id: string) => api.db.selectFrom("upload").selectAll().where("id", "=", id).executeTakeFirst();

  it("takes a file at or under the limit whole, refuses a declared length over it (413) with nothing stored", async () => {
    for (const size of SIZES) {
      const [files, rows] = [mediaFiles(), await count("upload")];
      const data = fileOf(PDF, size);
      const created = await create(size);
      if (size > LIMIT) {
        expect(created.status, `${size}`).toBe(413);
        expect(created.body).toEqual({ detail: MSG.file_too_large, limit: LIMIT });
        expect(await count("upload")).toBe(rows);
        expect(mediaFiles()).toEqual(files);
        continue;
      }
      expect(created.status).toBe(201);
      const id = idOf(created);
      expect((await patch(id, data)).status).toBe(204);
      expect(await row(id)).toMatchObject({ status: "complete", size, bytes_received: size });
      expect(sha(await served(`/api/media/uploads/${id}`))).toBe(sha(data));
    }
  });

  it("ends an upload sent more bytes than it declared (413): its bytes and row go, sent at once or in two parts", async () => {
    const [files, rows] = [mediaFiles(), await count("upload")];
    const once = idOf(await create(LIMIT));
    const res = await patch(once, fileOf(PDF, LIMIT + 1));
    expect(res.status).toBe(413);
    expect(await row(once)).toBeUndefined();
    // Chunked, without a length: the declared bytes first (all of them), then one more after a pause.
    const paused = idOf(await create(LIMIT));
    const data = fileOf(PDF, LIMIT + 1);
    const stream = new PassThrough();
    stream.write(data.subarray(0, LIMIT));
    setTimeout(() => stream.end(data.subarray(LIMIT)), PAUSE_MS);
    expect((await patch(paused, stream)).status).toBe(413);
    expect(await row(paused)).toBeUndefined();
    // The bytes sent with the creation itself (tus's creation-with-upload).
    const withBody = await admin.post("/api/dashboard/upload/", fileOf(PDF, LIMIT + 1) as never, {
      ...TUS,
      "upload-length": String(LIMIT),
      "upload-metadata": meta({ filename: "notes.pdf", kind: "document" }),
      "content-type": "application/offset+octet-stream",
    });
    expect(withBody.status).toBe(413);
    expect(await count("upload")).toBe(rows);
    expect(mediaFiles()).toEqual(files);
  });

  it("keeps a clean file name: control characters and overrides dropped, trimmed, capped; nothing left is refused", async () => {
    const named = async (name: string) => (await row(idOf(await create(10, name))))?.file_name;
    expect(await named("  re\u0000po\u0007rt\u0085\u202e.pdf\t ")).toBe("report.pdf");
    expect(await named("รายงาน ประจำปี.pdf")).toBe("รายงาน ประจำปี.pdf");
    const long = await named(`${"ก".repeat(300)}.pdf`);
    expect(long).toBe(`${"ก".repeat(196)}.pdf`);
    const rows = await count("upload");
    for (const name of ["\u0000\u0001\u009f", "   ", "\u0000.\u0000"]) {
      const res = await create(10, name);
      expect(res.status, JSON.stringify(name)).toBe(400);
      expect(res.body).toEqual({ detail: MSG.invalid_file_type });
    }
    expect(await count("upload")).toBe(rows);
  });

  it("cleans a multipart file's name the same way", async () => {
    const refs = await contentRefs(admin);
    const doc = (
      await admin.post("/api/dashboard/document/", {
        name: "Named",
        code: "LIMIT-NAMED",
        category: refs.category,
        provider: refs.provider,
      })
    ).body;
    const boundary = "----lmsNameBoundary";
    // RFC 5987 form: the name may carry any byte, NUL included.
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename*=UTF-8''%20re%00port%1B%C2%85.pdf\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      fileOf(PDF, 100),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await admin.post(`/api/dashboard/document/${doc.id}/file/`, body as never, {
      "content-type": `multipart/form-data; boundary=${boundary}`,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.file_name).toBe("report.pdf");
  });
});

describe("workbooks and row limits", () => {
  const USERS = "/api/dashboard/user/import/";
  let enrolUrl: string;
  beforeAll(async () => {
    // The default 10 MB limit: the workbooks below are small files that unpack to hundreds of MB.
    await setConfig("file-size-limit", 10 * 1024 * 1024);
    enrolUrl = `/api/dashboard/course/${(await admin.get("/api/dashboard/course/?page_size=1")).body.results[0].id}/enroll/import/`;
  });
  afterAll(() => setConfig("file-size-limit", LIMIT));

  const post = (url: string, filename: string, data: Buffer) =>
    postPaused(admin, url, "file", filename, data, url === USERS ? { mode: "all_or_nothing" } : {});
  const state = async () => [await count("import_history"), await count("account"), await count("content_enrollment")];

  /** A workbook written by exceljs's streaming writer (flat memory): `rows` rows of `cells(i)`. */
  async function streamedWorkbook(rows: number, cells: (i: number) => string[]): Promise<Buffer> {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on("data", (c: Buffer) => chunks.push(c));
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: out,
      useSharedStrings: false,
      zip: { zlib: { level: 9 } },
    } as never);
    const sheet = book.addWorksheet("people");
    for (let i = 0; i < rows; i++) sheet.addRow(cells(i)).commit();
    sheet.commit();
    await book.commit();
    return Buffer.concat(chunks);
  }

  const SHEET = "xl/worksheets/sheet1.xml";
  const LOCAL_HEADER = 0x04034b50;
  const CENTRAL_HEADER = 0x02014b50;
  /** The uncompressed sizes the zip's central directory declares for an entry (at +24 of a record whose name is at +46). */
  function centralSizes(zip: Buffer, entry: string): number[] {
    const name = Buffer.from(entry);
    const out: number[] = [];
    for (let at = zip.indexOf(name); at !== -1; at = zip.indexOf(name, at + 1))
      if (at >= 46 && zip.readUInt32LE(at - 46) === CENTRAL_HEADER) out.push(zip.readUInt32LE(at - 46 + 24));
    return out;
  }

  /**
   * The answer, the CPU time this process spent on it and how much the process grew at most
   * meanwhile. CPU time, not the clock: the bound says how much work a refusal costs, which a
   * machine busy with other processes does not change (a wall-clock bound failed on a loaded CI
   * machine at 5.25 s); reading the whole bomb costs tens of seconds of it.
   */
  async function measured(send: () => Promise<{ status: number; body: unknown }>) {
    const before = process.memoryUsage().rss;
    let peak = before;
    const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    const cpu = process.cpuUsage();
    const res = await send();
    const spent = process.cpuUsage(cpu);
    clearInterval(timer);
    return {
      res,
      ms: (spent.user + spent.system) / 1000,
      grewMB: (Math.max(peak, process.memoryUsage().rss) - before) / 1024 / 1024,
    };
  }

  it("refuses a workbook whose sheet unpacks to hundreds of MB quickly, in flat memory, importing nothing", async () => {
    // ~300 MB of sheet XML (1,500 rows of a 200 KB cell, under every row limit) in a file of ~0.3 MB.
    const cell = "x".repeat(200_000);
    const bomb = await streamedWorkbook(1500, () => ["username", cell]);
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    expect(centralSizes(bomb, SHEET)[0]).toBeGreaterThan(250 * 1024 * 1024);
    const before = await state();
    for (const url of [USERS, enrolUrl]) {
      const { res, ms, grewMB } = await measured(() => post(url, "bomb.xlsx", bomb));
      expect(res.status, url).toBe(400);
      expect(res.body).toEqual({ file: [MSG.import_workbook_too_large] });
      expect(ms, url).toBeLessThan(5000);
      expect(grewMB, url).toBeLessThan(150);
    }
    expect(await state()).toEqual(before);
  });

  it("does not trust the sizes the zip declares: a sheet that says it is small is counted as it unpacks", async () => {
    const cell = "y".repeat(200_000);
    const zip = await JSZip.loadAsync(await streamedWorkbook(400, () => ["username", cell]));
    // Rewrite the declared sizes in the local headers and the central directory to 1 KB.
    const packed = Buffer.from(
      await zip.generateAsync({ type: "nodebuffer", compression: "DEFLATE", compressionOptions: { level: 9 } }),
    );
    const name = Buffer.from(SHEET);
    for (let at = packed.indexOf(name); at !== -1; at = packed.indexOf(name, at + 1)) {
      if (at >= 30 && packed.readUInt32LE(at - 30) === LOCAL_HEADER) packed.writeUInt32LE(1024, at - 30 + 22);
      if (at >= 46 && packed.readUInt32LE(at - 46) === CENTRAL_HEADER) packed.writeUInt32LE(1024, at - 46 + 24);
    }
    expect(centralSizes(packed, SHEET)).toEqual([1024]);
    const { res, ms } = await measured(() => post(USERS, "lying.xlsx", packed));
    expect(res.body).toEqual({ file: [MSG.import_workbook_too_large] });
    expect(ms).toBeLessThan(5000);
  });

  it("refuses a table of shared strings past its bound (1.5 million tiny ones: few bytes, much memory)", async () => {
    const zip = await JSZip.loadAsync(await streamedWorkbook(2, (i) => [["username"], ["someone"]][i]));
    const strings = Array.from({ length: 1_500_000 }, (_, i) => `<si><t>${i % 997}</t></si>`).join("");
    zip.file(
      "xl/sharedStrings.xml",
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${strings}</sst>`,
    );
    const data = Buffer.from(await zip.generateAsync({ type: "nodebuffer", compression: "DEFLATE" }));
    const before = await state();
    for (const url of [USERS, enrolUrl]) {
      const { res, ms, grewMB } = await measured(() => post(url, "strings.xlsx", data));
      expect(res.body, url).toEqual({ file: [MSG.import_workbook_too_large] });
      expect(ms, url).toBeLessThan(5000);
      expect(grewMB, url).toBeLessThan(150);
    }
    expect(await state()).toEqual(before);
  });

  it("stops reading past the row limit: more rows than an import takes is a 400, read no further", async () => {
    const before = await state();
    const people = (n: number) => [
      ["username", "email", "first_name", "last_name", "gender"],
      ...Array.from({ length: n }, (_, i) => [`many.${i}`, `many.${i}@example.test`, "Many", "Rows", "male"]),
    ];
    // Just over each limit, as xlsx and csv.
    const overUsers = people(MAX_USER_IMPORT_ROWS + 1);
    const overEnrol = people(MAX_IMPORT_ROWS + 1);
    const csv = (rows: string[][]) => Buffer.from(rows.map((r) => r.join(",")).join("\r\n"));
    for (const [url, rows] of [
      [USERS, overUsers],
      [enrolUrl, overEnrol],
    ] as const) {
      for (const [name, data] of [
        ["rows.csv", csv(rows)],
        ["rows.xlsx", await streamedWorkbook(rows.length, (i) => rows[i])],
      ] as const) {
        const res = await post(url, name, data);
        expect(res.status, `${url} ${name}`).toBe(400);
        expect(res.body).toEqual({ file: [MSG.import_too_many_rows] });
      }
    }
    // Far over (300,000 rows, ~20 MB of sheet XML): refused as fast, only the first rows read.
    const inline = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
    const header = `<row r="1">${["username", "email", "first_name", "last_name", "gender"].map((h, i) => inline(`${"ABCDE"[i]}1`, h)).join("")}</row>`;
    const rowsXml = Array.from(
      { length: 300_000 },
      (_, i) => `<row r="${i + 2}">${inline(`A${i + 2}`, `u${i}`)}</row>`,
    ).join("");
    const zip = await JSZip.loadAsync(await streamedWorkbook(1, () => ["username"]));
    zip.file(
      SHEET,
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${header}${rowsXml}</sheetData></worksheet>`,
    );
    const many = Buffer.from(await zip.generateAsync({ type: "nodebuffer", compression: "DEFLATE" }));
    for (const url of [USERS, enrolUrl]) {
      const { res, ms } = await measured(() => post(url, "many.xlsx", many));
      expect(res.body, url).toEqual({ file: [MSG.import_too_many_rows] });
      expect(ms, url).toBeLessThan(5000);
    }
    expect(await state()).toEqual(before);
  });

  it("still reads an ordinary workbook: shared strings, Thai text across chunks, dates", async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet("people");
    sheet.addRow(["username", "email", "first_name", "last_name", "gender", "date_birth"]);
    for (let i = 0; i < 1500; i++)
      sheet.addRow([
        `wb.${i}`,
        `wb.${i}@example.test`,
        `สมชาย${"ก".repeat(i % 50)}`,
        "ใจดี",
        "male",
        new Date(Date.UTC(1990, 0, 1 + (i % 28))),
      ]);
    const res = await post(USERS, "people.xlsx", Buffer.from(await book.xlsx.writeBuffer()));
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const done = await historyOf(admin, (res.body as ImportHistoryItem).id, 60_000);
    expect(done).toMatchObject({ status: 3, count_total: 1500, count_created: 1500, count_failed: 0 });
    const last = await api.db
      .selectFrom("account")
      .select(["first_name", "date_birth"])
      .where("username", "=", "wb.1499")
      .executeTakeFirstOrThrow();
    expect(last.first_name).toBe(`สมชาย${"ก".repeat(1499 % 50)}`);
    expect(String(last.date_birth)).toContain("1990-01-");
  });
});
