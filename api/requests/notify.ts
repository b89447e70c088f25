import { REQUEST_TYPE } from "../../contract/request-codes";
import type { Trx } from "../engine/crud";
import { postMail as post, type Letter } from "../outbox";

/**
 * The notices of a request's way through its flow (spec 001 §3 "Approval step: is_notification";
 * docs/decisions/060), written to the outbox in the transaction that moves the request, and sent
 * after it commits by the mail path forgot-password uses (ctx.sendMail; without SMTP they stay in
 * the outbox). Each mail is in its recipient's language (th, else en), as forgot-password's is.
 *
 * - A request arrives at a step that notifies (step 1 at creation, the next step after an
 *   approval): one mail to each decider of that step who has an email (active accounts).
 * - A request ends approved (after the last step) or rejected: one mail to the requester, when
 *   the last step (approved) or the rejecting step notifies. Expiry and a request approved at once
 *   (no flow, no steps) send nothing: no step notifies there.
 */

/** Sending after the commit is the outbox's (api/outbox.ts); the request routes call it from here. */
export { deliver } from "../outbox";

/** Where the dashboard shows a request, its decision form with it (app/registry/screens-requests.js). */
export const requestPath = (kind: number, id: number) =>
  `/dashboard/${kind === REQUEST_TYPE.material ? "material-request" : kind === REQUEST_TYPE.enrollment ? "enrollment/request" : "learning-request"}/${id}`;

type Request = { id: number; kind: number; name: string; requester: string; step: number; count: number };

const KIND = {
  en: (kind: number) =>
    kind === REQUEST_TYPE.material
      ? "material request"
      : kind === REQUEST_TYPE.enrollment
        ? "enrollment request"
        : "learning request",
  th: (kind: number) =>
    kind === REQUEST_TYPE.material ? "คำขอสื่อการเรียนรู้" : kind === REQUEST_TYPE.enrollment ? "คำขอลงทะเบียน" : "คำขอเรียน",
};

function toDecider(language: string, r: Request): Letter {
  const link = requestPath(r.kind, r.id);
  return language === "th"
    ? {
        subject: `คำขอรอการอนุมัติ: ${r.name}`,
        body: `${r.requester} ส่ง${KIND.th(r.kind)} "${r.name}" ซึ่งรอการพิจารณาของคุณในขั้นตอนที่ ${r.step} จาก ${r.count} เปิดคำขอเพื่ออนุมัติหรือไม่อนุมัติได้ที่ ${link}`,
      }
    : {
        subject: `A request waits for your approval: ${r.name}`,
        body: `${r.requester} sent the ${KIND.en(r.kind)} "${r.name}", which waits for your decision at step ${r.step} of ${r.count}. Approve or reject it at ${link}`,
      };
}

function toRequester(language: string, r: Request, approved: boolean, note: string): Letter {
  const th = language === "th";
  const noteText = note ? (th ? ` หมายเหตุ: ${note}` : ` Note: ${note}`) : "";
  if (th) {
    return approved
      ? {
          subject: `คำขอของคุณได้รับการอนุมัติ: ${r.name}`,
          body: `${KIND.th(r.kind)} "${r.name}" ของคุณได้รับการอนุมัติแล้ว${noteText}`,
        }
      : {
          subject: `คำขอของคุณไม่ได้รับการอนุมัติ: ${r.name}`,
          body: `${KIND.th(r.kind)} "${r.name}" ของคุณไม่ได้รับการอนุมัติในขั้นตอนที่ ${r.step}${noteText}`,
        };
  }
  return approved
    ? {
        subject: `Your request was approved: ${r.name}`,
        body: `Your ${KIND.en(r.kind)} "${r.name}" was approved.${noteText}`,
      }
    : {
        subject: `Your request was not approved: ${r.name}`,
        body: `Your ${KIND.en(r.kind)} "${r.name}" was not approved at step ${r.step}.${noteText}`,
      };
}

/** The request as the letters name it, and whether the step it is at (`step`) notifies. */
async function requestAt(trx: Trx, id: number, step: number) {
  const r = await trx
    .selectFrom("learning_request as r")
    .innerJoin("account as a", "a.id", "r.account_id")
    .select([
      "r.id",
      "r.kind",
      "r.name",
      "r.flow_id",
      "r.account_id",
      "a.username",
      "a.first_name",
      "a.last_name",
      "a.email",
      "a.language",
      "a.is_active",
    ])
    .where("r.id", "=", id)
    .executeTakeFirstOrThrow();
  if (r.flow_id === null) return null;
  const steps = await trx
    .selectFrom("approval_step")
    .select(["sort", "is_notification"])
    .where("flow_id", "=", r.flow_id)
    .orderBy("sort")
    .execute();
  const at = steps.find((s) => s.sort === step);
  if (!at || at.is_notification !== 1) return null;
  const requester = `${r.first_name} ${r.last_name}`.trim() || r.username;
  return {
    row: r,
    request: { id: r.id, kind: r.kind, name: r.name, requester, step, count: steps.length } satisfies Request,
  };
}

/**
 * The request has just arrived at `step`: a mail to each of its deciders (`deciders`, as
 * approval.ts decidersOf names them) when the step notifies. Answers the outbox ids.
 */
export async function noticeDeciders(
  trx: Trx,
  requestId: number,
  step: number,
  deciders: readonly number[],
  now: Date,
): Promise<number[]> {
  if (!deciders.length) return [];
  const at = await requestAt(trx, requestId, step);
  if (!at) return [];
  const ids = [...deciders];
  const people = await trx
    .selectFrom("account")
    .select(["email", "language"])
    .where("id", "in", ids)
    .where("is_active", "=", 1)
    .where("email", "<>", "")
    .orderBy("id")
    .execute();
  const out: number[] = [];
  for (const p of people) out.push(await post(trx, p.email, toDecider(p.language, at.request), now));
  return out;
}

/** The request has just ended at `step` (approved or rejected): the requester's mail when that step notifies. */
export async function noticeRequester(
  trx: Trx,
  requestId: number,
  step: number,
  approved: boolean,
  note: string,
  now: Date,
): Promise<number[]> {
  const at = await requestAt(trx, requestId, step);
  if (!at || !at.row.email || at.row.is_active !== 1) return [];
  return [await post(trx, at.row.email, toRequester(at.row.language, at.request, approved, note), now)];
}
