import type { FastifyInstance } from "fastify";
import { CHOICE_MARKED_TYPES, submitSchema, type LearnerAttempt } from "../../../contract/schemas/test-attempt";
import { MATCHING_TYPE } from "../../../contract/test-codes";
import { requireUser } from "../../auth/permissions";
import type { Db } from "../../db/index";
import type { ApiContext } from "../../http/context";
import { notFound, parseInput } from "../../http/errors";
import { itemId } from "../../engine/crud";
import { mixSeed, seededShuffle } from "./draw";
import { closeOverdue, dueAt, startAttempt, submitAttempt } from "./attempts";
import { answersOfAttempt, attemptOf, filteredAttempts, presentAttempt } from "./verify-reads";

/**
 * The learner's calls (issue 18 §1, docs/decisions/065), beside the dashboard's as the class
 * check-in's are (`class/checkin/`): any signed-in account, for the tests it is enrolled in.
 *   GET  test/{id}/attempt/                      the account's attempts of the test
 *   POST test/{id}/attempt/                      start one (201), or answer the open one (200);
 *        not enrolled 403 attempt_not_allowed, limit used 400 attempt_limit_reached
 *   GET  test/{id}/attempt/{attemptid}/          one of its attempts with its questions
 *   POST test/{id}/attempt/{attemptid}/submit/   {answer_list: [{id, choice_list?, pair_list?, answer?}]}
 * Another account's attempt is a 404. The choices of a choice question are shown without which
 * are right, in the order the section's choice shuffle and the attempt's seed give.
 */
const ID = "(^\\d{1,12})";
const BASE = `/test/:id${ID}/attempt/`;
const ITEM = `${BASE}:attemptid${ID}/`;

async function learnerAttempt(db: Db, testId: number, attemptId: number, accountId: number): Promise<LearnerAttempt> {
  const attempt = await attemptOf(db, testId, attemptId);
  if (attempt.account?.id !== accountId) throw notFound();
  const { seed, datetime_start } = await db
    .selectFrom("test_attempt")
    .select(["seed", "datetime_start"])
    .where("id", "=", attemptId)
    .executeTakeFirstOrThrow();
  const { duration } = await db
    .selectFrom("test")
    .select("duration")
    .where("id", "=", testId)
    .executeTakeFirstOrThrow();
  const answers = await answersOfAttempt(db, attemptId);
  const qIds = answers
    .filter((a) => CHOICE_MARKED_TYPES.includes(a.question_type) && a.question_id !== null)
    .map((a) => a.question_id!);
  const choices = qIds.length
    ? await db
        .selectFrom("test_choice")
        .select(["id", "question_id", "desc", "is_answer"])
        .where("question_id", "in", qIds)
        .orderBy("sort")
        .orderBy("id")
        .execute()
    : [];
  const sectionIds = [...new Set(answers.flatMap((a) => (a.section ? [a.section.id] : [])))];
  const shuffled = new Set(
    sectionIds.length
      ? (
          await db
            .selectFrom("test_section")
            .select("id")
            .where("id", "in", sectionIds)
            .where("is_choice_shuffle", "=", 1)
            .execute()
        ).map((s) => s.id)
      : [],
  );
  return {
    ...attempt,
    datetime_due: dueAt(datetime_start, duration),
    answers: answers.map(({ account: _a, attempt_number: _n, attempt_status: _s, model_answer: _m, ...a }) => {
      // A matching question's choices say their column (prompt or answer), never the pairs (docs/decisions/070).
      const side = (c: { is_answer: number }) =>
        a.question_type === MATCHING_TYPE ? { side: c.is_answer ? ("answer" as const) : ("prompt" as const) } : {};
      const own = choices
        .filter((c) => c.question_id === a.question_id)
        .map((c) => ({ id: c.id, desc: c.desc, ...side(c) }));
      return {
        ...a,
        choices: a.section && shuffled.has(a.section.id) ? seededShuffle(own, mixSeed(seed, a.question_id ?? 0)) : own,
      };
    }),
  };
}

export function testAttemptRoutes(app: FastifyInstance, ctx: ApiContext) {
  const { db } = ctx;

  app.get(BASE, async (req) => {
    const account = requireUser(req);
    await closeOverdue(db, itemId(req), account.id, ctx.now());
    const rows = await filteredAttempts(db, itemId(req), { accountId: account.id }).execute();
    return { results: rows.map(presentAttempt) };
  });

  app.post(BASE, async (req, reply) => {
    const account = requireUser(req);
    const testId = itemId(req);
    const before = await db
      .selectFrom("test_attempt")
      .select("id")
      .where("test_id", "=", testId)
      .where("account_id", "=", account.id)
      .where("status", "=", 21)
      .executeTakeFirst();
    const id = await startAttempt(db, testId, account.id, ctx.now());
    return reply.code(before?.id === id ? 200 : 201).send(await learnerAttempt(db, testId, id, account.id));
  });

  app.get(ITEM, async (req) => {
    const account = requireUser(req);
    // An attempt read after its time limit is closed first (docs/decisions/070).
    await closeOverdue(db, itemId(req), account.id, ctx.now());
    return learnerAttempt(db, itemId(req), itemId(req, "attemptid"), account.id);
  });

  app.post(`${ITEM}submit/`, async (req) => {
    const account = requireUser(req);
    const testId = itemId(req);
    const attemptId = itemId(req, "attemptid");
    const input = parseInput(submitSchema, req.body);
    await submitAttempt(db, testId, attemptId, account.id, input, ctx.now());
    return learnerAttempt(db, testId, attemptId, account.id);
  });
}
