import { MSG } from "../../../contract/messages";
import type { Test, TestRow, TestSetting } from "../../../contract/schemas/test";
import { fromFlag, type Db } from "../../db/index";
import { ApiError } from "../../http/errors";
import type { Trx } from "../../engine/crud";
import { contentResource } from "../base-resource";
import { listSections } from "./sections";

/**
 * Test (spec 000 §2.8 `/test…`; docs/decisions/064) on the engine's content resource: list with
 * search and category / provider / publish filters, create, item, delete, show / hide / schedule.
 * Its settings (is_template, term, result setting, attempt limit, duration) are the setting
 * tab's own call (routes.ts); its sections, questions and draw rules are its own calls too.
 * Publishing needs questions (spec 001 §4 "a test needs questions"): a visible question of one of
 * its sections, or a draw rule of one of them (417, as an activity without a checklist); and
 * questions that can be marked and add up to each section's full score (docs/decisions/076).
 */

type Q = Db | Trx;

/** Sections and own questions per test. */
async function counts(q: Q, ids: number[]) {
  const sections = await q
    .selectFrom("test_section")
    .select(["test_id", (eb) => eb.fn.countAll<number>().as("n")])
    .where("test_id", "in", ids)
    .groupBy("test_id")
    .execute();
  const questions = await q
    .selectFrom("test_question as qn")
    .innerJoin("test_section as s", "s.id", "qn.section_id")
    .select(["s.test_id", (eb) => eb.fn.countAll<number>().as("n")])
    .where("s.test_id", "in", ids)
    .groupBy("s.test_id")
    .execute();
  const s = new Map(sections.map((r) => [r.test_id, Number(r.n)]));
  const qn = new Map(questions.map((r) => [r.test_id, Number(r.n)]));
  return (id: number) => ({ section_count: s.get(id) ?? 0, question_count: qn.get(id) ?? 0 });
}

/**
 * Why the test cannot be published (417 each, what it lacks in `detail`, the values its message
 * names beside it), or null: no visible question in a section and no draw rule; then, section by
 * section (docs/decisions/076), a question it may ask that no answer can earn, and questions that
 * do not add up to its full score — or, drawn at random with different scores, add up to no one
 * total. A learner would otherwise take a test nobody can pass, or be marked against a full score
 * the questions never give.
 */
export async function testPublishRefusal(trx: Trx, id: number): Promise<ApiError | null> {
  const own = await trx
    .selectFrom("test_question as qn")
    .innerJoin("test_section as s", "s.id", "qn.section_id")
    .select("qn.id")
    .where("s.test_id", "=", id)
    .where("qn.is_hide", "=", 0)
    .executeTakeFirst();
  const drawn = own
    ? null
    : await trx
        .selectFrom("test_section_draw as d")
        .innerJoin("test_section as s", "s.id", "d.section_id")
        .select("d.id")
        .where("s.test_id", "=", id)
        .executeTakeFirst();
  if (!own && !drawn) return new ApiError(417, { detail: MSG.publish_no_question });
  for (const section of await listSections(trx, id)) {
    const [unmarkable] = section.unmarkable;
    if (unmarkable)
      return new ApiError(417, {
        detail: MSG.publish_question_no_answer,
        owner: unmarkable.owner,
        number: unmarkable.number,
      });
    const { min, max } = section.question_score;
    if (min !== max)
      return new ApiError(417, { detail: MSG.publish_section_score_varies, section: section.name, min, max });
    if (max !== section.full_score)
      return new ApiError(417, {
        detail: MSG.publish_section_score_mismatch,
        section: section.name,
        full_score: section.full_score,
        total: max,
      });
  }
  return null;
}

/** The setting tab's values. */
export async function testSetting(q: Q, id: number): Promise<TestSetting> {
  const r = await q
    .selectFrom("test")
    .select(["is_template", "term", "result_setting", "attempt", "duration"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  return {
    is_template: fromFlag(r.is_template),
    term: r.term,
    result_setting: r.result_setting === 1 ? 1 : 0,
    attempt: r.attempt,
    duration: r.duration,
  };
}

export const testResource = contentResource<TestRow, Test>({
  key: "test",
  schema: "test",
  table: "test",
  module: "test",
  hasImage: false,
  async rowExtras(db, ids) {
    return counts(db, ids);
  },
  async itemExtras(db, id) {
    return { ...(await testSetting(db, id)), ...(await counts(db, [id]))(id) };
  },
  publishRefusal: testPublishRefusal,
  scopes: {},
});
