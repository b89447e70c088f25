import { sql } from "kysely";
import {
  ADDED_BY,
  ADD_METHOD,
  COMPLETED_STATUSES,
  PROGRESS_STATUS,
  TYPE_ACCESS,
  type ProgressAction,
  type ProgressStatus,
} from "../../../../contract/codes";
import { canReEnroll, recordCase, type EnrolCase } from "../../../../contract/approval-codes";
import { MSG } from "../../../../contract/messages";
import { APPROVAL_STATUS, DECISION, REQUEST_TYPE } from "../../../../contract/request-codes";
import type { EnrolInput, LearnerEnrolment } from "../../../../contract/schemas/approvals";
import type { ContentLimits } from "../../../../contract/schemas/content";
import type { ContentDefinition } from "../../definition";
import type { ContentRef } from "../../ref";
import type { Db } from "../../../db/index";
import type { AccountRow } from "../../../http/context";
import { badRequest, forbidden, notFound } from "../../../http/errors";
import { fromResource, type Trx } from "../../../engine/crud";
import { organisationToday } from "../../../auth/membership";
import { accessLevel } from "../access/visibility";
import { changeCredit, contentCost } from "../../../credit/credit";
import { checkAnswers, writeSubmission } from "../../../requests/answers";
import { presentForms } from "../../../requests/forms";
import { selectFlow, startRequest } from "../../../requests/approval";
import { isPostgres, logProgress, seatsOf } from "./service";

/**
 * A learner's own enrolment (issue 33 item 2; spec 001 §4 "Enrollment": access types, waiting
 * types, enrol cases; docs/decisions/074), beside the administrator's (service.ts enrollAccounts,
 * which is itself the approval: decision 017). Where the learner stands (`enrolState`) and what
 * enrolling does (`enrol`), by the content's enrollment setting:
 *
 * - its enrollment form first: answers given with the enrolment are checked and kept; without
 *   them the record waits at form required (3) until they come (`answerForm`);
 * - then its access type: no condition (-1), waiting list when full (0) and close when full (1)
 *   take a seat now — not started (0), or when full the waiting list (2) or a refusal, as
 *   `whenFull` says — spending the content's cost; waiting approve (2) waits at 1 for an
 *   administrator (the approval pages); waiting for the approval flow (3) waits at 1 in the flow
 *   that applies (a request of type enrollment, api/requests/approval.ts), or, when no flow
 *   applies, takes a seat as no condition does.
 *
 * A refusal writes nothing. The content's row is locked first in PostgreSQL, as every enrolment does.
 */

type Setting = {
  form_id: number | null;
  type_access: number;
  enroll_datetime_start: string | null;
  enroll_datetime_end: string | null;
  is_rejected_able_re_enroll: number;
};
type Held = { id: number; status: number; datetime_enroll: string; submission_id: number | null };
type Stand = {
  def: ContentDefinition;
  ref: ContentRef;
  content: LearnerEnrolment["content"];
  setting: Setting;
  record: Held | null;
  level: number;
  cost: number;
};

const DEFAULT_SETTING: Setting = {
  form_id: null,
  type_access: TYPE_ACCESS.no_condition,
  enroll_datetime_start: null,
  enroll_datetime_end: null,
  is_rejected_able_re_enroll: 0,
};

/** The refusal of each case that takes no enrolment. */
const REFUSAL: Partial<Record<EnrolCase, string>> = {
  view_only: MSG.enroll_view_only,
  un_enrolled_full: MSG.enroll_full,
  un_enrolled_dependency: MSG.enroll_dependency,
  un_enrolled_schedule_open: MSG.enroll_not_open,
  un_enrolled_close: MSG.enroll_closed,
};

