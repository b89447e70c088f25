import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Course } from "../../contract/schemas/course";
import { SLOT_TYPES } from "../../contract/curriculum-codes";
import type {
  Curriculum,
  CurriculumIdentification,
  Material,
  Section,
  UploadedFile,
} from "../../contract/schemas/curriculum";
import { contentTypeId } from "../../api/content/ref";
import { startTestApi, type Client, type TestApi, postFile } from "./harness";

let api: TestApi;
let admin: Client;
beforeAll(async () => {
  api = await startTestApi();
  admin = api.client();
  await admin.login("admin");
});
afterAll(() => api.close());

const C = "/api/dashboard/course";
const cur = (courseId: number) => `${C}/${courseId}/curriculum`;

const idBy = async (table: "category" | "provider", code: string) =>
  (await api.db.selectFrom(table).select("id").where("code", "=", code).executeTakeFirstOrThrow()).id;
/** The content_type id of courses (the content_* tables name a course by it and its id). */
const courseType = () => contentTypeId(api.db, "course");
const count = async (
  table: "content_section" | "content_material" | "content_material_dependency",
  where?: { content_id: number },
) => {
  let q = api.db.selectFrom(table as "content_material").select((eb) => eb.fn.countAll<number>().as("n"));
  if (where && table !== "content_material_dependency")
    q = q.where("content_type_id", "=", await courseType()).where("content_id", "=", where.content_id);
  return Number((await q.executeTakeFirstOrThrow()).n);
};
async function setConfig(key: string, value: unknown) {
  await api.db
    .updateTable("config")
    .set({ value: JSON.stringify(value) })
    .where("key", "=", key)
    .execute();
}

let serial = 0;
/** A fresh course of provider ACAD (with a cover when asked), no sections. */
async function newCourse(opts: { image?: boolean } = {}) {
  serial += 1;
  const res = await admin.post(`${C}/`, {
    name: `Curriculum course ${serial}`,
    code: `CUR-${serial}`,
    category: await idBy("category", "TECH-DAT"),
    provider: await idBy("provider", "ACAD"),
  });
  if (res.status !== 201) throw new Error(`course: ${res.status} ${JSON.stringify(res.body)}`);
  const course = res.body as Course;
  if (opts.image)
    await api.db
      .updateTable("course")
      .set({ image: "/dashboard/demo/course-1.png" })
      .where("id", "=", course.id)
      .execute();
  return course.id;
}
async function addSection(courseId: number, name: string, client = admin) {
  const res = await client.post(`${cur(courseId)}/section/`, { name });
  if (res.status !== 201) throw new Error(`section: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as Section;
}
async function addMaterial(courseId: number, sectionId: number, body: Record<string, unknown>) {
  const res = await admin.post(`${cur(courseId)}/section/${sectionId}/material/`, body);
  if (res.status !== 201) throw new Error(`material: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as Material;
}
const weblink = (name: string, extra: Record<string, unknown> = {}) => ({
  slot_type: "weblink",
  name,
  url: "https://example.com/read",
  ...extra,
});
const curriculum = async (courseId: number) => (await admin.get(`${cur(courseId)}/`)).body as Curriculum;
const names = (c: Curriculum) => c.results.map((s) => [s.name, s.material_list.map((m) => m.name)]);

// Small real files of each kind.
const FILES = {
  pdf: Buffer.from("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n", "latin1"),
  mp3: Buffer.concat([
    Buffer.from("ID3\x03\x00\x00\x00\x00\x00\x00", "latin1"),
    Buffer.from([0xff, 0xfb, 0x90, 0x64]),
    Buffer.alloc(413),
  ]),
  mp4: Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypisom\0\0\0\0isomiso2", "latin1")]),
  zip: Buffer.concat([Buffer.from("PK\x03\x04", "latin1"), Buffer.alloc(40)]),
  doc: Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(64)]),
  csv: Buffer.from("\ufeffname,score\nสมชาย,10\n", "utf8"),
};

const multipart = (client: Client, url: string, filename: string, data: Buffer, field = "file") =>
  postFile(client, url, filename, data, field);
