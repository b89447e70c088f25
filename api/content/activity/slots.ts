import { isIgnoredFilterValue } from "../../../contract/list-query";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { sql, type RawBuilder, type SqlBool } from "kysely";
import { SLOT_STATUSES, SLOT_WAITING, type SlotRow, type SlotStatus } from "../../../contract/schemas/activity";
import type { FieldErrors } from "../../../contract/http";
import { MSG } from "../../../contract/messages";
import type { Db } from "../../db/index";
import type { ApiContext } from "../../http/context";
import { badRequest, notFound } from "../../http/errors";
import { parseOrdering } from "../../http/ordering";
import { paginate, readPageQuery } from "../../http/paging";
import { itemId, likePattern, type Access, type Trx } from "../../engine/crud";
import { contentAccess, type ContentRef } from "../ref";
import { inspectsLearner } from "./inspects";
import { activityResource } from "./resource";
import {
  CHECKLIST_ITEM,
  accountName,
  activeEnrollments,
  checklistOf,
  childPath,
  inspectsColumn,
  isInspectorOnly,
  mayVerify,
  type ChecklistRecord,
} from "./shared";

/**
 * The learners' slots of one checklist (spec 000 §2.3 "checklist/{checklistid}/slot/{slotid}"):
 *   GET activity/{id}/checklist/{checklistid}/slot/           paged SlotRow of every learner holding
 *       a seat, with their slot or none yet (id null, status 0); ?status=22,6 ?waiting=1 ?search
 *       ?ordering (name, username, status, datetime_checkin, datetime_submit, datetime_verify)
 *   GET activity/{id}/checklist/{checklistid}/slot/{slotid}/  one SlotRow
 * Flag: progress. An account that sees the activity only as an inspector sees only the learners
 * it inspects (by account, group or direct manager).
 */

/** The account the slot calls answer for, and whether it is only an inspector. */
export type SlotViewer = { accountId: number; inspectorOnly: boolean };
export const slotViewer = (access: Pick<Access, "account" | "flags">): SlotViewer => ({
  accountId: access.account.id,
  inspectorOnly: isInspectorOnly(access),
});

/** The slot query of one checklist as `viewer` sees it: enrollments `e`, accounts `a`, slots `s`, verifiers `v`. */
export function slotQuery(q: Db | Trx, ref: ContentRef, checklistId: number, viewer: SlotViewer) {
  let query = activeEnrollments(q, ref)
    .leftJoin("activity_slot as s", (join) =>
      join.onRef("s.enrollment_id", "=", "e.id").on("s.checklist_id", "=", checklistId),
    )
    .leftJoin("account as v", "v.id", "s.verified_by")
    .select([
      "e.id as enrollment_id",
      "e.status as enrollment_status",
      "a.id as account_id",
      "a.username",
      "a.first_name",
      "a.last_name",
    ])
    .select([
      "s.id as slot_id",
      "s.status",
      "s.score",
      "s.note",
      "s.answer",
      "s.file",
      "s.datetime_checkin",
      "s.datetime_checkout",
      "s.checkin_source",
    ])
    .select([
      "s.datetime_submit",
      "s.datetime_verify",
      "v.id as verifier_id",
      "v.first_name as verifier_first",
      "v.last_name as verifier_last",
    ])
    .select(inspectsColumn(viewer.accountId, checklistId).as("inspects"));
  if (viewer.inspectorOnly)
    query = query.where(inspectsLearner(viewer.accountId, sql`${checklistId}`, sql.ref("e.account_id")));
  return query;
}
export type SlotRecord = Awaited<ReturnType<ReturnType<typeof slotQuery>["executeTakeFirstOrThrow"]>>;

/** A slot record → the contract's row; can_verify by the checklist's verify-by flags. */
export function presentSlot(r: SlotRecord, checklist: ChecklistRecord, viewer: SlotViewer): SlotRow {
  const status = (r.status ?? 0) as SlotStatus;
  return {
    id: r.slot_id,
    checklist_id: checklist.id,
    enrollment_id: r.enrollment_id,
    account: accountName({ id: r.account_id, username: r.username, first_name: r.first_name, last_name: r.last_name }),
    enrollment_status: r.enrollment_status,
    status,
    score: r.score,
    note: r.note ?? "",
    answer: r.answer ?? "",
    file: r.file,
    datetime_checkin: r.datetime_checkin,
    datetime_checkout: r.datetime_checkout,
    checkin_source: r.checkin_source,
    datetime_submit: r.datetime_submit,
    verified_by:
      r.verifier_id === null
        ? null
        : { id: r.verifier_id, name: `${r.verifier_first ?? ""} ${r.verifier_last ?? ""}`.trim() },
    datetime_verify: r.datetime_verify,
    can_verify: status === 22 && mayVerify(checklist, viewer.inspectorOnly, Number(r.inspects) === 1),
  };
}

