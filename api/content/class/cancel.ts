import type { FastifyInstance } from "fastify";
import { PROGRESS_GROUPS, PROGRESS_STATUS } from "../../../contract/codes";
import { classCancelSchema } from "../../../contract/schemas/class";
import { deliver, postMail, type Letter } from "../../outbox";
import type { ApiContext } from "../../http/context";
import { parseInput } from "../../http/errors";
import { inTransaction, itemAccess, touch, type Trx } from "../../engine/crud";
import { configValues } from "../../system/config-store";
import { moveEnrollments } from "../features/enrollment/service";
import { hideContent } from "../publish";
import { classRef } from "./attendance";
import { classResource, classWriteRefusal } from "./resource";

/**
 * POST dashboard/class/{id}/cancel/ {reason} (change flag; docs/decisions/040, 077): cancels the
 * class for good (spec 001 §4), in one transaction —
 *  - the class keeps when and why (`datetime_cancel`, `cancel_reason`) and is hidden: it is no
 *    longer offered to learners, and its list row reads "Unpublished", with its status "Canceled";
 *  - every learner who had not finished (to do 0, 1, 2, 3, 5 and doing 21, 22, 23, 6) moves to
 *    -4 content_canceled, a progress history row each (action content_cancel); finished records
 *    (completed, failed, expired…) stay as they are;
 *  - each of those learners with an email (active accounts) gets a mail in their language naming
 *    the class and the reason, sent after the commit (api/outbox.ts).
 * A missing reason is 400 {reason: [required]} and nothing is written; a class already cancelled
 * 400 cls_msg_cancelled. Answers the class.
 */
const OPEN_STATUSES: readonly number[] = [...PROGRESS_GROUPS.todo, ...PROGRESS_GROUPS.doing];

function letterTo(language: string, className: string, reason: string): Letter {
  return language === "th"
    ? { subject: `ยกเลิกคลาส: ${className}`, body: `คลาส "${className}" ที่คุณลงทะเบียนไว้ถูกยกเลิกแล้ว\nเหตุผล: ${reason}` }
    : {
        subject: `Class cancelled: ${className}`,
        body: `The class "${className}" you are enrolled in has been cancelled.\nReason: ${reason}`,
      };
}

/** The unfinished learners to -4 with their history rows; answers the outbox ids of their mails. */
async function cancelLearners(
  trx: Trx,
  classId: number,
  className: string,
  reason: string,
  by: { accountId: number; now: Date },
) {
  const ref = await classRef(trx, classId);
  const open = await trx
    .selectFrom("content_enrollment as e")
    .innerJoin("account as a", "a.id", "e.account_id")
    .select(["e.id", "e.status", "e.datetime_start", "a.email", "a.language", "a.is_active"])
    .where("e.content_type_id", "=", ref.contentTypeId)
    .where("e.content_id", "=", ref.contentId)
    .where("e.status", "in", [...OPEN_STATUSES])
    .orderBy("e.id")
    .execute();
  await moveEnrollments(
    trx,
    open.map((e) => ({ ...e, to: PROGRESS_STATUS.content_canceled })),
    "content_cancel",
    { accountId: by.accountId, at: by.now.toISOString() },
  );
  const mails: number[] = [];
  for (const e of open)
    if (e.is_active === 1 && e.email)
      mails.push(await postMail(trx, e.email, letterTo(e.language, className, reason), by.now));
  return mails;
}

export function classCancelRoutes(app: FastifyInstance, ctx: ApiContext) {
  const { db } = ctx;
  app.post("/dashboard/class/:id(^\\d{1,12})/cancel/", async (req) => {
    const { id, account } = await itemAccess(req, db, classResource, ["change"]);
    const limits = await configValues(db, ["description-limit"]);
    const { reason } = parseInput(classCancelSchema({ description: Number(limits["description-limit"]) }), req.body);
    const now = ctx.now();
    const mails = await inTransaction(db, classResource, async (trx) => {
      const refusal = await classWriteRefusal(trx, id);
      if (refusal) throw refusal;
      const klass = await trx.selectFrom("class").select("name").where("id", "=", id).executeTakeFirstOrThrow();
      await trx
        .updateTable("class")
        .set({ datetime_cancel: now.toISOString(), cancel_reason: reason })
        .where("id", "=", id)
        .execute();
      await hideContent(trx, "class", id, now);
      const sent = await cancelLearners(trx, id, klass.name, reason, { accountId: account.id, now });
      await touch(trx, classResource, id, now);
      return sent;
    });
    await deliver(ctx, mails, req.log);
    return classResource.load(db, id, now);
  });
}
