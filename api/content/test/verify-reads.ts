import { sql, type SqlBool } from "kysely";
import type {
  AnswerRow,
  AttemptRow,
  AttemptStage,
  SlotQuestionRow,
  SlotRow,
  VerifyAnswerRow,
} from "../../../contract/schemas/test-attempt";
import { ATTEMPT_STATUS, CHOICE_MARKED_TYPES } from "../../../contract/schemas/test-attempt";
import { MATCHING_TYPE } from "../../../contract/test-codes";
import { MSG } from "../../../contract/messages";
import type { Db } from "../../db/index";
import type { Trx } from "../../engine/crud";
import { notFound } from "../../http/errors";
import { accountName } from "../activity/shared";
import { learnerSearch } from "../activity/slots";

/**
 * What the test's log tab, overall pages and verify pages read (issue 18 §1, docs/decisions/065):
 * attempts with their learner, one attempt's answers, per section ("slot") and per question
 * counts, and the answers of one slot or question. Every read is of one test: an attempt, answer
 * or section of another test is not there (404).
 */

type Q = Db | Trx;
type Person = { id: number | null; username: string | null; first_name: string | null; last_name: string | null };
const person = (p: Person) =>
  p.id === null
    ? null
    : accountName({
        id: p.id,
        username: p.username ?? "",
        first_name: p.first_name ?? "",
        last_name: p.last_name ?? "",
      });

/** Attempts of a test, with their learner (a) and verifier (v) and how many of their answers wait. */
export const attemptQuery = (q: Q, testId: number) =>
  q
    .selectFrom("test_attempt as t")
    .leftJoin("account as a", "a.id", "t.account_id")
    .leftJoin("account as v", "v.id", "t.verified_by")
    .selectAll("t")
    .select([
      "a.username",
      "a.first_name",
      "a.last_name",
      "v.username as v_username",
      "v.first_name as v_first",
      "v.last_name as v_last",
    ])
    .select((eb) =>
      eb
        .selectFrom("test_attempt_answer as w")
        .select(eb.fn.countAll<number>().as("n"))
        .whereRef("w.attempt_id", "=", "t.id")
        .where("w.score", "is", null)
        .as("waiting"),
    )
    .where("t.test_id", "=", testId);
type AttemptRecord = Awaited<ReturnType<ReturnType<typeof attemptQuery>["executeTakeFirstOrThrow"]>>;

/** The stage an attempt is at: its status, and for a waiting one whether answers or the approval wait. */
export function stageOf(status: number, waiting: number): AttemptStage {
  if (status === ATTEMPT_STATUS.answering) return "answering";
  if (status === ATTEMPT_STATUS.completed) return "completed";
  if (status === ATTEMPT_STATUS.failed) return "failed";
  return waiting > 0 ? "verify" : "approval";
}

export function presentAttempt(r: AttemptRecord): AttemptRow {
  const waiting = Number(r.waiting ?? 0);
  return {
    id: r.id,
    test_id: r.test_id,
    enrollment_id: r.enrollment_id,
    number: r.number,
    status: r.status,
    stage: stageOf(r.status, waiting),
    account: person({ id: r.account_id, username: r.username, first_name: r.first_name, last_name: r.last_name }),
    score: r.score,
    full_score: r.full_score,
    is_pass: r.is_pass === null ? null : r.is_pass === 1,
    waiting,
    datetime_start: r.datetime_start,
    datetime_submit: r.datetime_submit,
    datetime_verify: r.datetime_verify,
    verified_by: person({ id: r.verified_by, username: r.v_username, first_name: r.v_first, last_name: r.v_last }),
  };
}

/** Filters of the attempt lists: a status, one learner's enrollment, only those waiting for approval, a search on the learner. */
export type AttemptFilter = {
  status?: number | null;
  enrollmentId?: number | null;
  approval?: boolean;
  search?: string;
  accountId?: number;
};

export function filteredAttempts(q: Q, testId: number, f: AttemptFilter) {
  let query = attemptQuery(q, testId);
  if (f.status !== undefined && f.status !== null) query = query.where("t.status", "=", f.status);
  if (f.enrollmentId) query = query.where("t.enrollment_id", "=", f.enrollmentId);
  if (f.accountId) query = query.where("t.account_id", "=", f.accountId);
  if (f.search) query = query.where(learnerSearch(f.search));
  if (f.approval) {
    query = query
      .where("t.status", "=", ATTEMPT_STATUS.verifying)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom("test_attempt_answer as w")
              .select("w.id")
              .whereRef("w.attempt_id", "=", "t.id")
              .where("w.score", "is", null),
          ),
        ),
      );
  }
  return query.orderBy("t.datetime_start", "desc").orderBy("t.id", "desc");
}

