import {
  ATTENDANCE_DRIVEN,
  CHECKIN_SOURCE,
  CHECK_IN_TYPE,
  checkinOpened,
  isAttended,
  progressFromAttendance,
  type CheckinLogAction,
} from "../../../contract/checkin-codes";
import { CHECK_IN_GROUP, CLASS_MSG } from "../../../contract/class-codes";
import { MSG } from "../../../contract/messages";
import type { Trx } from "../../engine/crud";
import { badRequest, notFound } from "../../http/errors";
import { activeEnrollments } from "../activity/shared";
import { loadEnrollment } from "../features/access/enrollment-settings";
import { moveEnrollments } from "../features/enrollment/service";
import { chunks } from "../../engine/chunks";
import { contentTypeId, type ContentRef } from "../ref";

/**
 * A class learner's attendance (docs/decisions/042): one `class_attendance` row per learner and
 * session, every event in `class_checkin_log`, and the learner's progress recomputed from their
 * attendance (contract progressFromAttendance) in the caller's transaction. The by-hand check-in
 * (checkin.ts), the learner's QR scan, the check-in type reset and "force completed" all write
 * through here, so the rules hold whoever checks in.
 */

export type AttendanceAction = "in" | "out";
type By = { accountId: number | null; now: Date };

export const classRef = async (trx: Trx, classId: number): Promise<ContentRef> => ({
  contentTypeId: await contentTypeId(trx, "class"),
  contentId: classId,
});

async function logRows(
  trx: Trx,
  classId: number,
  rows: { session_id: number | null; enrollment_id: number | null; action: CheckinLogAction; source: number }[],
  by: By,
) {
  if (!rows.length) return;
  const at = by.now.toISOString();
  for (let i = 0; i < rows.length; i += 500) {
    await trx
      .insertInto("class_checkin_log")
      .values(
        rows.slice(i, i + 500).map((r) => ({ class_id: classId, ...r, created_by: by.accountId, datetime_create: at })),
      )
      .execute();
  }
}

type Marking = {
  classId: number;
  sessionId: number;
  enrollmentIds: number[];
  action: AttendanceAction;
  source: number;
  byAccountId: number | null;
  now: Date;
};

/**
 * The one writer (below), and a class whose check-in group is 1 (docs/decisions/046): the same
 * check-in also marks the learners' other sessions of that day; a check-out marks those of the
 * day's sessions they are checked in to. Nobody is checked in to a session whose check-in has not
 * opened yet (an hour before it starts, contract checkinWindow): 400 cls_msg_checkin_not_open
 * (docs/decisions/077) — whoever asks; the day's other sessions follow the one that is open.
 */
export async function recordAttendance(trx: Trx, a: Marking): Promise<void> {
  const session = await trx
    .selectFrom("class_session")
    .select(["datetime_start", "datetime_end"])
    .where("id", "=", a.sessionId)
    .where("class_id", "=", a.classId)
    .executeTakeFirst();
  if (!session) throw notFound();
  if (!checkinOpened(session, a.now)) throw badRequest({ detail: CLASS_MSG.checkin_not_open });
  await recordOne(trx, a);
  const cls = await trx
    .selectFrom("class")
    .select("check_in_group")
    .where("id", "=", a.classId)
    .executeTakeFirstOrThrow();
  if (cls.check_in_group !== CHECK_IN_GROUP.day) return;
  const day = trx.selectFrom("class_session").select("date").where("id", "=", a.sessionId);
  const siblings = await trx
    .selectFrom("class_session")
    .select("id")
    .where("class_id", "=", a.classId)
    .where("date", "=", day)
    .where("id", "!=", a.sessionId)
    .orderBy("datetime_start")
    .execute();
  for (const s of siblings) {
    let ids = [...new Set(a.enrollmentIds)];
    if (a.action === "out") {
      const inRows = await trx
        .selectFrom("class_attendance")
        .select("enrollment_id")
        .where("session_id", "=", s.id)
        .where("enrollment_id", "in", ids)
        .where("datetime_checkin", "is not", null)
        .execute();
      ids = inRows.map((r) => r.enrollment_id);
    }
    if (ids.length) await recordOne(trx, { ...a, sessionId: s.id, enrollmentIds: ids });
  }
}

