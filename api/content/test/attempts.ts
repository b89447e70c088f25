import crypto from "node:crypto";
import type { ProgressAction } from "../../../contract/codes";
import { MSG } from "../../../contract/messages";
import {
  ATTEMPT_STATUS,
  CHOICE_MARKED_TYPES,
  RESULT_SETTING,
  type SubmitInput,
} from "../../../contract/schemas/test-attempt";
import { MATCHING_TYPE } from "../../../contract/test-codes";
import type { Db } from "../../db/index";
import { badRequest, forbidden, notFound } from "../../http/errors";
import { writeTransaction, type Trx } from "../../engine/crud";
import { moveEnrollments } from "../features/enrollment/service";
import { contentTypeId } from "../ref";
import { drawForAttempt } from "./draw";
import { givenPairs, matchingScore } from "./matching";
import { testResource } from "./resource";

/**
 * A learner's test attempts (issue 18 §1, docs/decisions/065): start (questions drawn per section
 * with the attempt's stored seed, each written down as asked), submit (choice questions marked at
 * once; fill-ins marked when they match, else left for verification), mark (a verifier's score)
 * and decide. The attempt's status is a progress code and the learner's enrollment follows it:
 * 21 answering, 22 waiting (verification or approval), 30 passed, -5 failed. Each call is one
 * transaction; the enrollment row is touched first, so two calls for one learner run in turn.
 */

type By = { accountId: number | null; at: string };
/** Enrollment statuses an attempt drives; any other (cancelled, expired…) came from elsewhere and stays. */
const ATTEMPT_DRIVEN: readonly number[] = [0, 21, 22, 30, -5];
/** Enrollment statuses from which a learner may start an attempt. */
const MAY_START: readonly number[] = [0, 21, -5];

/** The learner's enrollment in the test, locked for this transaction (PostgreSQL; SQLite has one writer). */
async function lockedEnrollment(trx: Trx, testId: number, accountId: number) {
  const typeId = await contentTypeId(trx, testResource.contentType);
  const row = await trx
    .selectFrom("content_enrollment")
    .select(["id", "status", "datetime_start"])
    .where("content_type_id", "=", typeId)
    .where("content_id", "=", testId)
    .where("account_id", "=", accountId)
    .executeTakeFirst();
  if (!row) throw forbidden(MSG.attempt_not_allowed);
  await trx
    .updateTable("content_enrollment")
    .set((eb) => ({ datetime_update: eb.ref("datetime_update") }))
    .where("id", "=", row.id)
    .execute();
  return row;
}

/** Move the attempt's enrollment to `to` (with a history row), unless its status is not one attempts drive. */
async function follow(trx: Trx, enrollmentId: number, to: number, action: ProgressAction, by: By) {
  const e = await trx
    .selectFrom("content_enrollment")
    .select(["id", "status", "datetime_start"])
    .where("id", "=", enrollmentId)
    .executeTakeFirstOrThrow();
  if (!ATTEMPT_DRIVEN.includes(e.status)) return;
  await moveEnrollments(trx, [{ ...e, to }], action, by);
}

/** When an attempt started at `start` must be submitted by (the test's duration in minutes; 0 = no limit), or null. */
export const dueAt = (start: string, duration: number): string | null =>
  duration > 0 ? new Date(new Date(start).getTime() + duration * 60_000).toISOString() : null;

/**
 * The time limit (docs/decisions/070): the account's open attempts of the test whose time is up
 * are closed as submitted at the limit — with no answers, since a learner's answers arrive with
 * the submit — then marked and decided as any submit (the progress history dated at the limit).
 * Each in its own transaction, so a call refused afterwards (a late submit) keeps the close.
 * Called first by every learner call; answers the ids it closed.
 */
