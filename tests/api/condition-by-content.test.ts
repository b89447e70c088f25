import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Group, GroupMember } from "../../contract/schemas/group";
import { startTestApi, type Client, type TestApi } from "./harness";

/**
 * Permission by content (spec 001 §3 "Condition forms", docs/decisions/100), through condition
 * groups and a course's permission rule: per type, contents with "has / has not", statuses with
 * "is / is not", the learner's start and completion dates; each filled type one criterion of the
 * condition. The expected members are computed from content_enrollment independently. Refusals
 * (an unknown content, an unknown status, dates the wrong way round) write nothing; a content a
 * condition names is not deleted. Both dialects.
 */

let api: TestApi;
let admin: Client;
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.signedIn("admin");
});
afterAll(() => api.close());

const G = "/api/dashboard/group";
let made = 0;
async function newGroup(): Promise<number> {
  const res = await admin.post(`${G}/`, { name: `By content ${++made}`, type: "CONDITION" });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (res.body as Group).id;
}
async function conditionGroup(condition: Record<string, unknown>): Promise<number> {
  const id = await newGroup();
  const saved = await admin.put(`${G}/${id}/condition/`, condition);
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return id;
}
async function members(groupId: number): Promise<number[]> {
  const out: number[] = [];
  for (let next: string | null = `${G}/${groupId}/member/?page_size=1000`; next;) {
    const res = await admin.get(next);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    out.push(...(res.body.results as GroupMember[]).map((m) => m.id));
    next = res.body.next as string | null;
  }
  return out.sort((a, b) => a - b);
}
const typeId = async (code: string) =>
  (await api.db.selectFrom("content_type").select("id").where("code", "=", code).executeTakeFirstOrThrow()).id;
/** Active accounts with an enrolment of `code` matching `where` (computed from the table, not the evaluator). */
async function enrolled(code: string, where: (e: string) => ReturnType<typeof sql>): Promise<number[]> {
  const rows = await sql<{
    id: number;
  }>`select distinct a.id from account a join content_enrollment e on e.account_id = a.id
    where a.is_active = 1 and e.content_type_id = ${await typeId(code)} and ${where("e")} order by a.id`.execute(
    api.db,
  );
  return rows.rows.map((r) => Number(r.id));
}
const activeAccounts = async () =>
  (await api.db.selectFrom("account").select("id").where("is_active", "=", 1).orderBy("id").execute()).map((r) => r.id);
/** The course with the most completions, and one of its accounts. */
async function busyCourse() {
  const row = await sql<{ content_id: number }>`select content_id from content_enrollment
    where content_type_id = ${await typeId("course")} and status in (30, 31)
    group by content_id order by count(*) desc, content_id limit 1`.execute(api.db);
  return Number(row.rows[0].content_id);
}

