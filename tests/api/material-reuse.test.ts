import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Material, MaterialReuseOption, Section, UploadedFile } from "../../contract/schemas/curriculum";
import { png } from "./fixture-files";
import { contentRefs, postFile, startTestApi, type Client, type TestApi } from "./harness";

/**
 * The material lists of what the organisation's curricula hold (spec 002 §7 material/weblink,
 * scorm, material/image; issue 19 §4; docs/decisions/072) and a slot reusing one of their links or
 * files (`source_material_id`): each list's rows, one per distinct link or file (its earliest
 * slot), id / id_list / search / paging, no content library slot; the copy on create and update;
 * refusals writing nothing; who may read. Both dialects (TEST_DATABASE_URL).
 */
let api: TestApi;
let admin: Client;
let refs: { category: number; provider: number };
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.signedIn("admin");
  refs = await contentRefs(admin);
});
afterAll(() => api.close());

const L = "/api/dashboard/material";
type Page = { results: MaterialReuseOption[]; count: number; next: string | null; page_size: number };
const list = async (kind: string, query = "") => {
  const res = await admin.get(`${L}/${kind}/${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Page;
};
const ids = (page: Page) => page.results.map((r) => r.id).sort((a, b) => a - b);

let n = 0;
/** A fresh course with one section: its curriculum path and the section's material path. */
async function newCourse() {
  n += 1;
  const res = await admin.post(`/api/dashboard/course/`, {
    name: `Reuse ${n}`,
    code: `REUSE-${n}-${Date.now() % 1e4}`,
    category: refs.category,
    provider: refs.provider,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const base = `/api/dashboard/course/${res.body.id}/curriculum`;
  const section = (await admin.post(`${base}/section/`, { name: "Week 1" })).body as Section;
  return { id: res.body.id as number, base, section: `${base}/section/${section.id}/material/` };
}
async function slot(path: string, body: Record<string, unknown>) {
  const res = await admin.post(path, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Material;
}
async function upload(base: string, slotType: string, name: string, data: Buffer) {
  const res = await postFile(admin, `${base}/upload/?slot_type=${slotType}`, name, data, "file");
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const { file, file_name } = res.body as UploadedFile;
  return { file, file_name };
}
const zip = (fill: number) => Buffer.concat([Buffer.from("PK\x03\x04", "latin1"), Buffer.alloc(40, fill)]);
const slotCount = async () =>
  Number(
    (
      await api.db
        .selectFrom("content_material")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

// One course holding a link twice and another once, two packages (one twice), an image and a CSV.
let fixture: {
  base: string;
  section: string;
  linkA: Material;
  linkA2: Material;
  linkB: Material;
  pkgA: Material;
  pkgA2: Material;
  pkgB: Material;
  image: Material;
  csv: Material;
};
beforeAll(async () => {
  const { base, section } = await newCourse();
  const linkA = await slot(section, { slot_type: "weblink", name: "Zreuse handbook", url: "https://reuse.example/a" });
  const linkA2 = await slot(section, {
    slot_type: "weblink",
    name: "Zreuse handbook again",
    url: "https://reuse.example/a",
  });
  const linkB = await slot(section, { slot_type: "weblink", name: "Zreuse glossary", url: "https://reuse.example/b" });
  const a = await upload(base, "scorm", "zreuse-safety.zip", zip(1));
  const b = await upload(base, "scorm", "zreuse-fire.zip", zip(2));
  const pkgA = await slot(section, { slot_type: "scorm", name: "Zreuse safety", ...a });
  const pkgA2 = await slot(section, { slot_type: "scorm", name: "Zreuse safety copy", ...a });
  const pkgB = await slot(section, { slot_type: "scorm", name: "Zreuse fire", ...b });
  // A file to download may be an image now (docs/decisions/072).
  const img = await upload(base, "file", "zreuse-diagram.png", png(3, 3));
  const image = await slot(section, { slot_type: "file", name: "Zreuse diagram", ...img });
  const sheet = await upload(base, "file", "zreuse-sheet.csv", Buffer.from("a,b\n1,2\n"));
  const csv = await slot(section, { slot_type: "file", name: "Zreuse sheet", ...sheet });
  fixture = { base, section, linkA, linkA2, linkB, pkgA, pkgA2, pkgB, image, csv };
});

describe("the reuse lists", () => {
  it("answer one row per distinct link or file, its earliest slot, in the material lists' shape", async () => {
    const links = await list("weblink", "?search=reuse.example");
    expect(ids(links)).toEqual([fixture.linkA.id, fixture.linkB.id].sort((a, b) => a - b));
    expect(links.results.find((r) => r.id === fixture.linkA.id)).toEqual({
      id: fixture.linkA.id,
      name: "Zreuse handbook",
      code: null,
      value: fixture.linkA.id,
      kind: "weblink",
      file_name: null,
      url: "https://reuse.example/a",
    });
    const packages = await list("scorm", "?search=zreuse");
    expect(ids(packages)).toEqual([fixture.pkgA.id, fixture.pkgB.id].sort((a, b) => a - b));
    expect(packages.results.find((r) => r.id === fixture.pkgA.id)).toMatchObject({
      kind: "scorm",
      file_name: "zreuse-safety.zip",
      url: fixture.pkgA.file,
      code: null,
    });
    // The image list holds images only, of whatever slot: the CSV file is not in it.
    const images = await list("image", "?search=zreuse");
    expect(ids(images)).toEqual([fixture.image.id]);
    expect(images.results[0]).toMatchObject({
      kind: "image",
      name: "Zreuse diagram",
      file_name: "zreuse-diagram.png",
      url: fixture.image.file,
    });
    expect(fixture.image.file).toMatch(/\.png$/);
  });

  it("are not empty on the demo: the seed holds a link, a package and an image", async () => {
    for (const kind of ["weblink", "scorm", "image"]) expect((await list(kind)).count, kind).toBeGreaterThan(0);
    const seeded = await list("image", "?search=practice-diagram");
    expect(seeded.results.map((r) => r.url)).toEqual(["/dashboard/demo/course-2.png"]);
  });

  it("narrow to id and id_list (an id that is not the earliest slot names nothing), search by name or link, and page", async () => {
    const named = await list("weblink", `?id_list=${fixture.linkA.id},${fixture.linkA2.id},${fixture.pkgA.id}`);
    expect(ids(named)).toEqual([fixture.linkA.id]);
    expect((await list("weblink", `?id=${fixture.linkB.id}`)).results.map((r) => r.name)).toEqual(["Zreuse glossary"]);
    expect((await list("weblink", `?id=${fixture.linkA2.id}`)).count).toBe(0);
    expect(ids(await list("weblink", "?search=ZREUSE%20GLOSS"))).toEqual([fixture.linkB.id]);
    expect(ids(await list("scorm", "?search=fire.zip"))).toEqual([fixture.pkgB.id]);
    const first = await list("weblink", "?search=reuse.example&page_size=1");
    expect(first).toMatchObject({ count: 2, page_size: 1 });
    expect(first.results).toHaveLength(1);
    expect(first.next).toBeTruthy();
    const second = await list("weblink", "?search=reuse.example&page_size=1&page=2");
    expect(second.results[0].id).not.toBe(first.results[0].id);
    expect(second.next).toBeNull();
  });

  it("leave out a content library course's slots, and list a link the library also holds by the organisation's slot", async () => {
    const lib = await newCourse();
    const onlyThere = await slot(lib.section, {
      slot_type: "weblink",
      name: "Library only",
      url: "https://reuse.example/library-only",
    });
    const shared = await slot(lib.section, {
      slot_type: "weblink",
      name: "Library shared",
      url: "https://reuse.example/shared",
    });
    await api.db.updateTable("course").set({ is_library: 1 }).where("id", "=", lib.id).execute();
    const org = await slot(fixture.section, {
      slot_type: "weblink",
      name: "Org shared",
      url: "https://reuse.example/shared",
    });
    expect((await list("weblink", "?search=library-only")).count).toBe(0);
    expect(ids(await list("weblink", "?search=reuse.example/shared"))).toEqual([org.id]);
    expect(shared.id).toBeLessThan(org.id);
    expect((await list("weblink", `?id=${onlyThere.id}`)).count).toBe(0);
    // The seeded library copies (LIB-… courses, docs/decisions/071) hold the demo's slots too: none listed.
    const library = await api.db
      .selectFrom("content_material as m")
      .innerJoin("content_type as ct", "ct.id", "m.content_type_id")
      .innerJoin("course as c", "c.id", "m.content_id")
      .select("m.id")
      .where("ct.code", "=", "course")
      .where("c.is_library", "=", 1)
      .execute();
    expect(library.length).toBeGreaterThan(2);
    const listed = new Set<number>();
    for (const kind of ["weblink", "scorm", "image"])
      for (const r of (await list(kind, "?page_size=500")).results) listed.add(r.id);
    expect(library.filter((r) => listed.has(r.id))).toEqual([]);
  });

  it("need a session (401) and the dashboard permission (403)", async () => {
    const anonymous = api.client();
    const learner = await api.signedIn("learner");
    for (const kind of ["weblink", "scorm", "image"]) {
      expect((await anonymous.get(`${L}/${kind}/`)).status, kind).toBe(401);
      expect((await learner.get(`${L}/${kind}/`)).status, kind).toBe(403);
    }
    const manager = await api.signedIn("manager");
    expect((await manager.get(`${L}/weblink/`)).status).toBe(200);
  });
});

describe("a slot reusing a link or file", () => {
  it("copies the link, the package or the image on create, without its own", async () => {
    const { section } = await newCourse();
    const link = await slot(section, {
      slot_type: "weblink",
      name: "Same handbook",
      source_material_id: fixture.linkA.id,
    });
    expect(link).toMatchObject({ url: "https://reuse.example/a", file: null, media_id: null });
    // The reused link wins over one typed beside it.
    const both = await slot(section, {
      slot_type: "weblink",
      name: "Typed too",
      url: "https://typed.example/",
      source_material_id: String(fixture.linkB.id),
    });
    expect(both.url).toBe("https://reuse.example/b");
    const pkg = await slot(section, { slot_type: "scorm", name: "Same package", source_material_id: fixture.pkgB.id });
    expect(pkg).toMatchObject({ file: fixture.pkgB.file, file_name: "zreuse-fire.zip" });
    const image = await slot(section, {
      slot_type: "file",
      name: "Same diagram",
      source_material_id: fixture.image.id,
    });
    expect(image).toMatchObject({ file: fixture.image.file, file_name: "zreuse-diagram.png" });
    // "" is no reuse: the slot's own link is then required.
    const none = await admin.post(section, { slot_type: "weblink", name: "Nothing", source_material_id: "" });
    expect(none.status).toBe(400);
    expect(none.body.url).toEqual(["required"]);
  });

  it("copies on update, the link replaced and the rest kept", async () => {
    const { base, section } = await newCourse();
    const own = await slot(section, { slot_type: "weblink", name: "Mine", url: "https://mine.example/" });
    const res = await admin.patch(`${base}/material/${own.id}/`, { source_material_id: fixture.linkB.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ name: "Mine", url: "https://reuse.example/b" });
    const pkg = await slot(section, { slot_type: "scorm", name: "Package", source_material_id: fixture.pkgA.id });
    const swapped = await admin.patch(`${base}/material/${pkg.id}/`, {
      source_material_id: fixture.pkgB.id,
      name: "Fire package",
    });
    expect(swapped.body).toMatchObject({ name: "Fire package", file: fixture.pkgB.file, file_name: "zreuse-fire.zip" });
  });

  it("refuses a slot not in the slot type's list, or no slot at all, writing nothing", async () => {
    const { base, section } = await newCourse();
    const before = await slotCount();
    const cases: [string, unknown][] = [
      ["weblink", fixture.pkgA.id], // a package is not a link
      ["weblink", fixture.linkA2.id], // not the link's earliest slot: not a row of the list
      ["scorm", fixture.linkA.id],
      ["file", fixture.csv.id], // a CSV is no image
      ["file", 999999999],
      ["generic", fixture.linkA.id], // a generic slot reuses nothing
      ["document", fixture.image.id],
    ];
    for (const [slot_type, source_material_id] of cases) {
      const res = await admin.post(section, { slot_type, name: "Wrong", source_material_id });
      expect(res.status, `${slot_type} ${source_material_id}`).toBe(400);
      expect(res.body, `${slot_type} ${source_material_id}`).toEqual({ source_material_id: ["invalid_choice"] });
    }
    expect(
      (await admin.post(section, { slot_type: "weblink", name: "Bad", source_material_id: "abc" })).body
        .source_material_id,
    ).toEqual(["invalid"]);
    expect(await slotCount()).toBe(before);

    // A library course's slot is not the organisation's to reuse.
    const lib = await newCourse();
    const libLink = await slot(lib.section, {
      slot_type: "weblink",
      name: "Library link",
      url: "https://reuse.example/library-reuse",
    });
    await api.db.updateTable("course").set({ is_library: 1 }).where("id", "=", lib.id).execute();
    expect(
      (await admin.post(section, { slot_type: "weblink", name: "From the library", source_material_id: libLink.id }))
        .body,
    ).toEqual({ source_material_id: ["invalid_choice"] });

    const own = await slot(section, { slot_type: "weblink", name: "Kept", url: "https://kept.example/" });
    const wrong = await admin.patch(`${base}/material/${own.id}/`, {
      source_material_id: fixture.pkgA.id,
      name: "Renamed",
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ source_material_id: ["invalid_choice"] });
    const kept = await api.db
      .selectFrom("content_material")
      .select(["name", "url"])
      .where("id", "=", own.id)
      .executeTakeFirstOrThrow();
    expect(kept).toEqual({ name: "Kept", url: "https://kept.example/" });
  });
});
