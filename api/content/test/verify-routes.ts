import type { FastifyInstance, FastifyRequest } from "fastify";
import { isIgnoredFilterValue } from "../../../contract/list-query";
import { MSG } from "../../../contract/messages";
import {
  approvalSchema,
  ATTEMPT_STATUS,
  markSchema,
  VERIFY_VIEWS,
  type VerifyView,
} from "../../../contract/schemas/test-attempt";
import type { Action } from "../../../contract/permissions";
import type { ApiContext } from "../../http/context";
import { badRequest, parseInput } from "../../http/errors";
import { paginate, readPageQuery } from "../../http/paging";
import { itemId } from "../../engine/crud";
import { contentAccess } from "../ref";
import { decideApproval, markAnswer } from "./attempts";
import { testResource } from "./resource";
import {
  answerOf,
  answersOfAttempt,
  attemptOf,
  filteredAttempts,
  presentAnswers,
  presentAttempt,
  slotAnswers,
  slotOf,
  slotQuestions,
  slotsOf,
} from "./verify-reads";

/**
 * The dashboard's calls for a test's attempts (issue 18 §1, docs/decisions/065), under
 * dashboard/test/{id}/. A "slot" of the overall pages is a section of the test.
 *   GET  attempt/?status=&enrollment=&approval=1&search=&page=   attempts (view)
 *   GET  attempt/{attemptid}/                                 one attempt with its answers (view)
 *   POST attempt/{attemptid}/approval/ {decision}              approve / reject (progress)
 *   GET  slot/                                                 sections with attempts, average, pass rate, waiting (view)
 *   GET  slot/{slotid}/                                        one section with its questions' figures (progress)
 *   GET  slot/{slotid}/question/                               its questions' figures, as rows with ids (progress)
 *   GET  slot/{slotid}/answer/?question=&view=waiting|all&page= its answers (progress)
 *   GET  answer/{answerid}/                                    one answer (progress)
 *   POST answer/{answerid}/verify/ {score, feedback}           mark a fill-in answer (progress)
 * "progress" needs the test's view flag (or a view scope) and its change-progress flag (spec 002:
 * "Test summary and verify need both view and change progress permission").
 */
const ID = "(^\\d{1,12})";
const ITEM = `/dashboard/test/:id${ID}/`;

const access = (req: FastifyRequest, ctx: ApiContext, action: Action) =>
  contentAccess(req, ctx.db, testResource, action);

const text = (v: unknown) => (typeof v === "string" && !isIgnoredFilterValue(v) ? v.trim() : null);
const ATTEMPT_STATUSES: readonly number[] = Object.values(ATTEMPT_STATUS);

/** The attempt list's ?status, ?enrollment and ?approval, or one 400 naming every bad one. */
function attemptQuery(req: FastifyRequest) {
  const raw = (req.query ?? {}) as Record<string, unknown>;
  const errors: Record<string, string[]> = {};
  const status = text(raw.status);
  if (status !== null && !(/^-?\d{1,3}$/.test(status) && ATTEMPT_STATUSES.includes(Number(status))))
    errors.status = [MSG.invalid_choice];
  const enrollment = text(raw.enrollment);
  if (enrollment !== null && !/^\d{1,12}$/.test(enrollment)) errors.enrollment = [MSG.invalid_choice];
  const approval = text(raw.approval);
  if (approval !== null && !["0", "1", "true", "false"].includes(approval)) errors.approval = [MSG.invalid_choice];
  const page = readPageQuery(req);
  if (Object.keys(errors).length) throw badRequest(errors);
  return {
    page,
    filter: {
      status: status === null ? null : Number(status),
      enrollmentId: enrollment === null ? null : Number(enrollment),
      approval: approval === "1" || approval === "true",
      search: page.search || undefined,
    },
  };
}

export function testVerifyRoutes(app: FastifyInstance, ctx: ApiContext) {
  const { db } = ctx;

  app.get(`${ITEM}attempt/`, async (req) => {
    const { id } = await access(req, ctx, "view");
    const { page, filter } = attemptQuery(req);
    const list = await paginate(req, filteredAttempts(db, id, filter), page);
    return { ...list, results: list.results.map(presentAttempt) };
  });

  app.get(`${ITEM}attempt/:attemptid${ID}/`, async (req) => {
    const { id } = await access(req, ctx, "view");
    const attempt = await attemptOf(db, id, itemId(req, "attemptid"));
    return { ...attempt, answers: await answersOfAttempt(db, attempt.id) };
  });

  app.post(`${ITEM}attempt/:attemptid${ID}/approval/`, async (req) => {
    const { id, account } = await access(req, ctx, "progress");
    const attemptId = itemId(req, "attemptid");
    await attemptOf(db, id, attemptId);
    const input = parseInput(approvalSchema, req.body);
    await decideApproval(db, id, attemptId, input.decision, { accountId: account.id, at: ctx.now().toISOString() });
    return attemptOf(db, id, attemptId);
  });

  app.get(`${ITEM}slot/`, async (req) => {
    const { id } = await access(req, ctx, "view");
    return { results: await slotsOf(db, id) };
  });

  app.get(`${ITEM}slot/:slotid${ID}/`, async (req) => {
    const { id } = await access(req, ctx, "progress");
    const slot = await slotOf(db, id, itemId(req, "slotid"));
    return { ...slot, questions: await slotQuestions(db, id, slot.id) };
  });

  app.get(`${ITEM}slot/:slotid${ID}/question/`, async (req) => {
    const { id } = await access(req, ctx, "progress");
    const slot = await slotOf(db, id, itemId(req, "slotid"));
    return { results: (await slotQuestions(db, id, slot.id)).map((q) => ({ id: q.question_id, ...q })) };
  });

  app.get(`${ITEM}slot/:slotid${ID}/answer/`, async (req) => {
    const { id } = await access(req, ctx, "progress");
    const slot = await slotOf(db, id, itemId(req, "slotid"));
    const raw = (req.query ?? {}) as Record<string, unknown>;
    const errors: Record<string, string[]> = {};
    // Not `text()`: "all" is one of the values a list filter ignores, but here it names a view.
    const view = (typeof raw.view === "string" && raw.view.trim() ? raw.view.trim() : "waiting") as VerifyView;
    if (!VERIFY_VIEWS.includes(view)) errors.view = [MSG.invalid_choice];
    const question = text(raw.question);
    if (question !== null && !/^\d{1,12}$/.test(question)) errors.question = [MSG.invalid_choice];
    const page = readPageQuery(req);
    if (Object.keys(errors).length) throw badRequest(errors);
    const list = await paginate(
      req,
      slotAnswers(db, id, slot.id, {
        questionId: question === null ? null : Number(question),
        waiting: view === "waiting",
      }),
      page,
    );
    return { ...list, results: presentAnswers(list.results) };
  });

  app.get(`${ITEM}answer/:answerid${ID}/`, async (req) => {
    const { id } = await access(req, ctx, "progress");
    return answerOf(db, id, itemId(req, "answerid"));
  });

  app.post(`${ITEM}answer/:answerid${ID}/verify/`, async (req) => {
    const { id, account } = await access(req, ctx, "progress");
    const answerId = itemId(req, "answerid");
    // A foreign answer is a 404 before its input is read.
    await answerOf(db, id, answerId);
    const input = parseInput(markSchema, req.body);
    const { attemptId } = await markAnswer(db, id, answerId, input, {
      accountId: account.id,
      at: ctx.now().toISOString(),
    });
    return { answer: await answerOf(db, id, answerId), attempt: await attemptOf(db, id, attemptId) };
  });
}
