import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IDEMPOTENCY_HEADER } from "../../contract/http";
import { LIBRARY } from "../../contract/library.js";
import type { Database } from "../../api/db/schema";
import { contentTypeId } from "../../api/content/ref";
import { checklistBody } from "./activity-kit";
import { contentRefs, startTestApi, type Client, type TestApi } from "./harness";
import { newUser } from "./people-kit";

/**
 * The dashboard's other create forms carry an idempotency key too (issue 35 §4,
 * docs/decisions/094 "Extended to the other create forms"): at each of their API calls, a second
 * call with the same key — the retry of a post whose answer was lost — answers what the first one
 * created (the same answer, `idempotent-replayed: true`) and writes nothing; a key is one
 * address's. The engine's own create is tests/api/idempotency.test.ts.
 */
let api: TestApi;
let admin: Client;
const D = "/api/dashboard";
/** What the creates below hang under, made once. */
const at = {} as Record<
  | "test"
  | "section"
  | "klass"
  | "activity"
  | "cards"
  | "course"
  | "curriculumSection"
  | "form"
  | "formSection"
  | "flow"
  | "location"
  | "provider"
  | "rules"
  | "library"
  | "learner"
  | "category",
  number
>;

beforeAll(async () => {
  api = await startTestApi();
  admin = await api.signedIn("admin");
  const refs = await contentRefs(admin);
  const made = async (path: string, body: Record<string, unknown>) => {
    const res = await admin.post(`${D}/${path}`, body);
    if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as { id: number };
  };
  const first = async (table: "location" | "account", where?: string) => {
    let q = api.db.selectFrom(table as "account").select("id");
    if (where) q = q.where("username", "=", where);
    return (await q.orderBy("id").executeTakeFirstOrThrow()).id;
  };
  at.category = refs.category;
  at.provider = refs.provider;
  at.test = (await made("test/", { name: "Idempotent test", code: "IDF-TEST", ...refs })).id;
  at.section = (await made(`test/${at.test}/section/`, { name: "Part A" })).id;
  await made(`test/${at.test}/section/${at.section}/question/`, { desc: "First", type: 1 });
  at.klass = (await made("class/", { name: "Idempotent class", code: "IDF-CLS", ...refs })).id;
  at.activity = (await made("activity/", { name: "Idempotent activity", code: "IDF-ACT", ...refs })).id;
  at.cards = (await made("flash_card/", { name: "Idempotent cards", code: "IDF-CARDS", ...refs })).id;
  at.course = (await made("course/", { name: "Idempotent course", code: "IDF-CRS", ...refs })).id;
  at.curriculumSection = (await made(`course/${at.course}/curriculum/section/`, { name: "Week 1" })).id;
  at.form = (await made("request-form/", { name: "Idempotent form", code: "IDF-FORM", type_request: 1 })).id;
  await made(`request-form/${at.form}/section/`, { name: "First" });
  at.formSection = (await admin.get(`${D}/request-form/${at.form}/`)).body.sections[0].id;
  at.flow = (await made("approval-flow/", { name: "Idempotent flow", code: "IDF-FLOW", type_request: 2, sort: 90 })).id;
  at.location = await first("location");
  at.rules = (await made("auto-assignment/", { type: 1, name: "Idempotent rules", date_start: "2026-06-02" })).id;
  at.library = (await admin.get(`${D}/${LIBRARY.segment}/course/`)).body.results[0].id;
  at.learner = await first("account", "learner002");
});
afterAll(() => api.close());