/** The content as the learner may see it (shown, visible to them: else 404), their record and the setting. */
async function standOf(
  q: Db | Trx,
  def: ContentDefinition,
  contentId: number,
  account: AccountRow,
  now: Date,
): Promise<Stand> {
  const table = def.resource.table;
  const typeId = (
    await q
      .selectFrom("content_type")
      .select("id")
      .where("code", "=", def.resource.contentType)
      .executeTakeFirstOrThrow()
  ).id;
  const today = await organisationToday(q, now);
  const row = await sql<{
    id: number;
    name: string;
    code: string;
    is_display: number;
    level: number;
  }>`select ${sql.ref("t.id")} as id, ${sql.ref("t.name")} as name, ${sql.ref("t.code")} as code, ${sql.ref("t.is_display")} as is_display,
      ${accessLevel(typeId, "t", "a", today)} as level
    from ${sql.table(table)} as t, ${sql.table("account")} as a where ${sql.ref("t.id")} = ${contentId} and ${sql.ref("a.id")} = ${account.id}`.execute(
    q,
  );
  const c = row.rows[0];
  if (!c || Number(c.is_display) !== 1 || Number(c.level) === 0) throw notFound();
  const ref = { contentTypeId: typeId, contentId };
  const [setting, record, cost] = await Promise.all([
    q
      .selectFrom("content_enrollment_setting")
      .select(["form_id", "type_access", "enroll_datetime_start", "enroll_datetime_end", "is_rejected_able_re_enroll"])
      .where("content_type_id", "=", typeId)
      .where("content_id", "=", contentId)
      .executeTakeFirst(),
    q
      .selectFrom("content_enrollment")
      .select(["id", "status", "datetime_enroll", "submission_id"])
      .where("content_type_id", "=", typeId)
      .where("content_id", "=", contentId)
      .where("account_id", "=", account.id)
      .executeTakeFirst(),
    contentCost(q, ref),
  ]);
  return {
    def,
    ref,
    content: { type: def.resource.contentType, id: c.id, name: c.name, code: c.code },
    setting: setting ?? DEFAULT_SETTING,
    record: record ?? null,
    level: Number(c.level),
    cost,
  };
}

/** Whether every prerequisite of the content is completed by the account. */
async function prerequisitesMet(q: Db | Trx, ref: ContentRef, accountId: number): Promise<boolean> {
  const missing = await q
    .selectFrom("content_prerequisite as p")
    .select("p.prerequisite_id")
    .where("p.content_type_id", "=", ref.contentTypeId)
    .where("p.content_id", "=", ref.contentId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("content_enrollment as e")
            .select("e.id")
            .whereRef("e.content_type_id", "=", "p.content_type_id")
            .whereRef("e.content_id", "=", "p.prerequisite_id")
            .where("e.account_id", "=", accountId)
            .where("e.status", "in", [...COMPLETED_STATUSES]),
        ),
      ),
    )
    .executeTakeFirst();
  return !missing;
}

/** The case of a learner without a record (or with one the content lets enrol again). */
async function openCase(q: Db | Trx, s: Stand, accountId: number, now: Date): Promise<EnrolCase> {
  if (s.level < 2) return "view_only";
  const at = now.toISOString();
  if (s.setting.enroll_datetime_start && s.setting.enroll_datetime_start > at) return "un_enrolled_schedule_open";
  if (s.setting.enroll_datetime_end && s.setting.enroll_datetime_end <= at) return "un_enrolled_close";
  if (s.def.resource.writeRefusal && (await s.def.resource.writeRefusal(q, s.ref.contentId)))
    return "un_enrolled_close";
  if (!(await prerequisitesMet(q, s.ref, accountId))) return "un_enrolled_dependency";
  const seats = await seatsOf(q, s.ref);
  if (seats && seats.taken >= seats.capacity && seats.when_full === "closed") return "un_enrolled_full";
  return "un_enrolled_open";
}

/** Where the learner stands (GET {type}/{id}/enroll/). */
export async function enrolState(
  q: Db | Trx,
  def: ContentDefinition,
  contentId: number,
  account: AccountRow,
  now: Date,
): Promise<LearnerEnrolment> {
  return present(q, await standOf(q, def, contentId, account, now), account, now);
}

async function present(q: Db | Trx, s: Stand, account: AccountRow, now: Date): Promise<LearnerEnrolment> {
  const again = !!s.record && canReEnroll(s.record.status, s.setting);
  const open = !s.record || again ? await openCase(q, s, account.id, now) : null;
  const request = s.record
    ? await q
        .selectFrom("learning_request as r")
        .leftJoin("approval_flow as f", "f.id", "r.flow_id")
        .select(["r.id", "r.status", "r.step", "r.flow_id", "f.name as flow"])
        .where("r.enrollment_id", "=", s.record.id)
        .orderBy("r.id", "desc")
        .executeTakeFirst()
    : undefined;
  const steps = request?.flow_id
    ? Number(
        (
          await q
            .selectFrom("approval_step")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .where("flow_id", "=", request.flow_id)
            .executeTakeFirstOrThrow()
        ).n,
      )
    : 0;
  const reason =
    s.record?.status === PROGRESS_STATUS.rejected ? await rejectionReason(q, s.record.id, request?.id ?? null) : null;
  const asksForm =
    s.setting.form_id !== null && (!s.record || again || s.record.status === PROGRESS_STATUS.waiting_form);
  return {
    content: s.content,
    case: s.record && !again ? recordCase(s.record.status) : (open ?? "rejected"),
    can_enroll: open === "un_enrolled_open",
    enrollment: s.record
      ? { id: s.record.id, status: s.record.status as ProgressStatus, datetime_enroll: s.record.datetime_enroll }
      : null,
    type_access: s.setting.type_access,
    form: asksForm ? ((await presentForms(q, [s.setting.form_id!]))[0] ?? null) : null,
    seats: await seatsOf(q, s.ref),
    cost: s.cost / 100,
    request: request
      ? { id: request.id, status: request.status, step: request.step, count_step: steps, flow: request.flow ?? null }
      : null,
    reason,
  };
}

