import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EnrollAnswer } from "../../contract/schemas/enrollment";
import { contentTypeId } from "../../api/content/ref";
import { contentRefs, startTestApi, type Client, type TestApi } from "./harness";

/**
 * A full class (issue 16 "class full"): a class enrols through the engine's enrollment with its
 * capacity (api/content/features/enrollment/service.ts, docs/decisions/017), so with capacity 1
 * and "close enrollment when full" the second learner gets the engine's full answer and nothing
 * is written for them — the same answer a course gives, which the dashboard words with the
 * type's noun ("Class full", tests/e2e/classes.spec.ts).
 */
const C = "/api/dashboard/class";
let api: TestApi;
let admin: Client;
let classType: number;
let refs: { category: number; provider: number };
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.signedIn("admin");
  classType = await contentTypeId(api.db, "class");
  refs = await contentRefs(admin);
});
afterAll(() => api.close());

const accountId = async (username: string) =>
  (await api.db.selectFrom("account").select("id").where("username", "=", username).executeTakeFirstOrThrow()).id;
const recordsOf = async (classId: number) =>
  (
    await api.db
      .selectFrom("content_enrollment as e")
      .innerJoin("account as a", "a.id", "e.account_id")
      .select(["a.username", "e.status"])
      .where("e.content_type_id", "=", classType)
      .where("e.content_id", "=", classId)
      .orderBy("a.username")
      .execute()
  ).map((r) => [r.username, r.status]);

describe("a class with capacity 1, closed when full", () => {
  it("enrols the first learner and refuses the second with the full answer, writing nothing for them", async () => {
    const created = await admin.post(`${C}/`, { name: "Class full test", code: "T-FULL-1", ...refs });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as number;
    // close_enroll_after_full (type_access 1, spec 001 §4); the class's own cancel types (event: 5, 6, 1).
    const settings = await admin.put(`${C}/${id}/enrollment/`, {
      capacity: 1,
      type_access: 1,
      type_waiting: 0,
      content_period_cancel: { type: 5, duration: 86_400 },
    });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);

    const [first, second] = [await accountId("student0301"), await accountId("student0302")];
    const one = await admin.post(`${C}/${id}/enroll/`, { account_list: [first] });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ enrolled: 1, full: 0, seats: { capacity: 1, taken: 1, when_full: "closed" } });

    const two = await admin.post(`${C}/${id}/enroll/`, { account_list: [second] });
    expect(two.status).toBe(200);
    const body = two.body as EnrollAnswer;
    expect(body).toMatchObject({
      enrolled: 0,
      waiting_list: 0,
      full: 1,
      seats: { capacity: 1, taken: 1, when_full: "closed" },
    });
    expect(body.results.map((r) => [r.username, r.result])).toEqual([["student0302", "full"]]);
    expect(await recordsOf(id)).toEqual([["student0301", 0]]);

    // The picker says so too: one seat of one taken.
    expect((await admin.get(`${C}/${id}/enroll/account/?search=student0302`)).body.seats).toEqual({
      capacity: 1,
      taken: 1,
      when_full: "closed",
    });
  });
});
