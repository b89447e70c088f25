import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "../../contract/messages";
import { SEQUENCE_MSG } from "../../contract/sequence-codes";
import type { SequenceContent } from "../../contract/schemas/sequence";
import { contentRefs, startTestApi, type Client, type TestApi } from "./harness";
import { signedInWithout } from "./people-kit";
import { onboardTick } from "../../api/content/onboard/auto-enrol";
import { ONBOARD_MSG } from "../../contract/schemas/onboard";
import { changedTables, writeFingerprint } from "./route-kit";

/**
 * Onboarding plans (issue 36 §2, docs/decisions/099): the seeded plans, an online path's cancel
 * types, the sequence's onboard settings (each content's name in the plan, anonymity, the content
 * it sits under — a circle refused naming its contents; a removed parent's children move up), the
 * publish precondition, progress derived from the contents, and the onboard flags. Both dialects.
 */

let api: TestApi;
let admin: Client;
let fingerprint: () => Promise<string>;
let refs: Record<string, number>;
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.signedIn("admin");
  fingerprint = await writeFingerprint(api);
  refs = await contentRefs(admin);
});
afterAll(() => api.close());

const P = "/api/dashboard/onboard/";
async function writesNothing(refusals: () => Promise<void>) {
  const before = await fingerprint();
  await refusals();
  expect(changedTables(before, await fingerprint())).toEqual([]);
}
let made = 0;
const newPlan = async () => {
  const res = await admin.post(P, { name: `Plan ${++made}`, code: `ONBT-${made}`, ...refs });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number };
};
const contents = async (id: number) => (await admin.get(`${P}${id}/content/`)).body as SequenceContent[];
const withCourses = async (n: number) => {
  const plan = await newPlan();
  const courses = await api.db
    .selectFrom("course")
    .select("id")
    .where("is_library", "=", 0)
    .orderBy("id")
    .limit(n)
    .execute();
  for (const { id } of courses) {
    const res = await admin.post(`${P}${plan.id}/content/`, { content_type: "course", content_id: id });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
  return { plan, held: await contents(plan.id), courses: courses.map((c) => c.id) };
};

describe("onboarding plans", () => {
  it("lists the seeded plans with their contents; the published one's steps have names, a parent and anonymity", async () => {
    const all = await admin.get(`${P}?ordering=code`);
    expect(all.status).toBe(200);
    expect(all.body.results.map((p: { code: string; count_content: number }) => [p.code, p.count_content])).toEqual([
      ["ONB-BRANCH", 1],
      ["ONB-EMPTY", 0],
      ["ONB-NEW", 4],
    ]);
    const id = all.body.results.find((p: { code: string }) => p.code === "ONB-NEW").id;
    const [welcome, checkIn, , last] = await contents(id);
    expect(welcome).toMatchObject({
      name: "Day 1: Welcome to the company",
      content_type: "course",
      content_parent: null,
    });
    expect(welcome.content_name).not.toBe(welcome.name);
    expect(checkIn).toMatchObject({ content_type: "survey", is_anonymous: true, content_parent: welcome.id });
    expect(last.depend_content_id_list).toEqual([welcome.id, checkIn.id]);
  });

  it("allows an online path's cancel types, 2 and 7", async () => {
    const { id } = await newPlan();
    const url = `${P}${id}/enrollment/`;
    expect((await admin.get(url)).body.cancel_type_choices).toEqual([2, 7]);
    await writesNothing(async () => {
      const refused = await admin.put(url, { content_period_cancel: { type: 5, duration: 86400 } });
      expect(refused.status).toBe(400);
    });
    const ok = await admin.put(url, { content_period_cancel: { type: 7, duration: 3 * 86400 } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });

  it("names a content in the plan, marks it anonymous, and blank gives it back its own name", async () => {
    const { plan, held } = await withCourses(1);
    const [one] = held;
    const named = await admin.patch(`${P}${plan.id}/content/${one.id}/`, {
      name: "  Meet your buddy ",
      is_anonymous: true,
    });
    expect(named.status, JSON.stringify(named.body)).toBe(200);
    expect((named.body as SequenceContent[])[0]).toMatchObject({ name: "Meet your buddy", is_anonymous: true });
    await writesNothing(async () => {
      const long = await admin.patch(`${P}${plan.id}/content/${one.id}/`, { name: "x".repeat(256) });
      expect(long.body).toEqual({ name: [MSG.too_long] });
    });
    const back = await admin.patch(`${P}${plan.id}/content/${one.id}/`, { name: "" });
    expect((back.body as SequenceContent[])[0].name).toBe(one.content_name);
  });

  it("sets the content a step sits under, refuses a circle naming its contents, and moves children up when their parent goes", async () => {
    const { plan, held } = await withCourses(3);
    const [a, b, c] = held;
    const put = (x: SequenceContent, parent: number | null) =>
      admin.patch(`${P}${plan.id}/content/${x.id}/`, { content_parent: parent });
    expect((await put(b, a.id)).status).toBe(200);
    expect((await put(c, b.id)).status).toBe(200);
    await writesNothing(async () => {
      const circle = await put(a, c.id);
      expect(circle.status).toBe(400);
      expect(circle.body).toEqual({
        content_parent: [SEQUENCE_MSG.parent_cycle],
        cycle: [a, c, b, a].map((x) => ({ id: x.id, name: x.name })),
      });
      expect((await put(a, a.id)).body).toEqual({ content_parent: [SEQUENCE_MSG.parent_not_held] });
      expect((await put(a, 999999)).body).toEqual({ content_parent: [SEQUENCE_MSG.parent_not_held] });
    });
    expect((await contents(plan.id)).map((x) => x.content_parent)).toEqual([null, a.id, b.id]);
    expect((await admin.delete(`${P}${plan.id}/content/${b.id}/`)).status).toBe(204);
    expect((await contents(plan.id)).map((x) => [x.id, x.content_parent])).toEqual([
      [a.id, null],
      [c.id, a.id],
    ]);
  });

  it("publishes only with a content, and a learner's progress on it follows their contents", async () => {
    const plan = await newPlan();
    await writesNothing(async () => {
      const refused = await admin.patch(`${P}${plan.id}/`, { is_display: true });
      expect([refused.status, refused.body]).toEqual([417, { detail: MSG.publish_no_content }]);
    });
    const [course] = (
      await api.db
        .selectFrom("course")
        .select("id")
        .where("is_library", "=", 0)
        .orderBy("id", "desc")
        .limit(1)
        .execute()
    ).map((r) => r.id);
    expect((await admin.post(`${P}${plan.id}/content/`, { content_type: "course", content_id: course })).status).toBe(
      201,
    );
    expect((await admin.patch(`${P}${plan.id}/`, { is_display: true })).status).toBe(200);
    const account = (
      await api.db
        .selectFrom("account")
        .select("id")
        .where("username", "like", "student%")
        .where("id", "not in", (eb) =>
          eb
            .selectFrom("content_enrollment as e")
            .innerJoin("content_type as t", "t.id", "e.content_type_id")
            .select("e.account_id")
            .where("t.code", "=", "course")
            .where("e.content_id", "=", course),
        )
        .orderBy("id")
        .executeTakeFirstOrThrow()
    ).id;
    for (const url of [`/api/dashboard/course/${course}/`, `${P}${plan.id}/`])
      expect((await admin.post(`${url}enroll/`, { account_list: [account] })).body.enrolled, url).toBe(1);
    const record = (type: string, id: number) =>
      api.db
        .selectFrom("content_enrollment as e")
        .innerJoin("content_type as t", "t.id", "e.content_type_id")
        .select(["e.id", "e.status"])
        .where("t.code", "=", type)
        .where("e.content_id", "=", id)
        .where("e.account_id", "=", account)
        .executeTakeFirstOrThrow();
    const mine = await record("course", course);
    expect((await admin.patch(`/api/dashboard/course/${course}/progress/${mine.id}/`, { status: 30 })).status).toBe(
      200,
    );
    expect((await record("onboard", plan.id)).status).toBe(30);
  });

  it("counts what waits in its inbox: enrolments waiting and completions to verify", async () => {
    const id = (await api.db.selectFrom("onboard").select("id").where("code", "=", "ONB-NEW").executeTakeFirstOrThrow())
      .id;
    const url = `${P}${id}/overall/`;
    const before = (await admin.get(url)).body.inbox as { waiting: number; verifying: number };
    const records = await api.db
      .selectFrom("content_enrollment as e")
      .innerJoin("content_type as t", "t.id", "e.content_type_id")
      .select("e.id")
      .where("t.code", "=", "onboard")
      .where("e.content_id", "=", id)
      .where("e.status", "not in", [1, 2, 3, 5, 22])
      .orderBy("e.id")
      .limit(2)
      .execute();
    await api.db.updateTable("content_enrollment").set({ status: 1 }).where("id", "=", records[0].id).execute();
    await api.db.updateTable("content_enrollment").set({ status: 22 }).where("id", "=", records[1].id).execute();
    expect((await admin.get(url)).body.inbox).toEqual({ waiting: before.waiting + 1, verifying: before.verifying + 1 });
    const waiting = await admin.get(`${P}${id}/learner/?status_set=waiting`);
    expect(waiting.body.results.map((r: { id: number }) => r.id)).toContain(records[0].id);
  });

  it("adds only a content the account sees in its own list of that type", async () => {
    const provider = await api.signedIn("provider");
    const mine = (await provider.get("/api/dashboard/course/?page_size=100")).body.results as {
      id: number;
      provider: { id: number };
    }[];
    expect(mine.length).toBeGreaterThan(0);
    const plan = await provider.post(P, {
      ...refs,
      name: "Scoped plan",
      code: "ONBT-SCOPE",
      provider: mine[0].provider.id,
    });
    expect(plan.status, JSON.stringify(plan.body)).toBe(201);
    const other = await api.db
      .selectFrom("course")
      .select("id")
      .where(
        "id",
        "not in",
        mine.map((c) => c.id),
      )
      .where("is_library", "=", 0)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    await writesNothing(async () => {
      const hidden = await provider.post(`${P}${plan.body.id}/content/`, {
        content_type: "course",
        content_id: other.id,
      });
      expect([hidden.status, hidden.body]).toEqual([400, { content_id: [SEQUENCE_MSG.content_not_found] }]);
    });
    const seen = await provider.post(`${P}${plan.body.id}/content/`, {
      content_type: "course",
      content_id: mine[0].id,
    });
    expect(seen.status, JSON.stringify(seen.body)).toBe(201);
  });

  it("its rule needs a first start date, on create and when a change turns it on", async () => {
    await writesNothing(async () => {
      const bare = await admin.post(P, { name: "Rule", code: "ONBT-RULE", ...refs, is_auto_enroll: true });
      expect(bare.body).toEqual({ onboard_start_from: [ONBOARD_MSG.start_from_required] });
    });
    const plan = await newPlan();
    await writesNothing(async () => {
      const on = await admin.patch(`${P}${plan.id}/`, { is_auto_enroll: true });
      expect(on.body).toEqual({ onboard_start_from: [ONBOARD_MSG.start_from_required] });
    });
    const ok = await admin.patch(`${P}${plan.id}/`, { is_auto_enroll: true, onboard_start_from: "2026-01-05" });
    expect(ok.body).toMatchObject({ is_auto_enroll: true, onboard_start_from: "2026-01-05" });
  });

  it("enrols the new employees of a published plan once, from their start date, and stamps their onboard date", async () => {
    const ctx = { db: api.db, now: () => api.clock.now, secret: "x", mediaDir: api.mediaDir };
    const today = api.clock.now.toISOString().slice(0, 10);
    const days = (n: number) => new Date(api.clock.now.getTime() + n * 86_400_000).toISOString().slice(0, 10);
    // Three accounts of their own: started yesterday, starting tomorrow, started before the rule's date; and one inactive.
    const students = await api.db
      .selectFrom("account")
      .select("id")
      .where("username", "like", "student%")
      .orderBy("id", "desc")
      .limit(4)
      .execute();
    const [started, tomorrow, before, inactive] = students.map((a) => a.id);
    // Nobody else starts on or after the rule's date, so only these can be enrolled.
    await api.db
      .updateTable("account")
      .set({ date_start: days(-400) })
      .where("date_start", ">=", days(-30))
      .execute();
    const set = (id: number, date_start: string, is_active = 1) =>
      api.db.updateTable("account").set({ date_start, is_active, onboard_date: null }).where("id", "=", id).execute();
    await set(started, days(-1));
    await set(tomorrow, days(1));
    await set(before, days(-60));
    await set(inactive, days(-2), 0);
    const { plan } = await withCourses(1);
    await admin.patch(`${P}${plan.id}/`, { is_auto_enroll: true, onboard_start_from: days(-30) });
    // A draft plan enrols nobody.
    expect(await onboardTick(ctx)).toBe(0);
    expect((await admin.patch(`${P}${plan.id}/`, { is_display: true })).status).toBe(200);
    expect(await onboardTick(ctx)).toBe(1);
    const records = await api.db
      .selectFrom("content_enrollment as e")
      .innerJoin("content_type as t", "t.id", "e.content_type_id")
      .select(["e.account_id", "e.status", "e.add_method", "e.created_by"])
      .where("t.code", "=", "onboard")
      .where("e.content_id", "=", plan.id)
      .execute();
    expect(records).toEqual([{ account_id: started, status: 0, add_method: 2, created_by: null }]);
    const stamped = await api.db
      .selectFrom("account")
      .select("onboard_date")
      .where("id", "=", started)
      .executeTakeFirstOrThrow();
    expect(stamped.onboard_date).toBe(today);
    expect((await admin.get(`/api/dashboard/user/${started}/`)).body.onboard_date).toBe(today);
    // Again: nothing new; two days on, tomorrow's starter has come.
    expect(await onboardTick(ctx)).toBe(0);
    const was = api.clock.now;
    api.clock.now = new Date(was.getTime() + 2 * 86_400_000);
    try {
      expect(await onboardTick(ctx)).toBe(1);
    } finally {
      api.clock.now = was;
    }
  });

  it("needs the onboard flags", async () => {
    const { plan, held } = await withCourses(1);
    const { client } = await signedInWithout(api, "onboard_change_onboard");
    await writesNothing(async () => {
      expect((await api.client().get(`${P}${plan.id}/content/`)).status).toBe(401);
      expect((await client.patch(`${P}${plan.id}/content/${held[0].id}/`, { is_anonymous: true })).status).toBe(403);
      expect((await client.delete(`${P}${plan.id}/content/${held[0].id}/`)).status).toBe(403);
    });
  });
});
