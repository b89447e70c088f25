import { expect } from "vitest";
import type { Client, TestApi } from "./harness";

/** What the activity tests share: a fresh activity, a valid checklist, learners enrolled, slots as a learner leaves them. */

export const A = "/api/dashboard/activity";

/** A valid checklist body, changed by `extra`. */
export const checklistBody = (extra: Record<string, unknown> = {}) => ({
  name: "Evacuation route walk-through",
  desc: "Walk the route to the assembly point.",
  full_score: 10,
  pass_score: 6,
  // Its place: a location and one of its rooms, by id (issue 33), none here.
  location: null,
  room: null,
  is_check_by_learner: true,
  is_check_by_inspector: true,
  is_verify_by_inspector: true,
  is_verify_by_admin: true,
  is_attach_file: false,
  ...extra,
});

export function activityKit(api: TestApi) {
  const idOf = async (table: "category" | "provider", code: string) =>
    (await api.db.selectFrom(table).select("id").where("code", "=", code).executeTakeFirstOrThrow()).id;
  const accountId = async (username: string) =>
    (await api.db.selectFrom("account").select("id").where("username", "=", username).executeTakeFirstOrThrow()).id;
  const activityType = async () =>
    (await api.db.selectFrom("content_type").select("id").where("code", "=", "activity").executeTakeFirstOrThrow()).id;

  return {
    accountId,
    activityType,
    /** A new draft activity (no checklist) by `admin`. */
    async newActivity(admin: Client, code: string, name = `Activity ${code}`): Promise<number> {
      const res = await admin.post(`${A}/`, {
        name,
        code,
        category: await idOf("category", "COMP-SAF"),
        provider: await idOf("provider", "ACAD"),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.id;
    },
    async newChecklist(admin: Client, activityId: number, extra: Record<string, unknown> = {}): Promise<number> {
      const res = await admin.post(`${A}/${activityId}/checklist/`, checklistBody(extra));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.id;
    },
    /** Enrol the students by username; answers their enrollment ids in the same order. */
    async enroll(admin: Client, activityId: number, usernames: string[]): Promise<number[]> {
      const ids = await Promise.all(usernames.map(accountId));
      const res = await admin.post(`${A}/${activityId}/enroll/`, { account_list: ids });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const rows = await api.db
        .selectFrom("content_enrollment")
        .select(["id", "account_id"])
        .where("content_type_id", "=", await activityType())
        .where("content_id", "=", activityId)
        .execute();
      return ids.map((a) => rows.find((r) => r.account_id === a)!.id);
    },
    /** A learner's slot as the learner site leaves it (submitted: 22 with an answer). */
    async putSlot(
      checklistId: number,
      enrollmentId: number,
      status: number,
      extra: Record<string, unknown> = {},
    ): Promise<number> {
      const row = await api.db
        .insertInto("activity_slot")
        .values({
          checklist_id: checklistId,
          enrollment_id: enrollmentId,
          status,
          note: "",
          answer: status === 22 ? "Done, photos attached." : "",
          datetime_checkin: "2026-05-20T02:00:00.000Z",
          checkin_source: 0,
          datetime_submit: status === 22 ? "2026-05-21T03:00:00.000Z" : null,
          datetime_update: "2026-05-21T03:00:00.000Z",
          ...extra,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return row.id;
    },
    enrollmentStatus: async (id: number) =>
      (await api.db.selectFrom("content_enrollment").select("status").where("id", "=", id).executeTakeFirstOrThrow())
        .status,
    logOf: (enrollmentId: number) =>
      api.db
        .selectFrom("content_progress_log")
        .select(["from_status", "to_status", "action_type", "created_by"])
        .where("enrollment_id", "=", enrollmentId)
        .orderBy("id")
        .execute(),
    slotsOf: (checklistId: number) =>
      api.db.selectFrom("activity_slot").selectAll().where("checklist_id", "=", checklistId).orderBy("id").execute(),
  };
}
