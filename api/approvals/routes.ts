import type { FastifyInstance } from "fastify";
import { isDecisionAction } from "../../contract/approval-codes";
import { MSG } from "../../contract/messages";
import { closeEnrollmentSchema, decisionSchema, type CloseAnswer } from "../../contract/schemas/approvals";
import type { ApiContext } from "../http/context";
import { badRequest, notFound, parseInput } from "../http/errors";
import { writeTransaction } from "../engine/crud";
import { requireModule } from "../system/master";
import { approve, cancelRejection, closeEndedPeriods, closeEnrollment, reject } from "./decide";
import { approvalList } from "./list";
import { contentSummary, contentsWith, typeByCode } from "./contents";
import { budgetRoutes } from "./budget";
import { budgetCategoryRoutes } from "./budget-category";

/**
 * Enrollment approvals and budgets (issue 17 §3–4; docs/decisions/054, 055), under
 * /api/dashboard/ with the enrollment module's flags (organisation-wide, like the menu's page):
 * - GET  enrollment/                       the approval pages' lists (list.ts)          view
 * - POST enrollment/{approve|reject|cancel-reject}/ {enrollment_list}                  change
 *        → {results: [{enrollment, result}], counts} (decide.ts)
 * - POST enrollment/close/ {content_type, content} → {rejected, datetime_close}        change
 * The budget pages and budget categories are budget.ts and budget-category.ts.
 */
export function approvalRoutes(app: FastifyInstance, ctx: ApiContext) {
  const { db } = ctx;
  const at = () => ctx.now().toISOString();

  app.get("/dashboard/enrollment/", async (req) => {
    await requireModule(req, db, "enrollment", "view");
    await closeEndedPeriods(db, at());
    return approvalList(req, db, await contentsWith(db, "enrollment"));
  });

  app.post("/dashboard/enrollment/:action(^[a-z-]{1,20})/", async (req) => {
    const action = (req.params as { action: string }).action;
    if (action !== "close" && !isDecisionAction(action)) throw notFound();
    const { account } = await requireModule(req, db, "enrollment", "change");
    await closeEndedPeriods(db, at());
    const types = await contentsWith(db, "enrollment");
    const by = { accountId: account.id, at: at() };
    if (action === "close") {
      const input = parseInput(closeEnrollmentSchema, req.body);
      const t = typeByCode(types, input.content_type);
      if (!t) throw badRequest({ content_type: [MSG.invalid_choice] });
      const found = await contentSummary(db, t, input.content);
      if (!found) throw badRequest({ content: [MSG.invalid_choice] });
      const refusal = t.def.resource.writeRefusal ? await t.def.resource.writeRefusal(db, input.content) : null;
      if (refusal) throw refusal;
      const rejected = await writeTransaction(db, (trx) => closeEnrollment(trx, found.ref, by));
      return { rejected, datetime_close: by.at } satisfies CloseAnswer;
    }
    const { enrollment_list: ids } = parseInput(decisionSchema, req.body);
    return writeTransaction(db, (trx) => (action === "approve" ? approve(trx, types, ids, by) : action === "reject" ? reject(trx, ids, by) : cancelRejection(trx, ids, by)));
  });

  budgetRoutes(app, ctx);
  budgetCategoryRoutes(app, ctx);
}
