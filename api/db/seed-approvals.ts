import {
  ADDED_BY,
  ADD_METHOD,
  PROGRESS_STATUS,
  TYPE_ACCESS,
  TYPE_WAITING,
  type ProgressAction,
} from "../../contract/codes";
import type { Trx } from "../engine/crud";
import { changeCredit } from "../credit/credit";
import { contentTypeId } from "../content/ref";
import { logProgress } from "../content/features/enrollment/service";

/**
 * Enrollment approvals (issue 17 §6, docs/decisions/054): two contents that ask an
 * administrator's approval — the first shown course (priced 1,500 baht) and the first shown
 * class that is not cancelled (free, with a few seats left) — each with learners waiting, some
 * approved and some rejected by staff1 (with their history and credit), and on the class some
 * learners at form required (what closing its enrollment rejects). The course's last waiting
 * learner has 200 baht of credit: approving them is refused for not enough credit. Learners are
 * the seeded students not yet enrolled there, from the end of the list.
 */

const DAY = 86_400_000;
const OLD = 730 * DAY;
const COURSE_PRICE = 150_000;

type Seeded = { status: number; decided?: "approved" | "rejected" };

export async function seedApprovals(trx: Trx, now: Date) {
  const at = now.toISOString();
  const staff = await trx.selectFrom("account").select("id").where("username", "=", "staff1").executeTakeFirst();
  const course = await trx
    .selectFrom("course")
    .select("id")
    .where("is_display", "=", 1)
    .orderBy("id")
    .executeTakeFirst();
  const klass = await trx
    .selectFrom("class")
    .select("id")
    .where("is_display", "=", 1)
    .where("datetime_cancel", "is", null)
    .orderBy("id")
    .executeTakeFirst();
  if (!staff || !course || !klass) return;
  const by = { accountId: staff.id, at };

  const courseRef = { contentTypeId: await contentTypeId(trx, "course"), contentId: course.id };
  const classRef = { contentTypeId: await contentTypeId(trx, "class"), contentId: klass.id };
  await trx
    .insertInto("content_budget")
    .values({
      content_type_id: courseRef.contentTypeId,
      content_id: courseRef.contentId,
      price_minor: COURSE_PRICE,
      price_discount_minor: null,
      price_app_store_minor: null,
      price_android_minor: null,
      datetime_update_price: at,
    })
    .onConflict((oc) =>
      oc
        .columns(["content_type_id", "content_id"])
        .doUpdateSet({ price_minor: COURSE_PRICE, price_discount_minor: null, datetime_update_price: at }),
    )
    .execute();

  const course8: Seeded[] = [
    ...Array.from({ length: 8 }, () => ({ status: PROGRESS_STATUS.waiting_approve })),
    ...Array.from({ length: 3 }, () => ({ status: PROGRESS_STATUS.not_start, decided: "approved" as const })),
    ...Array.from({ length: 2 }, () => ({ status: PROGRESS_STATUS.rejected, decided: "rejected" as const })),
  ];
  const class12: Seeded[] = [
    ...Array.from({ length: 6 }, () => ({ status: PROGRESS_STATUS.waiting_approve })),
    ...Array.from({ length: 3 }, () => ({ status: PROGRESS_STATUS.waiting_form })),
    ...Array.from({ length: 2 }, () => ({ status: PROGRESS_STATUS.not_start, decided: "approved" as const })),
    { status: PROGRESS_STATUS.rejected, decided: "rejected" },
  ];
  const courseIds = await seedContent(trx, courseRef, course8, now, by);
  await seedContent(trx, classRef, class12, now, by);

  // Credit: every course learner can pay but the last waiting one; the approved ones paid.
  for (const [i, e] of courseIds.entries()) {
    const waitingLast = i === 7;
    await changeCredit(
      trx,
      { accountId: e.account, amount: waitingLast ? 20_000 : 500_000, reason: "top_up", ref: null },
      { accountId: null, at },
    );
    if (e.decided === "approved")
      await changeCredit(
        trx,
        { accountId: e.account, amount: -COURSE_PRICE, reason: "enrollment", ref: courseRef },
        by,
      );
  }

  // The class: approval, and a few seats left beyond those it holds.
  const held = await trx
    .selectFrom("content_enrollment")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("content_type_id", "=", classRef.contentTypeId)
    .where("content_id", "=", classRef.contentId)
    .where("status", "not in", [1, 2, 3, 5, -1, -3, -6, -11, -4])
    .executeTakeFirstOrThrow();
  await requireApproval(trx, courseRef, 0, at);
  await requireApproval(trx, classRef, Number(held.n) + 4, at);
}