type Table = keyof Database;
const count = async (table: Table) =>
  Number(
    (
      await api.db
        .selectFrom(table as "account")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** One create form's API call: where it posts, a valid body (`n` keeps codes apart), the table it adds a row to. */
type Case = { name: string; path: () => string; body: (n: number) => Record<string, unknown>; table: Table };
const CASES: Case[] = [
  {
    name: "department",
    path: () => `${D}/department/`,
    body: (n) => ({ name: `Idempotent team ${n}`, code: `IDF-DEP-${n}` }),
    table: "department",
  },
  { name: "level", path: () => `${D}/level/`, body: (n) => ({ name: `Idempotent level ${n}` }), table: "level" },
  {
    name: "position",
    path: () => `${D}/position/`,
    body: (n) => ({ name: `Idempotent position ${n}` }),
    table: "position",
  },
  {
    name: "permission rule",
    path: () => `${D}/course/${at.course}/permission/`,
    body: () => ({ mode: 2 }),
    table: "content_permission",
  },
  {
    name: "test section",
    path: () => `${D}/test/${at.test}/section/`,
    body: (n) => ({ name: `Part ${n}` }),
    table: "test_section",
  },
  {
    name: "test question",
    path: () => `${D}/test/${at.test}/section/${at.section}/question/`,
    body: (n) => ({ desc: `Question ${n}`, type: 1 }),
    table: "test_question",
  },
  {
    name: "question choice",
    path: () => `${D}/test/${at.test}/section/${at.section}/question/1/choice/`,
    body: (n) => ({ desc: `Choice ${n}`, is_answer: false }),
    table: "test_choice",
  },
  {
    name: "class session",
    path: () => `${D}/class/${at.klass}/session/`,
    body: (n) => ({
      name: `Session ${n}`,
      date: "2026-06-10",
      start_time: "09:00",
      end_time: "12:00",
      confirm_overlap: "true",
    }),
    table: "class_session",
  },
  {
    name: "class activity",
    path: () => `${D}/class/${at.klass}/activity/`,
    body: (n) => ({ name: `Site visit ${n}`, code: `IDF-CA-${n}` }),
    table: "class_activity",
  },
  {
    name: "flash card",
    path: () => `${D}/flash_card/${at.cards}/card/`,
    body: (n) => ({ front: `Front ${n}`, back: `Back ${n}` }),
    table: "media_card",
  },
  {
    name: "curriculum section",
    path: () => `${D}/course/${at.course}/curriculum/section/`,
    body: (n) => ({ name: `Week ${n}` }),
    table: "content_section",
  },
  {
    name: "curriculum material",
    path: () => `${D}/course/${at.course}/curriculum/section/${at.curriculumSection}/material/`,
    body: (n) => ({ slot_type: "weblink", name: `Reading ${n}`, url: "https://example.com/read" }),
    table: "content_material",
  },
  {
    name: "credit change",
    path: () => `${D}/user/${at.learner}/credit/`,
    body: () => ({ amount: "10", note: "Idempotent top-up" }),
    table: "credit_transaction",
  },
  {
    name: "form section",
    path: () => `${D}/request-form/${at.form}/section/`,
    body: (n) => ({ name: `Section ${n}` }),
    table: "form_section",
  },
  {
    name: "form question",
    path: () => `${D}/request-form/${at.form}/section/${at.formSection}/question/`,
    body: (n) => ({ text: `Question ${n}`, type: 6 }),
    table: "form_question",
  },
  {
    name: "flow step",
    path: () => `${D}/approval-flow/${at.flow}/step/`,
    body: () => ({ step_supervisor: 1 }),
    table: "approval_step",
  },
  {
    name: "provider highlight",
    path: () => `${D}/provider/${at.provider}/highlight/`,
    body: (n) => ({ title: `Highlight ${n}`, external_link: "https://example.org/", sort: 1 }),
    table: "provider_highlight",
  },
  {
    name: "room",
    path: () => `${D}/location/${at.location}/room/`,
    body: (n) => ({ name: `Room ${n}` }),
    table: "room",
  },
  {
    name: "activity checklist",
    path: () => `${D}/activity/${at.activity}/checklist/`,
    body: (n) => checklistBody({ name: `Checklist ${n}` }),
    table: "activity_checklist",
  },
  {
    name: "gamification criterion (a content's table tab)",
    path: () => `${D}/course/${at.course}/gamification/`,
    body: (n) => ({ name: `Finish ${n}`, point: 10 }),
    table: "content_gamification",
  },
  {
    name: "assignment content rule",
    path: () => `${D}/auto-assignment/${at.rules}/content/rule/`,
    body: () => ({ content_type_id: courseTypeId, category_list: [at.category] }),
    table: "assignment_content_rule",
  },
  {
    name: "library take",
    path: () => `${D}/${LIBRARY.segment}/course/${at.library}/take/`,
    body: () => ({}),
    table: "course",
  },
  // The types content.create.tsx posts to whose API is not the engine's.
  { name: "user", path: () => `${D}/user/`, body: () => newUser(), table: "account" },
  {
    name: "group",
    path: () => `${D}/group/`,
    body: (n) => ({ name: `Idempotent group ${n}`, code: `IDF-GRP-${n}` }),
    table: "account_group",
  },
  {
    name: "provider (master data)",
    path: () => `${D}/provider/`,
    body: (n) => ({ name: `Idempotent provider ${n}`, code: `IDF-PRV-${n}` }),
    table: "provider",
  },
  {
    name: "budget category",
    path: () => `${D}/budget-category/`,
    body: (n) => ({ name_bp: `Idempotent plan ${n}`, name_ac: `Idempotent cost ${n}`, code: `IDF-BC-${n}` }),
    table: "budget_category",
  },
  {
    name: "request form",
    path: () => `${D}/request-form/`,
    body: (n) => ({ name: `Idempotent form ${n}`, code: `IDF-RF-${n}`, type_request: 1 }),
    table: "request_form",
  },
  {
    name: "approval flow",
    path: () => `${D}/approval-flow/`,
    body: (n) => ({ name: `Idempotent flow ${n}`, type_request: 2, sort: 100 + n }),
    table: "approval_flow",
  },
  {
    name: "assignment",
    path: () => `${D}/auto-assignment/`,
    body: (n) => ({ type: 1, name: `Idempotent assignment ${n}`, date_start: "2026-06-02" }),
    table: "assignment",
  },
];
let courseTypeId = 0;
beforeAll(async () => {
  courseTypeId = await contentTypeId(api.db, "course");
});

let serial = 0;
const fresh = () => {
  serial += 1;
  return { key: `form-key-${serial}-${Date.now()}`, n: serial };
};
const withKey = (key: string) => ({ [IDEMPOTENCY_HEADER]: key });

describe("a create form's call with an idempotency key", () => {
  it.each(CASES.map((c) => [c.name, c] as const))(
    "%s: sent twice, creates one row and answers the second with the first's",
    async (_name, c) => {
      const { key, n } = fresh();
      const before = await count(c.table);
      const first = await admin.post(c.path(), c.body(n), withKey(key));
      expect(first.status, JSON.stringify(first.body)).toBe(201);
      expect(first.headers["idempotent-replayed"]).toBeUndefined();
      // The retry may carry another body (a form typed again): what the first call made is the answer.
      const again = await admin.post(c.path(), c.body(n + 1000), withKey(key));
      expect(again.status, JSON.stringify(again.body)).toBe(201);
      expect(again.headers["idempotent-replayed"]).toBe("true");
      expect(again.body).toEqual(first.body);
      expect(await count(c.table)).toBe(before + 1);
      // Another key is another create.
      const other = fresh();
      expect((await admin.post(c.path(), c.body(other.n), withKey(other.key))).status).toBe(201);
      expect(await count(c.table)).toBe(before + 2);
    },
  );

  it.each(CASES.map((c, i) => [c.name, c, CASES[(i + 1) % CASES.length]] as const))(
    "%s: its key sent to another address is refused there, writing nothing",
    async (_name, c, next) => {
      const { key, n } = fresh();
      expect((await admin.post(c.path(), c.body(n), withKey(key))).status).toBe(201);
      const before = await count(next.table);
      const elsewhere = await admin.post(next.path(), next.body(n + 2000), withKey(key));
      expect(elsewhere.status).toBe(400);
      expect(elsewhere.body).toEqual({ [IDEMPOTENCY_HEADER]: ["invalid"] });
      expect(await count(next.table)).toBe(before);
    },
  );

  it("racing calls with one key create one row (a department, a credit change), and each answers it", async () => {
    for (const c of [CASES[0], CASES.find((x) => x.name === "credit change")!]) {
      const { key, n } = fresh();
      const before = await count(c.table);
      const answers = await Promise.all([1, 2, 3].map(() => admin.post(c.path(), c.body(n), withKey(key))));
      expect(
        answers.map((a) => a.status),
        c.name,
      ).toEqual([201, 201, 201]);
      expect(await count(c.table), c.name).toBe(before + 1);
      expect(
        answers.filter((a) => a.headers["idempotent-replayed"] === "true"),
        c.name,
      ).toHaveLength(2);
    }
  });

  it("writes nothing for a refused call: the corrected retry with the same key creates", async () => {
    const { key, n } = fresh();
    const path = `${D}/test/${at.test}/section/${at.section}/question/`;
    const before = await count("test_question");
    expect((await admin.post(path, { desc: "Bad", type: 99 }, withKey(key))).status).toBe(400);
    const created = await admin.post(path, { desc: `Question ${n}`, type: 1 }, withKey(key));
    expect(created.status).toBe(201);
    expect(created.headers["idempotent-replayed"]).toBeUndefined();
    expect(await count("test_question")).toBe(before + 1);
  });

  it("answers a replay of a row deleted since with 404, what the row is now", async () => {
    const { key, n } = fresh();
    const path = `${D}/location/${at.location}/room/`;
    const room = await admin.post(path, { name: `Gone ${n}` }, withKey(key));
    expect(room.status).toBe(201);
    expect((await admin.delete(`${path}${room.body.id}/`)).status).toBe(204);
    expect((await admin.post(path, { name: `Gone ${n}` }, withKey(key))).status).toBe(404);
  });
});
