import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { derivePublishStatus } from "../../contract/codes";
import type { Course, CourseRow } from "../../contract/schemas/course";
import { png } from "./fixture-files";
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
const DAY = 24 * 3600 * 1000;

const idBy = async (
  table: "category" | "provider" | "instructor" | "tag" | "level" | "learning_program",
  code: string,
) => (await api.db.selectFrom(table).select("id").where("code", "=", code).executeTakeFirstOrThrow()).id;
const courseCount = async () =>
  Number(
    (
      await api.db
        .selectFrom("course")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
const courseByCode = (code: string) =>
  api.db.selectFrom("course").selectAll().where("code", "=", code).executeTakeFirst();
const countOf = async (table: "course_instructor" | "content_tag" | "content_section" | "content_prerequisite") =>
  Number(
    (
      await api.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
const courseType = async () =>
  (await api.db.selectFrom("content_type").select("id").where("code", "=", "course").executeTakeFirstOrThrow()).id;
async function setConfig(key: string, value: unknown) {
  await api.db
    .updateTable("config")
    .set({ value: JSON.stringify(value) })
    .where("key", "=", key)
    .execute();
}

/** A minimal valid create body. */
async function validBody(code: string, extra: Record<string, unknown> = {}) {
  return {
    name: `Course ${code}`,
    code,
    category: await idBy("category", "TECH-DAT"),
    provider: await idBy("provider", "ACAD"),
    ...extra,
  };
}
async function create(code: string, extra: Record<string, unknown> = {}, client = admin) {
  const res = await client.post(`${C}/`, await validBody(code, extra));
  if (res.status !== 201) throw new Error(`create ${code}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as Course;
}
async function addSection(courseId: number) {
  await api.db
    .insertInto("content_section")
    .values({ content_type_id: await courseType(), content_id: courseId, name: "Introduction", sort: 1, is_display: 1 })
    .execute();
}

const GIF = Buffer.from(
  "GIF89a\x01\x00\x01\x00\x80\x00\x00\x00\x00\x00\xff\xff\xff!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;",
  "latin1",
);
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from("JFIF\0", "latin1"),
  Buffer.alloc(32),
  Buffer.from([0xff, 0xd9]),
]);

/** POST a multipart form with one file (field `image` unless told). */
const upload = (client: Client, url: string, filename: string, data: Buffer, field = "image") =>
  postFile(client, url, filename, data, field);

describe("course list", () => {
  it("answers the seeded catalogue as the paged answer, 50 a page", async () => {
    const res = await admin.get(`${C}/?format=json`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      count: 200,
      page_size: 50,
      page: 1,
      next: "/api/dashboard/course/?format=json&page=2",
    });
    expect(res.body.results).toHaveLength(50);
    const last = await admin.get(`${C}/?page=4`);
    expect(last.body).toMatchObject({ page: 4, next: null });
    // Past the end: 404 with what the dashboard needs to find the last page (spec 002 §8).
    const past = await admin.get(`${C}/?page=45`);
    expect(past.status).toBe(404);
    expect(past.body).toEqual({ detail: "not_found", count: 200, page_size: 50 });
  });

  it("answers rows of exactly the CourseRow shape, status derived", async () => {
    const res = await admin.get(`${C}/?page_size=200`);
    const keys = [
      "id",
      "name",
      "code",
      "category",
      "provider",
      "image",
      "is_display",
      "datetime_start",
      "datetime_first_publish",
      "publish_status",
      "publish_label",
      "section_count",
      "datetime_create",
      "datetime_update",
    ];
    for (const row of res.body.results as CourseRow[]) {
      expect(Object.keys(row).sort()).toEqual([...keys].sort());
      expect(row.category).toEqual({ id: expect.any(Number), name: expect.any(String) });
      const { status, label } = derivePublishStatus(row, api.clock.now);
      expect([row.publish_status, row.publish_label]).toEqual([status, label]);
    }
    // The seed has every state, with and without cover and sections; displayed ones are publishable.
    const rows = res.body.results as CourseRow[];
    for (const label of [
      "publish_label_draft",
      "publish_label_published",
      "publish_label_unpublished",
      "publish_label_scheduled",
    ]) {
      expect(rows.filter((r) => r.publish_label === label).length, label).toBeGreaterThan(5);
    }
    expect(rows.some((r) => r.image === null)).toBe(true);
    expect(rows.some((r) => r.section_count === 0)).toBe(true);
    expect(rows.filter((r) => r.is_display).every((r) => r.image && r.section_count > 0)).toBe(true);
    expect(new Set(rows.map((r) => r.provider.id)).size).toBe(3);
    expect(new Set(rows.map((r) => r.category.id)).size).toBe(9);
    expect(rows.some((r) => /[\u0E00-\u0E7F]/.test(r.name))).toBe(true);
  });

  it("searches name and code, case-insensitively, literally", async () => {
    const privacy = await admin.get(`${C}/?search=${encodeURIComponent("  DATA privacy ")}`);
    expect(privacy.body.count).toBeGreaterThan(0);
    expect(privacy.body.results.every((r: CourseRow) => r.name.toLowerCase().includes("data privacy"))).toBe(true);
    expect((await admin.get(`${C}/?search=crs-0007`)).body.results.map((r: CourseRow) => r.code)).toEqual(["CRS-0007"]);
    const thai = await admin.get(`${C}/?search=${encodeURIComponent("การสื่อสาร")}`);
    expect(thai.body.count).toBeGreaterThan(0);
    for (const term of ["%", "_", "' or 1=1 --", "\\"])
      expect((await admin.get(`${C}/?search=${encodeURIComponent(term)}`)).body.count, term).toBe(0);
  });

  it("orders by the whitelisted columns only, - for descending", async () => {
    const names = (await admin.get(`${C}/?ordering=name&page_size=200`)).body.results.map((r: CourseRow) =>
      r.name.toLowerCase(),
    );
    expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
    const codes = (await admin.get(`${C}/?ordering=-code&page_size=5`)).body.results.map((r: CourseRow) => r.code);
    expect(codes).toEqual(["CRS-0200", "CRS-0199", "CRS-0198", "CRS-0197", "CRS-0196"]);
    const created = (await admin.get(`${C}/?ordering=-datetime_create&page_size=200`)).body.results.map(
      (r: CourseRow) => r.datetime_create,
    );
    expect(created).toEqual([...created].sort().reverse());
    const updated = (await admin.get(`${C}/?page_size=200`)).body.results.map((r: CourseRow) => r.datetime_update);
    expect(updated).toEqual([...updated].sort().reverse()); // default: most recently updated first
    expect((await admin.get(`${C}/?ordering=id,-name`)).status).toBe(200);
    for (const bad of ["password_hash", "-desc", "name;drop table course", "--name", "__proto__"]) {
      const res = await admin.get(`${C}/?ordering=${encodeURIComponent(bad)}`);
      expect(res.status, bad).toBe(400);
      expect(res.body).toEqual({ ordering: ["invalid_choice"] });
    }
  });

  it("filters by category (a top category includes its sub-categories), provider and publish status", async () => {
    const data = await idBy("category", "TECH-DAT");
    const byData = (await admin.get(`${C}/?category=${data}&page_size=200`)).body;
    expect(byData.count).toBeGreaterThan(0);
    expect(byData.results.every((r: CourseRow) => r.category.id === data)).toBe(true);
    const tech = await idBy("category", "TECH");
    const techIds = [tech, data, await idBy("category", "TECH-PRG"), await idBy("category", "TECH-SEC")];
    const byTech = (await admin.get(`${C}/?category=${tech}&page_size=200`)).body;
    expect(byTech.results.every((r: CourseRow) => techIds.includes(r.category.id))).toBe(true);
    expect(new Set(byTech.results.map((r: CourseRow) => r.category.id)).size).toBe(4);

    const blc = await idBy("provider", "BLC");
    const byProvider = (await admin.get(`${C}/?provider=${blc}&page_size=200`)).body;
    expect(byProvider.count).toBe(
      Number(
        (
          await api.db
            .selectFrom("course")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .where("provider_id", "=", blc)
            .where("is_library", "=", 0)
            .executeTakeFirstOrThrow()
        ).n,
      ),
    );
    expect(byProvider.results.every((r: CourseRow) => r.provider.id === blc)).toBe(true);

    let total = 0;
    for (const status of ["publish", "schedule", "unpublish"]) {
      const body = (await admin.get(`${C}/?publish_status=${status}&page_size=200`)).body;
      expect(body.count, status).toBeGreaterThan(0);
      expect(
        body.results.every((r: CourseRow) => r.publish_status === status),
        status,
      ).toBe(true);
      total += body.count;
    }
    expect(total).toBe(200);
    const both = (await admin.get(`${C}/?category=${data}&provider=${blc}&publish_status=publish&page_size=200`)).body;
    expect(
      both.results.every(
        (r: CourseRow) => r.category.id === data && r.provider.id === blc && r.publish_status === "publish",
      ),
    ).toBe(true);
  });

  it("ignores empty, null and all filter values", async () => {
    for (const v of ["", "null", "all", "ALL"]) {
      const res = await admin.get(`${C}/?category=${v}&provider=${v}&publish_status=${v}`);
      expect(res.status, v).toBe(200);
      expect(res.body.count, v).toBe(200);
    }
  });

  it("refuses a filter value that names nothing", async () => {
    expect((await admin.get(`${C}/?category=abc`)).body).toEqual({ category: ["invalid_choice"] });
    expect((await admin.get(`${C}/?publish_status=draft&provider=-1`)).body).toEqual({
      publish_status: ["invalid_choice"],
      provider: ["invalid_choice"],
    });
    expect((await admin.get(`${C}/?category=999999`)).body).toMatchObject({ count: 0, results: [] });
  });
});

describe("view scopes", () => {
  it("shows the provider account only the courses of its provider", async () => {
    const c = api.client();
    await c.login("provider");
    const blc = await idBy("provider", "BLC");
    const res = await c.get(`${C}/?page_size=200`);
    expect(res.status).toBe(200);
    const expected = await api.db
      .selectFrom("course")
      .select("id")
      .where("provider_id", "=", blc)
      .where("is_library", "=", 0)
      .execute();
    expect(res.body.count).toBe(expected.length);
    expect(res.body.results.every((r: CourseRow) => r.provider.id === blc)).toBe(true);
    // Search and filters work inside the scope; another provider's course is not there at all.
    expect((await c.get(`${C}/?provider=${await idBy("provider", "ACAD")}`)).body.count).toBe(0);
    const other = await api.db
      .selectFrom("course")
      .select("id")
      .where("provider_id", "<>", blc)
      .executeTakeFirstOrThrow();
    expect((await c.get(`${C}/${other.id}/`)).status).toBe(404);
    expect((await c.patch(`${C}/${other.id}/`, { name: "Taken over" })).status).toBe(404);
    expect((await c.delete(`${C}/${other.id}/`)).status).toBe(404);
  });

  it("keeps a provider's writes inside its provider", async () => {
    const c = api.client();
    await c.login("provider");
    const before = await courseCount();
    const res = await c.post(`${C}/`, await validBody("SCOPE-1", { provider: await idBy("provider", "ACAD") }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ provider: ["invalid_choice"] });
    expect(await courseCount()).toBe(before);
    const own = await create("SCOPE-2", { provider: await idBy("provider", "BLC") }, c);
    expect(own.provider.name).toBe("Bangkok Learning Co.");
    const moved = await c.patch(`${C}/${own.id}/`, { provider: await idBy("provider", "GSP") });
    expect(moved.body).toEqual({ provider: ["invalid_choice"] });
    expect((await courseByCode("SCOPE-2"))!.provider_id).toBe(await idBy("provider", "BLC"));
  });

  it("shows the instructor account only the courses it teaches", async () => {
    const c = api.client();
    await c.login("instructor");
    const mine = await idBy("instructor", "INS-001");
    const expected = await api.db
      .selectFrom("course_instructor")
      .select("course_id")
      .where("instructor_id", "=", mine)
      .execute();
    const res = await c.get(`${C}/?page_size=200`);
    expect(res.body.count).toBe(expected.length);
    expect(new Set(res.body.results.map((r: CourseRow) => r.id))).toEqual(new Set(expected.map((e) => e.course_id)));
    const one = await c.get(`${C}/${expected[0].course_id}/`);
    expect(one.body.instructor_list.map((i: { id: number }) => i.id)).toContain(mine);
  });

  it("lets the instructor edit its course but not drop itself out of it", async () => {
    const c = api.client();
    await c.login("instructor");
    const mine = await idBy("instructor", "INS-001");
    const course = await create("INS-EDIT", { instructor_list: [mine] });
    expect((await c.patch(`${C}/${course.id}/`, { desc: "Updated by the instructor" })).body.desc).toBe(
      "Updated by the instructor",
    );
    const res = await c.patch(`${C}/${course.id}/`, { instructor_list: [await idBy("instructor", "INS-002")] });
    expect(res.body).toEqual({ instructor_list: ["invalid_choice"] });
  });
});

describe("course permissions", () => {
  it("answers 401 without a session", async () => {
    const c = api.client();
    const any = (await admin.get(`${C}/?page_size=1`)).body.results[0].id;
    for (const res of [
      await c.get(`${C}/`),
      await c.get(`${C}/${any}/`),
      await c.post(`${C}/`, {}),
      await c.patch(`${C}/${any}/`, { is_display: false }),
      await c.delete(`${C}/${any}/`),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ detail: "not_authenticated" });
    }
  });

  it("answers 403 to a learner and to a staff role without the course flags", async () => {
    const any = (await admin.get(`${C}/?page_size=1`)).body.results[0].id;
    for (const who of ["learner", "manager", "inspector"]) {
      const c = api.client();
      await c.login(who);
      for (const res of [
        await c.get(`${C}/`),
        await c.get(`${C}/${any}/`),
        await c.post(`${C}/`, await validBody("NOPE")),
        await c.delete(`${C}/${any}/`),
      ]) {
        expect(res.status, who).toBe(403);
        expect(res.body).toEqual({ detail: "permission_denied" });
      }
    }
    expect(await courseByCode("NOPE")).toBeUndefined();
  });

  it("refuses the instructor what its role lacks: create, delete, publish", async () => {
    const c = api.client();
    await c.login("instructor");
    const mine = await idBy("instructor", "INS-001");
    const course = await create("INS-PERM", { instructor_list: [mine] });
    expect((await c.post(`${C}/`, await validBody("INS-NEW", { instructor_list: [mine] }))).status).toBe(403);
    expect((await c.delete(`${C}/${course.id}/`)).status).toBe(403);
    expect((await c.patch(`${C}/${course.id}/`, { is_display: true })).status).toBe(403);
    // An edit carrying is_display needs both flags.
    expect((await c.patch(`${C}/${course.id}/`, { name: "x", is_display: false })).status).toBe(403);
    expect((await courseByCode("INS-PERM"))!.name).toBe("Course INS-PERM");
  });

  it("answers 404 for an item that does not exist", async () => {
    for (const id of ["999999", "99999999999", "abc", "0"]) {
      const res = await admin.get(`${C}/${id}/`);
      expect(res.status, id).toBe(404);
    }
    expect((await admin.patch(`${C}/999999/`, { name: "x" })).status).toBe(404);
    expect((await admin.delete(`${C}/999999/`)).status).toBe(404);
  });
});

describe("course create and update", () => {
  it("creates a course with its lists and answers it whole", async () => {
    const before = {
      courses: await courseCount(),
      instructors: await countOf("course_instructor"),
      tags: await countOf("content_tag"),
    };
    const body: Record<string, unknown> = await validBody("NEW-001", {
      name: "  Data Privacy Essentials for Managers  ",
      content_level: await idBy("level", "L2"),
      program: await idBy("learning_program", "PRG-MGR"),
      is_environmental: true,
      instructor_list: [await idBy("instructor", "INS-002"), await idBy("instructor", "INS-003")],
      tag_list: `${await idBy("tag", "TAG-DIG")},${await idBy("tag", "TAG-MAN")}`,
      desc: "What every manager must know about personal data.",
    });
    const res = await admin.post(`${C}/`, body);
    expect(res.status).toBe(201);
    const course = res.body as Course;
    expect(course).toMatchObject({
      name: "Data Privacy Essentials for Managers",
      code: "NEW-001",
      category: { id: body.category, name: "Data" },
      provider: { id: body.provider, name: "Internal Academy" },
      content_level: { id: body.content_level, name: "Senior" },
      program: body.program,
      is_environmental: true,
      desc: "What every manager must know about personal data.",
      instructor_list: [{ name: "John Carter" }, { name: "Malee Srisuk" }],
      tag_list: [{ name: "Digital" }, { name: "Mandatory" }],
      cluster: [],
      image: null,
      is_display: false,
      datetime_start: null,
      datetime_first_publish: null,
      publish_status: "unpublish",
      publish_label: "publish_label_draft",
      section_count: 0,
      is_prerequisite: false,
      content_type: { code: "course", type: "course.course" },
      datetime_create: api.clock.now.toISOString(),
      datetime_update: api.clock.now.toISOString(),
    });
    expect(await courseCount()).toBe(before.courses + 1);
    expect(await countOf("course_instructor")).toBe(before.instructors + 2);
    expect(await countOf("content_tag")).toBe(before.tags + 2);
    expect((await admin.get(`${C}/${course.id}/`)).body).toEqual(course);
  });

  it("accepts what an HTML form posts", async () => {
    const b = await validBody("FORM-1");
    const form = new URLSearchParams({
      name: "Form course",
      code: "FORM-1",
      category: String(b.category),
      provider: String(b.provider),
      is_environmental: "on",
      content_level: "",
      tag_list: String(await idBy("tag", "TAG-TH")),
      instructor_list: "",
    });
    const res = await admin.post(`${C}/`, form.toString() as never, {
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      is_environmental: true,
      content_level: null,
      tag_list: [{ name: "Thai language" }],
      instructor_list: [],
    });
    // A missing checkbox is unticked.
    expect((await create("FORM-2")).is_environmental).toBe(false);
  });

  it("answers field errors and writes nothing", async () => {
    const before = {
      courses: await courseCount(),
      instructors: await countOf("course_instructor"),
      tags: await countOf("content_tag"),
    };
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{}, { name: ["required"], code: ["required"], category: ["required"], provider: ["required"] }],
      [await validBody("ABCDEFGHIJKLM"), { code: ["too_long"] }],
      [await validBody("HAS SPACE"), { code: ["invalid_code"] }],
      [await validBody("ไทย"), { code: ["invalid_code"] }],
      [await validBody("LONG-NAME", { name: "x".repeat(201) }), { name: ["too_long"] }],
      [await validBody("LONG-DESC", { desc: "x".repeat(2001) }), { desc: ["too_long"] }],
      [await validBody("BAD-CAT", { category: "abc" }), { category: ["invalid"] }],
      [await validBody("BAD-LIST", { tag_list: "1,x" }), { tag_list: ["invalid"] }],
      [await validBody("BAD-BOOL", { is_environmental: "maybe" }), { is_environmental: ["invalid"] }],
      [
        await validBody("UNKNOWN", {
          category: 999999,
          provider: 999999,
          content_level: 999999,
          instructor_list: [1, 999999],
          tag_list: [999999],
        }),
        {
          category: ["invalid_choice"],
          provider: ["invalid_choice"],
          content_level: ["invalid_choice"],
          instructor_list: ["invalid_choice"],
          tag_list: ["invalid_choice"],
        },
      ],
    ];
    for (const [body, errors] of cases) {
      const res = await admin.post(`${C}/`, body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.body).toEqual(errors);
    }
    // A tag of a typed kind is not a general tag.
    const cluster = await idBy("tag", "CLU-N");
    expect((await admin.post(`${C}/`, await validBody("TYPED", { tag_list: [cluster] }))).body).toEqual({
      tag_list: ["invalid_choice"],
    });
    expect({
      courses: await courseCount(),
      instructors: await countOf("course_instructor"),
      tags: await countOf("content_tag"),
    }).toEqual(before);
  });

  it("takes the code limit from config", async () => {
    await setConfig("code-limit", 5);
    try {
      expect((await admin.post(`${C}/`, await validBody("SIX-CH"))).body).toEqual({ code: ["too_long"] });
    } finally {
      await setConfig("code-limit", 12);
    }
  });

  it("refuses a code already used, whatever its case", async () => {
    const before = await courseCount();
    for (const code of ["CRS-0001", "crs-0001"]) {
      const res = await admin.post(`${C}/`, await validBody(code));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: ["code_already_used"] });
    }
    expect(await courseCount()).toBe(before);
  });

  it("updates only the fields given, and refuses bad input without writing", async () => {
    const course = await create("UPD-1", { desc: "First text", tag_list: [await idBy("tag", "TAG-DIG")] });
    api.advance(60_000);
    const res = await admin.patch(`${C}/${course.id}/`, { name: "Renamed", code: "upd-1" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: "Renamed",
      code: "upd-1",
      desc: "First text",
      tag_list: [{ name: "Digital" }],
      datetime_update: api.clock.now.toISOString(),
    });
    const row = await courseByCode("upd-1");
    api.advance(60_000);
    for (const [body, errors] of [
      [{ code: "CRS-0002" }, { code: ["code_already_used"] }],
      [{ name: "" }, { name: ["required"] }],
      [{ category: 999999, tag_list: [] }, { category: ["invalid_choice"] }],
      [{ name: "ok", provider: "x" }, { provider: ["invalid"] }],
    ] as [Record<string, unknown>, Record<string, string[]>][]) {
      const bad = await admin.patch(`${C}/${course.id}/`, body);
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual(errors);
    }
    expect(await courseByCode("upd-1")).toEqual(row);
    expect((await admin.get(`${C}/${course.id}/`)).body.tag_list).toEqual([
      { id: await idBy("tag", "TAG-DIG"), name: "Digital" },
    ]);
  });

  it("stores and answers a name with markup verbatim (escaping is the dashboard's job)", async () => {
    const name = `<script>alert(1)</script> "><img src=x onerror=alert(1)>`;
    const course = await create("XSS-1", { name });
    expect(course.name).toBe(name);
    expect((await courseByCode("XSS-1"))!.name).toBe(name);
    expect(
      (await admin.get(`${C}/?search=${encodeURIComponent("<script>")}`)).body.results.map((r: CourseRow) => r.name),
    ).toEqual([name]);
  });
});

describe("config-switched extras", () => {
  it("ignores the extras while their flag is off and saves them when it is on", async () => {
    const cluster = await idBy("tag", "CLU-N");
    const courseType = await idBy("tag", "CT-SELF");
    const off = await create("EXTRA-1", { cluster: [cluster], course_type: [999999] });
    expect(off).toMatchObject({ cluster: [], course_type: [] });
    await setConfig("tag-is-content-cluster", true);
    await setConfig("tag-course-type-is-display", true);
    try {
      const on = await create("EXTRA-2", { cluster: [cluster], course_type: String(courseType) });
      expect(on).toMatchObject({
        cluster: [{ id: cluster, name: "Northern Cluster" }],
        course_type: [{ id: courseType, name: "Self-paced" }],
        school: [],
      });
      const wrong = await admin.post(`${C}/`, await validBody("EXTRA-3", { cluster: [courseType] }));
      expect(wrong.body).toEqual({ cluster: ["invalid_choice"] });
      expect(await courseByCode("EXTRA-3")).toBeUndefined();
      // The general tag_list leaves the typed tags alone, and the other way round.
      const patched = await admin.patch(`${C}/${on.id}/`, { tag_list: [await idBy("tag", "TAG-DIG")], cluster: [] });
      expect(patched.body).toMatchObject({
        tag_list: [{ name: "Digital" }],
        cluster: [],
        course_type: [{ name: "Self-paced" }],
      });
    } finally {
      await setConfig("tag-is-content-cluster", false);
      await setConfig("tag-course-type-is-display", false);
    }
  });

  it("saves typed tags with the tag call of spec 002 §7", async () => {
    const course = await create("TAGCALL");
    const ct = course.content_type.id;
    const school = await idBy("tag", "SCH-BKK");
    const url = `/api/dashboard/tag/type/CONTENT_SCHOOL/content-type/${ct}/content/${course.id}/`;
    expect((await admin.post(url, { tag_list: [school] })).body).toEqual({ type: ["invalid_choice"] });
    await setConfig("tag-is-content-school", true);
    try {
      api.advance(60_000);
      const res = await admin.post(url, { tag_list: [school] });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ tag_list: [{ id: school, name: "Bangkok Campus" }] });
      const after = (await admin.get(`${C}/${course.id}/`)).body as Course;
      expect(after.school).toEqual([{ id: school, name: "Bangkok Campus" }]);
      expect(after.datetime_update).toBe(api.clock.now.toISOString());
      expect((await admin.post(url, { tag_list: [await idBy("tag", "TAG-DIG")] })).body).toEqual({
        tag_list: ["invalid_choice"],
      });
      expect((await admin.post(url, { tag_list: "" })).body).toEqual({ tag_list: [] });
      expect(
        (await admin.post(`/api/dashboard/tag/type/GENERAL/content-type/${ct}/content/${course.id}/`, { tag_list: [] }))
          .status,
      ).toBe(404);
      expect(
        (
          await admin.post(`/api/dashboard/tag/type/CONTENT_SCHOOL/content-type/999999/content/${course.id}/`, {
            tag_list: [],
          })
        ).status,
      ).toBe(404);
      expect(
        (
          await admin.post(`/api/dashboard/tag/type/CONTENT_SCHOOL/content-type/${ct}/content/999999/`, {
            tag_list: [],
          })
        ).status,
      ).toBe(404);
      const learner = api.client();
      await learner.login("learner");
      expect((await learner.post(url, { tag_list: [] })).status).toBe(403);
      expect((await api.client().post(url, { tag_list: [] })).status).toBe(401);
    } finally {
      await setConfig("tag-is-content-school", false);
    }
  });

  it("offers the tags of one type as a filter list", async () => {
    const res = await admin.get("/api/dashboard/filter/tag/type/CONTENT_CLUSTER/");
    expect(res.body.results.map((r: { name: string }) => r.name)).toEqual(["Central Cluster", "Northern Cluster"]);
    expect(
      (await admin.get("/api/dashboard/filter/tag/type/GENERAL/")).body.results.map((r: { name: string }) => r.name),
    ).toEqual(["Digital", "Mandatory", "Onboarding", "Thai language"]);
  });
});