/** One attempt of the test, or 404. */
export async function attemptOf(q: Q, testId: number, attemptId: number): Promise<AttemptRow> {
  const row = await attemptQuery(q, testId).where("t.id", "=", attemptId).executeTakeFirst();
  if (!row) throw notFound();
  return presentAttempt(row);
}

const answerQuery = (q: Q) =>
  q
    .selectFrom("test_attempt_answer as w")
    .innerJoin("test_attempt as t", "t.id", "w.attempt_id")
    .leftJoin("test_section as s", "s.id", "w.section_id")
    .leftJoin("account as v", "v.id", "w.verified_by")
    .leftJoin("account as a", "a.id", "t.account_id")
    .leftJoin("test_question as qn", "qn.id", "w.question_id")
    .selectAll("w")
    .select(["s.name as section_name", "v.username as v_username", "v.first_name as v_first", "v.last_name as v_last"])
    .select([
      "t.account_id",
      "t.number as attempt_number",
      "t.status as attempt_status",
      "a.username",
      "a.first_name",
      "a.last_name",
      "qn.desc_answer",
      "qn.answer as q_answer",
    ])
    .select((eb) =>
      eb
        .selectFrom("test_attempt as later")
        .select((e) => e.fn.max("later.number").as("n"))
        .whereRef("later.enrollment_id", "=", "t.enrollment_id")
        .as("latest_number"),
    );
type AnswerRecord = Awaited<ReturnType<ReturnType<typeof answerQuery>["executeTakeFirstOrThrow"]>>;

const choicesOf = (type: number, answer: string): number[] => {
  if (!CHOICE_MARKED_TYPES.includes(type)) return [];
  try {
    const v: unknown = JSON.parse(answer);
    return Array.isArray(v) ? v.filter((n): n is number => Number.isInteger(n)) : [];
  } catch {
    return [];
  }
};

/** A matching answer's pairs as stored (docs/decisions/070), else []. */
const pairsOf = (type: number, answer: string): { prompt: number; answer: number }[] => {
  if (type !== MATCHING_TYPE) return [];
  try {
    const v: unknown = JSON.parse(answer);
    return Array.isArray(v)
      ? v.filter(
          (p): p is { prompt: number; answer: number } =>
            !!p && Number.isInteger(p.prompt) && Number.isInteger(p.answer),
        )
      : [];
  } catch {
    return [];
  }
};

/** Why an answer cannot be marked (the API's refusal, docs/decisions/065 and 070), or null. */
function markRefusal(r: AnswerRecord): string | null {
  if (CHOICE_MARKED_TYPES.includes(r.question_type) || r.attempt_status === ATTEMPT_STATUS.answering)
    return MSG.answer_not_markable;
  if (r.attempt_status !== ATTEMPT_STATUS.verifying && Number(r.latest_number) !== r.attempt_number)
    return MSG.attempt_superseded;
  return null;
}

function presentAnswer(r: AnswerRecord): VerifyAnswerRow {
  const row: AnswerRow = {
    id: r.id,
    attempt_id: r.attempt_id,
    section: r.section_id === null ? null : { id: r.section_id, name: r.section_name ?? "" },
    question_id: r.question_id,
    sort: r.sort,
    question_type: r.question_type,
    question_desc: r.question_desc,
    max_score: r.max_score,
    answer: r.answer,
    choice_list: choicesOf(r.question_type, r.answer),
    pair_list: pairsOf(r.question_type, r.answer),
    score: r.score,
    feedback: r.feedback,
    verified_by: person({ id: r.verified_by, username: r.v_username, first_name: r.v_first, last_name: r.v_last }),
    datetime_verify: r.datetime_verify,
  };
  return {
    ...row,
    account: person({ id: r.account_id, username: r.username, first_name: r.first_name, last_name: r.last_name }),
    attempt_number: r.attempt_number,
    attempt_status: r.attempt_status,
    mark_refusal: markRefusal(r),
    // What the verifier compares with: the question's model answer, else its answer text.
    model_answer: r.desc_answer || r.q_answer || "",
  };
}

/** One attempt's answers in the order asked. */
export async function answersOfAttempt(q: Q, attemptId: number): Promise<VerifyAnswerRow[]> {
  return (await answerQuery(q).where("w.attempt_id", "=", attemptId).orderBy("w.sort").execute()).map(presentAnswer);
}