/**
 * Check learners (enrollment ids of the class's learners holding a seat) in or out of one session.
 * "in" keeps the first check-in of someone already in (nothing written, no log row); "out" needs a
 * class with check-in type 1 (else 400 action) and a check-in first (else 400 enrollment_list),
 * and keeps the first check-out likewise. Never opens a transaction: the caller's holds it all.
 */
async function recordOne(trx: Trx, a: Marking): Promise<void> {
  const cls = await trx.selectFrom("class").select("check_in_type").where("id", "=", a.classId).executeTakeFirst();
  const session = await trx
    .selectFrom("class_session")
    .select("id")
    .where("id", "=", a.sessionId)
    .where("class_id", "=", a.classId)
    .executeTakeFirst();
  if (!cls || !session) throw notFound();
  if (a.action === "out" && cls.check_in_type !== CHECK_IN_TYPE.checkin_checkout)
    throw badRequest({ action: [CLASS_MSG.no_check_out] });
  const ids = [...new Set(a.enrollmentIds)];
  if (!ids.length) throw badRequest({ enrollment_list: [MSG.required] });
  const ref = await classRef(trx, a.classId);
  const learners = await activeEnrollments(trx, ref).select("e.id").where("e.id", "in", ids).execute();
  if (learners.length !== ids.length) throw badRequest({ enrollment_list: [MSG.invalid_choice] });
  const rows = await trx
    .selectFrom("class_attendance")
    .selectAll()
    .where("session_id", "=", a.sessionId)
    .where("enrollment_id", "in", ids)
    .execute();
  const byEnrollment = new Map(rows.map((r) => [r.enrollment_id, r]));
  const at = a.now.toISOString();
  let changed: number[];
  if (a.action === "in") {
    changed = ids.filter((id) => !byEnrollment.get(id)?.datetime_checkin);
    const fresh = changed.filter((id) => !byEnrollment.has(id));
    if (fresh.length) {
      await trx
        .insertInto("class_attendance")
        .values(
          fresh.map((id) => ({
            session_id: a.sessionId,
            enrollment_id: id,
            datetime_checkin: at,
            checkin_source: a.source,
            datetime_update: at,
          })),
        )
        // Two check-ins of one learner at once (admin and scan): the first stands, no 500.
        .onConflict((oc) => oc.columns(["session_id", "enrollment_id"]).doNothing())
        .execute();
    }
    // A row without a check-in (seeded "not set") gets one.
    const blank = changed.filter((id) => byEnrollment.has(id)).map((id) => byEnrollment.get(id)!.id);
    if (blank.length)
      await trx
        .updateTable("class_attendance")
        .set({ datetime_checkin: at, checkin_source: a.source, datetime_update: at })
        .where("id", "in", blank)
        .execute();
  } else {
    if (ids.some((id) => !byEnrollment.get(id)?.datetime_checkin))
      throw badRequest({ enrollment_list: [CLASS_MSG.not_checked_in] });
    changed = ids.filter((id) => !byEnrollment.get(id)!.datetime_checkout);
    if (changed.length) {
      await trx
        .updateTable("class_attendance")
        .set({ datetime_checkout: at, checkout_source: a.source, datetime_update: at })
        .where(
          "id",
          "in",
          changed.map((id) => byEnrollment.get(id)!.id),
        )
        .execute();
    }
  }
  await logRows(
    trx,
    a.classId,
    changed.map((id) => ({ session_id: a.sessionId, enrollment_id: id, action: a.action, source: a.source })),
    { accountId: a.byAccountId, now: a.now },
  );
  await recomputeClassProgress(trx, a.classId, changed, { accountId: a.byAccountId, now: a.now });
}

/**
 * The sessions each of these enrollments chose, when the class enrols by session (its enrollment
 * setting): an enrollment without a choice is absent (it is measured against every session).
 */
async function chosenSessions(trx: Trx, ref: ContentRef, enrollmentIds: number[]): Promise<Map<number, Set<number>>> {
  const out = new Map<number, Set<number>>();
  if (!(await loadEnrollment(trx, ref, "event")).is_session_enrollment) return out;
  for (const part of chunks(enrollmentIds)) {
    const rows = await trx
      .selectFrom("class_session_enrollment")
      .select(["enrollment_id", "session_id"])
      .where("enrollment_id", "in", part)
      .execute();
    for (const r of rows) {
      const set = out.get(r.enrollment_id);
      if (set) set.add(r.session_id);
      else out.set(r.enrollment_id, new Set([r.session_id]));
    }
  }
  return out;
}