describe("publishing", () => {
  it("needs sections and a cover image: 412, 417, 428, then publishes", async () => {
    const course = await create("PUB-1");
    const url = `${C}/${course.id}/`;
    const refused = async (status: number, detail: string) => {
      const res = await admin.patch(url, { is_display: true });
      expect(res.status).toBe(status);
      expect(res.body).toEqual({ detail });
      expect((await courseByCode("PUB-1"))!.is_display).toBe(0);
    };
    await refused(412, "publish_no_session_&_image");
    await addSection(course.id);
    await refused(428, "publish_no_image");
    await api.db
      .deleteFrom("content_section")
      .where("content_type_id", "=", await courseType())
      .where("content_id", "=", course.id)
      .execute();
    expect((await upload(admin, `${url}image/`, "cover.png", png())).status).toBe(200);
    await refused(417, "publish_no_session");
    await addSection(course.id);
    const res = await admin.patch(url, { is_display: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      is_display: true,
      publish_status: "publish",
      publish_label: "publish_label_published",
      section_count: 1,
      datetime_start: null,
      datetime_first_publish: api.clock.now.toISOString(),
    });
  });

  it("unpublishes at any time: unpublished once shown, a draft when it never was", async () => {
    const course = await create("PUB-2");
    await addSection(course.id);
    await upload(admin, `${C}/${course.id}/image/`, "cover.gif", GIF);
    expect((await admin.patch(`${C}/${course.id}/`, { is_display: true })).status).toBe(200);
    api.advance(60_000);
    const hidden = await admin.patch(`${C}/${course.id}/`, { is_display: "false" });
    expect(hidden.body).toMatchObject({
      is_display: false,
      publish_status: "unpublish",
      publish_label: "publish_label_unpublished",
    });
    // Hiding a course that cannot be published is allowed too.
    const bare = await create("PUB-3");
    expect((await admin.patch(`${C}/${bare.id}/`, { is_display: false })).body).toMatchObject({
      publish_label: "publish_label_draft",
    });
  });

  it("schedules publishing from a future start, refuses a past one", async () => {
    const course = await create("PUB-4");
    await addSection(course.id);
    await upload(admin, `${C}/${course.id}/image/`, "cover.jpeg", JPEG);
    const url = `${C}/${course.id}/`;
    const past = await admin.patch(url, {
      is_display: true,
      datetime_start: new Date(api.clock.now.getTime() - 60_000).toISOString(),
    });
    expect(past.status).toBe(400);
    expect(past.body).toEqual({ datetime_start: ["datetime_in_past"] });
    expect((await admin.patch(url, { is_display: true, datetime_start: "tomorrow" })).body).toEqual({
      datetime_start: ["invalid"],
    });
    expect((await courseByCode("PUB-4"))!.is_display).toBe(0);

    const start = new Date(api.clock.now.getTime() + 2 * DAY);
    // Bangkok time with its offset is the same instant.
    const local = new Date(start.getTime() + 7 * 3600 * 1000).toISOString().replace(/\.\d{3}Z$/, "+07:00");
    const scheduled = await admin.patch(url, { is_display: true, datetime_start: local });
    expect(scheduled.status).toBe(200);
    expect(scheduled.body).toMatchObject({
      is_display: true,
      datetime_start: start.toISOString(),
      publish_status: "schedule",
      publish_label: "publish_label_scheduled",
    });
    expect((await admin.get(`${C}/?publish_status=schedule&search=PUB-4`)).body.count).toBe(1);
    // Unpublished before the start: it was never shown, so it is a draft again.
    expect((await admin.patch(url, { is_display: false })).body).toMatchObject({
      publish_label: "publish_label_draft",
      datetime_start: null,
    });
    await admin.patch(url, { is_display: true, datetime_start: start.toISOString() });
    api.advance(3 * DAY);
    await admin.login("admin"); // the session died of idleness meanwhile
    expect((await admin.get(url)).body).toMatchObject({
      publish_status: "publish",
      publish_label: "publish_label_published",
    });
    expect((await admin.get(`${C}/?publish_status=publish&search=PUB-4`)).body.count).toBe(1);
  });

  it("edits and publishes in one call when both are asked", async () => {
    const course = await create("PUB-5");
    await addSection(course.id);
    await upload(admin, `${C}/${course.id}/image/`, "c.png", png());
    const res = await admin.patch(`${C}/${course.id}/`, { name: "Published with a new name", is_display: true });
    expect(res.body).toMatchObject({ name: "Published with a new name", is_display: true });
    const both = await admin.patch(`${C}/${course.id}/`, { code: "", datetime_start: "x" });
    expect(both.body).toEqual({ code: ["required"], datetime_start: ["invalid"] });
  });

  it("lets the provider publish its own courses", async () => {
    const c = api.client();
    await c.login("provider");
    const course = await create("PUB-6", { provider: await idBy("provider", "BLC") }, c);
    expect((await c.patch(`${C}/${course.id}/`, { is_display: true })).status).toBe(412);
  });
});

