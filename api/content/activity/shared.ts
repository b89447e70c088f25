import type { FastifyRequest } from "fastify";
import { sql, type Selectable } from "kysely";
import { SEAT_FREE_STATUSES } from "../../../contract/codes";
import { flag, viewFlag } from "../../../contract/permissions";
import type { Db } from "../../db/index";
import type { Database } from "../../db/schema";
import { notFound } from "../../http/errors";
import { itemId, type Access, type Trx } from "../../engine/crud";
import type { ContentRef } from "../ref";
import { inspectsLearner } from "./inspects";

/**
 * What activity's own calls share (api/content/activity/*): their paths, the checklist a path
 * names, the enrollments a checklist's slots belong to, and who is "only an inspector".
 */

const ID = "(^\\d{1,12})";
export const ACTIVITY_BASE = `/dashboard/activity/:id${ID}/`;
export const CHECKLIST_BASE = `${ACTIVITY_BASE}checklist/`;
export const CHECKLIST_ITEM = `${CHECKLIST_BASE}:checklistid${ID}/`;
export const childPath = (name: string) => `:${name}${ID}/`;

export type ChecklistRecord = Selectable<Database["activity_checklist"]>;

/** The checklists of an activity, in their order. */
export const checklistsOf = (q: Db | Trx, activityId: number): Promise<ChecklistRecord[]> =>
  q
    .selectFrom("activity_checklist")
    .selectAll()
    .where("activity_id", "=", activityId)
    .orderBy("sort")
    .orderBy("id")
    .execute();

/** The checklist `:checklistid` of the activity `:id`, or 404 (a checklist of another activity is not here). */
export async function checklistOf(q: Db | Trx, req: FastifyRequest, activityId: number): Promise<ChecklistRecord> {
  const row = await q
    .selectFrom("activity_checklist")
    .selectAll()
    .where("id", "=", itemId(req, "checklistid"))
    .where("activity_id", "=", activityId)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/**
 * The learners of an activity, as the slot calls know them: its content_enrollment rows that
 * hold a seat (waiting lists and cancellations are not doing the activity), `e` joined to `a`.
 */
export const activeEnrollments = (q: Db | Trx, ref: ContentRef) =>
  q
    .selectFrom("content_enrollment as e")
    .innerJoin("account as a", "a.id", "e.account_id")
    .where("e.content_type_id", "=", ref.contentTypeId)
    .where("e.content_id", "=", ref.contentId)
    .where("e.status", "not in", [...SEAT_FREE_STATUSES]);

/**
 * Whether the account sees an activity only as an inspector (spec 002 §6 "viewing activities by
 * inspector applies only without full view permission"): not a superuser, no full view flag, the
 * inspector scope. Such an account reaches only the learners it inspects, and never verifies as
 * an administrator.
 */
export const isInspectorOnly = (access: Pick<Access, "account" | "flags">) =>
  access.account.is_superuser !== 1 &&
  !access.flags.has(flag("activity", "view")) &&
  access.flags.has(viewFlag("activity", "instructor"));

/** inspectsLearner as a 0/1 column (both dialects answer booleans differently). */
export const inspectsColumn = (accountId: number, checklistId: number) =>
  sql<number>`case when ${inspectsLearner(accountId, sql`${checklistId}`, sql.ref("e.account_id"))} then 1 else 0 end`;

/**
 * Whether the account may verify a waiting slot of this checklist: an administrator when the
 * checklist lets administrators verify, or an inspector of this learner when it lets inspectors.
 */
export const mayVerify = (
  checklist: Pick<ChecklistRecord, "is_verify_by_admin" | "is_verify_by_inspector">,
  inspectorOnly: boolean,
  inspects: boolean,
) => (checklist.is_verify_by_admin === 1 && !inspectorOnly) || (checklist.is_verify_by_inspector === 1 && inspects);

/** An account as the activity's answers name it. */
export const accountName = (r: { id: number; username: string; first_name: string; last_name: string }) => ({
  id: r.id,
  username: r.username,
  name: `${r.first_name} ${r.last_name}`.trim(),
});