/** The record of one slot (by its id) of the checklist as the viewer sees it, or 404. */
export async function slotRecord(
  q: Db | Trx,
  ref: ContentRef,
  checklistId: number,
  slotId: number,
  viewer: SlotViewer,
): Promise<SlotRecord> {
  const row = await slotQuery(q, ref, checklistId, viewer).where("s.id", "=", slotId).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** One slot (by its id) of the checklist as the viewer sees it, or 404. */
export const loadSlot = async (
  q: Db | Trx,
  ref: ContentRef,
  checklist: ChecklistRecord,
  slotId: number,
  viewer: SlotViewer,
): Promise<SlotRow> => presentSlot(await slotRecord(q, ref, checklist.id, slotId, viewer), checklist, viewer);

/** A learner list's ?search on its accounts `a`: username, first, last or full name (class check-in shares it). */
export function learnerSearch(search: string) {
  const pattern = likePattern(search);
  const like = (col: string) => sql<SqlBool>`lower(${sql.ref(col)}) like ${pattern} escape '\\'`;
  return sql<SqlBool>`(${like("a.username")} or ${like("a.first_name")} or ${like("a.last_name")} or lower(${sql.ref("a.first_name")} || ' ' || ${sql.ref("a.last_name")}) like ${pattern} escape '\\')`;
}

const ORDERING: Record<string, RawBuilder<unknown>[]> = {
  name: [sql`lower(${sql.ref("a.first_name")})`, sql`lower(${sql.ref("a.last_name")})`],
  username: [sql`lower(${sql.ref("a.username")})`],
  status: [sql`coalesce(${sql.ref("s.status")}, 0)`],
  datetime_checkin: [sql.ref("s.datetime_checkin")],
  datetime_submit: [sql.ref("s.datetime_submit")],
  datetime_verify: [sql.ref("s.datetime_verify")],
};

/** ?status (comma list of slot statuses), ?waiting=1 and ?ordering, or one 400 naming every bad one. */
function listQuery(req: FastifyRequest) {
  const raw = (req.query ?? {}) as Record<string, unknown>;
  const errors: FieldErrors = {};
  const text = (v: unknown) => (typeof v === "string" && !isIgnoredFilterValue(v) ? v.trim() : null);
  let statuses: number[] | null = null;
  const given = text(raw.status);
  if (given !== null) {
    statuses = given.split(",").map((s) => (/^-?\d{1,3}$/.test(s.trim()) ? Number(s) : NaN));
    if (statuses.some((s) => !(SLOT_STATUSES as readonly number[]).includes(s))) errors.status = [MSG.invalid_choice];
  }
  const waiting = text(raw.waiting);
  if (waiting !== null && !["1", "true", "0", "false"].includes(waiting)) errors.waiting = [MSG.invalid_choice];
  // The verify page's shortcut: the slots waiting for verification, whatever ?status says.
  if (waiting === "1" || waiting === "true") statuses = [...SLOT_WAITING];
  const page = readPageQuery(req);
  const order = parseOrdering(page.ordering, ORDERING, "name");
  if (!order) errors.ordering = [MSG.invalid_choice];
  if (Object.keys(errors).length) throw badRequest(errors);
  return { page, statuses, order: order! };
}

export function slotRoutes(app: FastifyInstance, ctx: ApiContext) {
  const { db } = ctx;
  const base = `${CHECKLIST_ITEM}slot/`;

  app.get(base, async (req) => {
    const access = await contentAccess(req, db, activityResource, "progress");
    const checklist = await checklistOf(db, req, access.id);
    const { page, statuses, order } = listQuery(req);
    const viewer = slotViewer(access);
    let query = slotQuery(db, access.ref, checklist.id, viewer);
    if (statuses) query = query.where(sql<SqlBool>`coalesce(${sql.ref("s.status")}, 0) in (${sql.join(statuses)})`);
    if (page.search) query = query.where(learnerSearch(page.search));
    for (const o of order) query = query.orderBy(o.expr, o.desc ? "desc" : "asc");
    const result = await paginate(req, query.orderBy("e.id"), page);
    return { ...result, results: result.results.map((r) => presentSlot(r, checklist, viewer)) };
  });

  app.get(`${base}${childPath("slotid")}`, async (req) => {
    const access = await contentAccess(req, db, activityResource, "progress");
    const checklist = await checklistOf(db, req, access.id);
    return loadSlot(db, access.ref, checklist, itemId(req, "slotid"), slotViewer(access));
  });
}
