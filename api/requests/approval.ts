import { sql, type RawBuilder, type SqlBool } from "kysely";
import {
  APPROVAL_STATUS,
  DECISION,
  MAX_SUPERVISOR_LEVEL,
  REQUEST_TYPE,
  TYPE_RULE,
  WAITING_STATUSES,
  type Decision,
} from "../../contract/request-codes";
import { REQ_MSG } from "../../contract/schemas/requests";
import type { AccountRow } from "../http/context";
import { ApiError, forbidden } from "../http/errors";
import type { Trx } from "../engine/crud";
import { organisationToday } from "../auth/membership";
import { flowConditionMatches } from "./flow-condition";
import type { Q } from "./kit";
import { noticeDeciders, noticeRequester } from "./notify";
import { settleEnrolment } from "../approvals/flow-enrolment";

/**
 * THE approval engine of requests (docs/decisions/056): which flow applies, who decides a step,
 * moving a request on (approve → next step or approved 30; reject → -3), and expiry (a step
 * waited past its duration_expire days → -6 request_expired). Every decision is a
 * request_decision row. An enrolment into a content whose access waits for a flow (type_access 3)
 * is a request of type enrollment (3): when it ends, its enrolment moves with it
 * (api/approvals/flow-enrolment.ts, docs/decisions/074). Moving a request writes the notices of the steps
 * that notify into the outbox (notify.ts, docs/decisions/060): `startRequest` and `decide`
 * answer their outbox ids, for the caller to send once the transaction has committed.
 */

export type FlowChoice = { id: number; steps: number } | null;

/**
 * The flow that applies to a request: among the flows of its type, the lowest `sort` whose rules
 * hold. A rule is given when the flow sets it: content types (the request's type among them),
 * price range (the price, none = 0, within the bounds), learner condition (the requesting account
 * `accountId` matches it, decided in SQL by the one evaluator: docs/decisions/060). type_rule 1:
 * every given rule holds; 2: one of them does. A flow without rules applies to every request of
 * its type.
 */
export async function selectFlow(
  q: Q,
  r: { type: number; contentTypeId: number | null; priceMinor: number | null; accountId: number; now: Date },
): Promise<FlowChoice> {
  const flows = await q
    .selectFrom("approval_flow")
    .selectAll()
    .where("type_request", "=", r.type)
    .orderBy("sort")
    .orderBy("id")
    .execute();
  if (!flows.length) return null;
  const ids = flows.map((f) => f.id);
  const [types, steps, learner] = await Promise.all([
    q.selectFrom("approval_flow_content_type").selectAll().where("flow_id", "in", ids).execute(),
    q
      .selectFrom("approval_step")
      .select(["flow_id", (eb) => eb.fn.countAll<number>().as("n")])
      .where("flow_id", "in", ids)
      .groupBy("flow_id")
      .execute(),
    organisationToday(q, r.now).then((today) => flowConditionMatches(q, ids, r.accountId, today)),
  ]);
  const price = r.priceMinor ?? 0;
  for (const f of flows) {
    const own = types.filter((t) => t.flow_id === f.id).map((t) => t.content_type_id);
    const rules: boolean[] = [];
    if (own.length) rules.push(r.contentTypeId !== null && own.includes(r.contentTypeId));
    if (f.price_gte_minor !== null || f.price_lte_minor !== null)
      rules.push(
        (f.price_gte_minor === null || price >= f.price_gte_minor) &&
          (f.price_lte_minor === null || price <= f.price_lte_minor),
      );
    const condition = learner.get(f.id);
    if (condition !== undefined) rules.push(condition);
    const holds = !rules.length || (f.type_rule === TYPE_RULE.any ? rules.some(Boolean) : rules.every(Boolean));
    if (holds) return { id: f.id, steps: Number(steps.find((s) => s.flow_id === f.id)?.n ?? 0) };
  }
  return null;
}

/** The learner's supervisor `level` levels up (1: the direct supervisor), as SQL over the request `r`. */
function supervisorAt(level: number): RawBuilder<number | null> {
  let expr: RawBuilder<number | null> = sql`(select sa1.supervisor_id from account as sa1 where sa1.id = r.account_id)`;
  for (let k = 2; k <= level; k++)
    expr = sql`(select ${sql.raw(`sa${k}`)}.supervisor_id from account as ${sql.raw(`sa${k}`)} where ${sql.raw(`sa${k}`)}.id = ${expr})`;
  return expr;
}

/**
 * Whether account `me` decides the step request `r` waits at (`s`: that step, both aliases in the
 * query): one of its named approvers (is_approver), or the learner's supervisor at the step's
 * level (level_list_type 0) or at any level up to it (1).
 */
