import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_RULE_CONTENTS } from "../../contract/assignment-codes";
import en from "../../contract/i18n/assignment.en.json";
import { schedulerTick } from "../../api/assignment/rounds";
import { contentTypeId } from "../../api/content/ref";
import type { ApiContext } from "../../api/http/context";
import { startTestApi, type Client, type TestApi } from "./harness";

/**
 * An auto-assignment's content rules (issue 17 §2 "conditions with operators"; spec 001 §3, spec
 * 002 §7 "Auto-assignment content payload"; docs/decisions/059): each criterion one of (1) or none
 * of (2) its list, the chosen contents with their operator, every type or one; what they match
 * becomes the assignment's contents, matched again before each round.
 */
let api: TestApi;
let admin: Client;
let ctx: ApiContext;
const AA = "/api/dashboard/auto-assignment";
let courseType: number;
let activityType: number;
let top: number;
let sub: number;
let other: number;
let providerA: number;
let providerB: number;
let teacher: number;
let skill: number;
let level: number;
const courses: Record<string, number> = {};

beforeAll(async () => {
  api = await startTestApi();
  admin = await api.signedIn("admin");
  ctx = { db: api.db, now: () => api.clock.now, secret: "x", mediaDir: api.mediaDir };
  const db = api.db;
  courseType = await contentTypeId(db, "course");
  activityType = await contentTypeId(db, "activity");
  const ins = async <T extends "category" | "provider" | "instructor" | "competency" | "level">(
    table: T,
    values: Record<string, unknown>,
  ) =>
    (
      await db
        .insertInto(table)
        .values(values as never)
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id as number;
  top = await ins("category", { name: "Rules top", code: "RULE-TOP", parent_id: null, image: null });
  sub = await ins("category", { name: "Rules sub", code: "RULE-SUB", parent_id: top, image: null });
  other = await ins("category", { name: "Rules other", code: "RULE-OTH", parent_id: null, image: null });
  providerA = await ins("provider", { name: "Rule provider A", code: "RPA", about: null, image: null, desc: null });
  providerB = await ins("provider", { name: "Rule provider B", code: "RPB", about: null, image: null, desc: null });
  teacher = await ins("instructor", {
    name: "Rule teacher",
    code: "RT",
    contact: null,
    overview: null,
    image: null,
    account_id: null,
  });
  skill = await ins("competency", { name: "Rule skill", code: "RSK", level: 3 });
  level = await ins("level", { name: "Rule level", code: "RLV" });
  const at = api.clock.now.toISOString();
  const course = async (
    code: string,
    o: { category: number; provider: number; published?: boolean; level?: number },
  ) => {
    courses[code] = (
      await db
        .insertInto("course")
        .values({
          name: `Rule course ${code}`,
          code,
          content_level: o.level ?? null,
          program: null,
          category_id: o.category,
          provider_id: o.provider,
          is_environmental: 0,
          desc: "",
          is_display: o.published === false ? 0 : 1,
          datetime_start: null,
          datetime_first_publish: o.published === false ? null : at,
          datetime_create: at,
          datetime_update: at,
          created_by: null,
          image: null,
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  };
  await course("R1", { category: top, provider: providerA });
  await course("R2", { category: sub, provider: providerA, level });
  await course("R3", { category: sub, provider: providerB });
  await course("R4", { category: other, provider: providerA });
  await course("R5", { category: top, provider: providerA, published: false });
  await db.insertInto("course_instructor").values({ course_id: courses.R3, instructor_id: teacher }).execute();
  await db
    .insertInto("content_competency")
    .values({
      content_type_id: courseType,
      content_id: courses.R2,
      competency_id: skill,
      level: 1,
      datetime_create: at,
    })
    .execute();
});
afterAll(() => api.close());

const create = async (name: string) => {
  const res = await admin.post(`${AA}/`, { type: 1, name, date_start: "2026-06-02" });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as number;
};
const contents = async (id: number) =>
  ((await admin.get(`${AA}/${id}/content/`)).body as { content_id: number; rule_id: number | null }[])
    .map((c) => c.content_id)
    .sort((a, b) => a - b);
const ids = (...codes: string[]) => codes.map((c) => courses[c]).sort((a, b) => a - b);

describe("auto-assignment content rules", () => {
  it("matches published contents of a category and its sub-categories, with a provider none of", async () => {
    const id = await create("Rules: category");
    const res = await admin.post(`${AA}/${id}/content/rule/`, {
      content_type_id: courseType,
      category_list: [top],
      provider_list: [providerB],
      provider_operator: 2,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual([
      expect.objectContaining({
        content_type: "course",
        category_list: [top],
        category_operator: 1,
        provider_list: [providerB],
        provider_operator: 2,
        count_content: 2,
      }),
    ]);
    // R3 is in the sub-category but provider B; R5 is not published; R4 another category.
    expect(await contents(id)).toEqual(ids("R1", "R2"));
  });

  it("matches by instructor, level and competency; every type when none is given", async () => {
    const id = await create("Rules: people");
    await admin.post(`${AA}/${id}/content/rule/`, { content_type_id: "", instructor_list: [teacher] });
    expect(await contents(id)).toEqual(ids("R3"));
    const r2 = await admin.post(`${AA}/${id}/content/rule/`, { content_type_id: courseType, level_list: [level] });
    expect(r2.status).toBe(201);
    expect(await contents(id)).toEqual(ids("R2", "R3"));
    const id2 = await create("Rules: competency none of");
    await admin.post(`${AA}/${id2}/content/rule/`, {
      content_type_id: courseType,
      category_list: [top, other],
      competency_list: [skill],
      competency_operator: 2,
    });
    expect(await contents(id2)).toEqual(ids("R1", "R3", "R4"));
    // An activity has no instructors: "none of" holds for every activity of the category.
    const acts = await admin.post(`${AA}/${id2}/content/rule/`, {
      content_type_id: activityType,
      category_list: [other],
      instructor_list: [teacher],
      instructor_operator: 2,
    });
    expect(acts.status).toBe(201);
  });

  it("keeps or leaves out the chosen contents (content_operator), and removes a rule with what it brought", async () => {
    const id = await create("Rules: chosen");
    await admin.post(`${AA}/${id}/content/`, { content_type_id: courseType, content_list: [courses.R4] });
    const res = await admin.post(`${AA}/${id}/content/rule/`, {
      content_type_id: courseType,
      category_list: [top],
      content_list: [courses.R1],
      content_operator: 2,
    });
    expect(res.status).toBe(201);
    expect(await contents(id)).toEqual(ids("R2", "R3", "R4"));
    const only = await admin.post(`${AA}/${id}/content/rule/`, {
      content_type_id: courseType,
      content_list: [courses.R1, courses.R5],
      content_operator: 1,
    });
    expect(only.status).toBe(201);
    expect(await contents(id)).toEqual(ids("R1", "R2", "R3", "R4")); // R5 is not published
    // A content a rule brought is removed with its rule, not by hand.
    const row = ((await admin.get(`${AA}/${id}/content/`)).body as { id: number; content_id: number }[]).find(
      (c) => c.content_id === courses.R2,
    )!;
    const byHand = await admin.delete(`${AA}/${id}/content/${row.id}/`);
    expect(byHand.status).toBe(400);
    expect(byHand.body).toEqual({ detail: "asg_err_content_from_rule" });
    const del = await admin.delete(`${AA}/${id}/content/rule/${res.body[0].id}/`);
    expect(del.status).toBe(204);
    expect(await contents(id)).toEqual(ids("R1", "R4"));
    expect((await admin.delete(`${AA}/${id}/content/rule/${res.body[0].id}/`)).status).toBe(404);
  });

  it("refuses bad input on its field and writes nothing", async () => {
    const id = await create("Rules: refused");
    const rules = () =>
      api.db.selectFrom("assignment_content_rule").select("id").where("assignment_id", "=", id).execute();
    const bad = [
      [
        { content_type_id: courseType, category_operator: 3, category_list: [top] },
        { category_operator: ["invalid_choice"] },
      ],
      [{ content_type_id: "", content_list: [courses.R1] }, { content_list: ["asg_err_rule_needs_type"] }],
      [{ content_type_id: courseType, provider_list: [999999] }, { provider_list: ["invalid_choice"] }],
      [{ content_type_id: courseType, content_list: [999999] }, { content_list: ["invalid_choice"] }],
      [{ content_type_id: 999999 }, { content_type_id: ["asg_err_not_assignable"] }],
      [{ content_type_id: courseType, competency_list: "x" }, { competency_list: ["invalid"] }],
    ] as const;
    for (const [body, errors] of bad) {
      const res = await admin.post(`${AA}/${id}/content/rule/`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject(errors);
    }
    expect(await rules()).toEqual([]);
    expect(await contents(id)).toEqual([]);
  });

  it("refuses a rule that brings more contents than an auto-assignment holds, whole", async () => {
    const id = await create("Rules: too wide");
    const at = api.clock.now.toISOString();
    await api.db
      .insertInto("course")
      .values(
        Array.from({ length: MAX_RULE_CONTENTS }, (_, i) => ({
          name: `Wide ${i}`,
          code: `WIDE${i}`,
          content_level: null,
          program: null,
          category_id: other,
          provider_id: providerB,
          is_environmental: 0,
          desc: "",
          is_display: 1,
          datetime_start: null,
          datetime_first_publish: at,
          datetime_create: at,
          datetime_update: at,
          created_by: null,
          image: null,
        })),
      )
      .execute();
    const res = await admin.post(`${AA}/${id}/content/rule/`, { content_type_id: courseType, category_list: [other] });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: "asg_err_rule_too_many" });
    expect(en.asg_err_rule_too_many).toContain(String(MAX_RULE_CONTENTS));
    expect(
      await api.db.selectFrom("assignment_content_rule").select("id").where("assignment_id", "=", id).execute(),
    ).toEqual([]);
    expect(await contents(id)).toEqual([]);
    await api.db.deleteFrom("course").where("code", "like", "WIDE%").execute();
  });

  it("is matched again before a round: a course published since is assigned by it", async () => {
    const id = await create("Rules: round");
    const learner = (
      await api.db
        .selectFrom("account")
        .select("id")
        .where("username", "like", "student%")
        .where("is_active", "=", 1)
        .orderBy("id")
        .executeTakeFirstOrThrow()
    ).id;
    await admin.put(`${AA}/${id}/audience/`, { account_list: [learner] });
    await admin.post(`${AA}/${id}/content/rule/`, {
      content_type_id: courseType,
      category_list: [top],
      provider_list: [providerA],
    });
    expect(await contents(id)).toEqual(ids("R1", "R2"));
    await api.db
      .updateTable("course")
      .set({ is_display: 1, datetime_first_publish: api.clock.now.toISOString() })
      .where("id", "=", courses.R5)
      .execute();
    api.clock.now = new Date("2026-06-01T23:00:30.000Z");
    admin = await api.signedIn("admin");
    await schedulerTick(ctx);
    expect(await contents(id)).toEqual(ids("R1", "R2", "R5"));
    const results = await api.db
      .selectFrom("assignment_result")
      .select(["content_id", "result"])
      .where("assignment_id", "=", id)
      .orderBy("content_id")
      .execute();
    expect(results.map((r) => r.content_id)).toEqual(ids("R1", "R2", "R5"));
    // The rule removed, its contents go; their results keep their names (the learner page).
    const rule = (await admin.get(`${AA}/${id}/content/rule/`)).body[0].id;
    expect((await admin.delete(`${AA}/${id}/content/rule/${rule}/`)).status).toBe(204);
    expect(await contents(id)).toEqual([]);
    const page = (await admin.get(`${AA}/${id}/learner/`)).body.results as { content: { name: string } }[];
    expect(page.map((r) => r.content.name).sort()).toEqual(["Rule course R1", "Rule course R2", "Rule course R5"]);
  });

  it("is an auto-assignment's alone, behind its flags", async () => {
    const plain = (await admin.post("/api/dashboard/assignment/", { name: "No rules here" })).body.id;
    expect(
      (await admin.post(`/api/dashboard/assignment/${plain}/content/rule/`, { content_type_id: courseType })).status,
    ).toBe(404);
    const id = await create("Rules: flags");
    const viewer = await api.signedIn("viewer");
    expect(
      (await viewer.post(`${AA}/${id}/content/rule/`, { content_type_id: courseType, category_list: [top] })).status,
    ).toBe(403);
    expect(await contents(id)).toEqual([]);
  });
});