describe("a type's criterion", () => {
  it("has a progress in the listed contents with a listed status", async () => {
    const course = await busyCourse();
    const group = await conditionGroup({ content_course: [course], progress_status_course: [30, 31] });
    const expected = await enrolled(
      "course",
      (e) => sql`${sql.ref(`${e}.content_id`)} = ${course} and ${sql.ref(`${e}.status`)} in (30, 31)`,
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(await members(group)).toEqual(expected);
    const saved = (await admin.get(`${G}/${group}/condition/`)).body;
    expect(saved).toMatchObject({
      content_course: [course],
      content_course_operator: 1,
      progress_status_course: [30, 31],
      progress_status_course_operator: 1,
      content_course_datetime_start_gte: null,
    });
  });

  it("status none of, and has no progress at all (operator 2)", async () => {
    const course = await busyCourse();
    const notDone = await conditionGroup({
      content_course: [course],
      progress_status_course: [30, 31],
      progress_status_course_operator: 2,
    });
    expect(await members(notDone)).toEqual(
      await enrolled(
        "course",
        (e) => sql`${sql.ref(`${e}.content_id`)} = ${course} and ${sql.ref(`${e}.status`)} not in (30, 31)`,
      ),
    );
    const never = await conditionGroup({ content_course: [course], content_course_operator: 2 });
    const inIt = new Set(await enrolled("course", (e) => sql`${sql.ref(`${e}.content_id`)} = ${course}`));
    const expected = (await activeAccounts()).filter((id) => !inIt.has(id));
    expect(await members(never)).toEqual(expected);
    expect(expected.length).toBeGreaterThan(0);
  });

  it("no content listed is any content of the type; the completion dates bound it", async () => {
    const anyTest = await conditionGroup({ progress_status_exam: [30, 31] });
    expect(await members(anyTest)).toEqual(await enrolled("test", (e) => sql`${sql.ref(`${e}.status`)} in (30, 31)`));
    const dated = await api.db
      .selectFrom("content_enrollment")
      .select(["datetime_complete"])
      .where("content_type_id", "=", await typeId("course"))
      .where("datetime_complete", "is not", null)
      .orderBy("datetime_complete")
      .execute();
    const mid = dated[Math.floor(dated.length / 2)].datetime_complete!.slice(0, 10);
    const since = await conditionGroup({ content_course_datetime_end_gte: mid });
    expect(await members(since)).toEqual(
      await enrolled("course", (e) => sql`substr(${sql.ref(`${e}.datetime_complete`)}, 1, 10) >= ${mid}`),
    );
    expect((await members(since)).length).toBeGreaterThan(0);
  });

  it("each filled type is one criterion: all of them, or any of them", async () => {
    const course = await busyCourse();
    const both = { content_course: [course], progress_status_activity: [30, 31] };
    const courseIds = await enrolled("course", (e) => sql`${sql.ref(`${e}.content_id`)} = ${course}`);
    const activityIds = await enrolled("activity", (e) => sql`${sql.ref(`${e}.status`)} in (30, 31)`);
    const all = await conditionGroup(both);
    expect(await members(all)).toEqual(courseIds.filter((id) => activityIds.includes(id)));
    const any = await conditionGroup({ ...both, operator: 2 });
    expect(await members(any)).toEqual([...new Set([...courseIds, ...activityIds])].sort((a, b) => a - b));
  });
});

describe("refusals", () => {
  it("an unknown content, an unknown status and dates the wrong way round are field errors; nothing is written", async () => {
    const id = await conditionGroup({ progress_status_survey: [30] });
    const before = await admin.get(`${G}/${id}/condition/`);
    for (const [body, field] of [
      [{ content_course: [2_000_000] }, "content_course"],
      [{ progress_status_course: [99] }, "progress_status_course"],
      [{ content_course_operator: 3 }, "content_course_operator"],
      [
        { content_event_datetime_start_gte: "2026-05-02", content_event_datetime_start_lte: "2026-05-01" },
        "content_event_datetime_start_lte",
      ],
    ] as const) {
      const res = await admin.put(`${G}/${id}/condition/`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body as object)).toContain(field);
    }
    expect((await admin.get(`${G}/${id}/condition/`)).body).toEqual(before.body);
  });

  it("a content a condition names is not deleted (424), and is once the condition lets go", async () => {
    const category = (await api.db.selectFrom("category").select("id").orderBy("id").executeTakeFirstOrThrow()).id;
    const provider = (await api.db.selectFrom("provider").select("id").orderBy("id").executeTakeFirstOrThrow()).id;
    const created = await admin.post("/api/dashboard/survey/", {
      name: "Named by a condition",
      code: "BY-CONTENT-1",
      category,
      provider,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const survey = (created.body as { id: number }).id;
    const group = await conditionGroup({ content_survey: [survey] });
    expect((await admin.delete(`/api/dashboard/survey/${survey}/`)).status).toBe(424);
    await admin.put(`${G}/${group}/condition/`, { progress_status_survey: [30] });
    expect((await admin.delete(`/api/dashboard/survey/${survey}/`)).status).toBe(204);
  });
});

describe("a content's permission rule", () => {
  it("admits the learners who completed another content, and the preview of a group counts them", async () => {
    const course = await busyCourse();
    const completed = await enrolled(
      "course",
      (e) => sql`${sql.ref(`${e}.content_id`)} = ${course} and ${sql.ref(`${e}.status`)} in (30, 31)`,
    );
    const rule = await admin.post(`/api/dashboard/course/${course}/permission/`, { mode: 2, permission: 2 });
    expect(rule.status, JSON.stringify(rule.body)).toBe(201);
    const ruleId = (rule.body as { id: number }).id;
    const put = await admin.put(`/api/dashboard/course/${course}/permission/${ruleId}/condition/`, {
      content_course: [course],
      progress_status_course: [30, 31],
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toMatchObject({ content_course: [course], progress_status_course: [30, 31] });
    const group = await newGroup();
    const preview = await admin.post(`${G}/${group}/condition/preview/`, {
      content_course: [course],
      progress_status_course: [30, 31],
    });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toEqual({ count: completed.length });
  });
});
