import type { FastifyInstance, FastifyRequest } from "fastify";
import { CLASS_MSG } from "../../../contract/class-codes";
import type { FieldErrors } from "../../../contract/http";
import { MSG } from "../../../contract/messages";
import {
  sessionEnrollmentSchema,
  type SessionChoice,
  type SessionEnrollmentAnswer,
  type SessionEnrollmentOverview,
} from "../../../contract/schemas/class-options";
import type { Db } from "../../db/index";
import type { ApiContext } from "../../http/context";
import { badRequest, notFound, parseInput } from "../../http/errors";
import { itemId, touch, writeTransaction, type Trx } from "../../engine/crud";
import { accountName, activeEnrollments } from "../activity/shared";
import { loadEnrollment } from "../features/access/enrollment-settings";
import { contentAccess, type ContentRef } from "../ref";
import { recomputeClassProgress } from "./attendance";
import { classResource, classWriteRefusal } from "./resource";

/**
 * A learner's session enrollment (spec 001 §3 "Enrollment settings": is_session_enrollment,
 * minimum / maximum_session_enrollment, is_allow_change_session_enrollment, is_overlap_time;
 * docs/decisions/046): which sessions of the class a learner attends, chosen by an administrator.
 *   GET dashboard/class/{id}/learner/{enrollmentid}/session/   the learner, the rules, every session with its seats (view)
 *   PUT (or POST) the same {session_list}                     the learner's sessions, replaced (enrollment flag)
 * Refused with 400 field errors at session_list, nothing written: below the minimum, above the
 * maximum, a change after choosing when changing is not allowed, two overlapping sessions when
 * overlap is not allowed, a newly chosen session that is full (capacity, 0 = unlimited); with 400
 * detail when the class does not enrol by session, or is cancelled. Only a learner holding a seat.
 */
const PATH = "/dashboard/class/:id(^\\d{1,12})/learner/:enrollmentid(^\\d{1,12})/session/";

type Session = {
  id: number;
  name: string;
  date: string;
  start_time: string;
  end_time: string;
  datetime_start: string;
  datetime_end: string;
  capacity: number;
};

/** Seats taken per session: chosen by learners still holding a seat in the class. */
async function takenOf(q: Db | Trx, ref: ContentRef, sessionIds: number[]): Promise<Map<number, number>> {
  if (!sessionIds.length) return new Map();
  const rows = await q
    .selectFrom("class_session_enrollment")
    .select(["session_id", (eb) => eb.fn.countAll<number>().as("n")])
    .where("session_id", "in", sessionIds)
    .where("enrollment_id", "in", activeEnrollments(q, ref).select("e.id"))
    .groupBy("session_id")
    .execute();
  return new Map(rows.map((r) => [r.session_id, Number(r.n)]));
}

async function learnerOf(q: Db | Trx, ref: ContentRef, enrollmentId: number) {
  const row = await activeEnrollments(q, ref)
    .select(["e.id", "a.id as account_id", "a.username", "a.first_name", "a.last_name"])
    .where("e.id", "=", enrollmentId)
    .executeTakeFirst();
  if (!row) throw notFound();
  return {
    id: row.id,
    account: accountName({
      id: row.account_id,
      username: row.username,
      first_name: row.first_name,
      last_name: row.last_name,
    }),
  };
}

const sessionsOfClass = (q: Db | Trx, classId: number): Promise<Session[]> =>
  q
    .selectFrom("class_session")
    .select(["id", "name", "date", "start_time", "end_time", "datetime_start", "datetime_end", "capacity"])
    .where("class_id", "=", classId)
    .orderBy("datetime_start")
    .orderBy("id")
    .execute();

const chosenOf = async (q: Db | Trx, enrollmentId: number) =>
  new Set(
    (
      await q
        .selectFrom("class_session_enrollment")
        .select("session_id")
        .where("enrollment_id", "=", enrollmentId)
        .execute()
    ).map((r) => r.session_id),
  );

