import type { FastifyRequest } from "fastify";
import { sql, type RawBuilder, type SqlBool } from "kysely";
import { isIgnoredFilterValue } from "../../contract/list-query";
import { MSG } from "../../contract/messages";
import { PROGRESS_STATUS, TYPE_ACCESS, type ProgressStatus } from "../../contract/codes";
import { REQUEST_TYPE, WAITING_STATUSES } from "../../contract/request-codes";
import type { AccountRow } from "../http/context";
import { decidesStep } from "../requests/approval";
import { involves } from "../requests/deciders";
import { presentRequests } from "../requests/present";
import type { Decision, DecisionReason } from "../../contract/approval-codes";
import { approvalQuerySchema, type ApprovalQuery, type ApprovalRow } from "../../contract/schemas/approvals";
import type { FieldErrors } from "../../contract/http";
import type { Db } from "../db/index";
import { badRequest, fieldErrors } from "../http/errors";
import { parseOrdering, tieDirection } from "../http/ordering";
import { idListOf, paginate, readPageQuery } from "../http/paging";
import { likePattern } from "../engine/crud";
import { contentCost, creditBalances } from "../credit/credit";
import { seatsOf } from "../content/features/enrollment/service";
import type { Seats } from "../../contract/schemas/enrollment";
import { baht, contentUnion, typeByCode, type FeatureContent } from "./contents";

/**
 * GET dashboard/enrollment/ (docs/decisions/054, 074): the enrolments of every content with the
 * enrollment feature, one page of them —
 * - state=waiting (default): waiting approve (1) on contents whose setting asks an
 *   administrator's approval (type_access 2), and every enrolment waiting in its content's
 *   approval flow (a waiting request of type enrollment), whatever the setting says now;
 * - state=approved / rejected: those approved (whatever they did since) / rejected and still
 *   rejected, by an administrator or a flow's decider, with who decided, when and why;
 * - state=any: the three together (the old single-list page; "all" is the ignored filter value).
 * A decider without the enrollment view flag (`decider`) sees only the flow enrolments waiting at
 * a step it decides, and those it decided a step of.
 * Filters content_type (code), content (id, with content_type), department, search (learner's
 * name, username, email; content's name, code), id_list (the confirmation page's rows); ordering
 * datetime_enroll, datetime_decide, name, content (default: oldest waiting first, newest decision
 * first). Each row carries the content's cost, the learner's balance, the content's seats and,
 * in a flow, its step and deciders.
 */

const ORDERING = {
  datetime_enroll: sql`e.datetime_enroll`,
  datetime_decide: sql`d.datetime_decide`,
  name: [sql`lower(a.first_name)`, sql`lower(a.last_name)`],
  content: sql`lower(c.name)`,
};

function readQuery(req: FastifyRequest) {
  const raw = Object.fromEntries(
    Object.entries((req.query ?? {}) as Record<string, unknown>).filter(
      ([, v]) => typeof v === "string" && !isIgnoredFilterValue(v),
    ),
  );
  const errors: FieldErrors = {};
  const parsed = approvalQuerySchema.safeParse(raw);
  if (!parsed.success) Object.assign(errors, fieldErrors(parsed.error));
  const page = readPageQuery(req);
  const state = parsed.success ? parsed.data.state : "waiting";
  const order = parseOrdering(
    page.ordering,
    ORDERING,
    state === "waiting" ? "datetime_enroll" : state === "any" ? "-datetime_enroll" : "-datetime_decide",
  );
  if (!order) errors.ordering = [MSG.invalid_choice];
  if (Object.keys(errors).length) throw badRequest(errors);
  return { page, filters: parsed.data!, order: order! };
}

/**
 * Which enrolments a state lists, on `e` (enrolment), `s` (setting), `d` (decision) and `fr` (its
 * waiting flow request, if any); narrowed to what `decider` takes part in.
 */