async function upload(courseId: number, slotType: string, filename: string, data: Buffer) {
  const res = await multipart(admin, `${cur(courseId)}/upload/?slot_type=${slotType}`, filename, data);
  if (res.status !== 201) throw new Error(`upload: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as UploadedFile;
}

describe("reading the curriculum", () => {
  it("answers the seeded sections in order, each with its materials in order", async () => {
    const withSections = await api.db
      .selectFrom("content_section")
      .select(["content_id", (eb) => eb.fn.countAll<number>().as("n")])
      .where("content_type_id", "=", await courseType())
      .groupBy("content_id")
      .having((eb) => eb.fn.countAll(), ">=", 3)
      .orderBy("content_id")
      .executeTakeFirstOrThrow();
    const res = await admin.get(`${cur(withSections.content_id)}/?format=json`);
    expect(res.status).toBe(200);
    const body = res.body as Curriculum;
    expect(body.count).toBe(Number(withSections.n));
    expect(body.results.map((s) => s.sort)).toEqual(body.results.map((_, i) => i + 1));
    for (const s of body.results) {
      expect(Object.keys(s).sort()).toEqual(["id", "is_display", "material_list", "name", "sort"]);
      expect(s.material_list.map((m) => m.sort)).toEqual(s.material_list.map((_, i) => i + 1));
      for (const m of s.material_list) {
        expect(m.section).toBe(s.id);
        expect(Object.keys(m).sort()).toEqual(
          [
            "id",
            "section",
            "sort",
            "slot_type",
            "name",
            "is_required",
            "is_preview",
            "is_display",
            "is_non_skippable",
            "is_paused_inactive",
            "is_allow_download",
            "attempt",
            "duration",
            "url",
            "file",
            "file_name",
            "media_id",
            "media",
            "dependency_list",
            "dependent_list",
            "datetime_create",
            "datetime_update",
          ].sort(),
        );
      }
    }
    expect((await admin.get(`${cur(withSections.content_id)}/section/`)).body).toEqual(body);
  });

  it("seeds every slot type, and prerequisites only inside a course", async () => {
    const types = await api.db
      .selectFrom("content_material")
      .select("slot_type")
      .where("content_type_id", "=", await courseType())
      .distinct()
      .execute();
    expect(types.map((t) => t.slot_type).sort()).toEqual([...SLOT_TYPES].sort());
    const deps = await api.db
      .selectFrom("content_material_dependency as d")
      .innerJoin("content_material as a", "a.id", "d.material_id")
      .innerJoin("content_material as b", "b.id", "d.prerequisite_id")
      .select(["a.content_type_id as at", "a.content_id as a", "b.content_type_id as bt", "b.content_id as b"])
      .execute();
    expect(deps.length).toBeGreaterThan(5);
    expect(deps.every((d) => d.at === d.bt && d.a === d.b)).toBe(true);
    // Every seeded course with sections has materials.
    const empty = await api.db
      .selectFrom("content_section as s")
      .select("s.id")
      .where("s.content_type_id", "=", await courseType())
      .where((eb) =>
        eb.not(eb.exists(eb.selectFrom("content_material as m").select("m.id").whereRef("m.section_id", "=", "s.id"))),
      )
      .execute();
    expect(empty).toEqual([]);
  });

  it("answers 401 without a session, 403 without the course flags, 404 outside the scope or for another course's parts", async () => {
    const courseId = await newCourse();
    const section = await addSection(courseId, "Intro");
    expect((await api.client().get(`${cur(courseId)}/`)).status).toBe(401);
    const learner = api.client();
    await learner.login("learner");
    expect((await learner.get(`${cur(courseId)}/`)).status).toBe(403);
    const manager = api.client();
    await manager.login("manager");
    expect((await manager.get(`${cur(courseId)}/`)).status).toBe(403);
    expect((await manager.post(`${cur(courseId)}/section/`, { name: "x" })).status).toBe(403);
    // The provider sees only its provider's courses (this one is ACAD, the demo provider is BLC).
    const provider = api.client();
    await provider.login("provider");
    expect((await provider.get(`${cur(courseId)}/`)).status).toBe(404);
    expect((await provider.post(`${cur(courseId)}/section/`, { name: "x" })).status).toBe(404);
    expect((await admin.get(`${cur(999999)}/`)).status).toBe(404);
    const other = await newCourse();
    expect((await admin.get(`${cur(other)}/section/${section.id}/`)).status).toBe(404);
    expect((await admin.patch(`${cur(other)}/section/${section.id}/`, { name: "Stolen" })).status).toBe(404);
    expect((await admin.delete(`${cur(other)}/section/${section.id}/`)).status).toBe(404);
    expect(await count("content_section", { content_id: courseId })).toBe(1);
  });

  it("lets the instructor read and change the curriculum of a course it teaches, and refuses it the others", async () => {
    const instructor = api.client();
    await instructor.login("instructor");
    const own = (await instructor.get(`${C}/?page_size=1`)).body.results[0] as Course;
    expect((await instructor.get(`${cur(own.id)}/`)).status).toBe(200);
    const added = await addSection(own.id, "Instructor's section", instructor);
    expect(added.name).toBe("Instructor's section");
    const foreign = await newCourse();
    expect((await instructor.get(`${cur(foreign)}/`)).status).toBe(404);
  });
});

describe("sections", () => {
  it("adds sections at the end, renames, hides and shows them", async () => {
    const courseId = await newCourse();
    const a = await addSection(courseId, "  Introduction  ");
    const b = await addSection(courseId, "บทที่ 2");
    expect([a.name, a.sort, a.is_display, a.material_list]).toEqual(["Introduction", 1, true, []]);
    expect(b.sort).toBe(2);
    const renamed = await admin.patch(`${cur(courseId)}/section/${a.id}/`, { name: "Welcome" });
    expect(renamed.body).toMatchObject({ id: a.id, name: "Welcome", is_display: true });
    expect((await admin.patch(`${cur(courseId)}/section/${a.id}/`, { is_display: false })).body.is_display).toBe(false);
    expect((await admin.patch(`${cur(courseId)}/section/${a.id}/`, { is_display: "true" })).body.is_display).toBe(true);
    expect(
      (await admin.post(`${cur(courseId)}/section/`, { name: "Hidden at first", is_display: "false" })).body.is_display,
    ).toBe(false);
  });

  it("refuses a section without a name or with one too long, and writes nothing", async () => {
    const courseId = await newCourse();
    for (const [body, error] of [
      [{}, "required"],
      [{ name: "   " }, "required"],
      [{ name: "x".repeat(201) }, "too_long"],
    ] as const) {
      const res = await admin.post(`${cur(courseId)}/section/`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual({ name: [error] });
    }
    expect(await count("content_section", { content_id: courseId })).toBe(0);
    const s = await addSection(courseId, "Kept");
    expect((await admin.patch(`${cur(courseId)}/section/${s.id}/`, { name: "" })).status).toBe(400);
    expect((await admin.patch(`${cur(courseId)}/section/${s.id}/`, { is_display: "maybe" })).body).toEqual({
      is_display: ["invalid"],
    });
    expect((await curriculum(courseId)).results[0]).toMatchObject({ name: "Kept", is_display: true });
  });

  it("moves a section up and down one step, and takes an explicit order", async () => {
    const courseId = await newCourse();
    const [a, b, c] = [
      await addSection(courseId, "A"),
      await addSection(courseId, "B"),
      await addSection(courseId, "C"),
    ];
    const order = async () => (await curriculum(courseId)).results.map((s) => s.name);
    expect((await admin.post(`${cur(courseId)}/section/${c.id}/move/`, { direction: "up" })).status).toBe(200);
    expect(await order()).toEqual(["A", "C", "B"]);
    await admin.post(`${cur(courseId)}/section/${a.id}/move/`, { direction: "down" });
    expect(await order()).toEqual(["C", "A", "B"]);
    // At the edge nothing moves.
    await admin.post(`${cur(courseId)}/section/${c.id}/move/`, { direction: "up" });
    await admin.post(`${cur(courseId)}/section/${b.id}/move/`, { direction: "down" });
    expect(await order()).toEqual(["C", "A", "B"]);
    expect((await admin.post(`${cur(courseId)}/section/${b.id}/move/`, { direction: "left" })).body).toEqual({
      direction: ["invalid_choice"],
    });

    const res = await admin.post(`${cur(courseId)}/section/reorder/`, { id_list: [b.id, c.id, a.id] });
    expect(res.status).toBe(200);
    expect(names(res.body)).toEqual([
      ["B", []],
      ["C", []],
      ["A", []],
    ]);
    expect((res.body as Curriculum).results.map((s) => s.sort)).toEqual([1, 2, 3]);
    const other = await addSection(await newCourse(), "Elsewhere");
    for (const id_list of [
      [a.id, b.id],
      [a.id, b.id, c.id, other.id],
      [a.id, a.id, b.id, c.id],
      [a.id, b.id, other.id],
      "x",
    ]) {
      const bad = await admin.post(`${cur(courseId)}/section/reorder/`, { id_list });
      expect(bad.status, JSON.stringify(id_list)).toBe(400);
    }
    expect(await order()).toEqual(["B", "C", "A"]);
  });

  it("deletes a section with its materials and renumbers the rest", async () => {
    const courseId = await newCourse();
    const [a, b, c] = [
      await addSection(courseId, "A"),
      await addSection(courseId, "B"),
      await addSection(courseId, "C"),
    ];
    await addMaterial(courseId, b.id, weblink("In B"));
    expect((await admin.delete(`${cur(courseId)}/section/${b.id}/`)).status).toBe(204);
    const after = await curriculum(courseId);
    expect(after.results.map((s) => [s.id, s.sort])).toEqual([
      [a.id, 1],
      [c.id, 2],
    ]);
    expect(await count("content_material", { content_id: courseId })).toBe(0);
    expect((await admin.delete(`${cur(courseId)}/section/${b.id}/`)).status).toBe(404);
  });
});

describe("removing the last section", () => {
  it("unpublishes the course in the same transaction; publishing then needs a section again", async () => {
    const courseId = await newCourse({ image: true });
    const [a, b] = [await addSection(courseId, "A"), await addSection(courseId, "B")];
    expect((await admin.patch(`${C}/${courseId}/`, { is_display: true })).status).toBe(200);
    await admin.delete(`${cur(courseId)}/section/${a.id}/`);
    let course = (await admin.get(`${C}/${courseId}/`)).body as Course;
    expect([course.is_display, course.section_count]).toEqual([true, 1]);
    await admin.delete(`${cur(courseId)}/section/${b.id}/`);
    course = (await admin.get(`${C}/${courseId}/`)).body as Course;
    expect([course.is_display, course.publish_status, course.publish_label, course.section_count]).toEqual([
      false,
      "unpublish",
      "publish_label_unpublished",
      0,
    ]);
    expect((await admin.patch(`${C}/${courseId}/`, { is_display: true })).status).toBe(417);
    await addSection(courseId, "Again");
    expect((await admin.patch(`${C}/${courseId}/`, { is_display: true })).status).toBe(200);
  });

  it("turns a scheduled course back into a draft, and leaves an unpublished one alone", async () => {
    const scheduled = await newCourse({ image: true });
    const only = await addSection(scheduled, "Only");
    const start = new Date(api.clock.now.getTime() + 5 * 24 * 3600 * 1000).toISOString();
    expect((await admin.patch(`${C}/${scheduled}/`, { is_display: true, datetime_start: start })).status).toBe(200);
    await admin.delete(`${cur(scheduled)}/section/${only.id}/`);
    expect((await admin.get(`${C}/${scheduled}/`)).body).toMatchObject({
      is_display: false,
      datetime_start: null,
      publish_label: "publish_label_draft",
    });

    const draft = await newCourse();
    const s = await addSection(draft, "Only");
    const before = (await admin.get(`${C}/${draft}/`)).body as Course;
    await admin.delete(`${cur(draft)}/section/${s.id}/`);
    expect((await admin.get(`${C}/${draft}/`)).body).toMatchObject({
      is_display: false,
      publish_label: before.publish_label,
      section_count: 0,
    });
  });

  it("hidden sections still count for publishing (docs/decisions/009)", async () => {
    const courseId = await newCourse({ image: true });
    const s = await addSection(courseId, "Hidden");
    await admin.patch(`${cur(courseId)}/section/${s.id}/`, { is_display: false });
    expect((await admin.patch(`${C}/${courseId}/`, { is_display: true })).status).toBe(200);
  });
});

describe("materials", () => {
  it("creates a slot of each link type with its defaults, and a generic one", async () => {
    const courseId = await newCourse();
    const s = await addSection(courseId, "Links");
    const link = await addMaterial(courseId, s.id, weblink("Read this"));
    expect(link).toMatchObject({
      section: s.id,
      sort: 1,
      slot_type: "weblink",
      name: "Read this",
      url: "https://example.com/read",
      file: null,
      is_required: true,
      is_preview: false,
      is_display: true,
      is_non_skippable: false,
      is_paused_inactive: false,
      is_allow_download: false,
      attempt: 0,
      duration: 0,
      dependency_list: [],
      dependent_list: [],
    });
    for (const url of [
      "https://www.youtube.com/watch?v=aircAruvnKk",
      "https://youtu.be/aircAruvnKk",
      "http://m.youtube.com/shorts/aircAruvnKk?feature=x",
      "https://www.youtube-nocookie.com/embed/aircAruvnKk",
    ]) {
      const yt = await addMaterial(courseId, s.id, { slot_type: "youtube", name: "Watch", url });
      expect(yt.url).toBe(url);
    }
    // What an HTML form posts: texts and "on".
    const generic = await addMaterial(courseId, s.id, {
      slot_type: "generic",
      name: "Workshop",
      is_required: "false",
      is_preview: "on",
      is_non_skippable: "1",
      attempt: "3",
      duration: "5400",
      url: "https://ignored.example",
    });
    expect(generic).toMatchObject({
      slot_type: "generic",
      is_required: false,
      is_preview: true,
      is_non_skippable: true,
      attempt: 3,
      duration: 5400,
      url: null,
      sort: 6,
    });
  });

  it("applies the URL rules: required, http:// or https://, at most url-limit, youtube links only for youtube", async () => {
    const courseId = await newCourse();
    const s = await addSection(courseId, "Links");
    const cases: [Record<string, unknown>, string][] = [
      [{ slot_type: "weblink", name: "x" }, "required"],
      [{ slot_type: "weblink", name: "x", url: "  " }, "required"],
      [{ slot_type: "weblink", name: "x", url: "www.example.com" }, "url_must_start_with_http"],
      [{ slot_type: "weblink", name: "x", url: "ftp://example.com" }, "url_must_start_with_http"],
      [{ slot_type: "weblink", name: "x", url: `https://example.com/${"a".repeat(240)}` }, "too_long"],
      [{ slot_type: "weblink", name: "x", url: "https://" }, "invalid"],
      [{ slot_type: "youtube", name: "x", url: "https://vimeo.com/12345" }, "invalid_video_link"],
      [{ slot_type: "youtube", name: "x", url: "https://www.youtube.com/watch?v=short" }, "invalid_video_link"],
      [
        { slot_type: "youtube", name: "x", url: "https://youtube.com.evil.example/watch?v=aircAruvnKk" },
        "invalid_video_link",
      ],
      [{ slot_type: "youtube", name: "x", url: "youtu.be/aircAruvnKk" }, "url_must_start_with_http"],
    ];
    for (const [body, error] of cases) {
      const res = await admin.post(`${cur(courseId)}/section/${s.id}/material/`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body, JSON.stringify(body)).toEqual({ url: [error] });
    }
    await setConfig("url-limit", 30);
    try {
      const res = await admin.post(
        `${cur(courseId)}/section/${s.id}/material/`,
        weblink("x", { url: "https://example.com/abcdefghijklmnop" }),
      );
      expect(res.body).toEqual({ url: ["too_long"] });
    } finally {
      await setConfig("url-limit", 255);
    }
    expect(await count("content_material", { content_id: courseId })).toBe(0);
  });

  it("refuses bad slot forms with all their field errors and writes nothing", async () => {
    const courseId = await newCourse();
    const s = await addSection(courseId, "S");
    expect((await admin.post(`${cur(courseId)}/section/${s.id}/material/`, { name: "x" })).body).toEqual({
      slot_type: ["required"],
    });
    expect(
      (await admin.post(`${cur(courseId)}/section/${s.id}/material/`, { slot_type: "video", name: "x" })).body,
    ).toEqual({ slot_type: ["invalid_choice"] });
    const res = await admin.post(`${cur(courseId)}/section/${s.id}/material/`, {
      slot_type: "generic",
      name: "",
      attempt: -1,
      duration: "abc",
      is_preview: "perhaps",
      dependency_list: "a,b",
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body).sort()).toEqual(["attempt", "dependency_list", "duration", "is_preview", "name"]);
    expect(res.body.attempt).toEqual(["value_too_small"]);
    expect(
      (
        await admin.post(`${cur(courseId)}/section/${s.id}/material/`, {
          slot_type: "generic",
          name: "x",
          attempt: 1000,
        })
      ).body,
    ).toEqual({ attempt: ["value_too_large"] });
    expect(
      (await admin.post(`${cur(courseId)}/section/${s.id}/material/`, { slot_type: "document", name: "x" })).body,
    ).toEqual({ file: ["required"] });
    expect(await count("content_material", { content_id: courseId })).toBe(0);
  });

  it("updates only the fields given; the slot type stays", async () => {
    const courseId = await newCourse();
    const s = await addSection(courseId, "S");
    const m = await addMaterial(courseId, s.id, weblink("Before", { attempt: 2 }));
    // The slot type is no field of an update: named, never silently dropped (issue 33), nothing written.
    const retyped = await admin.patch(`${cur(courseId)}/material/${m.id}/`, {
      name: "After",
      is_preview: true,
      slot_type: "generic",
    });
    expect(retyped).toMatchObject({ status: 400, body: { slot_type: ["unknown_field"] } });
    expect((await admin.get(`${cur(courseId)}/material/${m.id}/`)).body).toMatchObject({
      name: "Before",
      slot_type: "weblink",
    });
    const res = await admin.patch(`${cur(courseId)}/material/${m.id}/`, { name: "After", is_preview: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: "After",
      is_preview: true,
      slot_type: "weblink",
      attempt: 2,
      url: "https://example.com/read",
      is_required: true,
    });
    expect((await admin.patch(`${cur(courseId)}/material/${m.id}/`, { url: "example.com" })).body).toEqual({
      url: ["url_must_start_with_http"],
    });
    expect((await admin.get(`${cur(courseId)}/material/${m.id}/`)).body.url).toBe("https://example.com/read");
    expect((await admin.patch(`${cur(courseId)}/material/${m.id}/`, { is_display: false })).body.is_display).toBe(
      false,
    );
  });

  it("moves materials within a section, across sections, and by explicit order", async () => {
    const courseId = await newCourse();
    const [s1, s2] = [await addSection(courseId, "S1"), await addSection(courseId, "S2")];
    const [a, b] = [await addMaterial(courseId, s1.id, weblink("a")), await addMaterial(courseId, s1.id, weblink("b"))];
    const c = await addMaterial(courseId, s2.id, weblink("c"));
    const move = (id: number, body: Record<string, unknown>) =>
      admin.post(`${cur(courseId)}/material/${id}/move/`, body);
    expect(names((await move(b.id, { direction: "up" })).body)).toEqual([
      ["S1", ["b", "a"]],
      ["S2", ["c"]],
    ]);
    // Down past the end of S1: first of S2; up past the top of S2: last of S1.
    expect(names((await move(a.id, { direction: "down" })).body)).toEqual([
      ["S1", ["b"]],
      ["S2", ["a", "c"]],
    ]);
    expect(names((await move(a.id, { direction: "up" })).body)).toEqual([
      ["S1", ["b", "a"]],
      ["S2", ["c"]],
    ]);
    expect(names((await move(b.id, { direction: "up" })).body)).toEqual([
      ["S1", ["b", "a"]],
      ["S2", ["c"]],
    ]); // first of all: stays
    expect(names((await move(c.id, { direction: "down" })).body)).toEqual([
      ["S1", ["b", "a"]],
      ["S2", ["c"]],
    ]); // last of all: stays
    expect(names((await move(c.id, { section: s1.id, position: 1 })).body)).toEqual([
      ["S1", ["c", "b", "a"]],
      ["S2", []],
    ]);
    expect(names((await move(b.id, { section: s2.id })).body)).toEqual([
      ["S1", ["c", "a"]],
      ["S2", ["b"]],
    ]);
    const other = await addSection(await newCourse(), "Elsewhere");
    expect((await move(b.id, { section: other.id })).body).toEqual({ section: ["invalid_choice"] });
    expect((await move(b.id, { direction: "sideways" })).status).toBe(400);
    const after = await curriculum(courseId);
    expect(after.results.map((s) => s.material_list.map((m) => m.sort))).toEqual([[1, 2], [1]]);

    const reorder = await admin.post(`${cur(courseId)}/section/${s1.id}/material/reorder/`, { id_list: [a.id, c.id] });
    expect(reorder.body.material_list.map((m: Material) => m.name)).toEqual(["a", "c"]);
    expect(
      (await admin.post(`${cur(courseId)}/section/${s1.id}/material/reorder/`, { id_list: [a.id, b.id] })).body,
    ).toEqual({ id_list: ["invalid_choice"] });
  });

  it("deletes a material and renumbers its section", async () => {
    const courseId = await newCourse();
    const s = await addSection(courseId, "S");
    const [a, b, c] = [
      await addMaterial(courseId, s.id, weblink("a")),
      await addMaterial(courseId, s.id, weblink("b")),
      await addMaterial(courseId, s.id, weblink("c")),
    ];
    expect((await admin.delete(`${cur(courseId)}/material/${b.id}/`)).status).toBe(204);
    expect((await curriculum(courseId)).results[0].material_list.map((m) => [m.id, m.sort])).toEqual([
      [a.id, 1],
      [c.id, 2],
    ]);
    expect((await admin.get(`${cur(courseId)}/material/${b.id}/`)).status).toBe(404);
    const other = await newCourse();
    expect((await admin.delete(`${cur(other)}/material/${a.id}/`)).status).toBe(404);
  });
});