export function decidesStep(me: number): RawBuilder<SqlBool> {
  const levels = Array.from({ length: MAX_SUPERVISOR_LEVEL }, (_, i) => i + 1);
  const exact = sql.join(
    levels.map((l) => sql`when ${l} then ${supervisorAt(l)}`),
    sql` `,
  );
  const upTo = sql.join(
    levels.map((l) => sql`(s.step_supervisor >= ${l} and ${supervisorAt(l)} = ${me})`),
    sql` or `,
  );
  return sql<SqlBool>`(
    (s.is_approver = 1 and exists (select 1 from approval_step_approver as sap where sap.step_id = s.id and sap.account_id = ${me}))
    or (s.step_supervisor >= 1 and s.level_list_type = 0 and (case s.step_supervisor ${exact} end) = ${me})
    or (s.step_supervisor >= 1 and s.level_list_type = 1 and (${upTo})))`;
}

/** Requests `r` waiting at a step (joined as `s`) that `account` may decide: a superuser decides every step. */
export function waitingFor(q: Q, account: AccountRow) {
  const base = q
    .selectFrom("learning_request as r")
    .innerJoin("approval_step as s", (j) => j.onRef("s.flow_id", "=", "r.flow_id").on(sql<SqlBool>`s.sort = r.step`))
    .where("r.status", "in", WAITING_STATUSES as number[]);
  return account.is_superuser === 1 ? base : base.where(decidesStep(account.id));
}

/** Who decides the step a request waits at (for the page: "waiting for"). */
export async function decidersOf(q: Q, requestId: number): Promise<number[]> {
  const r = await q
    .selectFrom("learning_request")
    .select(["account_id", "flow_id", "step", "status"])
    .where("id", "=", requestId)
    .executeTakeFirstOrThrow();
  if (!WAITING_STATUSES.includes(r.status) || r.flow_id === null) return [];
  const s = await q
    .selectFrom("approval_step")
    .selectAll()
    .where("flow_id", "=", r.flow_id)
    .where("sort", "=", r.step)
    .executeTakeFirst();
  if (!s) return [];
  const out: number[] = [];
  if (s.is_approver === 1)
    out.push(
      ...(await q.selectFrom("approval_step_approver").select("account_id").where("step_id", "=", s.id).execute()).map(
        (a) => a.account_id,
      ),
    );
  let at: number | null = r.account_id;
  for (let level = 1; level <= s.step_supervisor && at !== null; level++) {
    const row: { supervisor_id: number | null } | undefined = await q
      .selectFrom("account")
      .select("supervisor_id")
      .where("id", "=", at)
      .executeTakeFirst();
    at = row?.supervisor_id ?? null;
    if (at !== null && (s.level_list_type === 1 || level === s.step_supervisor)) out.push(at);
  }
  return [...new Set(out)];
}

/** When the step a request waits at expires (null: never), from its step's duration_expire in days. */
export async function expiryOf(
  q: Q,
  r: { flow_id: number | null; step: number; status: number; datetime_step: string },
): Promise<string | null> {
  if (!WAITING_STATUSES.includes(r.status) || r.flow_id === null) return null;
  const s = await q
    .selectFrom("approval_step")
    .select("duration_expire")
    .where("flow_id", "=", r.flow_id)
    .where("sort", "=", r.step)
    .executeTakeFirst();
  return s && s.duration_expire > 0
    ? new Date(Date.parse(r.datetime_step) + s.duration_expire * 86_400_000).toISOString()
    : null;
}

/** Every waiting request whose step's time is over becomes -6 request_expired (a decision by nobody). */
export async function expireOverdue(trx: Trx, now: Date) {
  const rows = await trx
    .selectFrom("learning_request as r")
    .innerJoin("approval_step as s", (j) => j.onRef("s.flow_id", "=", "r.flow_id").on(sql<SqlBool>`s.sort = r.step`))
    .select(["r.id", "r.step", "r.datetime_step", "r.kind", "r.enrollment_id", "s.duration_expire"])
    .where("r.status", "in", WAITING_STATUSES as number[])
    .where("s.duration_expire", ">", 0)
    .execute();
  const at = now.toISOString();
  for (const r of rows) {
    if (Date.parse(r.datetime_step) + r.duration_expire * 86_400_000 > now.getTime()) continue;
    await trx
      .updateTable("learning_request")
      .set({ status: APPROVAL_STATUS.request_expired, datetime_decide: at })
      .where("id", "=", r.id)
      .execute();
    await trx
      .insertInto("request_decision")
      .values({
        request_id: r.id,
        step: r.step,
        decision: DECISION.expire,
        decided_by: null,
        note: "",
        datetime_create: at,
      })
      .execute();
    if (r.kind === REQUEST_TYPE.enrollment)
      await settleEnrolment(trx, r.enrollment_id, "expired", "", { accountId: null, at });
  }
}

