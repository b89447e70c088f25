import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import {
  CHECKIN_SOURCE,
  SLOT_STATUSES,
  checkinSchema,
  enrollmentStatusFromSlots,
  verifySchema,
} from "../../../contract/schemas/activity";
import type { ProgressAction } from "../../../contract/codes";
import { MSG } from "../../../contract/messages";
import type { ApiContext } from "../../http/context";
import { badRequest, forbidden, parseInput } from "../../http/errors";
import { itemId, writeTransaction, type Trx } from "../../engine/crud";
import { moveEnrollments } from "../features/enrollment/service";
import { contentAccess, type ContentRef } from "../ref";
import { activityResource } from "./resource";
import { CHECKLIST_ITEM, checklistOf, childPath, mayVerify } from "./shared";
import { loadSlot, slotQuery, slotRecord, slotViewer } from "./slots";

/**
 * What an administrator or an inspector does to slots (spec 001 §4 "check-in", "verify"):
 *   POST activity/{id}/checklist/{checklistid}/slot/{slotid}/verify/ {score, note, is_resubmit}
 *        a waiting slot (22) passes (30, score ≥ pass score), fails (-5) or goes back (6)
 *   POST activity/{id}/checklist/{checklistid}/checkin/ {enrollment_list, action: in|out}
 * Flag: progress; an inspector only for the learners it inspects (403 not_inspector). Each call
 * is one transaction: the slots, then the learners' enrollment status recomputed from all their
 * slots (contract enrollmentStatusFromSlots) and, where it moved, a progress history row.
 */

const SLOT_DRIVEN: readonly number[] = SLOT_STATUSES;

/**
 * Recompute the enrollment status of `enrollmentIds` from their slots of every checklist of the
 * activity, logging each change as `action`. An enrollment at a status the slots do not drive
 * (expired, survey required, 31…) keeps it: those come from elsewhere and a slot must not undo them.
 */
export async function recomputeEnrollments(
  trx: Trx,
  ref: ContentRef,
  enrollmentIds: number[],
  action: ProgressAction,
  by: { accountId: number; now: Date },
) {
  if (!enrollmentIds.length) return;
  const at = by.now.toISOString();
  const checklists = await trx
    .selectFrom("activity_checklist")
    .select("id")
    .where("activity_id", "=", ref.contentId)
    .execute();
  const slots = await trx
    .selectFrom("activity_slot as s")
    .innerJoin("activity_checklist as c", "c.id", "s.checklist_id")
    .select(["s.enrollment_id", "s.status"])
    .where("c.activity_id", "=", ref.contentId)
    .where("s.enrollment_id", "in", enrollmentIds)
    .execute();
  const enrollments = await trx
    .selectFrom("content_enrollment")
    .select(["id", "status", "datetime_start"])
    .where("id", "in", enrollmentIds)
    .where("content_type_id", "=", ref.contentTypeId)
    .where("content_id", "=", ref.contentId)
    .execute();
  const moves = enrollments
    .filter((e) => SLOT_DRIVEN.includes(e.status))
    .map((e) => ({
      ...e,
      to: enrollmentStatusFromSlots(
        slots.filter((s) => s.enrollment_id === e.id).map((s) => s.status),
        checklists.length,
      ),
    }));
  await moveEnrollments(trx, moves, action, { accountId: by.accountId, at });
}

export function slotWriteRoutes(app: FastifyInstance, ctx: ApiContext) {
  const { db } = ctx;

  app.post(`${CHECKLIST_ITEM}slot/${childPath("slotid")}verify/`, async (req) => {
    const access = await contentAccess(req, db, activityResource, "progress");
    const checklist = await checklistOf(db, req, access.id);
    const viewer = slotViewer(access);
    const slotId = itemId(req, "slotid");
    const slot = await slotRecord(db, access.ref, checklist.id, slotId, viewer);
    const input = parseInput(verifySchema, req.body, "top");
    if (!input.is_resubmit && (input.score ?? 0) > checklist.full_score)
      throw badRequest({ score: [MSG.score_above_full] });
    if (!mayVerify(checklist, viewer.inspectorOnly, Number(slot.inspects) === 1)) throw forbidden(MSG.not_inspector);
    const now = ctx.now();
    const at = now.toISOString();
    const score = input.is_resubmit ? null : input.score!;
    const status = score === null ? 6 : score >= checklist.pass_score ? 30 : -5;
    await writeTransaction(db, async (trx) => {
      // Conditional on 22: of two verifiers at once, the second finds it no longer waiting.
      const res = await trx
        .updateTable("activity_slot")
        .set({
          status,
          score,
          note: input.note,
          verified_by: access.account.id,
          datetime_verify: at,
          datetime_update: at,
        })
        .where("id", "=", slotId)
        .where("status", "=", 22)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) throw badRequest({ detail: MSG.slot_not_waiting });
      await recomputeEnrollments(trx, access.ref, [slot.enrollment_id], "verify", {
        accountId: access.account.id,
        now,
      });
    });
    return loadSlot(db, access.ref, checklist, slotId, viewer);
  });

  app.post(`${CHECKLIST_ITEM}checkin/`, async (req) => {
    const access = await contentAccess(req, db, activityResource, "progress");
    const checklist = await checklistOf(db, req, access.id);
    const viewer = slotViewer(access);
    const input = parseInput(checkinSchema, req.body, "top");
    const ids = input.enrollment_list;
    const now = ctx.now();
    const at = now.toISOString();
    await writeTransaction(db, async (trx) => {
      // Every named learner is read unrestricted, so one outside the inspector's reach is a 403, not "no such learner".
      const rows = await slotQuery(trx, access.ref, checklist.id, { ...viewer, inspectorOnly: false })
        .where("e.id", "in", ids)
        .execute();
      if (rows.length !== ids.length) throw badRequest({ enrollment_list: [MSG.invalid_choice] });
      if (viewer.inspectorOnly && rows.some((r) => Number(r.inspects) !== 1)) throw forbidden(MSG.not_inspector);
      if (input.action === "in") {
        const fresh = rows.filter((r) => r.slot_id === null);
        if (fresh.length) {
          await trx
            .insertInto("activity_slot")
            .values(
              fresh.map((r) => ({
                checklist_id: checklist.id,
                enrollment_id: r.enrollment_id,
                status: 21,
                note: "",
                answer: "",
                datetime_checkin: at,
                checkin_source: CHECKIN_SOURCE.admin,
                datetime_update: at,
              })),
            )
            .execute();
        }
        const existing = rows.filter((r) => r.slot_id !== null).map((r) => r.slot_id!);
        if (existing.length) {
          await trx
            .updateTable("activity_slot")
            .set({
              status: sql<number>`case when ${sql.ref("status")} = 0 then 21 else ${sql.ref("status")} end`,
              datetime_checkin: at,
              datetime_checkout: null,
              checkin_source: CHECKIN_SOURCE.admin,
              datetime_update: at,
            })
            .where("id", "in", existing)
            .execute();
        }
      } else {
        // Only a learner who checked in can check out.
        if (rows.some((r) => r.datetime_checkin === null)) throw badRequest({ enrollment_list: [MSG.invalid_choice] });
        await trx
          .updateTable("activity_slot")
          .set({ datetime_checkout: at, datetime_update: at })
          .where(
            "id",
            "in",
            rows.map((r) => r.slot_id!),
          )
          .execute();
      }
      await recomputeEnrollments(trx, access.ref, ids, "check_in", { accountId: access.account.id, now });
    });
    return { count: ids.length };
  });
}
