import { sql } from "kysely";
import { ATTEMPT_STATUS } from "../../../contract/test-attempt-codes";
import type { Db } from "../../db/index";
import { filteredAttempts } from "./verify-reads";

/**
 * A test's figures on its overall landing page (`/test/{id}/overall`, docs/decisions/076), one
 * card per overall page (the registry's ids): the attempts by status (log), those waiting for an
 * administrator (approval), the sections and their questions (section), the submitted attempts and
 * their average score (summary), the answers waiting to be marked (verify) and every answer
 * against those waiting (slot-verify). Pages behind change progress (spec 002 "Test summary and
 * verify need both view and change progress permission") answer null without it.
 */
export async function testOverallFigures(db: Db, testId: number, has: (action: "learner" | "progress") => boolean) {
  const n = (v: unknown) => Number(v ?? 0);
  const byStatus = await db
    .selectFrom("test_attempt")
    .select(["status", (eb) => eb.fn.countAll<number>().as("n"), (eb) => eb.fn.sum<number>("score").as("score")])
    .where("test_id", "=", testId)
    .groupBy("status")
    .execute();
  const of = (status: number) => byStatus.find((r) => r.status === status);
  const sections = await db
    .selectFrom("test_section")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("test_id", "=", testId)
    .executeTakeFirstOrThrow();
  const questions = await db
    .selectFrom("test_question as q")
    .innerJoin("test_section as s", "s.id", "q.section_id")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("s.test_id", "=", testId)
    .executeTakeFirstOrThrow();
  const count = byStatus.reduce((sum, r) => sum + n(r.n), 0);
  const submitted = count - n(of(ATTEMPT_STATUS.answering)?.n);
  const scored = byStatus.filter((r) => r.status !== ATTEMPT_STATUS.answering).reduce((sum, r) => sum + n(r.score), 0);
  const seen = {
    log: {
      count,
      answering: n(of(ATTEMPT_STATUS.answering)?.n),
      verifying: n(of(ATTEMPT_STATUS.verifying)?.n),
      completed: n(of(ATTEMPT_STATUS.completed)?.n),
      failed: n(of(ATTEMPT_STATUS.failed)?.n),
    },
    section: { count: n(sections.n), question_count: n(questions.n) },
  };
  if (!has("progress")) return { ...seen, approval: null, summary: null, verify: null, "slot-verify": null };
  const answers = await db
    .selectFrom("test_attempt_answer as w")
    .innerJoin("test_attempt as t", "t.id", "w.attempt_id")
    .select((eb) => [
      eb.fn.countAll<number>().as("n"),
      sql<number>`sum(case when ${sql.ref("w.score")} is null then 1 else 0 end)`.as("waiting"),
    ])
    .where("t.test_id", "=", testId)
    .where("t.status", "<>", ATTEMPT_STATUS.answering)
    .executeTakeFirstOrThrow();
  const approval = await db
    .selectFrom(filteredAttempts(db, testId, { approval: true }).clearOrderBy().as("a"))
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return {
    ...seen,
    approval: { waiting: n(approval.n) },
    summary: { attempts: submitted, average: submitted ? Math.round((scored / submitted) * 100) / 100 : 0 },
    verify: { waiting: n(answers.waiting) },
    "slot-verify": { answers: n(answers.n), waiting: n(answers.waiting) },
  };
}