async function answer(q: Db | Trx, ref: ContentRef, enrollmentId: number): Promise<SessionEnrollmentAnswer> {
  const learner = await learnerOf(q, ref, enrollmentId);
  const s = await loadEnrollment(q, ref, "event");
  const sessions = await sessionsOfClass(q, ref.contentId);
  const chosen = await chosenOf(q, enrollmentId);
  const taken = await takenOf(
    q,
    ref,
    sessions.map((x) => x.id),
  );
  const results: SessionChoice[] = sessions.map((x) => ({
    id: x.id,
    name: x.name,
    date: x.date,
    start_time: x.start_time,
    end_time: x.end_time,
    capacity: x.capacity,
    taken: taken.get(x.id) ?? 0,
    chosen: chosen.has(x.id),
  }));
  return {
    enrollment_id: learner.id,
    account: learner.account,
    settings: {
      is_session_enrollment: s.is_session_enrollment,
      minimum: s.minimum_session_enrollment,
      maximum: s.maximum_session_enrollment,
      is_allow_change: s.is_allow_change_session_enrollment,
      is_overlap_time: s.is_overlap_time,
    },
    is_locked: chosen.size > 0 && !s.is_allow_change_session_enrollment,
    results,
  };
}

/** The first rule the chosen sessions break (a field error at session_list), or null. */
export function sessionChoiceError(
  chosen: Session[],
  before: Set<number>,
  rules: { minimum: number; maximum: number; is_allow_change: boolean; is_overlap_time: boolean },
  taken: Map<number, number>,
): string | null {
  const ids = new Set(chosen.map((c) => c.id));
  const changed = ids.size !== before.size || [...ids].some((id) => !before.has(id));
  if (before.size > 0 && changed && !rules.is_allow_change) return CLASS_MSG.session_change_off;
  if (chosen.length < rules.minimum) return CLASS_MSG.sessions_below_minimum;
  if (chosen.length > rules.maximum) return CLASS_MSG.sessions_above_maximum;
  if (!rules.is_overlap_time) {
    const byStart = [...chosen].sort((x, y) => x.datetime_start.localeCompare(y.datetime_start));
    // Sharing time, as sessions overlap (docs/decisions/040): touching ends do not.
    for (let i = 1; i < byStart.length; i++)
      if (byStart[i].datetime_start < byStart[i - 1].datetime_end) return CLASS_MSG.sessions_overlap;
  }
  // Only a newly chosen session can be full: a learner keeps the seat they hold.
  if (chosen.some((c) => !before.has(c.id) && c.capacity > 0 && (taken.get(c.id) ?? 0) >= c.capacity))
    return CLASS_MSG.session_full;
  return null;
}

/**
 * The class's enrolment by session (the enrollment-old tab): the settings in effect, each session
 * with its seats and the learners who chose it, and the learners who chose none.
 */