/**
 * Leave out the learners completed by hand: an administrator's "Completed" (an override to 30,
 * docs/decisions/042 "force completed") stands, and a later check-in — to a session that had not
 * opened then — must not take it back to in progress (docs/decisions/077).
 */
async function withoutHandCompleted<E extends { id: number; status: number }>(trx: Trx, rows: E[]): Promise<E[]> {
  const completed = rows.filter((e) => e.status === 30).map((e) => e.id);
  if (!completed.length) return rows;
  const hand = new Set<number>();
  for (const part of chunks(completed)) {
    // The latest history row of each: the one that made it completed.
    const last = await trx
      .selectFrom("content_progress_log as l")
      .select(["l.enrollment_id", "l.action_type"])
      .where("l.enrollment_id", "in", part)
      .where("l.id", "=", (eb) =>
        eb
          .selectFrom("content_progress_log as m")
          .select((m) => m.fn.max("m.id").as("id"))
          .whereRef("m.enrollment_id", "=", "l.enrollment_id"),
      )
      .execute();
    for (const r of last) if (r.action_type === "override") hand.add(r.enrollment_id);
  }
  return rows.filter((e) => !hand.has(e.id));
}

/**
 * Recompute the progress of the class's enrollments `enrollmentIds` (null: every one) from their
 * attendance of their sessions (the chosen ones when they chose), logging each change as "check_in". Only enrollments at 0, 21 or 30 move: any other
 * status came from elsewhere (waiting, cancelled, expired…) and attendance must not undo it.
 */
export async function recomputeClassProgress(trx: Trx, classId: number, enrollmentIds: number[] | null, by: By) {
  if (enrollmentIds && !enrollmentIds.length) return;
  const ref = await classRef(trx, classId);
  const cls = await trx.selectFrom("class").select("check_in_type").where("id", "=", classId).executeTakeFirstOrThrow();
  const sessions = await trx.selectFrom("class_session").select("id").where("class_id", "=", classId).execute();
  let enrollments = trx
    .selectFrom("content_enrollment")
    .select(["id", "status", "datetime_start"])
    .where("content_type_id", "=", ref.contentTypeId)
    .where("content_id", "=", ref.contentId)
    .where("status", "in", [...ATTENDANCE_DRIVEN]);
  if (enrollmentIds) enrollments = enrollments.where("id", "in", enrollmentIds);
  const driven = await withoutHandCompleted(trx, await enrollments.execute());
  if (!driven.length) return;
  const marks = await trx
    .selectFrom("class_attendance as t")
    .innerJoin("class_session as s", "s.id", "t.session_id")
    .select(["t.enrollment_id", "t.session_id", "t.datetime_checkin", "t.datetime_checkout"])
    .where("s.class_id", "=", classId)
    .where(
      "t.enrollment_id",
      "in",
      driven.map((e) => e.id),
    )
    .execute();
  const chosen = await chosenSessions(
    trx,
    ref,
    driven.map((e) => e.id),
  );
  // Grouped once: a class's whole audience is recomputed after a type change or a bulk change.
  const marksOf = new Map<number, typeof marks>();
  for (const m of marks) {
    const list = marksOf.get(m.enrollment_id);
    if (list) list.push(m);
    else marksOf.set(m.enrollment_id, [m]);
  }
  const moves = driven.map((e) => {
    // A learner who chose sessions (session enrollment, docs/decisions/046) completes the class
    // by attending those; anyone else by attending every session.
    const own = chosen.get(e.id);
    const counted = (marksOf.get(e.id) ?? []).filter((m) => !own || own.has(m.session_id));
    return { ...e, to: progressFromAttendance(counted, own ? own.size : sessions.length, cls.check_in_type) };
  });
  await moveEnrollments(trx, moves, "check_in", { accountId: by.accountId, at: by.now.toISOString() });
}

/**
 * "Force completed" (source 10): an administrator set learners' progress to 30 by hand, so the
 * sessions they had not attended — of those that have opened — are written as attended by source
 * 10 (check-in, and check-out on a check-in-and-out class), each logged. The sessions still ahead
 * stay open to them; their completion stands whatever they attend (withoutHandCompleted).
 */