/** The reason of a rejection the learner is shown: the administrator's decision note, or the rejecting step's. */
async function rejectionReason(q: Db | Trx, enrollmentId: number, requestId: number | null): Promise<string | null> {
  const d = await q
    .selectFrom("content_enrollment_decision")
    .select("note")
    .where("enrollment_id", "=", enrollmentId)
    .where("decision", "=", "rejected")
    .executeTakeFirst();
  if (d?.note) return d.note;
  if (requestId === null) return d ? "" : null;
  const step = await q
    .selectFrom("request_decision")
    .select("note")
    .where("request_id", "=", requestId)
    .where("decision", "=", DECISION.reject)
    .orderBy("id", "desc")
    .executeTakeFirst();
  return step?.note ?? d?.note ?? null;
}

/** The record at `status`: a new one, or the existing one reopened (a rejection the content lets enrol again). */
async function putRecord(
  trx: Trx,
  s: Stand,
  accountId: number,
  status: ProgressStatus,
  by: { at: string },
): Promise<number> {
  const log = (id: number, from: number | null) =>
    logProgress(trx, [{ enrollment_id: id, from_status: from, to_status: status, action_type: "enroll" }], {
      accountId,
      at: by.at,
    });
  if (s.record) {
    await trx
      .updateTable("content_enrollment")
      .set({
        status,
        created_by: accountId,
        add_method: ADD_METHOD.enrolled,
        datetime_enroll: by.at,
        datetime_start: null,
        datetime_complete: null,
        datetime_update: by.at,
        submission_id: null,
      })
      .where("id", "=", s.record.id)
      .execute();
    await log(s.record.id, s.record.status);
    return s.record.id;
  }
  const row = await trx
    .insertInto("content_enrollment")
    .values({
      account_id: accountId,
      content_type_id: s.ref.contentTypeId,
      content_id: s.ref.contentId,
      status,
      add_method: ADD_METHOD.enrolled,
      added_by: ADDED_BY.n_a,
      created_by: accountId,
      datetime_enroll: by.at,
      datetime_start: null,
      datetime_complete: null,
      datetime_update: by.at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await log(row.id, null);
  return row.id;
}

/** Move the record on to `to` (from form required), logged as `action`. */
async function moveRecord(
  trx: Trx,
  id: number,
  from: number,
  to: ProgressStatus,
  action: ProgressAction,
  by: { accountId: number; at: string },
) {
  if (from === to) return;
  await trx
    .updateTable("content_enrollment")
    .set({ status: to, datetime_update: by.at })
    .where("id", "=", id)
    .execute();
  await logProgress(trx, [{ enrollment_id: id, from_status: from, to_status: to, action_type: action }], by);
}

/**
 * What the access type makes of an enrolment past its form: the status to take, and for a flow
 * the flow that applies. Taking a seat spends the cost (refused: not enough credit) and may be
 * refused when full. Throws a refusal; writes only the credit spent.
 */
async function admit(
  trx: Trx,
  s: Stand,
  account: AccountRow,
  now: Date,
): Promise<{ status: ProgressStatus; flow: number | null }> {
  const seats = await seatsOf(trx, s.ref);
  const hasSeat = !seats || seats.taken < seats.capacity;
  if (!hasSeat && seats.when_full === "closed") throw badRequest({ detail: [MSG.enroll_full] });
  const access = s.setting.type_access;
  if (access === TYPE_ACCESS.waiting_approve) return { status: PROGRESS_STATUS.waiting_approve, flow: null };
  if (access === TYPE_ACCESS.waiting_approve_flow) {
    const flow = await selectFlow(trx, {
      type: REQUEST_TYPE.enrollment,
      contentTypeId: s.ref.contentTypeId,
      priceMinor: s.cost,
      accountId: account.id,
      now,
    });
    if (flow && flow.steps > 0) return { status: PROGRESS_STATUS.waiting_approve, flow: flow.id };
  }
  const by = { accountId: account.id, at: now.toISOString() };
  if (
    s.cost > 0 &&
    !(await changeCredit(trx, { accountId: account.id, amount: -s.cost, reason: "enrollment", ref: s.ref }, by))
  )
    throw badRequest({ detail: [MSG.enroll_not_enough_credit] });
  return { status: hasSeat ? PROGRESS_STATUS.not_start : PROGRESS_STATUS.waiting_list, flow: null };
}

/** The request of an enrolment waiting for a flow: it enters the flow (step 1). Answers the notices' outbox ids. */
async function openRequest(
  trx: Trx,
  s: Stand,
  account: AccountRow,
  enrollmentId: number,
  submission: number | null,
  now: Date,
): Promise<number[]> {
  const at = now.toISOString();
  const row = await trx
    .insertInto("learning_request")
    .values({
      kind: REQUEST_TYPE.enrollment,
      account_id: account.id,
      name: s.content.name,
      provider: "",
      datetime_start: null,
      datetime_end: null,
      cost_minor: s.cost,
      content_type_id: s.ref.contentTypeId,
      content_id: s.ref.contentId,
      enrollment_id: enrollmentId,
      reason: "",
      status: APPROVAL_STATUS.waiting_approve,
      form_id: submission === null ? null : s.setting.form_id,
      submission_id: submission,
      datetime_create: at,
      datetime_step: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return startRequest(
    trx,
    row.id,
    { kind: REQUEST_TYPE.enrollment, contentTypeId: s.ref.contentTypeId, priceMinor: s.cost },
    now,
  );
}

/** The form's answers checked and kept as a submission for the content (null: no answers given). */
async function keepAnswers(
  trx: Trx,
  s: Stand,
  account: AccountRow,
  input: EnrolInput,
  limits: ContentLimits,
  at: string,
): Promise<number | null> {
  if (s.setting.form_id === null || input.answers === undefined) return null;
  const rows = await checkAnswers(trx, s.setting.form_id, input.answers, limits, { accountId: account.id });
  return writeSubmission(trx, s.setting.form_id, account.id, rows, at, {
    content_type_id: s.ref.contentTypeId,
    content_id: s.ref.contentId,
  });
}

/** Lock the content's row (PostgreSQL), so two enrolments count its seats one after the other. */
async function lockContent(trx: Trx, s: Pick<Stand, "def" | "ref">) {
  if (isPostgres(trx))
    await fromResource(trx, s.def.resource.table)
      .select("t.id")
      .where("t.id", "=", s.ref.contentId)
      .forUpdate()
      .execute();
}

/** POST {type}/{id}/enroll/: enrol the learner (see above). Answers where they stand and the notices to send. */
export async function enrol(
  trx: Trx,
  def: ContentDefinition,
  contentId: number,
  account: AccountRow,
  input: EnrolInput,
  limits: ContentLimits,
  now: Date,
) {
  const s = await standOf(trx, def, contentId, account, now);
  await lockContent(trx, s);
  const again = !!s.record && canReEnroll(s.record.status, s.setting);
  if (s.record && !again) throw badRequest({ detail: [MSG.enroll_already_enrolled] });
  const open = await openCase(trx, s, account.id, now);
  if (open === "view_only") throw forbidden(MSG.enroll_view_only);
  if (open !== "un_enrolled_open") throw badRequest({ detail: [REFUSAL[open] ?? MSG.invalid] });
  const at = now.toISOString();
  const submission = await keepAnswers(trx, s, account, input, limits, at);
  if (s.setting.form_id !== null && submission === null) {
    await putRecord(trx, s, account.id, PROGRESS_STATUS.waiting_form, { at });
    return { mails: [] as number[] };
  }
  const { status, flow } = await admit(trx, s, account, now);
  const id = await putRecord(trx, s, account.id, status, { at });
  if (submission !== null)
    await trx.updateTable("content_enrollment").set({ submission_id: submission }).where("id", "=", id).execute();
  return { mails: flow === null ? [] : await openRequest(trx, s, account, id, submission, now) };
}

/** POST {type}/{id}/enroll/form/: the answers of a record waiting at form required; it then goes on as enrolling does. */
export async function answerForm(
  trx: Trx,
  def: ContentDefinition,
  contentId: number,
  account: AccountRow,
  input: EnrolInput,
  limits: ContentLimits,
  now: Date,
) {
  const s = await standOf(trx, def, contentId, account, now);
  await lockContent(trx, s);
  if (!s.record || s.record.status !== PROGRESS_STATUS.waiting_form || s.setting.form_id === null)
    throw badRequest({ detail: [MSG.enroll_no_form] });
  const at = now.toISOString();
  const submission = await keepAnswers(trx, s, account, { answers: input.answers ?? {} }, limits, at);
  const { status, flow } = await admit(trx, s, account, now);
  await trx
    .updateTable("content_enrollment")
    .set({ submission_id: submission })
    .where("id", "=", s.record.id)
    .execute();
  await moveRecord(trx, s.record.id, s.record.status, status, "form_submit", { accountId: account.id, at });
  return { mails: flow === null ? [] : await openRequest(trx, s, account, s.record.id, submission, now) };
}
