import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "../../contract/messages";
import { LEARNING_PATH_MSG } from "../../contract/learning-path-codes";
import { SEQUENCE_MSG } from "../../contract/sequence-codes";
import type { SequenceContent } from "../../contract/schemas/sequence";
import { contentRefs, startTestApi, type Client, type TestApi } from "./harness";
import { signedInWithout } from "./people-kit";
import { changedTables, writeFingerprint } from "./route-kit";

/**
 * Learning paths (issue 36 §1, docs/decisions/098): the two kinds and a scheduled path's period,
 * the cancel types each kind allows, the curriculum (add, order, dependencies with the circle
 * refused naming its contents, removal), the publish precondition, a held content kept from
 * deletion, and the learning_path flags. Both dialects.
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

const P = "/api/dashboard/learning-path/";
async function writesNothing(refusals: () => Promise<void>) {
  const before = await fingerprint();
  await refusals();
  expect(changedTables(before, await fingerprint())).toEqual([]);
}
let made = 0;
const newPath = async (extra: Record<string, unknown> = {}) => {
  const res = await admin.post(P, { name: `Path ${++made}`, code: `LPT-${made}`, ...refs, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; kind: number };
};
const firstIds = async (table: "course" | "class" | "activity", n: number) =>
  (await api.db.selectFrom(table).select("id").orderBy("id").limit(n).execute()).map((r) => r.id);
const contents = async (id: number) => (await admin.get(`${P}${id}/content/`)).body as SequenceContent[];

describe("learning paths", () => {
  it("lists the seeded paths of both kinds, and each kind alone", async () => {
    const all = await admin.get(`${P}?ordering=code`);
    expect(all.status).toBe(200);
    expect(
      all.body.results.map((p: { code: string; kind: number; count_content: number }) => [
        p.code,
        p.kind,
        p.count_content,
      ]),
    ).toEqual([
      ["LP-DATA", 1, 1],
      ["LP-EMPTY", 2, 0],
      ["LP-ONLINE", 1, 4],
      ["LP-SCHED", 2, 3],
    ]);
    const online = await admin.get(`${P}?kind=1&ordering=code`);
    expect(online.body.results.map((p: { code: string }) => p.code)).toEqual(["LP-DATA", "LP-ONLINE"]);
  });

  it("makes an online path without a period and a scheduled one only with a period that ends after it starts", async () => {
    const online = await newPath({ datetime_learn_start: "2027-01-01T00:00:00Z" });
    expect(online).toMatchObject({ kind: 1 });
    await writesNothing(async () => {
      const bare = await admin.post(P, { name: "S", code: "LPT-S1", ...refs, kind: 2 });
      expect(bare.body).toEqual({
        datetime_learn_start: [LEARNING_PATH_MSG.learn_period_required],
        datetime_learn_end: [LEARNING_PATH_MSG.learn_period_required],
      });
      const backwards = await admin.post(P, {
        name: "S",
        code: "LPT-S2",
        ...refs,
        kind: 2,
        datetime_learn_start: "2027-02-01T00:00:00Z",
        datetime_learn_end: "2027-01-01T00:00:00Z",
      });
      expect(backwards.body).toEqual({ datetime_learn_end: [LEARNING_PATH_MSG.learn_end_before_start] });
      expect((await admin.post(P, { name: "S", code: "LPT-S3", ...refs, kind: 3 })).body).toEqual({
        kind: [MSG.invalid_choice],
      });
    });
    const scheduled = await newPath({
      kind: 2,
      datetime_learn_start: "2027-01-01T00:00:00Z",
      datetime_learn_end: "2027-03-01T00:00:00Z",
    });
    expect(scheduled).toMatchObject({ kind: 2, datetime_learn_end: "2027-03-01T00:00:00.000Z" });
    // A PATCH naming one end is held to the stored other; the kind is made once (not a field of a change).
    await writesNothing(async () => {
      const early = await admin.patch(`${P}${scheduled.id}/`, { datetime_learn_end: "2026-12-01T00:00:00Z" });
      expect(early.body).toEqual({ datetime_learn_end: [LEARNING_PATH_MSG.learn_end_before_start] });
      const cleared = await admin.patch(`${P}${scheduled.id}/`, { datetime_learn_start: "" });
      expect(cleared.body).toEqual({ datetime_learn_start: [LEARNING_PATH_MSG.learn_period_required] });
    });
    await writesNothing(async () => {
      expect((await admin.patch(`${P}${scheduled.id}/`, { kind: 1 })).body).toEqual({ kind: [MSG.unknown_field] });
    });
  });

  it("allows the cancel types of its kind: online 2 and 7, scheduled 5, 6 and 1", async () => {
    const online = await newPath();
    const scheduled = await newPath({
      kind: 2,
      datetime_learn_start: "2027-01-01T00:00:00Z",
      datetime_learn_end: "2027-03-01T00:00:00Z",
    });
    expect((await admin.get(`${P}${online.id}/enrollment/`)).body.cancel_type_choices).toEqual([2, 7]);
    expect((await admin.get(`${P}${scheduled.id}/enrollment/`)).body.cancel_type_choices).toEqual([5, 6, 1]);
    const cancel = (type: number) => ({ content_period_cancel: { type, duration: 86400 } });
    await writesNothing(async () => {
      expect((await admin.put(`${P}${online.id}/enrollment/`, cancel(5))).status).toBe(400);
      expect((await admin.put(`${P}${scheduled.id}/enrollment/`, cancel(2))).status).toBe(400);
    });
    expect((await admin.put(`${P}${online.id}/enrollment/`, cancel(7))).status).toBe(200);
    expect((await admin.put(`${P}${scheduled.id}/enrollment/`, cancel(5))).status).toBe(200);
  });

  it("builds a curriculum in order, moves a content, and refuses a duplicate or a missing content", async () => {
    const path = await newPath();
    const [course] = await firstIds("course", 1);
    const [cls] = await firstIds("class", 1);
    const [activity] = await firstIds("activity", 1);
    for (const [content_type, content_id] of [
      ["course", course],
      ["class", cls],
      ["activity", activity],
    ] as const) {
      const added = await admin.post(`${P}${path.id}/content/`, { content_type, content_id });
      expect(added.status, JSON.stringify(added.body)).toBe(201);
    }
    expect((await contents(path.id)).map((c) => [c.position, c.content_type])).toEqual([
      [1, "course"],
      [2, "class"],
      [3, "activity"],
    ]);
    await writesNothing(async () => {
      const again = await admin.post(`${P}${path.id}/content/`, { content_type: "course", content_id: course });
      expect(again.body).toEqual({ content_id: [SEQUENCE_MSG.content_already_held] });
      const missing = await admin.post(`${P}${path.id}/content/`, { content_type: "course", content_id: 999999 });
      expect(missing.body).toEqual({ content_id: [SEQUENCE_MSG.content_not_found] });
      const foreign = await admin.post(`${P}${path.id}/content/`, { content_type: "testbank", content_id: 1 });
      expect(foreign.body).toEqual({ content_type: [MSG.invalid_choice] });
    });
    const [, second, third] = await contents(path.id);
    const moved = await admin.patch(`${P}${path.id}/content/${third.id}/`, { direction: "up" });
    expect((moved.body as SequenceContent[]).map((c) => c.content_type)).toEqual(["course", "activity", "class"]);
    // At the end already: nothing moves.
    const still = await admin.patch(`${P}${path.id}/content/${second.id}/`, { direction: "down" });
    expect((still.body as SequenceContent[]).map((c) => c.content_type)).toEqual(["course", "activity", "class"]);
  });

  it("keeps dependencies within the path and refuses a circle, naming its contents in order", async () => {
    const path = await newPath();
    for (const content_id of await firstIds("course", 3))
      await admin.post(`${P}${path.id}/content/`, { content_type: "course", content_id });
    const [a, b, c] = await contents(path.id);
    expect((await admin.patch(`${P}${path.id}/content/${b.id}/`, { depend_content_id_list: [a.id] })).status).toBe(200);
    expect((await admin.patch(`${P}${path.id}/content/${c.id}/`, { depend_content_id_list: [b.id] })).status).toBe(200);
    await writesNothing(async () => {
      const circle = await admin.patch(`${P}${path.id}/content/${a.id}/`, { depend_content_id_list: [c.id] });
      expect(circle.status).toBe(400);
      expect(circle.body).toEqual({
        depend_content_id_list: [SEQUENCE_MSG.depend_cycle],
        cycle: [a, c, b, a].map((x) => ({ id: x.id, name: x.name })),
      });
      const self = await admin.patch(`${P}${path.id}/content/${a.id}/`, { depend_content_id_list: [a.id] });
      expect(self.body).toEqual({ depend_content_id_list: [SEQUENCE_MSG.depend_not_held] });
      const other = (
        await contents(
          (
            await api.db
              .selectFrom("learning_path")
              .select("id")
              .where("code", "=", "LP-ONLINE")
              .executeTakeFirstOrThrow()
          ).id,
        )
      )[0];
      const outside = await admin.patch(`${P}${path.id}/content/${a.id}/`, { depend_content_id_list: [other.id] });
      expect(outside.body).toEqual({ depend_content_id_list: [SEQUENCE_MSG.depend_not_held] });
    });
    expect((await contents(path.id)).map((x) => x.depend_content_id_list)).toEqual([[], [a.id], [b.id]]);
    // Removing b renumbers the rest and frees c of it.
    expect((await admin.delete(`${P}${path.id}/content/${b.id}/`)).status).toBe(204);
    expect((await contents(path.id)).map((x) => [x.id, x.position, x.depend_content_id_list])).toEqual([
      [a.id, 1, []],
      [c.id, 2, []],
    ]);
  });

  it("publishes only with a content, hides when its last content goes, and keeps a held content from deletion", async () => {
    const path = await newPath();
    await writesNothing(async () => {
      const refused = await admin.patch(`${P}${path.id}/`, { is_display: true });
      expect([refused.status, refused.body]).toEqual([417, { detail: MSG.publish_no_content }]);
    });
    const course = await admin.post("/api/dashboard/course/", {
      name: "Held",
      code: "LPT-HELD",
      ...refs,
      instructor_list: [],
    });
    expect(course.status, JSON.stringify(course.body)).toBe(201);
    const added = await admin.post(`${P}${path.id}/content/`, { content_type: "course", content_id: course.body.id });
    expect((await admin.patch(`${P}${path.id}/`, { is_display: true })).status).toBe(200);
    await writesNothing(async () => {
      const kept = await admin.delete(`/api/dashboard/course/${course.body.id}/`);
      expect([kept.status, kept.body]).toEqual([424, { detail: MSG.cannot_delete_because_dependency }]);
    });
    expect((await admin.delete(`${P}${path.id}/content/${added.body.id}/`)).status).toBe(204);
    expect((await admin.get(`${P}${path.id}/`)).body.is_display).toBe(false);
    expect((await admin.delete(`/api/dashboard/course/${course.body.id}/`)).status).toBe(204);
  });

  it("follows a learner's progress on its contents: started with one, completed with all (the chain reaction)", async () => {
    const path = await newPath();
    const courses = await firstIds("course", 2);
    for (const content_id of courses)
      await admin.post(`${P}${path.id}/content/`, { content_type: "course", content_id });
    const courseType = (
      await api.db.selectFrom("content_type").select("id").where("code", "=", "course").executeTakeFirstOrThrow()
    ).id;
    // A learner of none of the two courses yet.
    const enrolled = await api.db
      .selectFrom("content_enrollment")
      .select("account_id")
      .where("content_type_id", "=", courseType)
      .where("content_id", "in", courses)
      .execute();
    const account = (
      await api.db
        .selectFrom("account")
        .select("id")
        .where("username", "like", "student%")
        .where("id", "not in", [0, ...enrolled.map((e) => e.account_id)])
        .orderBy("id")
        .executeTakeFirstOrThrow()
    ).id;
    for (const url of [...courses.map((c) => `/api/dashboard/course/${c}/`), `${P}${path.id}/`]) {
      const res = await admin.post(`${url}enroll/`, { account_list: [account] });
      expect(res.body.enrolled, `${url}: ${JSON.stringify(res.body)}`).toBe(1);
    }
    const record = async (type: string, id: number) =>
      api.db
        .selectFrom("content_enrollment as e")
        .innerJoin("content_type as t", "t.id", "e.content_type_id")
        .select(["e.id", "e.status"])
        .where("t.code", "=", type)
        .where("e.content_id", "=", id)
        .where("e.account_id", "=", account)
        .executeTakeFirstOrThrow();
    const complete = async (course: number) => {
      const { id } = await record("course", course);
      const res = await admin.patch(`/api/dashboard/course/${course}/progress/${id}/`, { status: 30 });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    expect((await record("learning_path", path.id)).status).toBe(0);
    await complete(courses[0]);
    expect((await record("learning_path", path.id)).status).toBe(21);
    await complete(courses[1]);
    const done = await record("learning_path", path.id);
    expect(done.status).toBe(30);
    const log = await api.db
      .selectFrom("content_progress_log")
      .select(["from_status", "to_status", "action_type"])
      .where("enrollment_id", "=", done.id)
      .orderBy("id")
      .execute();
    expect(log.filter((l) => l.action_type === "chain_reaction")).toEqual([
      { from_status: 0, to_status: 21, action_type: "chain_reaction" },
      { from_status: 21, to_status: 30, action_type: "chain_reaction" },
    ]);
  });

  it("needs the learning_path flags", async () => {
    const id = (
      await api.db.selectFrom("learning_path").select("id").where("code", "=", "LP-ONLINE").executeTakeFirstOrThrow()
    ).id;
    const { client } = await signedInWithout(api, "learning_path_change_learning_path");
    await writesNothing(async () => {
      expect((await api.client().get(`${P}${id}/content/`)).status).toBe(401);
      const [held] = await contents(id);
      expect((await client.post(`${P}${id}/content/`, { content_type: "course", content_id: 1 })).status).toBe(403);
      expect((await client.patch(`${P}${id}/content/${held.id}/`, { direction: "down" })).status).toBe(403);
      expect((await client.delete(`${P}${id}/content/${held.id}/`)).status).toBe(403);
    });
  });
});