describe("cover image", () => {
  it("stores a PNG by content hash and serves it with long caching", async () => {
    const course = await create("IMG-1");
    const data = png(4, 3);
    const res = await upload(admin, `${C}/${course.id}/image/`, "Cover Photo.PNG", data);
    expect(res.status).toBe(200);
    expect(res.body.image).toMatch(/^\/api\/media\/course\/[0-9a-f]{40}\.png$/);
    const file = path.join(api.mediaDir, "course", path.basename(res.body.image));
    expect(fs.readFileSync(file).equals(data)).toBe(true);
    const served = await api.app.inject({ method: "GET", url: res.body.image });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect(served.rawPayload.equals(data)).toBe(true);
    // The same image again is the same file.
    expect((await upload(admin, `${C}/${course.id}/image/`, "again.png", data)).body.image).toBe(res.body.image);
  });

  it("accepts jpg, jpeg and gif whose bytes say so", async () => {
    const course = await create("IMG-2");
    expect((await upload(admin, `${C}/${course.id}/image/`, "a.jpg", JPEG)).body.image).toMatch(/\.jpg$/);
    expect((await upload(admin, `${C}/${course.id}/image/`, "a.JPEG", JPEG)).body.image).toMatch(/\.jpg$/);
    const gif = await upload(admin, `${C}/${course.id}/image/`, "a.gif", GIF);
    expect(gif.body.image).toMatch(/\.gif$/);
    expect((await api.app.inject({ method: "GET", url: gif.body.image })).headers["content-type"]).toBe("image/gif");
  });

  it("refuses a file whose type is wrong by extension or by content, and one too large", async () => {
    const course = await create("IMG-3");
    const url = `${C}/${course.id}/image/`;
    const refused = async (res: { status: number; body: unknown }, key: string) => {
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ image: [key] });
    };
    await refused(await upload(admin, url, "cover.png", GIF), "invalid_file_type");
    await refused(
      await upload(admin, url, "cover.png", Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>")),
      "invalid_file_type",
    );
    await refused(await upload(admin, url, "cover.svg", png()), "invalid_file_type");
    await refused(await upload(admin, url, "cover", png()), "invalid_file_type");
    await refused(await upload(admin, url, "cover.png", Buffer.alloc(0)), "invalid_file_type");
    await refused(await upload(admin, url, "cover.png", png(), "other"), "required");
    await refused(await admin.post(url, { image: "x" }), "required");
    await setConfig("image-size-limit", 1000);
    try {
      await refused(await upload(admin, url, "big.png", Buffer.concat([png(), Buffer.alloc(2000)])), "file_too_large");
      expect((await upload(admin, url, "small.png", png())).status).toBe(200);
    } finally {
      await setConfig("image-size-limit", 10485760);
    }
    const c = await courseByCode("IMG-3");
    expect(c!.image).toMatch(/\.png$/);
    expect(
      fs.readdirSync(path.join(api.mediaDir, "course")).every((f) => /^[0-9a-f]{40}\.(png|jpg|gif)$/.test(f)),
    ).toBe(true);
  });

  it("needs the change flag", async () => {
    const course = await create("IMG-4");
    const learner = api.client();
    await learner.login("learner");
    expect((await upload(learner, `${C}/${course.id}/image/`, "a.png", png())).status).toBe(403);
    expect((await upload(api.client(), `${C}/${course.id}/image/`, "a.png", png())).status).toBe(401);
    expect((await upload(admin, `${C}/999999/image/`, "a.png", png())).status).toBe(404);
  });

  it("removing the cover unpublishes the course in the same step", async () => {
    const course = await create("IMG-5");
    await addSection(course.id);
    await upload(admin, `${C}/${course.id}/image/`, "a.png", png());
    expect((await admin.patch(`${C}/${course.id}/`, { is_display: true })).body.publish_status).toBe("publish");
    api.advance(60_000);
    const res = await admin.delete(`${C}/${course.id}/image/`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      image: null,
      is_display: false,
      publish_status: "unpublish",
      publish_label: "publish_label_unpublished",
    });
    expect((await admin.patch(`${C}/${course.id}/`, { is_display: true })).status).toBe(428);
  });

  it("serves nothing outside the media directory", async () => {
    fs.writeFileSync(path.join(api.mediaDir, "..", "outside.png"), png());
    fs.writeFileSync(path.join(api.mediaDir, ".hidden.png"), png());
    for (const url of [
      "/api/media/../outside.png",
      "/api/media/..%2Foutside.png",
      "/api/media/course/..%2F..%2Foutside.png",
      "/api/media/%2e%2e/outside.png",
      "/api/media/.hidden.png",
      "/api/media/course/missing.png",
      "/api/media/",
      "/api/media/course/a.txt",
      "/api/media/..%5Coutside.png",
    ]) {
      const res = await api.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(404);
    }
    fs.rmSync(path.join(api.mediaDir, "..", "outside.png"));
  });
});