export async function forceCompleteAttendance(trx: Trx, classId: number, enrollmentIds: number[], by: By) {
  if (!enrollmentIds.length) return;
  const cls = await trx.selectFrom("class").select("check_in_type").where("id", "=", classId).executeTakeFirstOrThrow();
  const withOut = cls.check_in_type === CHECK_IN_TYPE.checkin_checkout;
  // Only the sessions whose check-in has opened: a session still ahead has not been attended by
  // anyone, and writing it as attended made the report say "3 of 3" before day 3 (docs/decisions/077).
  const sessions = (
    await trx
      .selectFrom("class_session")
      .select(["id", "datetime_start", "datetime_end"])
      .where("class_id", "=", classId)
      .execute()
  ).filter((s) => checkinOpened(s, by.now));
  if (!sessions.length) return;
  const rows = await trx
    .selectFrom("class_attendance")
    .selectAll()
    .where(
      "session_id",
      "in",
      sessions.map((s) => s.id),
    )
    .where("enrollment_id", "in", enrollmentIds)
    .execute();
  const at = by.now.toISOString();
  const source = CHECKIN_SOURCE.force_completed;
  const log: { session_id: number; enrollment_id: number; action: CheckinLogAction; source: number }[] = [];
  const fresh: { session_id: number; enrollment_id: number }[] = [];
  for (const enrollmentId of enrollmentIds) {
    for (const s of sessions) {
      const row = rows.find((r) => r.session_id === s.id && r.enrollment_id === enrollmentId);
      if (isAttended(row, cls.check_in_type)) continue;
      if (!row) fresh.push({ session_id: s.id, enrollment_id: enrollmentId });
      else {
        const checkin = row.datetime_checkin ? {} : { datetime_checkin: at, checkin_source: source };
        await trx
          .updateTable("class_attendance")
          .set({ ...checkin, ...(withOut && { datetime_checkout: at, checkout_source: source }), datetime_update: at })
          .where("id", "=", row.id)
          .execute();
      }
      if (!row?.datetime_checkin) log.push({ session_id: s.id, enrollment_id: enrollmentId, action: "in", source });
      if (withOut) log.push({ session_id: s.id, enrollment_id: enrollmentId, action: "out", source });
    }
  }
  for (let i = 0; i < fresh.length; i += 500) {
    await trx
      .insertInto("class_attendance")
      .values(
        fresh.slice(i, i + 500).map((f) => ({
          ...f,
          datetime_checkin: at,
          checkin_source: source,
          ...(withOut && { datetime_checkout: at, checkout_source: source }),
          datetime_update: at,
        })),
      )
      .execute();
  }
  await logRows(trx, classId, log, by);
}

/**
 * The check-in type changed (docs/decisions/042): every attendance of the class is removed, the
 * driven enrollments (0, 21, 30) go back to 0 with a progress history row each, and one "reset"
 * row goes to the check-in log.
 */
export async function resetClassAttendance(trx: Trx, classId: number, by: By) {
  const sessions = trx.selectFrom("class_session").select("id").where("class_id", "=", classId);
  await trx.deleteFrom("class_attendance").where("session_id", "in", sessions).execute();
  const ref = await classRef(trx, classId);
  const driven = await trx
    .selectFrom("content_enrollment")
    .select(["id", "status", "datetime_start"])
    .where("content_type_id", "=", ref.contentTypeId)
    .where("content_id", "=", ref.contentId)
    .where("status", "in", [...ATTENDANCE_DRIVEN])
    .execute();
  await moveEnrollments(
    trx,
    driven.map((e) => ({ ...e, to: 0 })),
    "check_in",
    { accountId: by.accountId, at: by.now.toISOString() },
  );
  await logRows(
    trx,
    classId,
    [{ session_id: null, enrollment_id: null, action: "reset", source: CHECKIN_SOURCE.none }],
    by,
  );
}

/** The class definition's afterProgressChange: a learner set to 30 by hand is "force completed". */
export async function classProgressChanged(
  trx: Trx,
  ref: ContentRef,
  change: { enrollmentIds: number[]; to: number },
  by: By,
) {
  if (change.to === 30) await forceCompleteAttendance(trx, ref.contentId, change.enrollmentIds, by);
}
