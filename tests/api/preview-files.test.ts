import JSZip from "jszip";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { UploadedFile } from "../../contract/schemas/curriculum";
import { scormEntry, packagePath } from "../../api/content/features/curriculum/scorm";
import { contentRefs, postFile, startTestApi, type Client, type TestApi } from "./harness";

/**
 * The files a preview dialog shows (docs/decisions/084): a curriculum PDF or media file is served
 * inline with its type; a SCORM slot's package is launched from its zip — media/scorm/{hash}/
 * redirects to the manifest's entry point, each file is typed, inline, sandboxed — and nothing
 * outside the package (or a package that is not a stored SCORM zip) is ever served.
 */
let api: TestApi;
let admin: Client;
let base: string;

const PDF = Buffer.from("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n", "latin1");
const MANIFEST = `<?xml version="1.0"?><manifest identifier="m" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"><organizations default="o"><organization identifier="o"><item identifier="i1" identifierref="r2"><title>Lesson</title></item></organization></organizations><resources><resource identifier="r1" type="webcontent" href="other.html"/><resource identifier="r2" type="webcontent" adlcp:scormtype="sco" href="lesson/start.html"><file href="lesson/start.html"/></resource></resources></manifest>`;

async function packageZip(files: Record<string, string>) {
  const zip = new JSZip();
  for (const [name, text] of Object.entries(files)) zip.file(name, text);
  return zip.generateAsync({ type: "nodebuffer" });
}
async function upload(slotType: string, filename: string, data: Buffer) {
  const res = await postFile(admin, `${base}/upload/?slot_type=${slotType}`, filename, data, "file");
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (res.body as UploadedFile).file;
}
const hashOf = (file: string) => /([0-9a-f]{40})\.zip$/.exec(file)![1];

beforeAll(async () => {
  api = await startTestApi();
  admin = await api.signedIn("admin");
  const refs = await contentRefs(admin);
  const course = await admin.post(`/api/dashboard/course/`, {
    name: "Preview files",
    code: `PF${Date.now() % 1e6}`,
    category: refs.category,
    provider: refs.provider,
  });
  expect(course.status).toBe(201);
  base = `/api/dashboard/course/${course.body.id}/curriculum`;
});
afterAll(() => api.close());

describe("a document's file", () => {
  it("is served inline as a PDF, so the browser's viewer shows it in a frame", async () => {
    const file = await upload("document", "handbook.pdf", PDF);
    const res = await api.client().get(file);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe("inline");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
  });
});