/** The content's setting asks an administrator's approval (type_access 2), with `capacity`. */
export async function requireApproval(
  trx: Trx,
  ref: { contentTypeId: number; contentId: number },
  capacity: number,
  at: string,
) {
  await trx
    .insertInto("content_enrollment_setting")
    .values({
      content_type_id: ref.contentTypeId,
      content_id: ref.contentId,
      form_id: null,
      capacity,
      is_overlap_time: 0,
      is_session_reserved: 0,
      is_session_enrollment: 0,
      minimum_session_enrollment: 0,
      maximum_session_enrollment: 10,
      type_access: TYPE_ACCESS.waiting_approve,
      enrollment_required: 0,
      type_waiting: TYPE_WAITING.waiting_list,
      enroll_datetime_start: null,
      enroll_datetime_end: null,
      cancel_type: 7,
      cancel_duration: 7 * 86_400,
      cancel_datetime_start: null,
      cancel_datetime_end: null,
      is_allow_change_session_enrollment: 0,
      is_user_canceled: 1,
      is_rejected_able_re_enroll: 1,
      duration_expire: null,
      is_retrain: 0,
      retrain_count: 1,
      retrain_unit: 3,
      datetime_update: at,
    })
    .onConflict((oc) =>
      oc.columns(["content_type_id", "content_id"]).doUpdateSet({
        type_access: TYPE_ACCESS.waiting_approve,
        capacity,
        enroll_datetime_end: null,
        is_rejected_able_re_enroll: 1,
      }),
    )
    .execute();
}

/** Enrolments of learners not yet in the content, each with its history and decision. */
async function seedContent(
  trx: Trx,
  ref: { contentTypeId: number; contentId: number },
  rows: Seeded[],
  now: Date,
  by: { accountId: number; at: string },
) {
  const learners = await trx
    .selectFrom("account")
    .select("id")
    .where("is_dashboard_permission", "=", 0)
    .where("is_active", "=", 1)
    .where("username", "like", "student%")
    .where("id", "not in", (eb) =>
      eb
        .selectFrom("content_enrollment")
        .select("account_id")
        .where("content_type_id", "=", ref.contentTypeId)
        .where("content_id", "=", ref.contentId),
    )
    .where("id", "not in", (eb) => eb.selectFrom("credit_transaction").select("account_id"))
    .orderBy("id", "desc")
    .limit(rows.length)
    .execute();
  const out: { account: number; enrollment: number; decided?: "approved" | "rejected" }[] = [];
  for (const [i, r] of rows.entries()) {
    const learner = learners[i];
    if (!learner) break;
    // Long ago, so that they come after the content's other learners in a list by newest enrolment
    // (the route checks read a content's first learner, who should be an active one).
    const enrolled = new Date(now.getTime() - OLD + (i * DAY) / 2).toISOString();
    const decidedAt = new Date(now.getTime() - OLD + (i + 1) * DAY).toISOString();
    const { id } = await trx
      .insertInto("content_enrollment")
      .values({
        account_id: learner.id,
        content_type_id: ref.contentTypeId,
        content_id: ref.contentId,
        status: r.status,
        add_method: ADD_METHOD.enrolled,
        added_by: ADDED_BY.n_a,
        created_by: learner.id,
        datetime_enroll: enrolled,
        datetime_start: null,
        datetime_complete: null,
        datetime_update: r.decided ? decidedAt : enrolled,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    // A learner's own enrolment: the record came in waiting (approval, or the form first).
    const first =
      r.status === PROGRESS_STATUS.waiting_form ? PROGRESS_STATUS.waiting_form : PROGRESS_STATUS.waiting_approve;
    await logProgress(trx, [{ enrollment_id: id, from_status: null, to_status: first, action_type: "enroll" }], {
      accountId: learner.id,
      at: enrolled,
    });
    if (r.decided) {
      const action: ProgressAction = r.decided === "approved" ? "approve" : "reject";
      await logProgress(trx, [{ enrollment_id: id, from_status: first, to_status: r.status, action_type: action }], {
        accountId: by.accountId,
        at: decidedAt,
      });
      await trx
        .insertInto("content_enrollment_decision")
        .values({
          enrollment_id: id,
          decision: r.decided,
          reason: "admin",
          from_status: first,
          decided_by: by.accountId,
          datetime_decide: decidedAt,
        })
        .execute();
    }
    out.push({ account: learner.id, enrollment: id, decided: r.decided });
  }
  return out;
}
