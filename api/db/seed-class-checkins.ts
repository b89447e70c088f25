import type { Transaction } from "kysely";
import { CHECKIN_SOURCE } from "../../contract/checkin-codes";
import { forceCompleteAttendance, recordAttendance } from "../content/class/attendance";
import { moveEnrollments } from "../content/features/enrollment/service";
import type { Database } from "./schema";

type Trx = Transaction<Database>;
const MINUTE_MS = 60_000;
const S = CHECKIN_SOURCE;

/**
 * The demo classes' attendance (docs/decisions/042), written through the same code the API uses
 * (recordAttendance, force completed), so attendance rows, the check-in log and the learners'
 * progress agree: the ongoing CLS-LEAD (check-in only) has its first session attended from every
 * source — not set, web, mobile app, administrator, live session — and one learner force
 * completed by hand; the past CLS-XLS (check-in and check-out) has learners in and out, one who never
 * checked out of the last day, one force completed and one who never came. Only sessions that
 * have started are attended. Deterministic for a given clock.
 */

/** Per learner (by position), per session (by position): the check-in source and the check-out source (null: none). */
type Plan = { code: string; marks: ([number, number | null] | null)[][]; forced: number[] };
const PLANS: Plan[] = [
  {
    code: "CLS-LEAD",
    marks: [[[S.web, null]], [[S.mobile, null]], [[S.admin, null]], [[S.live, null]], [[S.none, null]]],
    forced: [5],
  },
  {
    code: "CLS-XLS",
    marks: [
      [
        [S.web, S.web],
        [S.mobile, S.mobile],
      ],
      [
        [S.admin, S.admin],
        [S.admin, null],
      ],
      [
        [S.live, S.live],
        [S.live, S.live],
      ],
    ],
    forced: [3],
  },
];

export async function seedClassCheckins(trx: Trx, now: Date, admin: number) {
  const classType = (
    await trx.selectFrom("content_type").select("id").where("code", "=", "class").executeTakeFirstOrThrow()
  ).id;
  for (const plan of PLANS) {
    const klass = await trx.selectFrom("class").select("id").where("code", "=", plan.code).executeTakeFirst();
    if (!klass) continue;
    const sessions = await trx
      .selectFrom("class_session")
      .select(["id", "datetime_start", "datetime_end"])
      .where("class_id", "=", klass.id)
      .orderBy("datetime_start")
      .execute();
    const enrollments = await trx
      .selectFrom("content_enrollment")
      .select(["id", "account_id"])
      .where("content_type_id", "=", classType)
      .where("content_id", "=", klass.id)
      .orderBy("id")
      .execute();
    for (const [i, marks] of plan.marks.entries()) {
      const e = enrollments[i];
      if (!e) continue;
      for (const [k, mark] of marks.entries()) {
        const s = sessions[k];
        if (!mark || !s || Date.parse(s.datetime_start) > now.getTime()) continue;
        const [inSource, outSource] = mark;
        // A learner's own scan is theirs; by hand, live and "not set" are the administrator's.
        const by = (source: number) => (source === S.web || source === S.mobile ? e.account_id : admin);
        const inAt = new Date(Date.parse(s.datetime_start) + (5 + i * 3) * MINUTE_MS);
        await recordAttendance(trx, {
          classId: klass.id,
          sessionId: s.id,
          enrollmentIds: [e.id],
          action: "in",
          source: inSource,
          byAccountId: by(inSource),
          now: inAt,
        });
        if (outSource !== null) {
          const outAt = new Date(Math.min(Date.parse(s.datetime_end) + i * MINUTE_MS, now.getTime()));
          await recordAttendance(trx, {
            classId: klass.id,
            sessionId: s.id,
            enrollmentIds: [e.id],
            action: "out",
            source: outSource,
            byAccountId: by(outSource),
            now: outAt,
          });
        }
      }
    }
    // Set to completed by hand (an override to 30, as the progress page does): the sessions that
    // have opened written as attended (force completed); the ones ahead stay open to them.
    const forced = plan.forced.map((i) => enrollments[i]?.id).filter((id): id is number => id !== undefined);
    const current = forced.length
      ? await trx
          .selectFrom("content_enrollment")
          .select(["id", "status", "datetime_start"])
          .where("id", "in", forced)
          .execute()
      : [];
    await moveEnrollments(
      trx,
      current.map((e) => ({ ...e, to: 30 })),
      "override",
      { accountId: admin, at: now.toISOString() },
    );
    await forceCompleteAttendance(trx, klass.id, forced, { accountId: admin, now });
  }
}