describe("a SCORM package", () => {
  let hash: string;
  beforeAll(async () => {
    const zip = await packageZip({
      "imsmanifest.xml": MANIFEST,
      "lesson/start.html": "<!doctype html><title>Lesson</title><script src='app.js'></script>",
      "lesson/app.js": "window.x = 1;",
      "other.html": "<p>other</p>",
      "lesson/tool.exe": "MZ",
    });
    hash = hashOf(await upload("scorm", "lesson.zip", zip));
  });

  it("launches at its manifest's entry point (the default organisation's first item)", async () => {
    for (const url of [`/api/media/scorm/${hash}/`, `/api/media/scorm/${hash}`]) {
      const res = await api.client().get(url);
      expect(res.status, url).toBe(302);
      expect(res.headers.location).toBe("lesson/start.html");
    }
  });

  it("serves its files typed, inline and sandboxed — to anyone who has its address, like the zip", async () => {
    const page = await api.client().get(`/api/media/scorm/${hash}/lesson/start.html`);
    expect(page.status).toBe(200);
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(page.headers["content-disposition"]).toBe("inline");
    expect(page.headers["content-security-policy"]).toBe("sandbox allow-scripts allow-forms allow-popups");
    expect(page.headers["x-content-type-options"]).toBe("nosniff");
    expect(String(page.body)).toContain("<title>Lesson</title>");
    const script = await api.client().get(`/api/media/scorm/${hash}/lesson/app.js`);
    expect(script.headers["content-type"]).toBe("text/javascript; charset=utf-8");
  });

  it("refuses paths outside the package, unknown types and missing files with a 404", async () => {
    const refused = [
      // (A literal `/../`, `/%2e%2e/` or `/./` never reaches the API: the URL is normalised before routing.)
      `/api/media/scorm/${hash}/lesson/..%2f..%2fimsmanifest.xml`,
      `/api/media/scorm/${hash}/lesson//app.js`,
      `/api/media/scorm/${hash}/lesson%5capp.js`,
      `/api/media/scorm/${hash}/lesson/tool.exe`,
      `/api/media/scorm/${hash}/lesson/missing.html`,
      `/api/media/scorm/${hash}/imsmanifest.xml/x`,
      `/api/media/scorm/${hash}/%2e%2e%2f%2e%2e%2f%2e%2e%2fsecret.key`,
    ];
    for (const url of refused) expect((await api.client().get(url)).status, url).toBe(404);
  });

  it("is only ever a zip a SCORM slot stored: another file, a broken zip or an unknown name is a 404", async () => {
    const pdf = await upload("document", "notes.pdf", Buffer.concat([PDF, Buffer.from("% other")]));
    const pdfHash = /([0-9a-f]{40})\.pdf$/.exec(pdf)![1];
    const broken = hashOf(
      await upload("scorm", "broken.zip", Buffer.concat([Buffer.from("PK\x03\x04", "latin1"), Buffer.alloc(40)])),
    );
    const noManifest = hashOf(
      await upload("scorm", "plain.zip", await packageZip({ "index.html": "<p>no manifest</p>" })),
    );
    for (const url of [
      `/api/media/scorm/${pdfHash}/`,
      `/api/media/scorm/${broken}/`,
      `/api/media/scorm/${noManifest}/`,
      `/api/media/scorm/${"0".repeat(40)}/`,
      `/api/media/scorm/not-a-hash/`,
      `/api/media/scorm/../material/`,
    ]) {
      expect((await api.client().get(url)).status, url).toBe(404);
    }
    // A package without a manifest has nothing to launch, but its files are still its own.
    expect((await api.client().get(`/api/media/scorm/${noManifest}/index.html`)).status).toBe(200);
  });

  it("never inflates a file past 64 MB: a small zip that holds more is a 404, and the API answers on", async () => {
    const bomb = new JSZip();
    bomb.file(
      "imsmanifest.xml",
      MANIFEST.replace("lesson/start.html", "big.html").replace("lesson/start.html", "big.html"),
    );
    bomb.file("big.html", "0".repeat(65 * 1024 * 1024));
    const data = await bomb.generateAsync({ type: "nodebuffer", compression: "DEFLATE" });
    expect(data.length).toBeLessThan(1024 * 1024);
    const hash = hashOf(await upload("scorm", "bomb.zip", data));
    expect((await api.client().get(`/api/media/scorm/${hash}/big.html`)).status).toBe(404);
    expect((await api.client().get("/api/health/")).status).toBe(200);
  });
});

describe("reading a manifest and a path", () => {
  it("finds the entry point, falling back to the first resource with an href", () => {
    expect(scormEntry(MANIFEST)).toBe("lesson/start.html");
    expect(
      scormEntry(
        `<manifest><resources><resource identifier="a"/><resource identifier="b" href='b/index.htm'/></resources></manifest>`,
      ),
    ).toBe("b/index.htm");
    expect(
      scormEntry(
        `<imscp:manifest><imscp:item identifierref="z"/><imscp:resource identifier="z" href="z.html"/></imscp:manifest>`,
      ),
    ).toBe("z.html");
    expect(scormEntry("<manifest/>")).toBeNull();
  });
  it("takes plain segments only", () => {
    expect(packagePath("a/b.html")).toBe("a/b.html");
    for (const bad of ["", "../a", "a/../b", "a//b", "./a", "a\\b", "a\u0000b", "/a"])
      expect(packagePath(bad), bad).toBeNull();
  });
});
