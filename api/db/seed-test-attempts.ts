import type { Transaction } from "kysely";
import { CHOICE_MARKED_TYPES } from "../../contract/test-attempt-codes";
import { markAnswerIn, startAttemptIn, submitAttemptIn } from "../content/test/attempts";
import { contentTypeId } from "../content/ref";
import type { Database } from "./schema";

/**
 * Learners' attempts of the seeded tests (issue 18 §6, docs/decisions/065), made through the same
 * service the learner's calls use, so every attempt is one the API could have made: per published
 * test with questions (up to four), six learners — two passed (their fill-ins marked in full by the
 * administrator), one failed, two waiting for verification (fill-ins unmarked; with result setting
 * 1 the marked ones wait for approval instead), one still answering. Each attempt's seed is fixed,
 * so the demo data is the same on every first start.
 */
type Trx = Transaction<Database>;

const LEARNERS = ["student0001", "student0002", "student0003", "student0004", "student0005", "student0006"] as const;
/** What each learner does: answer right or wrong, and whether the administrator marks their fill-ins. */
const PLAN: readonly { right: boolean; mark: number | null; submit: boolean }[] = [
  { right: true, mark: 1, submit: true },
  { right: true, mark: 1, submit: true },
  { right: false, mark: 0, submit: true },
  { right: true, mark: null, submit: true },
  { right: false, mark: null, submit: true },
  { right: true, mark: null, submit: false },
];
const FILL_TEXT = [
  "Check the equipment, report the hazard to the supervisor, and keep others away until it is safe.",
  "Customer data may only be shared with colleagues who need it for their work, never outside the company.",
];

export async function seedTestAttempts(trx: Trx, now: Date) {
  const typeId = await contentTypeId(trx, "test");
  const admin = await trx.selectFrom("account").select("id").where("username", "=", "admin").executeTakeFirst();
  const learners = await trx
    .selectFrom("account")
    .select(["id", "username"])
    .where("username", "in", [...LEARNERS])
    .orderBy("username")
    .execute();
  if (!admin || !learners.length) return;
  const tests = await trx
    .selectFrom("test as t")
    .select(["t.id", "t.attempt"])
    .where("t.is_display", "=", 1)
    .where((eb) => eb.or([eb("t.datetime_start", "is", null), eb("t.datetime_start", "<=", now.toISOString())]))
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("test_section as s")
          .select("s.id")
          .whereRef("s.test_id", "=", "t.id")
          .where((e) =>
            e.or([
              e.exists(e.selectFrom("test_question as q").select("q.id").whereRef("q.section_id", "=", "s.id")),
              e.exists(e.selectFrom("test_section_draw as d").select("d.id").whereRef("d.section_id", "=", "s.id")),
            ]),
          ),
      ),
    )
    .orderBy("t.id")
    .limit(4)
    .execute();
  for (const [k, test] of tests.entries()) {
    // A day apart per learner, in the past, so the logs read in order.
    for (const [i, learner] of learners.entries()) {
      const at = new Date(now.getTime() - (tests.length - k) * 86_400_000 * 3 + i * 3_600_000).toISOString();
      const plan = PLAN[i % PLAN.length];
      const enrolled = await trx
        .selectFrom("content_enrollment")
        .select(["id", "status"])
        .where("content_type_id", "=", typeId)
        .where("content_id", "=", test.id)
        .where("account_id", "=", learner.id)
        .executeTakeFirst();
      if (enrolled && ![0, 21, -5].includes(enrolled.status)) continue;
      if (!enrolled) {
        const e = await trx
          .insertInto("content_enrollment")
          .values({
            account_id: learner.id,
            content_type_id: typeId,
            content_id: test.id,
            status: 0,
            add_method: 0,
            added_by: 1,
            created_by: admin.id,
            datetime_enroll: at,
            datetime_start: null,
            datetime_complete: null,
            datetime_update: at,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        await trx
          .insertInto("content_progress_log")
          .values({
            enrollment_id: e.id,
            from_status: null,
            to_status: 0,
            action_type: "enroll",
            created_by: admin.id,
            datetime_create: at,
          })
          .execute();
      }
      const by = { accountId: learner.id, at };
      let attemptId: number;
      try {
        attemptId = await startAttemptIn(trx, test, learner.id, by, 7919 * (test.id + 1) + i);
      } catch {
        continue; // the limit used, or nothing to ask: this learner has no attempt here
      }
      if (!plan.submit) continue;
      const answers = await trx
        .selectFrom("test_attempt_answer")
        .select(["id", "question_id", "question_type"])
        .where("attempt_id", "=", attemptId)
        .orderBy("sort")
        .execute();
      const list = [];
      for (const a of answers) {
        if (CHOICE_MARKED_TYPES.includes(a.question_type)) {
          const choices = await trx
            .selectFrom("test_choice")
            .select(["id", "is_answer"])
            .where("question_id", "=", a.question_id ?? 0)
            .orderBy("sort")
            .execute();
          const pick = choices
            .filter((c) => (plan.right ? c.is_answer === 1 : c.is_answer === 0))
            .slice(0, plan.right ? undefined : 1);
          list.push({ id: a.id, choice_list: pick.map((c) => c.id) });
        } else {
          const q = await trx
            .selectFrom("test_question")
            .select(["answer"])
            .where("id", "=", a.question_id ?? 0)
            .executeTakeFirst();
          const text =
            a.question_type === 3
              ? plan.right
                ? q?.answer || "42"
                : "7"
              : a.question_type === 6 && plan.right && q?.answer
                ? q.answer
                : FILL_TEXT[(i + a.id) % FILL_TEXT.length];
          list.push({ id: a.id, answer: text });
        }
      }
      await submitAttemptIn(
        trx,
        test.id,
        attemptId,
        learner.id,
        { answer_list: list },
        { accountId: learner.id, at: new Date(Date.parse(at) + 1_800_000).toISOString() },
      );
      if (plan.mark === null) continue;
      const waiting = await trx
        .selectFrom("test_attempt_answer")
        .select(["id", "max_score"])
        .where("attempt_id", "=", attemptId)
        .where("score", "is", null)
        .orderBy("sort")
        .execute();
      const markAt = new Date(Date.parse(at) + 86_400_000).toISOString();
      for (const w of waiting) {
        await markAnswerIn(
          trx,
          test.id,
          w.id,
          {
            score: plan.mark ? w.max_score : 0,
            feedback: plan.mark ? "Complete and clear." : "Please review the section again.",
          },
          { accountId: admin.id, at: markAt },
        );
      }
    }
  }
}