describe("files", () => {
  it("uploads a file of each upload slot type, serves it, and creates the slot with it", async () => {
    const courseId = await newCourse();
    const s = await addSection(courseId, "Files");
    const cases: [string, string, Buffer][] = [
      ["document", "Handbook.PDF", FILES.pdf],
      ["media", "talk.mp3", FILES.mp3],
      ["media", "clip.mp4", FILES.mp4],
      ["scorm", "package.zip", FILES.zip],
      ["file", "notes.doc", FILES.doc],
      ["file", "sheet.xlsx", FILES.zip],
      ["file", "list.csv", FILES.csv],
      ["file", "guide.pdf", FILES.pdf],
    ];
    for (const [slotType, name, data] of cases) {
      const up = await upload(courseId, slotType, name, data);
      expect(up).toEqual({
        file: expect.stringMatching(/^\/api\/media\/material\/[0-9a-f]{40}\.[a-z0-9]+$/),
        file_name: name,
        file_size: data.length,
        slot_type: slotType,
      });
      const served = await admin.get(up.file);
      expect(served.status).toBe(200);
      expect(served.headers["x-content-type-options"]).toBe("nosniff");
      const m = await addMaterial(courseId, s.id, {
        slot_type: slotType,
        name,
        file: up.file,
        file_name: up.file_name,
        is_allow_download: true,
      });
      expect(m).toMatchObject({
        slot_type: slotType,
        file: up.file,
        file_name: name,
        is_allow_download: true,
        url: null,
      });
    }
    expect(fs.readdirSync(path.join(api.mediaDir, "material")).length).toBe(cases.length - 1); // the two zips are one file
  });

  it("refuses the wrong extension, content that is not what it says, a file too large and a bad slot type", async () => {
    const courseId = await newCourse();
    const url = (t: string) => `${cur(courseId)}/upload/?slot_type=${t}`;
    expect((await multipart(admin, url("document"), "notes.docx", FILES.zip)).body).toEqual({
      file: ["invalid_file_type"],
    });
    expect((await multipart(admin, url("document"), "fake.pdf", Buffer.from("<html>not a pdf</html>"))).body).toEqual({
      file: ["invalid_file_type"],
    });
    expect((await multipart(admin, url("scorm"), "package.pdf", FILES.pdf)).body).toEqual({
      file: ["invalid_file_type"],
    });
    expect((await multipart(admin, url("media"), "clip.mp4", FILES.pdf)).body).toEqual({ file: ["invalid_file_type"] });
    expect((await multipart(admin, url("file"), "data.csv", Buffer.from([0x61, 0x00, 0x62]))).body).toEqual({
      file: ["invalid_file_type"],
    });
    expect((await multipart(admin, url("weblink"), "a.pdf", FILES.pdf)).body).toEqual({
      slot_type: ["invalid_choice"],
    });
    expect((await multipart(admin, `${cur(courseId)}/upload/`, "a.pdf", FILES.pdf)).body).toEqual({
      slot_type: ["invalid_choice"],
    });
    expect((await multipart(admin, url("document"), "a.pdf", FILES.pdf, "image")).body).toEqual({ file: ["required"] });
    expect((await admin.post(url("document"), { file: "x" })).body).toEqual({ file: ["required"] });
    await setConfig("file-size-limit", 100);
    try {
      expect((await multipart(admin, url("media"), "talk.mp3", FILES.mp3)).body).toEqual({ file: ["file_too_large"] });
    } finally {
      await setConfig("file-size-limit", 10485760);
    }
    const learner = api.client();
    await learner.login("learner");
    expect((await multipart(learner, url("document"), "a.pdf", FILES.pdf)).status).toBe(403);
    expect(
      fs.existsSync(path.join(api.mediaDir, "material"))
        ? fs.readdirSync(path.join(api.mediaDir, "material")).filter((f) => f.endsWith(".pdf")).length
        : 0,
    ).toBeLessThanOrEqual(1);
  });

  it("accepts only a file an upload answered, of the slot's kind", async () => {
    const courseId = await newCourse();
    const s = await addSection(courseId, "Files");
    const pdf = await upload(courseId, "document", "a.pdf", FILES.pdf);
    const body = (file: string, slot_type = "document") => ({ slot_type, name: "Doc", file });
    const post = (b: Record<string, unknown>) => admin.post(`${cur(courseId)}/section/${s.id}/material/`, b);
    expect((await post(body("/etc/passwd"))).body).toEqual({ file: ["file_not_ready"] });
    expect((await post(body("/api/media/material/../../secret.key"))).body).toEqual({ file: ["file_not_ready"] });
    expect((await post(body(`/api/media/material/${"0".repeat(40)}.pdf`))).body).toEqual({ file: ["file_not_ready"] });
    expect((await post(body(pdf.file, "scorm"))).body).toEqual({ file: ["invalid_file_type"] });
    const m = await addMaterial(courseId, s.id, body(pdf.file));
    expect(m.file_name).toBe(pdf.file.split("/").pop());
    // A PATCH may leave the file as it is, or send the same one, or a new one.
    expect((await admin.patch(`${cur(courseId)}/material/${m.id}/`, { name: "Renamed" })).body.file).toBe(pdf.file);
    expect((await admin.patch(`${cur(courseId)}/material/${m.id}/`, { file: pdf.file })).status).toBe(200);
    const other = await upload(courseId, "document", "b.pdf", Buffer.concat([FILES.pdf, Buffer.from("% v2\n")]));
    expect(
      (await admin.patch(`${cur(courseId)}/material/${m.id}/`, { file: other.file, file_name: "b.pdf" })).body,
    ).toMatchObject({ file: other.file, file_name: "b.pdf" });
    expect((await admin.patch(`${cur(courseId)}/material/${m.id}/`, { file: "/api/media/course/x.png" })).body).toEqual(
      { file: ["file_not_ready"] },
    );
  });
});