function stateWhere(state: ApprovalQuery["state"], decider: AccountRow | null): RawBuilder<SqlBool> {
  const flowWaits = decider
    ? sql<SqlBool>`exists (select 1 from learning_request as r inner join approval_step as s on s.flow_id = r.flow_id and s.sort = r.step where r.id = fr.id and ${decidesStep(decider.id)})`
    : sql<SqlBool>`fr.id is not null`;
  const waiting = decider
    ? sql<SqlBool>`(e.status = ${PROGRESS_STATUS.waiting_approve} and ${flowWaits})`
    : sql<SqlBool>`(e.status = ${PROGRESS_STATUS.waiting_approve} and (${flowWaits} or (fr.id is null and s.type_access = ${TYPE_ACCESS.waiting_approve})))`;
  const took = decider
    ? sql<SqlBool>` and exists (select 1 from learning_request as r where r.enrollment_id = e.id and r.kind = ${REQUEST_TYPE.enrollment} and ${involves(decider.id)})`
    : sql<SqlBool>``;
  const approved = sql<SqlBool>`(d.decision = 'approved'${took})`;
  const rejected = sql<SqlBool>`(d.decision = 'rejected' and e.status = ${PROGRESS_STATUS.rejected}${took})`;
  if (state === "waiting") return waiting;
  if (state === "approved") return approved;
  if (state === "rejected") return rejected;
  return sql<SqlBool>`(${waiting} or ${approved} or ${rejected})`;
}

/** The list's query (filters, search, state, ordering), its rows' columns selected. */
export function approvalQuery(
  req: FastifyRequest,
  db: Db,
  types: readonly FeatureContent[],
  decider: AccountRow | null,
) {
  const { page, filters: f, order } = readQuery(req);
  const errors: FieldErrors = {};
  const only = f.content_type ? typeByCode(types, f.content_type) : undefined;
  if (f.content_type && !only) errors.content_type = [MSG.invalid_choice];
  if (f.content !== undefined && !f.content_type) errors.content_type = [MSG.required];
  if (Object.keys(errors).length) throw badRequest(errors);

  let q = db
    .selectFrom("content_enrollment as e")
    .innerJoin(contentUnion(only ? [only] : types, "c"), (j) =>
      j.onRef("c.content_type_id", "=", "e.content_type_id").onRef("c.content_id", "=", "e.content_id"),
    )
    .innerJoin("account as a", "a.id", "e.account_id")
    .leftJoin("department as dep", "dep.id", "a.department_id")
    .leftJoin("content_enrollment_setting as s", (j) =>
      j.onRef("s.content_type_id", "=", "e.content_type_id").onRef("s.content_id", "=", "e.content_id"),
    )
    .leftJoin("content_enrollment_decision as d", "d.enrollment_id", "e.id")
    .leftJoin("account as dby", "dby.id", "d.decided_by")
    .leftJoin("learning_request as fr", (j) =>
      j
        .onRef("fr.enrollment_id", "=", "e.id")
        .on("fr.kind", "=", REQUEST_TYPE.enrollment)
        .on("fr.status", "in", WAITING_STATUSES as number[]),
    )
    .where(stateWhere(f.state, decider));
  if (f.content !== undefined) q = q.where("e.content_id", "=", f.content);
  if (f.department !== undefined) q = q.where("a.department_id", "=", f.department);
  if (page.id_list !== undefined) q = q.where("e.id", "in", [0, ...idListOf(page.id_list)]);
  if (page.search) {
    const p = likePattern(page.search);
    q = q.where(
      sql<SqlBool>`(lower(a.username) like ${p} escape '\\' or lower(a.email) like ${p} escape '\\' or lower(a.first_name || ' ' || a.last_name) like ${p} escape '\\' or lower(c.name) like ${p} escape '\\' or lower(c.code) like ${p} escape '\\')`,
    );
  }
  let selected = q.select([
    "e.id",
    "e.status",
    "e.datetime_enroll",
    "e.content_type_id",
    "e.content_id",
    "e.submission_id",
    "c.type",
    "c.name as content_name",
    "c.code as content_code",
    "a.id as account_id",
    "a.username",
    "a.email",
    "a.first_name",
    "a.last_name",
    "dep.id as department_id",
    "dep.name as department_name",
    "d.decision",
    "d.reason",
    "d.note",
    "d.datetime_decide",
    "dby.id as by_id",
    "dby.username as by_username",
    "dby.first_name as by_first_name",
    "dby.last_name as by_last_name",
    "fr.id as request_id",
  ]);
  for (const o of order) selected = selected.orderBy(o.expr, o.desc ? "desc" : "asc");
  return { page, query: selected.orderBy("e.id", tieDirection(order)) };
}
type ListRow = Awaited<ReturnType<ReturnType<typeof approvalQuery>["query"]["execute"]>>[number];