export async function closeOverdue(db: Db, testId: number, accountId: number, now: Date): Promise<number[]> {
  const test = await db.selectFrom("test").select("duration").where("id", "=", testId).executeTakeFirst();
  if (!test || !(test.duration > 0)) return [];
  const open = await db
    .selectFrom("test_attempt")
    .select(["id", "datetime_start"])
    .where("test_id", "=", testId)
    .where("account_id", "=", accountId)
    .where("status", "=", ATTEMPT_STATUS.answering)
    .execute();
  const closed: number[] = [];
  for (const a of open) {
    const due = dueAt(a.datetime_start, test.duration)!;
    if (now.toISOString() <= due) continue;
    await writeTransaction(db, (trx) =>
      submitAttemptIn(trx, testId, a.id, accountId, { answer_list: [] }, { accountId, at: due }),
    );
    closed.push(a.id);
  }
  return closed;
}

/** Start an attempt of a published test the account is enrolled in; an open attempt is answered instead of a new one. */
export async function startAttempt(
  db: Db,
  testId: number,
  accountId: number,
  now: Date,
  seed = crypto.randomInt(1, 2 ** 31 - 1),
): Promise<number> {
  const test = await db
    .selectFrom("test")
    .select(["id", "attempt", "is_display", "datetime_start"])
    .where("id", "=", testId)
    .executeTakeFirst();
  // A hidden test, or one scheduled to open later, is not there for the learner yet.
  if (!test || test.is_display !== 1 || (test.datetime_start !== null && test.datetime_start > now.toISOString()))
    throw notFound();
  // An open attempt whose time is up is not "answered again": it is closed, and a new one may start.
  await closeOverdue(db, testId, accountId, now);
  return writeTransaction(db, (trx) =>
    startAttemptIn(trx, test, accountId, { accountId, at: now.toISOString() }, seed),
  );
}