describe("prerequisites", () => {
  async function chain() {
    const courseId = await newCourse({ image: true });
    const [s1, s2] = [await addSection(courseId, "S1"), await addSection(courseId, "S2")];
    const a = await addMaterial(courseId, s1.id, weblink("a"));
    const b = await addMaterial(courseId, s1.id, weblink("b", { dependency_list: [a.id] }));
    const c = await addMaterial(courseId, s2.id, weblink("c", { dependency_list: `${b.id}` }));
    return { courseId, s1, s2, a, b, c };
  }

  it("answers each material's prerequisites and dependents", async () => {
    const { courseId, a, b, c } = await chain();
    const [m1, m2] = (await curriculum(courseId)).results;
    const byName = Object.fromEntries([...m1.material_list, ...m2.material_list].map((m) => [m.name, m]));
    expect(byName.a).toMatchObject({ dependency_list: [], dependent_list: [{ id: b.id, name: "b" }] });
    expect(byName.b).toMatchObject({
      dependency_list: [{ id: a.id, name: "a" }],
      dependent_list: [{ id: c.id, name: "c" }],
    });
    expect(byName.c).toMatchObject({ dependency_list: [{ id: b.id, name: "b" }], dependent_list: [] });
  });

  it("refuses prerequisites of another course, the material itself and cycles, writing nothing", async () => {
    const { courseId, a, b, c } = await chain();
    const foreign = await (async () => {
      const other = await newCourse();
      const s = await addSection(other, "Other");
      return addMaterial(other, s.id, weblink("foreign"));
    })();
    const patch = (id: number, dependency_list: unknown) =>
      admin.patch(`${cur(courseId)}/material/${id}/`, { dependency_list, name: "changed" });
    expect((await patch(a.id, [foreign.id])).body).toEqual({ dependency_list: ["invalid_choice"] });
    expect((await patch(a.id, [999999])).body).toEqual({ dependency_list: ["invalid_choice"] });
    expect((await patch(a.id, [a.id])).body).toEqual({ dependency_list: ["dependency_cycle"] });
    expect((await patch(a.id, [c.id])).body).toEqual({ dependency_list: ["dependency_cycle"] });
    expect((await patch(a.id, [b.id])).body).toEqual({ dependency_list: ["dependency_cycle"] });
    expect(
      (
        await admin.post(
          `${cur(courseId)}/section/${(await curriculum(courseId)).results[0].id}/material/`,
          weblink("n", { dependency_list: [foreign.id] }),
        )
      ).body,
    ).toEqual({ dependency_list: ["invalid_choice"] });
    const after = await admin.get(`${cur(courseId)}/material/${a.id}/`);
    expect(after.body).toMatchObject({ name: "a", dependency_list: [] });
    // Allowed: another prerequisite that closes no cycle; clearing them.
    expect((await patch(c.id, [a.id, b.id])).body.dependency_list.map((d: { id: number }) => d.id)).toEqual([
      a.id,
      b.id,
    ]);
    expect((await patch(c.id, "")).body.dependency_list).toEqual([]);
  });

  it("refuses to delete or hide a material that is a prerequisite (424), then allows it once freed", async () => {
    const { courseId, a, b } = await chain();
    const del = await admin.delete(`${cur(courseId)}/material/${a.id}/`);
    expect(del.status).toBe(424);
    expect(del.body).toEqual({ detail: "cannot_delete_because_dependency", dependent_list: [{ id: b.id, name: "b" }] });
    const hide = await admin.patch(`${cur(courseId)}/material/${a.id}/`, { is_display: false, name: "renamed too" });
    expect(hide.status).toBe(424);
    expect(hide.body).toEqual({ detail: "material_is_prerequisite", dependent_list: [{ id: b.id, name: "b" }] });
    expect((await admin.get(`${cur(courseId)}/material/${a.id}/`)).body).toMatchObject({ name: "a", is_display: true });
    // Freed: b no longer needs a.
    await admin.patch(`${cur(courseId)}/material/${b.id}/`, { dependency_list: [] });
    expect((await admin.patch(`${cur(courseId)}/material/${a.id}/`, { is_display: false })).status).toBe(200);
    expect((await admin.delete(`${cur(courseId)}/material/${a.id}/`)).status).toBe(204);
  });

  it("refuses to delete or hide a section holding a prerequisite of another section's material; dependencies inside go with it", async () => {
    const { courseId, s1, s2, b, c } = await chain();
    const del = await admin.delete(`${cur(courseId)}/section/${s1.id}/`);
    expect(del.status).toBe(424);
    expect(del.body).toEqual({ detail: "cannot_delete_because_dependency", dependent_list: [{ id: c.id, name: "c" }] });
    const hide = await admin.patch(`${cur(courseId)}/section/${s1.id}/`, { is_display: false });
    expect([hide.status, hide.body.detail]).toEqual([424, "material_is_prerequisite"]);
    expect(await count("content_section", { content_id: courseId })).toBe(2);
    expect((await admin.get(`${C}/${courseId}/`)).body.section_count).toBe(2);
    // S2 depends on S1 but nothing depends on S2: it may go, and its dependency rows with it.
    expect((await admin.patch(`${cur(courseId)}/section/${s2.id}/`, { is_display: false })).status).toBe(200);
    expect((await admin.delete(`${cur(courseId)}/section/${s2.id}/`)).status).toBe(204);
    // Now S1's prerequisite chain (a → b) is inside S1 only.
    expect((await admin.delete(`${cur(courseId)}/section/${s1.id}/`)).status).toBe(204);
    const left = await api.db
      .selectFrom("content_material_dependency")
      .select("material_id")
      .where("material_id", "in", [b.id, c.id])
      .execute();
    expect(left).toEqual([]);
  });

  it("deleting the course takes its whole curriculum", async () => {
    const { courseId } = await chain();
    expect((await admin.delete(`${C}/${courseId}/`)).status).toBe(204);
    expect(await count("content_section", { content_id: courseId })).toBe(0);
    expect(await count("content_material", { content_id: courseId })).toBe(0);
  });
});