/** The rows as the pages show them: cost and seats per content, balances, the flow's step and deciders. */
export async function presentApprovals(
  db: Db,
  rows: ListRow[],
  viewer: { account: AccountRow; admin: boolean },
): Promise<ApprovalRow[]> {
  const contents = new Map<string, { cost: number; seats: Seats | null }>();
  for (const r of rows) {
    const key = `${r.content_type_id}:${r.content_id}`;
    if (contents.has(key)) continue;
    const ref = { contentTypeId: r.content_type_id, contentId: r.content_id };
    contents.set(key, { cost: await contentCost(db, ref), seats: await seatsOf(db, ref) });
  }
  const balances = await creditBalances(
    db,
    rows.map((r) => r.account_id),
  );
  const requestIds = rows.flatMap((r) => (r.request_id === null ? [] : [r.request_id]));
  const flows = new Map((await presentRequests(db, requestIds, viewer.account)).map((x) => [x.id, x]));
  return rows.map((r) => {
    const { cost, seats } = contents.get(`${r.content_type_id}:${r.content_id}`)!;
    const balance = balances.get(r.account_id) ?? 0;
    const flow = r.request_id === null ? undefined : flows.get(r.request_id);
    return {
      id: r.id,
      account: {
        id: r.account_id,
        username: r.username,
        email: r.email,
        first_name: r.first_name,
        last_name: r.last_name,
        department: r.department_id === null ? null : { id: r.department_id, name: r.department_name ?? "" },
      },
      content: { type: r.type, id: r.content_id, name: r.content_name, code: r.content_code },
      status: r.status as ProgressStatus,
      datetime_enroll: r.datetime_enroll,
      cost: baht(cost),
      balance: baht(balance),
      enough_credit: balance >= cost,
      seats,
      flow: flow
        ? {
            request: flow.id,
            name: flow.flow?.name ?? "",
            step: flow.step,
            count_step: flow.count_step,
            waiting_for: flow.waiting_for,
            submission: flow.submission,
          }
        : null,
      can_decide: flow ? flow.can_decide : viewer.admin && r.status === PROGRESS_STATUS.waiting_approve,
      submission: r.submission_id,
      decision: r.decision
        ? {
            decision: r.decision as Decision,
            reason: (r.reason ?? "admin") as DecisionReason,
            note: r.note ?? "",
            by:
              r.by_id === null
                ? null
                : {
                    id: r.by_id,
                    username: r.by_username ?? "",
                    first_name: r.by_first_name ?? "",
                    last_name: r.by_last_name ?? "",
                  },
            datetime: r.datetime_decide ?? "",
          }
        : null,
    };
  });
}

export async function approvalList(
  req: FastifyRequest,
  db: Db,
  types: readonly FeatureContent[],
  decider: AccountRow | null,
  admin: boolean,
) {
  const { page, query } = approvalQuery(req, db, types, decider);
  const result = await paginate(req, query, page);
  return { ...result, results: await presentApprovals(db, result.results, { account: req.account!, admin }) };
}
