import {
  CANCEL_TYPES_ALLOWED,
  type CancelContentKind,
  type CancelType,
  type IdentificationMethod,
  type LockMethod,
  type RetrainUnit,
  type TypeAccess,
  type TypeWaiting,
} from "../../../../contract/codes";
import { MSG } from "../../../../contract/messages";
import {
  ENROLLMENT_DEFAULTS,
  type EnrollmentIdentification,
  type EnrollmentInput,
  type EnrollmentSettings,
  type IdentificationInput,
  type LockMinimums,
  type Prerequisite,
  type PrerequisiteAnswer,
} from "../../../../contract/schemas/content-enrollment";
import type { ContentRef } from "../../ref";
import { fromFlag, toFlag, type Db } from "../../../db/index";
import { badRequest } from "../../../http/errors";
import { configValues } from "../../../system/config-store";
import { fromResource, type AnyResource, type Trx } from "../../../engine/crud";

/**
 * The enrollment side of a content (spec 001 §3 "Enrollment settings", "Enrollment and section
 * identification"; §4 "Cancel types"): settings and identification stored per content type and
 * id, answered with their defaults until first saved; and prerequisites (of the same type) without cycles.
 * Services called inside the endpoint's transaction (routes in access.ts).
 */

/** The settings of a content (the defaults until saved). */
export async function loadEnrollment(
  db: Db | Trx,
  ref: ContentRef,
  kind: CancelContentKind,
): Promise<EnrollmentSettings> {
  const row = await db
    .selectFrom("content_enrollment_setting")
    .selectAll()
    .where("content_type_id", "=", ref.contentTypeId)
    .where("content_id", "=", ref.contentId)
    .executeTakeFirst();
  const choices = [...CANCEL_TYPES_ALLOWED[kind]] as CancelType[];
  if (!row) {
    return {
      form: null,
      capacity: 0,
      is_overlap_time: false,
      is_session_reserved: false,
      is_session_enrollment: false,
      minimum_session_enrollment: ENROLLMENT_DEFAULTS.minimum_session_enrollment,
      maximum_session_enrollment: ENROLLMENT_DEFAULTS.maximum_session_enrollment,
      type_access: ENROLLMENT_DEFAULTS.type_access,
      enrollment_required: false,
      type_waiting: ENROLLMENT_DEFAULTS.type_waiting,
      content_period_enroll: { datetime_start: null, datetime_end: null },
      content_period_cancel: { type: choices[0], duration: null, datetime_start: null, datetime_end: null },
      is_allow_change_session_enrollment: false,
      is_user_canceled: false,
      is_rejected_able_re_enroll: false,
      duration_expire: null,
      is_retrain: false,
      retrain_count: ENROLLMENT_DEFAULTS.retrain_count,
      retrain_unit: ENROLLMENT_DEFAULTS.retrain_unit,
      cancel_type_choices: choices,
      datetime_update: null,
    };
  }
  return {
    form: row.form_id,
    capacity: row.capacity,
    is_overlap_time: fromFlag(row.is_overlap_time),
    is_session_reserved: fromFlag(row.is_session_reserved),
    is_session_enrollment: fromFlag(row.is_session_enrollment),
    minimum_session_enrollment: row.minimum_session_enrollment,
    maximum_session_enrollment: row.maximum_session_enrollment,
    type_access: row.type_access as TypeAccess,
    enrollment_required: fromFlag(row.enrollment_required),
    type_waiting: row.type_waiting as TypeWaiting,
    content_period_enroll: { datetime_start: row.enroll_datetime_start, datetime_end: row.enroll_datetime_end },
    content_period_cancel: {
      type: row.cancel_type as CancelType,
      duration: row.cancel_duration,
      datetime_start: row.cancel_datetime_start,
      datetime_end: row.cancel_datetime_end,
    },
    is_allow_change_session_enrollment: fromFlag(row.is_allow_change_session_enrollment),
    is_user_canceled: fromFlag(row.is_user_canceled),
    is_rejected_able_re_enroll: fromFlag(row.is_rejected_able_re_enroll),
    duration_expire: row.duration_expire,
    is_retrain: fromFlag(row.is_retrain),
    retrain_count: row.retrain_count,
    retrain_unit: row.retrain_unit as RetrainUnit,
    cancel_type_choices: choices,
    datetime_update: row.datetime_update,
  };
}

