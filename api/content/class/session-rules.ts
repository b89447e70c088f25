import { CLASS_MSG } from "../../../contract/class-codes";
import { MSG } from "../../../contract/messages";
import type { FieldErrors } from "../../../contract/http";
import type { SessionInput } from "../../../contract/schemas/class";
import { ApiError, badRequest } from "../../http/errors";
import type { Trx } from "../../engine/crud";
import { placeErrors, roomLocation } from "../../system/places";

/**
 * The rules of a class session beyond its own fields (spec 001 §5, docs/decisions/040): it may
 * not run past the class's end date; its room must be one of its location's; its place and
 * instructors must exist; and overlapping another session of the class needs the
 * administrator's confirmation (409 with the sessions it overlaps, until `confirm_overlap`).
 * Each refusal is thrown before anything is written.
 */

/** Local date and time in a zone `offset` minutes east of UTC → UTC ISO text. */
export function utcOf(date: string, time: string, offset: number): string {
  return new Date(Date.parse(`${date}T${time}:00Z`) - offset * 60_000).toISOString();
}

/** Field errors of the session's place, instructors and date (empty when none). */
export async function sessionFieldErrors(trx: Trx, classId: number, s: SessionInput): Promise<FieldErrors> {
  const errors: FieldErrors = await placeErrors(trx, s, CLASS_MSG.room_not_in_location);
  const klass = await trx.selectFrom("class").select("date_end").where("id", "=", classId).executeTakeFirstOrThrow();
  if (klass.date_end && s.date > klass.date_end) errors.date = [CLASS_MSG.after_class_end];
  if (s.instructor_list.length) {
    const found = await trx.selectFrom("instructor").select("id").where("id", "in", s.instructor_list).execute();
    if (found.length !== new Set(s.instructor_list).size) errors.instructor_list = [MSG.invalid_choice];
  }
  return errors;
}

/** The class's other sessions that share time with [start, end). */
export async function overlapping(trx: Trx, classId: number, start: string, end: string, selfId: number | null) {
  let q = trx
    .selectFrom("class_session")
    .select(["id", "name", "date", "start_time", "end_time"])
    .where("class_id", "=", classId)
    .where("datetime_start", "<", end)
    .where("datetime_end", ">", start);
  if (selfId !== null) q = q.where("id", "<>", selfId);
  return q.orderBy("datetime_start").orderBy("id").execute();
}

/** Everything a session write must pass: field errors (400), then the overlap (409) unless confirmed. */
export async function checkSession(trx: Trx, classId: number, s: SessionInput, offset: number, selfId: number | null) {
  const errors = await sessionFieldErrors(trx, classId, s);
  if (Object.keys(errors).length) throw badRequest(errors);
  const start = utcOf(s.date, s.start_time, offset);
  const end = utcOf(s.date, s.end_time, offset);
  const overlap = await overlapping(trx, classId, start, end, selfId);
  if (overlap.length && !s.confirm_overlap)
    throw new ApiError(409, { detail: CLASS_MSG.overlap, confirm_overlap: [CLASS_MSG.overlap], overlap });
  // A room given alone places the session at the room's location.
  const location = s.location ?? (s.room !== null ? await roomLocation(trx, s.room) : null);
  return { start, end, location };
}