async function overview(db: Db, ref: ContentRef): Promise<SessionEnrollmentOverview> {
  const s = await loadEnrollment(db, ref, "event");
  const sessions = await sessionsOfClass(db, ref.contentId);
  const learners = await activeEnrollments(db, ref)
    .select([
      "e.id",
      "e.status",
      "e.datetime_enroll",
      "a.id as account_id",
      "a.username",
      "a.first_name",
      "a.last_name",
    ])
    .orderBy("a.first_name")
    .orderBy("a.last_name")
    .orderBy("e.id")
    .execute();
  const picks =
    sessions.length && learners.length
      ? await db
          .selectFrom("class_session_enrollment")
          .select(["session_id", "enrollment_id"])
          .where(
            "session_id",
            "in",
            sessions.map((x) => x.id),
          )
          .where(
            "enrollment_id",
            "in",
            learners.map((l) => l.id),
          )
          .execute()
      : [];
  const people = new Map(
    learners.map((l) => [
      l.id,
      {
        enrollment_id: l.id,
        status: l.status,
        datetime_enroll: l.datetime_enroll,
        account: accountName({
          id: l.account_id,
          username: l.username,
          first_name: l.first_name,
          last_name: l.last_name,
        }),
      },
    ]),
  );
  const chose = new Set(picks.map((p) => p.enrollment_id));
  return {
    settings: {
      is_session_enrollment: s.is_session_enrollment,
      minimum: s.minimum_session_enrollment,
      maximum: s.maximum_session_enrollment,
      is_allow_change: s.is_allow_change_session_enrollment,
      is_overlap_time: s.is_overlap_time,
    },
    capacity: s.capacity,
    enrolled: learners.length,
    sessions: sessions.map((x) => {
      const list = picks.filter((p) => p.session_id === x.id).map((p) => people.get(p.enrollment_id)!);
      return {
        id: x.id,
        name: x.name,
        date: x.date,
        start_time: x.start_time,
        end_time: x.end_time,
        capacity: x.capacity,
        taken: list.length,
        learners: list,
      };
    }),
    unassigned: learners.filter((l) => !chose.has(l.id)).map((l) => people.get(l.id)!),
  };
}

export function sessionEnrollmentRoutes(app: FastifyInstance, ctx: ApiContext) {
  const { db } = ctx;

  app.get("/dashboard/class/:id(^\\d{1,12})/session-enrollment/", async (req) => {
    const { ref } = await contentAccess(req, db, classResource, "view");
    return overview(db, ref);
  });

  app.get(PATH, async (req) => {
    const { ref } = await contentAccess(req, db, classResource, "view");
    return answer(db, ref, itemId(req, "enrollmentid"));
  });

  const save = async (req: FastifyRequest) => {
    const { id, ref, account } = await contentAccess(req, db, classResource, "enrollment");
    const enrollmentId = itemId(req, "enrollmentid");
    await learnerOf(db, ref, enrollmentId);
    const input = parseInput(sessionEnrollmentSchema, req.body);
    const now = ctx.now();
    await writeTransaction(db, async (trx) => {
      const refusal = await classWriteRefusal(trx, id);
      if (refusal) throw refusal;
      const s = await loadEnrollment(trx, ref, "event");
      if (!s.is_session_enrollment) throw badRequest({ detail: CLASS_MSG.session_enrollment_off });
      const sessions = await sessionsOfClass(trx, id);
      const wanted = [...new Set(input.session_list)];
      const chosen = sessions.filter((x) => wanted.includes(x.id));
      const errors: FieldErrors = {};
      if (chosen.length !== wanted.length) errors.session_list = [MSG.invalid_choice];
      else {
        const rules = {
          minimum: s.minimum_session_enrollment,
          maximum: s.maximum_session_enrollment,
          is_allow_change: s.is_allow_change_session_enrollment,
          is_overlap_time: s.is_overlap_time,
        };
        const error = sessionChoiceError(
          chosen,
          await chosenOf(trx, enrollmentId),
          rules,
          await takenOf(trx, ref, wanted),
        );
        if (error) errors.session_list = [error];
      }
      if (errors.session_list) throw badRequest(errors);
      await trx.deleteFrom("class_session_enrollment").where("enrollment_id", "=", enrollmentId).execute();
      if (chosen.length) {
        const at = now.toISOString();
        await trx
          .insertInto("class_session_enrollment")
          .values(
            chosen.map((c) => ({
              session_id: c.id,
              enrollment_id: enrollmentId,
              created_by: account.id,
              datetime_create: at,
            })),
          )
          .execute();
      }
      // The learner's sessions are what they complete the class by: their progress follows.
      await recomputeClassProgress(trx, id, [enrollmentId], { accountId: account.id, now });
      await touch(trx, classResource, id, now);
    });
    return answer(db, ref, enrollmentId);
  };
  app.put(PATH, save);
  app.post(PATH, save);
}