/**
 * Save the whole settings (already parsed with the content kind's schema). The form, when
 * given, must be an enrollment form of the form builder (request_form of kind "enrollment",
 * docs/decisions/057); a form some content names is not deleted.
 */
export async function saveEnrollment(trx: Trx, ref: ContentRef, input: EnrollmentInput, now: Date) {
  if (
    input.form !== null &&
    !(await trx
      .selectFrom("request_form")
      .select("id")
      .where("id", "=", input.form)
      .where("kind", "=", "enrollment")
      .executeTakeFirst())
  ) {
    throw badRequest({ form: [MSG.invalid_choice] });
  }
  const values = {
    form_id: input.form,
    capacity: input.capacity,
    is_overlap_time: toFlag(input.is_overlap_time),
    is_session_reserved: toFlag(input.is_session_reserved),
    is_session_enrollment: toFlag(input.is_session_enrollment),
    minimum_session_enrollment: input.minimum_session_enrollment,
    maximum_session_enrollment: input.maximum_session_enrollment,
    type_access: input.type_access,
    enrollment_required: toFlag(input.enrollment_required),
    type_waiting: input.type_waiting,
    enroll_datetime_start: input.content_period_enroll.datetime_start,
    enroll_datetime_end: input.content_period_enroll.datetime_end,
    cancel_type: input.content_period_cancel.type,
    cancel_duration: input.content_period_cancel.duration,
    cancel_datetime_start: input.content_period_cancel.datetime_start,
    cancel_datetime_end: input.content_period_cancel.datetime_end,
    is_allow_change_session_enrollment: toFlag(input.is_allow_change_session_enrollment),
    is_user_canceled: toFlag(input.is_user_canceled),
    is_rejected_able_re_enroll: toFlag(input.is_rejected_able_re_enroll),
    duration_expire: input.duration_expire,
    is_retrain: toFlag(input.is_retrain),
    retrain_count: input.retrain_count,
    retrain_unit: input.retrain_unit,
    datetime_update: now.toISOString(),
  };
  await trx
    .insertInto("content_enrollment_setting")
    .values({ content_type_id: ref.contentTypeId, content_id: ref.contentId, ...values })
    .onConflict((oc) => oc.columns(["content_type_id", "content_id"]).doUpdateSet(values))
    .execute();
}

/** The configured minimums of lock attempt and lock duration (seconds). */
export async function lockMinimums(db: Db): Promise<LockMinimums> {
  const c = await configValues(db, ["iden-lock-attempt-minimum", "iden-lock-duration-minimum"]);
  return {
    attempt: Math.max(1, Math.floor(Number(c["iden-lock-attempt-minimum"]) || 1)),
    durationSeconds: Math.max(60, Math.floor(Number(c["iden-lock-duration-minimum"]) || 60)),
  };
}

/** The enrollment identification of a content (the defaults until saved: off, otp, lock for the minimum). */
export async function loadIdentification(
  db: Db | Trx,
  ref: ContentRef,
  min: LockMinimums,
): Promise<EnrollmentIdentification> {
  const row = await db
    .selectFrom("content_enrollment_identification")
    .selectAll()
    .where("content_type_id", "=", ref.contentTypeId)
    .where("content_id", "=", ref.contentId)
    .executeTakeFirst();
  if (!row)
    return {
      is_enabled: false,
      identification: 0,
      lock_method: 1,
      attempt: min.attempt,
      duration_lock: min.durationSeconds,
      datetime_update: null,
    };
  return {
    is_enabled: fromFlag(row.is_enabled),
    identification: row.identification as IdentificationMethod,
    lock_method: row.lock_method as LockMethod,
    attempt: row.attempt,
    duration_lock: row.duration_lock,
    datetime_update: row.datetime_update,
  };
}