describe("curriculum identification", () => {
  async function courseWithSlots() {
    const courseId = await newCourse();
    const [s1, s2] = [await addSection(courseId, "S1"), await addSection(courseId, "S2")];
    const a = await addMaterial(courseId, s1.id, weblink("a"));
    const b = await addMaterial(courseId, s1.id, { slot_type: "generic", name: "b" });
    return { courseId, s1, s2, a, b };
  }
  const url = (courseId: number) => `${cur(courseId)}/identification/`;

  it("answers every section with its slots, defaults at the configured minimums", async () => {
    const { courseId, s1, s2, a, b } = await courseWithSlots();
    const res = await admin.get(url(courseId));
    expect(res.status).toBe(200);
    const defaults = { is_enabled: false, identification: 0, lock_method: 1, attempt: 1, duration_lock: 60 };
    expect(res.body).toEqual({
      minimum: { attempt: 1, duration: 60 },
      item_list: [
        {
          id: s1.id,
          name: "S1",
          ...defaults,
          slot_list: [
            { id: a.id, name: "a", ...defaults, random: false, content_type: "weblink", content_name: "a" },
            { id: b.id, name: "b", ...defaults, random: false, content_type: "generic", content_name: "b" },
          ],
        },
        { id: s2.id, name: "S2", ...defaults, slot_list: [] },
      ],
    } satisfies CurriculumIdentification);
    await setConfig("iden-lock-attempt-minimum", 3);
    try {
      expect((await admin.get(url(courseId))).body.item_list[1]).toMatchObject({ attempt: 3 });
    } finally {
      await setConfig("iden-lock-attempt-minimum", 1);
    }
  });

  it("saves the listed sections and slots (duration in seconds), leaving the others", async () => {
    const { courseId, s1, s2, a, b } = await courseWithSlots();
    const res = await admin.put(url(courseId), {
      item_list: [
        {
          id: s1.id,
          is_enabled: true,
          identification: 2,
          lock_method: 2,
          attempt: 3,
          duration_lock: 5400,
          slot_list: [
            {
              id: a.id,
              is_enabled: "on",
              identification: "1",
              lock_method: "1",
              attempt: "5",
              duration_lock: "600",
              random: true,
              content_name: "ignored",
            },
          ],
        },
      ],
    });
    expect(res.status).toBe(200);
    const [i1, i2] = (res.body as CurriculumIdentification).item_list;
    expect(i1).toMatchObject({
      id: s1.id,
      is_enabled: true,
      identification: 2,
      lock_method: 2,
      attempt: 3,
      duration_lock: 5400,
    });
    expect(i1.slot_list[0]).toMatchObject({
      id: a.id,
      is_enabled: true,
      identification: 1,
      lock_method: 1,
      attempt: 5,
      duration_lock: 600,
      random: true,
      content_name: "a",
    });
    expect(i1.slot_list[1]).toMatchObject({ id: b.id, is_enabled: false, duration_lock: 60 });
    expect(i2).toMatchObject({ id: s2.id, is_enabled: false });
    const row = await api.db
      .selectFrom("content_section")
      .select(["iden_duration_lock", "iden_is_enabled"])
      .where("id", "=", s1.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ iden_duration_lock: 5400, iden_is_enabled: 1 });
  });

  it("refuses bad settings with errors named by their place, writing nothing", async () => {
    const { courseId, s1, s2, a } = await courseWithSlots();
    const other = await courseWithSlots();
    const before = (await admin.get(url(courseId))).body;
    const res = await admin.put(url(courseId), {
      item_list: [
        { id: s2.id, is_enabled: true, attempt: 0, duration_lock: 59 },
        { id: s1.id, identification: 3, lock_method: 0, slot_list: [{ id: a.id, attempt: 100, duration_lock: "x" }] },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      "item_list[0].attempt": ["value_too_small"],
      "item_list[0].duration_lock": ["value_too_small"],
      "item_list[1].identification": ["invalid_choice"],
      "item_list[1].lock_method": ["invalid_choice"],
      "item_list[1].slot_list[0].attempt": ["value_too_large"],
      "item_list[1].slot_list[0].duration_lock": ["invalid"],
    });
    const foreign = await admin.put(url(courseId), {
      item_list: [
        { id: s1.id, is_enabled: true, slot_list: [{ id: other.a.id }] },
        { id: other.s1.id },
        { id: s2.id, slot_list: [{ id: a.id }] },
      ],
    });
    expect(foreign.body).toEqual({
      "item_list[0].slot_list[0].id": ["invalid_choice"],
      "item_list[1].id": ["invalid_choice"],
      "item_list[2].slot_list[0].id": ["invalid_choice"],
    });
    expect((await admin.put(url(courseId), { item_list: "x" })).body).toEqual({ item_list: ["invalid"] });
    expect((await admin.get(url(courseId))).body).toEqual(before);
  });

  it("needs the change flag to save and the view flag to read", async () => {
    const { courseId } = await courseWithSlots();
    const manager = api.client();
    await manager.login("manager");
    expect((await manager.get(url(courseId))).status).toBe(403);
    expect((await manager.put(url(courseId), { item_list: [] })).status).toBe(403);
    expect((await api.client().put(url(courseId), { item_list: [] })).status).toBe(401);
  });
});

describe("course update time", () => {
  it("moves forward with every curriculum change", async () => {
    const courseId = await newCourse();
    const stamp = async () => ((await admin.get(`${C}/${courseId}/`)).body as Course).datetime_update;
    const t0 = await stamp();
    api.advance(60_000);
    const s = await addSection(courseId, "S");
    const t1 = await stamp();
    expect(t1 > t0).toBe(true);
    api.advance(60_000);
    await addMaterial(courseId, s.id, weblink("m"));
    expect((await stamp()) > t1).toBe(true);
  });
});
