import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIBRARY, libraryKey } from "../../contract/library.js";
import { minimalPdf } from "../../api/db/seed-media";
import { contentRefs, postFile, startTestApi, type Client, type TestApi } from "./harness";

/**
 * The content library (`/coniclex…`, issue 19 §6, docs/decisions/071): its types are the
 * organisation's over the library's collection of the same tables — each collection lists and
 * opens only its own items, the features answer under the library's path, a create makes a
 * library item — and taking an item copies what it is into the organisation's content (hidden,
 * a free code, its curriculum, cards and file, its origin named both ways), needs the
 * organisation's add flag, and writes nothing when refused. Both dialects (TEST_DATABASE_URL).
 */
let api: TestApi;
let admin: Client;
let viewer: Client;
let refs: { category: number; provider: number };
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.signedIn("admin");
  viewer = await api.signedIn("viewer");
  refs = await contentRefs(admin);
});
afterAll(() => api.close());

const LIB = (key: string) => `/api/dashboard/${LIBRARY.segment}/${key}`;
const ORG = (key: string) => `/api/dashboard/${key}`;
const ids = async (path: string) =>
  ((await admin.get(`${path}/?page_size=200`)).body.results as { id: number }[]).map((r) => r.id);
const count = async (table: "course" | "media" | "content_section" | "content_material" | "media_card") =>
  Number(
    (
      await api.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("two collections of the same types", () => {
  it.each(LIBRARY.types.map((k) => [k]))(
    "%s: the library and the organisation each list and open only their own items",
    async (key) => {
      const lib = await ids(LIB(key));
      const org = await ids(ORG(key));
      expect(lib.length, `the seed has a library ${key}`).toBeGreaterThan(0);
      expect(org.length).toBeGreaterThan(0);
      expect(lib.filter((id) => org.includes(id))).toEqual([]);
      expect((await admin.get(`${LIB(key)}/${lib[0]}/`)).status).toBe(200);
      expect((await admin.get(`${ORG(key)}/${lib[0]}/`)).status).toBe(404);
      expect((await admin.get(`${LIB(key)}/${org[0]}/`)).status).toBe(404);
    },
  );

  it("answers the engine's features under the library's path", async () => {
    const [course] = await ids(LIB("course"));
    for (const feature of ["curriculum/", "permission/", "enrollment/", "overall/", "learner/", "progress/"]) {
      expect((await admin.get(`${LIB("course")}/${course}/${feature}`)).status, feature).toBe(200);
    }
    const curriculum = (await admin.get(`${LIB("course")}/${course}/curriculum/`)).body.results as unknown[];
    expect(curriculum.length, "the library course has its sections").toBeGreaterThan(0);
    const [flash] = await ids(LIB("flash_card"));
    expect(((await admin.get(`${LIB("flash_card")}/${flash}/card/`)).body.results as unknown[]).length).toBeGreaterThan(
      0,
    );
  });

  it("creates a library item under the library's path, which the organisation's list does not hold", async () => {
    const res = await admin.post(`${LIB("article")}/`, {
      name: "Library article",
      code: `LA${Date.now() % 1e6}`,
      category: refs.category,
      provider: refs.provider,
      body: "Words",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await ids(LIB("article"))).toContain(res.body.id);
    expect(await ids(ORG("article"))).not.toContain(res.body.id);
  });

  it("keeps library media out of the curriculum's material lists and slots", async () => {
    const [video] = await ids(LIB("video"));
    const listed = (
      (await admin.get(`/api/dashboard/material/video/?page_size=200`)).body.results as { id: number }[]
    ).map((r) => r.id);
    expect(listed).not.toContain(video);
    expect(listed.length).toBeGreaterThan(0);
  });
});

describe("taking a library item into the organisation's content", () => {
  it("copies a course with its curriculum, hidden, under a free code, naming its origin both ways", async () => {
    const [course] = await ids(LIB("course"));
    const source = (await admin.get(`${LIB("course")}/${course}/`)).body;
    const sections = (await admin.get(`${LIB("course")}/${course}/curriculum/`)).body.results as {
      material_list: unknown[];
    }[];
    const res = await admin.post(`${LIB("course")}/${course}/take/`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.content_type).toBe("course");
    const copy = (await admin.get(`${ORG("course")}/${res.body.id}/`)).body;
    expect(copy).toMatchObject({ name: source.name, is_display: false, library_source: { id: course } });
    expect(copy.code).not.toBe(source.code);
    // A free code within the code limit (12 by default): the library's cut short, with its number.
    expect(copy.code).toMatch(/-\d+$/);
    expect(String(copy.code).length).toBeLessThanOrEqual(12);
    expect(source.code.startsWith(String(copy.code).replace(/-\d+$/, ""))).toBe(true);
    const copied = (await admin.get(`${ORG("course")}/${res.body.id}/curriculum/`)).body.results as {
      material_list: unknown[];
    }[];
    expect(sections.length).toBeGreaterThan(0);
    expect(copied.map((s) => s.material_list.length)).toEqual(sections.map((s) => s.material_list.length));
    // The learners stay with the library item.
    expect((await admin.get(`${ORG("course")}/${res.body.id}/learner/`)).body.count).toBe(0);
    expect(
      ((await admin.get(`${LIB("course")}/${course}/`)).body.taken_list as { id: number }[]).map((c) => c.id),
    ).toContain(res.body.id);
  });

  it("copies a flash card set's cards and a document's file, which both then play", async () => {
    const [flash] = await ids(LIB("flash_card"));
    const cards = (await admin.get(`${LIB("flash_card")}/${flash}/card/`)).body.results as { front: string }[];
    const took = await admin.post(`${LIB("flash_card")}/${flash}/take/`, {});
    expect(took.status).toBe(201);
    expect(
      ((await admin.get(`${ORG("flash_card")}/${took.body.id}/card/`)).body.results as { front: string }[]).map(
        (c) => c.front,
      ),
    ).toEqual(cards.map((c) => c.front));

    // A library document with its file; the copy shares it, and replacing the copy's file keeps the library's.
    const doc = await admin.post(`${LIB("document")}/`, {
      name: "Library handbook",
      code: `LD${Date.now() % 1e6}`,
      category: refs.category,
      provider: refs.provider,
    });
    expect(doc.status).toBe(201);
    const stored = await postFile(
      admin,
      `${LIB("document")}/${doc.body.id}/file/`,
      "handbook.pdf",
      minimalPdf("Library handbook"),
      "file",
    );
    expect(stored.status, JSON.stringify(stored.body)).toBe(200);
    const copy = await admin.post(`${LIB("document")}/${doc.body.id}/take/`, {});
    expect(copy.status).toBe(201);
    const copied = (await admin.get(`${ORG("document")}/${copy.body.id}/`)).body;
    expect(copied.file).toBe(stored.body.file);
    const replaced = await postFile(
      admin,
      `${ORG("document")}/${copy.body.id}/file/`,
      "other.pdf",
      minimalPdf("Our own handbook"),
      "file",
    );
    expect(replaced.status).toBe(200);
    expect(replaced.body.file).not.toBe(stored.body.file);
    expect(
      (await admin.get(String(stored.body.file).replace(/^.*\/api\//, "/api/"))).status,
      "the library's file is still served",
    ).toBe(200);
  });

  it("needs the organisation's add flag, and writes nothing when refused", async () => {
    const [course] = await ids(LIB("course"));
    const before = {
      course: await count("course"),
      sections: await count("content_section"),
      materials: await count("content_material"),
    };
    // The viewer sees the library (its view flag) but may not add courses.
    expect((await viewer.get(`${LIB("course")}/${course}/`)).status).toBe(200);
    expect((await viewer.post(`${LIB("course")}/${course}/take/`, {})).status).toBe(403);
    expect((await viewer.get(`${ORG("course")}/${course}/take/`)).status).toBe(404);
    expect({
      course: await count("course"),
      sections: await count("content_section"),
      materials: await count("content_material"),
    }).toEqual(before);
  });

  it("is a library call only: an organisation item has no take, a missing item is a 404", async () => {
    const [org] = await ids(ORG("video"));
    expect((await admin.post(`${ORG("video")}/${org}/take/`, {})).status).toBe(404);
    expect((await admin.post(`${LIB("video")}/999999/take/`, {})).status).toBe(404);
    expect((await admin.post(`${LIB("video")}/${org}/take/`, {})).status).toBe(404);
    expect(libraryKey("video")).toBe("coniclex_video");
  });
});