describe("course delete", () => {
  it("refuses to delete a prerequisite of another course (424), deletes the rest with what hangs on it", async () => {
    const pre = await api.db
      .selectFrom("content_prerequisite")
      .select(["content_id as course_id", "prerequisite_id as prerequisite_course_id"])
      .where("content_type_id", "=", await courseType())
      .executeTakeFirstOrThrow();
    expect((await admin.get(`${C}/${pre.prerequisite_course_id}/`)).body.is_prerequisite).toBe(true);
    const refused = await admin.delete(`${C}/${pre.prerequisite_course_id}/`);
    expect(refused.status).toBe(424);
    expect(refused.body).toEqual({ detail: "cannot_delete_because_dependency" });
    expect((await admin.get(`${C}/${pre.prerequisite_course_id}/`)).status).toBe(200);

    // The dependent course itself can go (and with it the prerequisite link).
    const before = { courses: await courseCount(), links: await countOf("content_prerequisite") };
    const deleted = await admin.delete(`${C}/${pre.course_id}/`);
    expect(deleted.status).toBe(204);
    expect(await courseCount()).toBe(before.courses - 1);
    expect(await countOf("content_prerequisite")).toBe(before.links - 1);
    expect(
      await api.db.selectFrom("course_instructor").select("course_id").where("course_id", "=", pre.course_id).execute(),
    ).toEqual([]);
    expect(
      await api.db
        .selectFrom("content_section")
        .select("content_id")
        .where("content_type_id", "=", await courseType())
        .where("content_id", "=", pre.course_id)
        .execute(),
    ).toEqual([]);
    expect(
      await api.db.selectFrom("content_tag").select("content_id").where("content_id", "=", pre.course_id).execute(),
    ).toEqual([]);
    expect((await admin.get(`${C}/${pre.course_id}/`)).status).toBe(404);
  });

  it("lets the provider delete its own course", async () => {
    const c = api.client();
    await c.login("provider");
    const course = await create(
      "DEL-1",
      { provider: await idBy("provider", "BLC"), tag_list: [await idBy("tag", "TAG-DIG")] },
      c,
    );
    expect((await c.delete(`${C}/${course.id}/`)).status).toBe(204);
    expect(await courseByCode("DEL-1")).toBeUndefined();
  });
});
