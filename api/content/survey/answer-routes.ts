import type { FastifyInstance } from "fastify";
import { surveyAnswerSchema } from "../../../contract/schemas/survey";
import { DASHBOARD_FLAG } from "../../../contract/permissions";
import { requirePermission, requireUser } from "../../auth/permissions";
import type { ApiContext } from "../../http/context";
import { parseInput } from "../../http/errors";
import { itemAccess, itemId, writeTransaction } from "../../engine/crud";
import { textLimits } from "../../system/config-store";
import { answerSheet, submitSurveyAnswer } from "./answer";
import { surveyResults } from "./results";
import { surveyResource } from "./resource";

/**
 * A survey's answers and results (docs/decisions/067):
 *   GET  survey/{id}/answer/   the learner's call, as a test's attempts are (`test/{id}/attempt/`):
 *        any signed-in account; the published survey, its questions, whether it takes an answer
 *        now and the account's own answer (a hidden survey is a 404)
 *   POST survey/{id}/answer/   {answers: {questionid: value | [choiceid…]}, other: {questionid: text}}
 *        201 first answer, 200 a changed one; refusals api/content/survey/answer.ts
 *   GET  dashboard/survey/{id}/result/   per question counts, shares, averages and written answers
 *        (names hidden when anonymous), with the survey's view flag and view scopes
 *   GET  dashboard/survey/template/   the template surveys, {id, name} in the paged shape: the create
 *        page's "start from a template" choices, a form's choice list as the filter lists are
 *        (dashboard users; templates are the organisation's, shared across providers)
 */
export function surveyAnswerRoutes(app: FastifyInstance, ctx: ApiContext) {
  const { db } = ctx;
  const answer = "/survey/:id(^\\d{1,12})/answer/";

  app.get(answer, async (req) => answerSheet(db, itemId(req), requireUser(req).id, ctx.now()));

  app.post(answer, async (req, reply) => {
    const account = requireUser(req);
    const id = itemId(req);
    const input = parseInput(surveyAnswerSchema, req.body);
    const limits = await textLimits(db);
    const { replaced } = await writeTransaction(db, (trx) =>
      submitSurveyAnswer(trx, id, account.id, input, ctx.now(), limits),
    );
    return reply.code(replaced ? 200 : 201).send(await answerSheet(db, id, account.id, ctx.now()));
  });

  app.get("/dashboard/survey/:id(^\\d{1,12})/result/", async (req) => {
    const { id } = await itemAccess(req, db, surveyResource, ["view"]);
    return surveyResults(db, id);
  });

  app.get("/dashboard/survey/template/", async (req) => {
    await requirePermission(req, db, DASHBOARD_FLAG);
    const results = await db
      .selectFrom("survey")
      .select(["id", "name"])
      .where("is_template", "=", 1)
      .orderBy("name")
      .orderBy("id")
      .limit(1000)
      .execute();
    return { results, count: results.length, page_size: 1000, next: null, page: 1 };
  });
}