/** startAttempt in the caller's transaction (the seed's too). */
export async function startAttemptIn(
  trx: Trx,
  test: { id: number; attempt: number },
  accountId: number,
  by: By,
  seed: number,
): Promise<number> {
  const testId = test.id;
  const enrollment = await lockedEnrollment(trx, testId, accountId);
  const attempts = await trx
    .selectFrom("test_attempt")
    .select(["id", "status"])
    .where("enrollment_id", "=", enrollment.id)
    .orderBy("number")
    .execute();
  const open = attempts.find((a) => a.status === ATTEMPT_STATUS.answering);
  if (open) return open.id;
  if (!MAY_START.includes(enrollment.status)) throw badRequest({ detail: MSG.attempt_not_allowed });
  if (test.attempt > 0 && attempts.length >= test.attempt) throw badRequest({ detail: MSG.attempt_limit_reached });
  const sections = await trx
    .selectFrom("test_section")
    .select("id")
    .where("test_id", "=", testId)
    .orderBy("sort")
    .orderBy("id")
    .execute();
  const asked: { section_id: number; question_id: number }[] = [];
  for (const s of sections)
    for (const id of await drawForAttempt(trx, s.id, seed)) asked.push({ section_id: s.id, question_id: id });
  if (!asked.length) throw badRequest({ detail: MSG.attempt_not_allowed });
  const questions = await trx
    .selectFrom("test_question")
    .select(["id", "type", "desc", "score"])
    .where(
      "id",
      "in",
      asked.map((a) => a.question_id),
    )
    .execute();
  const byId = new Map(questions.map((q) => [q.id, q]));
  const attempt = await trx
    .insertInto("test_attempt")
    .values({
      test_id: testId,
      enrollment_id: enrollment.id,
      account_id: accountId,
      number: attempts.length + 1,
      status: ATTEMPT_STATUS.answering,
      seed,
      score: 0,
      full_score: asked.reduce((n, a) => n + byId.get(a.question_id)!.score, 0),
      is_pass: null,
      datetime_start: by.at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await trx
    .insertInto("test_attempt_answer")
    .values(
      asked.map((a, i) => {
        const q = byId.get(a.question_id)!;
        return {
          attempt_id: attempt.id,
          section_id: a.section_id,
          question_id: q.id,
          sort: i + 1,
          question_type: q.type,
          question_desc: q.desc,
          max_score: q.score,
          answer: "",
          score: null,
        };
      }),
    )
    .execute();
  await follow(trx, enrollment.id, ATTEMPT_STATUS.answering, "update_slot", by);
  return attempt.id;
}

const normal = (s: string) => s.trim().replace(/\s+/g, " ").toLowerCase();
const numberOf = (s: string) => (/^\s*-?\d+(\.\d+)?\s*$/.test(s) ? Number(s) : null);

/**
 * The score an answer earns at once, or null when a person must mark it (docs/decisions/065):
 * choice types by their correct choices (all and only them); 3 a number within answer_gap of the
 * answer (0 outside; null when the question has no numeric answer); 6 a text matching the answer or
 * a correct choice, ignoring case and spacing (null otherwise: a variant may be right); 4 and any
 * other type always null. A blank fill-in earns 0.
 */
function autoScore(
  type: number,
  max: number,
  given: { text: string; choices: number[] },
  q: { answer: string; answer_gap: number } | undefined,
  correct: number[],
  correctTexts: string[],
): number | null {
  if (CHOICE_MARKED_TYPES.includes(type)) {
    const chosen = new Set(given.choices);
    return correct.length > 0 && chosen.size === correct.length && correct.every((c) => chosen.has(c)) ? max : 0;
  }
  if (!given.text.trim()) return 0;
  if (type === 3 && q) {
    const want = numberOf(q.answer);
    const got = numberOf(given.text);
    if (want === null) return null;
    return got !== null && Math.abs(got - want) <= q.answer_gap + 1e-9 ? max : 0;
  }
  if (type === 6 && q)
    return [q.answer, ...correctTexts].some((t) => t.trim() && normal(t) === normal(given.text)) ? max : null;
  return null;
}

/** Submit the learner's answers to their open attempt, mark what can be marked, then decide. */
export async function submitAttempt(
  db: Db,
  testId: number,
  attemptId: number,
  accountId: number,
  input: SubmitInput,
  now: Date,
) {
  // Late: the attempt is closed at its limit without these answers, and the submit refused.
  if ((await closeOverdue(db, testId, accountId, now)).includes(attemptId))
    throw badRequest({ detail: MSG.attempt_time_over });
  await writeTransaction(db, (trx) =>
    submitAttemptIn(trx, testId, attemptId, accountId, input, { accountId, at: now.toISOString() }),
  );
}

/** submitAttempt in the caller's transaction (the seed's too). */
export async function submitAttemptIn(
  trx: Trx,
  testId: number,
  attemptId: number,
  accountId: number,
  input: SubmitInput,
  by: By,
) {
  const attempt = await trx
    .selectFrom("test_attempt")
    .selectAll()
    .where("id", "=", attemptId)
    .where("test_id", "=", testId)
    .where("account_id", "=", accountId)
    .executeTakeFirst();
  if (!attempt) throw notFound();
  await lockedEnrollment(trx, testId, accountId);
  const status = (
    await trx.selectFrom("test_attempt").select("status").where("id", "=", attemptId).executeTakeFirstOrThrow()
  ).status;
  if (status !== ATTEMPT_STATUS.answering) throw badRequest({ detail: MSG.attempt_not_open });
  const answers = await trx
    .selectFrom("test_attempt_answer")
    .select(["id", "question_id", "question_type", "max_score"])
    .where("attempt_id", "=", attemptId)
    .execute();
  const given = new Map(
    input.answer_list.map((a) => [
      a.id,
      { text: a.answer ?? "", choices: [...new Set(a.choice_list ?? [])], pairs: a.pair_list ?? [] },
    ]),
  );
  if ([...given.keys()].some((id) => !answers.some((a) => a.id === id)))
    throw badRequest({ answer_list: [MSG.invalid_choice] });
  const qIds = answers.flatMap((a) => (a.question_id === null ? [] : [a.question_id]));
  const questions = qIds.length
    ? await trx.selectFrom("test_question").select(["id", "answer", "answer_gap"]).where("id", "in", qIds).execute()
    : [];
  const choices = qIds.length
    ? await trx
        .selectFrom("test_choice")
        .select(["id", "question_id", "desc", "is_answer", "pair_id"])
        .where("question_id", "in", qIds)
        .execute()
    : [];
  for (const a of answers) {
    const g = given.get(a.id) ?? { text: "", choices: [], pairs: [] };
    const own = choices.filter((c) => c.question_id === a.question_id);
    if (a.question_type === MATCHING_TYPE) {
      const pairs = givenPairs(own, g.pairs);
      await trx
        .updateTable("test_attempt_answer")
        .set({ answer: JSON.stringify(pairs), score: matchingScore(own, pairs, a.max_score) })
        .where("id", "=", a.id)
        .execute();
      continue;
    }
    // Only the question's own choices count as chosen: another question's id is dropped.
    const chosen = CHOICE_MARKED_TYPES.includes(a.question_type)
      ? g.choices.filter((id) => own.some((c) => c.id === id))
      : [];
    const correct = own.filter((c) => c.is_answer === 1);
    const score = autoScore(
      a.question_type,
      a.max_score,
      { text: g.text, choices: chosen },
      questions.find((q) => q.id === a.question_id),
      correct.map((c) => c.id),
      correct.map((c) => c.desc),
    );
    const answer = CHOICE_MARKED_TYPES.includes(a.question_type) ? JSON.stringify(chosen) : g.text.trim();
    await trx.updateTable("test_attempt_answer").set({ answer, score }).where("id", "=", a.id).execute();
  }
  await trx
    .updateTable("test_attempt")
    .set({ status: ATTEMPT_STATUS.verifying, datetime_submit: by.at })
    .where("id", "=", attemptId)
    .execute();
  await decide(trx, attemptId, "update_slot", by, false);
}

/**
 * Whether a fully marked attempt passes (docs/decisions/065, with decision 064's pass condition
 * types): its total reaches the sum of its sections' pass scores, every section of type 1 reaches
 * its own pass score, and every answer of a type 2 section earned its full score.
 */
async function passes(
  trx: Trx,
  testId: number,
  answers: { section_id: number | null; score: number | null; max_score: number }[],
): Promise<boolean> {
  const sections = await trx
    .selectFrom("test_section")
    .select(["id", "pass_score", "pass_condition_type"])
    .where("test_id", "=", testId)
    .execute();
  const total = answers.reduce((n, a) => n + (a.score ?? 0), 0);
  if (total < sections.reduce((n, s) => n + s.pass_score, 0)) return false;
  return sections.every((s) => {
    const own = answers.filter((a) => a.section_id === s.id);
    if (s.pass_condition_type === 1) return own.reduce((n, a) => n + (a.score ?? 0), 0) >= s.pass_score;
    if (s.pass_condition_type === 2) return own.every((a) => a.score === a.max_score);
    return true;
  });
}

/**
 * Recompute a submitted attempt's score; when nothing waits, decide it — passed (30) or failed
 * (-5) — unless the test waits for an administrator's approval (result setting 1: it stays 22).
 * `verified`: a verifier made this call (the attempt records who and when).
 */
export async function decide(trx: Trx, attemptId: number, action: ProgressAction, by: By, verified: boolean) {
  const attempt = await trx
    .selectFrom("test_attempt")
    .select(["id", "test_id", "enrollment_id"])
    .where("id", "=", attemptId)
    .executeTakeFirstOrThrow();
  const answers = await trx
    .selectFrom("test_attempt_answer")
    .select(["section_id", "score", "max_score"])
    .where("attempt_id", "=", attemptId)
    .execute();
  const score = answers.reduce((n, a) => n + (a.score ?? 0), 0);
  const waiting = answers.some((a) => a.score === null);
  const test = await trx
    .selectFrom("test")
    .select("result_setting")
    .where("id", "=", attempt.test_id)
    .executeTakeFirstOrThrow();
  let status: number = ATTEMPT_STATUS.verifying;
  let isPass: number | null = null;
  if (!waiting && test.result_setting !== RESULT_SETTING.approval) {
    isPass = (await passes(trx, attempt.test_id, answers)) ? 1 : 0;
    status = isPass ? ATTEMPT_STATUS.completed : ATTEMPT_STATUS.failed;
  }
  await trx
    .updateTable("test_attempt")
    .set({ status, score, is_pass: isPass, ...(verified && { verified_by: by.accountId, datetime_verify: by.at }) })
    .where("id", "=", attemptId)
    .execute();
  await follow(trx, attempt.enrollment_id, status, action, by);
  return status;
}

/** Whether attempt `number` is the enrollment's latest. */
async function isLatestAttempt(trx: Trx, enrollmentId: number, number: number) {
  const { last } = (await trx
    .selectFrom("test_attempt")
    .select((eb) => eb.fn.max("number").as("last"))
    .where("enrollment_id", "=", enrollmentId)
    .executeTakeFirstOrThrow()) as { last: number | null };
  return Number(last) === number;
}

/**
 * A verifier's mark of one fill-in answer of a submitted attempt of the test: a waiting one, or a
 * re-mark of a decided one (the learner's latest attempt), which decides the attempt again.
 */
export async function markAnswer(
  db: Db,
  testId: number,
  answerId: number,
  input: { score: number; feedback: string },
  by: By,
) {
  return writeTransaction(db, (trx) => markAnswerIn(trx, testId, answerId, input, by));
}

/** markAnswer in the caller's transaction (the seed's too). */
export async function markAnswerIn(
  trx: Trx,
  testId: number,
  answerId: number,
  input: { score: number; feedback: string },
  by: By,
) {
  const row = await trx
    .selectFrom("test_attempt_answer as a")
    .innerJoin("test_attempt as t", "t.id", "a.attempt_id")
    .select(["a.id", "a.attempt_id", "a.question_type", "a.max_score", "t.status", "t.enrollment_id", "t.number"])
    .where("a.id", "=", answerId)
    .where("t.test_id", "=", testId)
    .executeTakeFirst();
  if (!row) throw notFound();
  if (CHOICE_MARKED_TYPES.includes(row.question_type) || row.status === ATTEMPT_STATUS.answering)
    throw badRequest({ detail: MSG.answer_not_markable });
  // Re-marking a decided attempt (docs/decisions/070) decides it again and moves the learner's
  // progress with it: only the learner's latest attempt, since an older one no longer drives it.
  if (row.status !== ATTEMPT_STATUS.verifying && !(await isLatestAttempt(trx, row.enrollment_id, row.number)))
    throw badRequest({ detail: MSG.attempt_superseded });
  if (input.score > row.max_score) throw badRequest({ score: [MSG.score_above_max] });
  await trx
    .updateTable("test_attempt_answer")
    .set({ score: input.score, feedback: input.feedback, verified_by: by.accountId, datetime_verify: by.at })
    .where("id", "=", answerId)
    .execute();
  return { attemptId: row.attempt_id, status: await decide(trx, row.attempt_id, "verify", by, true) };
}

/** An administrator's decision on an attempt waiting for approval: approve (by its score) or reject (failed). */
export async function decideApproval(
  db: Db,
  testId: number,
  attemptId: number,
  decision: "approve" | "reject",
  by: By,
) {
  return writeTransaction(db, async (trx) => {
    const attempt = await trx
      .selectFrom("test_attempt")
      .select(["id", "status", "enrollment_id"])
      .where("id", "=", attemptId)
      .where("test_id", "=", testId)
      .executeTakeFirst();
    if (!attempt) throw notFound();
    const answers = await trx
      .selectFrom("test_attempt_answer")
      .select(["section_id", "score", "max_score"])
      .where("attempt_id", "=", attemptId)
      .execute();
    if (attempt.status !== ATTEMPT_STATUS.verifying || answers.some((a) => a.score === null))
      throw badRequest({ detail: MSG.attempt_not_waiting_approval });
    const isPass = decision === "approve" && (await passes(trx, testId, answers));
    const status = isPass ? ATTEMPT_STATUS.completed : ATTEMPT_STATUS.failed;
    await trx
      .updateTable("test_attempt")
      .set({ status, is_pass: isPass ? 1 : 0, verified_by: by.accountId, datetime_verify: by.at })
      .where("id", "=", attemptId)
      .execute();
    await follow(trx, attempt.enrollment_id, status, decision, by);
    return status;
  });
}
