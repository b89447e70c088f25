import { PROGRESS_STATUS } from "../../contract/codes";
import type { DecisionOutcome } from "../../contract/approval-codes";
import type { DecisionAnswer } from "../../contract/schemas/approvals";
import { APPROVAL_STATUS, DECISION, REQUEST_TYPE, WAITING_STATUSES } from "../../contract/request-codes";
import type { AccountRow } from "../http/context";
import type { Trx } from "../engine/crud";
import { chunks } from "../engine/chunks";
import { decide, waitingFor } from "../requests/approval";
import type { FeatureContent } from "./contents";
import { answer, approve, cancelRejection, reject } from "./decide";
import { flowApprovalRefusal } from "./flow-enrolment";

/**
 * The approval pages' decisions (POST dashboard/enrollment/{approve|reject|cancel-reject}/; issue 33
 * item 2, docs/decisions/054, 074), each enrolment by who decides it:
 * - one waiting in its content's approval flow, by the deciders of the step it waits at (a
 *   superuser decides any): approving moves it to the next step (`step_approved`) or, at the last,
 *   admits it as the administrator's approval does; rejecting ends it with the reason;
 * - any other, by an administrator with the enrollment change flag (`admin`), as decide.ts does.
 * Anyone else's decision on it is `not_decider`, and writes nothing. Cancelling a rejection is the
 * administrator's; a flow's rejection cancelled puts the request back at the step that rejected it.
 * Answers the outcomes and the outbox ids of the flow's notices (sent after the commit).
 */

type Who = { account: AccountRow; admin: boolean; at: string; now: Date };
type FlowRequest = { id: number; step: number; steps: number; enrollment_id: number };

/** The waiting flow requests of these enrolments, by enrolment. */
async function waitingRequests(trx: Trx, ids: readonly number[]): Promise<Map<number, FlowRequest>> {
  const out = new Map<number, FlowRequest>();
  for (const part of chunks([...ids])) {
    const rows = await trx
      .selectFrom("learning_request as r")
      .select([
        "r.id",
        "r.step",
        "r.enrollment_id",
        (eb) =>
          eb
            .selectFrom("approval_step as s")
            .select((e) => e.fn.countAll<number>().as("n"))
            .whereRef("s.flow_id", "=", "r.flow_id")
            .as("steps"),
      ])
      .where("r.kind", "=", REQUEST_TYPE.enrollment)
      .where("r.status", "in", WAITING_STATUSES as number[])
      .where("r.enrollment_id", "in", part)
      .execute();
    for (const r of rows)
      out.set(r.enrollment_id!, {
        id: r.id,
        step: r.step,
        steps: Number(r.steps ?? 0),
        enrollment_id: r.enrollment_id!,
      });
  }
  return out;
}

/** One flow enrolment decided at its step by `who`. */
async function decideInFlow(
  trx: Trx,
  r: FlowRequest,
  action: "approve" | "reject",
  note: string,
  who: Who,
  mails: number[],
): Promise<DecisionOutcome> {
  const mine =
    who.account.is_superuser === 1 ||
    !!(await waitingFor(trx, who.account).select("r.id").where("r.id", "=", r.id).executeTakeFirst());
  if (!mine) return "not_decider";
  if (action === "approve" && r.step >= r.steps) {
    const refusal = await flowApprovalRefusal(trx, r.enrollment_id);
    if (refusal) return refusal;
  }
  mails.push(
    ...(await decide(trx, r.id, who.account, action === "approve" ? DECISION.approve : DECISION.reject, note, who.now)),
  );
  if (action === "reject") return "rejected";
  if (r.step < r.steps) return "step_approved";
  const e = await trx
    .selectFrom("content_enrollment")
    .select("status")
    .where("id", "=", r.enrollment_id)
    .executeTakeFirstOrThrow();
  return e.status === PROGRESS_STATUS.waiting_list ? "waiting_list" : "approved";
}

export async function decideEnrolments(
  trx: Trx,
  action: "approve" | "reject",
  types: readonly FeatureContent[],
  ids: readonly number[],
  note: string,
  who: Who,
) {
  const flows = await waitingRequests(trx, ids);
  const mails: number[] = [];
  const results: DecisionAnswer["results"] = [];
  const by = { accountId: who.account.id, at: who.at };
  for (const id of ids) {
    const r = flows.get(id);
    let result: DecisionOutcome;
    if (r) result = await decideInFlow(trx, r, action, note, who, mails);
    else if (!who.admin) result = "not_decider";
    else
      result = (action === "approve" ? await approve(trx, types, [id], by) : await reject(trx, [id], by, note))
        .results[0].result;
    results.push({ enrollment: id, result });
  }
  return { ...answer(results), mails };
}

/** Cancel rejections (the administrator's); a flow's request goes back to wait at the step that rejected it. */
export async function cancelRejections(trx: Trx, ids: readonly number[], who: Who): Promise<DecisionAnswer> {
  const done = await cancelRejection(trx, ids, { accountId: who.account.id, at: who.at });
  for (const r of done.results.filter((x) => x.result === "reject_cancelled")) {
    // Its newest request (an enrolment rejected, enrolled again and rejected again has several).
    const last = await trx
      .selectFrom("learning_request")
      .select(["id", "status"])
      .where("kind", "=", REQUEST_TYPE.enrollment)
      .where("enrollment_id", "=", r.enrollment)
      .orderBy("id", "desc")
      .executeTakeFirst();
    if (last?.status !== APPROVAL_STATUS.rejected) continue;
    await trx
      .updateTable("learning_request")
      .set({ status: APPROVAL_STATUS.waiting_approve, datetime_step: who.at, datetime_decide: null })
      .where("id", "=", last.id)
      .execute();
  }
  return done;
}