export async function saveIdentification(trx: Trx, ref: ContentRef, input: IdentificationInput, now: Date) {
  const values = {
    is_enabled: toFlag(input.is_enabled),
    identification: input.identification,
    lock_method: input.lock_method,
    attempt: input.attempt,
    duration_lock: input.duration_lock,
    datetime_update: now.toISOString(),
  };
  await trx
    .insertInto("content_enrollment_identification")
    .values({ content_type_id: ref.contentTypeId, content_id: ref.contentId, ...values })
    .onConflict((oc) => oc.columns(["content_type_id", "content_id"]).doUpdateSet(values))
    .execute();
}

/** A content's prerequisites (items of its own type), by name. */
export async function loadPrerequisites(
  q: Db | Trx,
  resource: AnyResource & { contentType: string },
  ref: ContentRef,
): Promise<PrerequisiteAnswer> {
  const rows = await fromResource(q, resource.table)
    .innerJoin("content_prerequisite as p", "p.prerequisite_id", "t.id")
    .select(["t.id", "t.name", "t.code"])
    .where("p.content_type_id", "=", ref.contentTypeId)
    .where("p.content_id", "=", ref.contentId)
    .orderBy("t.name")
    .orderBy("t.id")
    .execute();
  const results: Prerequisite[] = rows.map((r) => ({ ...r, content_type: resource.contentType }));
  return { results, count: results.length };
}

/**
 * Replace a content's prerequisites. Each must be another existing item of its type (400
 * invalid_choice) and none may lead back to this one through its own prerequisites (400
 * prerequisite_cycle; a content naming itself is the shortest cycle).
 */
export async function savePrerequisites(trx: Trx, resource: AnyResource, ref: ContentRef, ids: number[]) {
  const ofType = (q: Db | Trx) => q.selectFrom("content_prerequisite").where("content_type_id", "=", ref.contentTypeId);
  if (ids.includes(ref.contentId)) throw badRequest({ prerequisite_list: [MSG.prerequisite_cycle] });
  if (ids.length) {
    const found = await fromResource(trx, resource.table).select("t.id").where("t.id", "in", ids).execute();
    if (found.length !== ids.length) throw badRequest({ prerequisite_list: [MSG.invalid_choice] });
    // Walk the prerequisites of the chosen ones (level by level); reaching this content is a cycle.
    const seen = new Set<number>(ids);
    let frontier = [...ids];
    while (frontier.length) {
      const next = await ofType(trx).select("prerequisite_id as id").where("content_id", "in", frontier).execute();
      frontier = [];
      for (const { id } of next) {
        if (id === ref.contentId) throw badRequest({ prerequisite_list: [MSG.prerequisite_cycle] });
        if (!seen.has(id)) {
          seen.add(id);
          frontier.push(id);
        }
      }
    }
  }
  await trx
    .deleteFrom("content_prerequisite")
    .where("content_type_id", "=", ref.contentTypeId)
    .where("content_id", "=", ref.contentId)
    .execute();
  if (ids.length) {
    await trx
      .insertInto("content_prerequisite")
      .values(ids.map((p) => ({ content_type_id: ref.contentTypeId, content_id: ref.contentId, prerequisite_id: p })))
      .execute();
  }
}

/** Remove what a content's enrollment side keeps (called when the content is deleted). */
export async function removeEnrollmentSide(trx: Trx, ref: ContentRef) {
  await trx
    .deleteFrom("content_enrollment_setting")
    .where("content_type_id", "=", ref.contentTypeId)
    .where("content_id", "=", ref.contentId)
    .execute();
  await trx
    .deleteFrom("content_enrollment_identification")
    .where("content_type_id", "=", ref.contentTypeId)
    .where("content_id", "=", ref.contentId)
    .execute();
}