/** The answers of a slot (section) of the test — of one question when given, only unmarked fill-ins when `waiting` — oldest submission first. */
export function slotAnswers(
  q: Q,
  testId: number,
  sectionId: number,
  opts: { questionId?: number | null; waiting: boolean },
) {
  let query = answerQuery(q)
    .where("t.test_id", "=", testId)
    .where("w.section_id", "=", sectionId)
    .where("t.status", "!=", ATTEMPT_STATUS.answering);
  if (opts.questionId) query = query.where("w.question_id", "=", opts.questionId);
  if (opts.waiting) query = query.where("w.score", "is", null);
  return query.orderBy("t.datetime_submit").orderBy("w.attempt_id").orderBy("w.sort");
}
export const presentAnswers = (rows: AnswerRecord[]) => rows.map(presentAnswer);

/** One answer of the test, or 404. */
export async function answerOf(q: Q, testId: number, answerId: number): Promise<VerifyAnswerRow> {
  const row = await answerQuery(q).where("w.id", "=", answerId).where("t.test_id", "=", testId).executeTakeFirst();
  if (!row) throw notFound();
  return presentAnswer(row);
}

const submitted = sql<SqlBool>`${sql.ref("t.status")} <> ${ATTEMPT_STATUS.answering}`;
const avg = (sum: number, n: number) => (n ? Math.round((sum / n) * 100) / 100 : null);

/**
 * The test's sections ("slots") with their submitted attempts, average section score, pass rate
 * (of decided attempts, the share that passed the test) and answers waiting.
 */
export async function slotsOf(q: Q, testId: number): Promise<SlotRow[]> {
  const sections = await q
    .selectFrom("test_section")
    .select(["id", "name", "sort", "full_score", "pass_score", "pass_condition_type"])
    .where("test_id", "=", testId)
    .orderBy("sort")
    .orderBy("id")
    .execute();
  const answers = await q
    .selectFrom("test_attempt_answer as w")
    .innerJoin("test_attempt as t", "t.id", "w.attempt_id")
    .select(["w.section_id", "w.attempt_id", "w.score", "t.is_pass"])
    .where("t.test_id", "=", testId)
    .where(submitted)
    .execute();
  return sections.map((s) => {
    const own = answers.filter((a) => a.section_id === s.id);
    const byAttempt = new Map<number, { score: number; pass: number | null }>();
    for (const a of own)
      byAttempt.set(a.attempt_id, {
        score: (byAttempt.get(a.attempt_id)?.score ?? 0) + (a.score ?? 0),
        pass: a.is_pass,
      });
    const decided = [...byAttempt.values()].filter((v) => v.pass !== null);
    return {
      ...s,
      attempts: byAttempt.size,
      average: avg(
        [...byAttempt.values()].reduce((n, v) => n + v.score, 0),
        byAttempt.size,
      ),
      pass_rate: decided.length
        ? Math.round((decided.filter((v) => v.pass === 1).length / decided.length) * 1000) / 10
        : null,
      waiting: own.filter((a) => a.score === null).length,
    };
  });
}

/** One slot of the test (404 when it is not one of its sections). */
export async function slotOf(q: Q, testId: number, sectionId: number): Promise<SlotRow> {
  const found = (await slotsOf(q, testId)).find((s) => s.id === sectionId);
  if (!found) throw notFound();
  return found;
}

/** The questions a slot's submitted attempts asked, with their answers, average score and how many wait. */
export async function slotQuestions(q: Q, testId: number, sectionId: number): Promise<SlotQuestionRow[]> {
  const rows = await q
    .selectFrom("test_attempt_answer as w")
    .innerJoin("test_attempt as t", "t.id", "w.attempt_id")
    .select(["w.question_id", "w.question_desc", "w.question_type", "w.max_score", "w.score", "w.sort"])
    .where("t.test_id", "=", testId)
    .where("w.section_id", "=", sectionId)
    .where("w.question_id", "is not", null)
    .where(submitted)
    .orderBy("w.question_id")
    .execute();
  const out = new Map<number, SlotQuestionRow & { sum: number; marked: number }>();
  for (const r of rows) {
    const row = out.get(r.question_id!) ?? {
      question_id: r.question_id!,
      question_desc: r.question_desc,
      question_type: r.question_type,
      max_score: r.max_score,
      answers: 0,
      average: null,
      waiting: 0,
      sum: 0,
      marked: 0,
    };
    row.answers += 1;
    if (r.score === null) row.waiting += 1;
    else {
      row.sum += r.score;
      row.marked += 1;
    }
    out.set(r.question_id!, row);
  }
  return [...out.values()].map(({ sum, marked, ...r }) => ({ ...r, average: avg(sum, marked) }));
}