/** An approved learning request gets its learning result (not started), once. */
async function openResult(trx: Trx, requestId: number, kind: number, at: string) {
  if (kind !== REQUEST_TYPE.learning) return;
  await trx
    .insertInto("learning_result")
    .values({ request_id: requestId, status: 0, datetime_update: at })
    .onConflict((oc) => oc.column("request_id").doNothing())
    .execute();
}

/**
 * A new request (its row written, with its learner) enters the flow that applies (step 1); with
 * none, or a flow without steps, it is approved at once. Answers the outbox ids of its notices.
 */
export async function startRequest(
  trx: Trx,
  id: number,
  r: { kind: number; contentTypeId: number | null; priceMinor: number | null },
  now: Date,
): Promise<number[]> {
  const { account_id } = await trx
    .selectFrom("learning_request")
    .select("account_id")
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  const flow = await selectFlow(trx, {
    type: r.kind,
    contentTypeId: r.contentTypeId,
    priceMinor: r.priceMinor,
    accountId: account_id,
    now,
  });
  const at = now.toISOString();
  if (!flow || flow.steps === 0) {
    await trx
      .updateTable("learning_request")
      .set({ flow_id: flow?.id ?? null, step: 0, status: APPROVAL_STATUS.approved, datetime_decide: at })
      .where("id", "=", id)
      .execute();
    await openResult(trx, id, r.kind, at);
    return [];
  }
  await trx
    .updateTable("learning_request")
    .set({ flow_id: flow.id, step: 1, status: APPROVAL_STATUS.waiting_approve, datetime_step: at })
    .where("id", "=", id)
    .execute();
  return noticeDeciders(trx, id, 1, await decidersOf(trx, id), now);
}

/**
 * `account` decides the step request `id` waits at: 409 req_msg_not_waiting when it waits no
 * more (decided or expired), 403 req_msg_not_decider when the step is not theirs. Approving the
 * last step approves the request (30); rejecting any step rejects it (-3). Answers the outbox ids
 * of the notices it wrote (the next step's deciders, or the requester at the end).
 */
export async function decide(
  trx: Trx,
  id: number,
  account: AccountRow,
  decision: Decision,
  note: string,
  now: Date,
): Promise<number[]> {
  await expireOverdue(trx, now);
  const r = await trx.selectFrom("learning_request").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  if (!WAITING_STATUSES.includes(r.status) || r.flow_id === null)
    throw new ApiError(409, { detail: REQ_MSG.not_waiting });
  const mine =
    account.is_superuser === 1 ||
    !!(await waitingFor(trx, account).select("r.id").where("r.id", "=", id).executeTakeFirst());
  if (!mine) throw forbidden(REQ_MSG.not_decider);
  const at = now.toISOString();
  const enrolment = r.kind === REQUEST_TYPE.enrollment;
  await trx
    .insertInto("request_decision")
    .values({ request_id: id, step: r.step, decision, decided_by: account.id, note, datetime_create: at })
    .execute();
  if (decision === DECISION.reject) {
    await trx
      .updateTable("learning_request")
      .set({ status: APPROVAL_STATUS.rejected, datetime_decide: at })
      .where("id", "=", id)
      .execute();
    if (enrolment) await settleEnrolment(trx, r.enrollment_id, "rejected", note, { accountId: account.id, at });
    return noticeRequester(trx, id, r.step, false, note, now);
  }
  const last = await trx
    .selectFrom("approval_step")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("flow_id", "=", r.flow_id)
    .executeTakeFirstOrThrow();
  if (r.step < Number(last.n)) {
    await trx
      .updateTable("learning_request")
      .set({ step: r.step + 1, datetime_step: at })
      .where("id", "=", id)
      .execute();
    return noticeDeciders(trx, id, r.step + 1, await decidersOf(trx, id), now);
  }
  await trx
    .updateTable("learning_request")
    .set({ status: APPROVAL_STATUS.approved, datetime_decide: at })
    .where("id", "=", id)
    .execute();
  await openResult(trx, id, r.kind, at);
  // The enrolment is admitted (or the decision refused: full, credit): api/approvals/flow-enrolment.ts.
  if (enrolment) await settleEnrolment(trx, r.enrollment_id, "approved", note, { accountId: account.id, at });
  return noticeRequester(trx, id, r.step, true, note, now);
}
