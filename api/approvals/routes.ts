import type { FastifyInstance, FastifyRequest } from "fastify";
import { isDecisionAction } from "../../contract/approval-codes";
import { MSG } from "../../contract/messages";
import {
  closeEnrollmentSchema,
  decisionSchema,
  rejectionSchema,
  type CloseAnswer,
} from "../../contract/schemas/approvals";
import { REQUEST_TYPE } from "../../contract/request-codes";
import type { ApiContext } from "../http/context";
import { badRequest, notFound, parseInput } from "../http/errors";
import { writeTransaction } from "../engine/crud";
import { requireModule } from "../system/master";
import { closeEndedPeriods, closeEnrollment } from "./decide";
import { cancelRejections, decideEnrolments } from "./decisions";
import { exportApprovals } from "./export";
import { requestAccess } from "../requests/deciders";
import { expireOverdue } from "../requests/approval";
import { deliver } from "../requests/notify";
import { approvalList } from "./list";
import { exportPeriod, periodList } from "./period";
import { contentSummary, contentsWith, typeByCode } from "./contents";
import { budgetRoutes } from "./budget";
import { budgetCategoryRoutes } from "./budget-category";

/**
 * Enrollment approvals and budgets (issue 17 §3–4; docs/decisions/054, 055, 074), under
 * /api/dashboard/ with the enrollment module's flags (organisation-wide, like the menu's page), or
 * as a decider of enrolment flows (named on a step, or a supervisor a step asks for: the
 * `decides_enrollment` guard), who sees and decides only the enrolments at their steps:
 * - GET  enrollment/                       the approval pages' lists (list.ts)        view | decider
 * - GET  enrollment/export/?format_type=   the same list as xlsx or csv (export.ts)   view | decider
 * - POST enrollment/{approve|reject}/ {enrollment_list, note}: each by who decides it
 *        (decisions.ts; a rejection's note, its reason, is required)        change | decider
 * - POST enrollment/cancel-reject/ {enrollment_list}                                  change
 *        → {results: [{enrollment, result}], counts}
 * - POST enrollment/close/ {content_type, content} → {rejected, datetime_close}        change
 * - GET  enrollment/period/[export/]        enrolments and completions in a period,
 *        across contents (period.ts; docs/decisions/086)                            view
 * The enrolments waiting in a flow are requests too: dashboard/enrollment/request/ (api/requests/).
 * The budget pages and budget categories are budget.ts and budget-category.ts.
 */
export function approvalRoutes(app: FastifyInstance, ctx: ApiContext) {
  const { db } = ctx;
  const at = () => ctx.now().toISOString();
  // What time has settled first: ended enrollment periods, and flow steps waited past their days.
  const sweep = async () => {
    await closeEndedPeriods(db, at());
    await writeTransaction(db, (trx) => expireOverdue(trx, ctx.now()));
  };
  const lister = async (req: FastifyRequest) => {
    const { account, full, change } = await requestAccess(req, db, "enrollment", REQUEST_TYPE.enrollment);
    await sweep();
    return { types: await contentsWith(db, "enrollment"), decider: full ? null : account, admin: change };
  };

  app.get("/dashboard/enrollment/", async (req) => {
    const { types, decider, admin } = await lister(req);
    return approvalList(req, db, types, decider, admin);
  });
  app.get("/dashboard/enrollment/export/", async (req, reply) => {
    const { types, decider, admin } = await lister(req);
    return exportApprovals(req, reply, db, types, decider, admin, ctx.now());
  });

  // Enrolments and completions in a period (docs/decisions/086): organisation-wide, so the view
  // flag only — a flow's decider sees the enrolments at its steps, not every learner's.
  const periodTypes = async (req: FastifyRequest) => {
    await requireModule(req, db, "enrollment", "view");
    return contentsWith(db, "enrollment");
  };
  app.get("/dashboard/enrollment/period/", async (req) => periodList(req, db, await periodTypes(req), ctx.now()));
  app.get("/dashboard/enrollment/period/export/", async (req, reply) =>
    exportPeriod(req, reply, db, await periodTypes(req), ctx.now()),
  );

  app.post("/dashboard/enrollment/:action(^[a-z-]{1,20})/", async (req) => {
    const action = (req.params as { action: string }).action;
    if (action !== "close" && !isDecisionAction(action)) throw notFound();
    if (action === "approve" || action === "reject") {
      const { account, change } = await requestAccess(req, db, "enrollment", REQUEST_TYPE.enrollment);
      const input = parseInput(action === "reject" ? rejectionSchema : decisionSchema, req.body);
      await sweep();
      const types = await contentsWith(db, "enrollment");
      const who = { account, admin: change, at: at(), now: ctx.now() };
      const { mails, ...answer } = await writeTransaction(db, (trx) =>
        decideEnrolments(trx, action, types, input.enrollment_list, input.note, who),
      );
      await deliver(ctx, mails, req.log);
      return answer;
    }
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
    return writeTransaction(db, (trx) =>
      cancelRejections(trx, ids, { account, admin: true, at: by.at, now: ctx.now() }),
    );
  });

  budgetRoutes(app, ctx);
  budgetCategoryRoutes(app, ctx);
}
