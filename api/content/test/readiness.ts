import { MATCHING_TYPE, MULTIPLE_CHOICE_TYPE } from "../../../contract/test-codes";
import type { Q } from "../../requests/kit";
import { bankQuestions, pickForRule, sectionRules } from "./draw";

/**
 * Whether a section's questions can be marked and add up to its full score (issue 33 item 5,
 * docs/decisions/076), read before publishing and shown on the section pages:
 *
 * - `score`: what the questions an attempt of the section asks are worth together — its own
 *   visible questions, then each draw rule's picks: fixed picks (selected numbers, or one draw for
 *   every attempt) their sum; a new random draw of n from a pool from its n lowest to its n highest
 *   scores. `min` < `max` only when a random draw mixes scores.
 * - `unmarkable`: the questions it may ask that no answer can earn: a multiple-choice question
 *   without a correct choice, a matching one without prompts or with a prompt not paired — by
 *   owner (the section, or the bank drawn from) and number, in the order an attempt asks them.
 */
export type SectionReadiness = { score: { min: number; max: number }; unmarkable: Unmarkable[] };
/** A question no answer can earn: its owner's name, its number there, and the bank's id when it is drawn from one. */
type Unmarkable = { owner: string; number: number; bank: number | null };
type Asked = Unmarkable & { id: number };

export async function sectionReadiness(q: Q, section: { id: number; name: string }): Promise<SectionReadiness> {
  const own = await q
    .selectFrom("test_question")
    .select(["id", "number", "score"])
    .where("section_id", "=", section.id)
    .where("is_hide", "=", 0)
    .orderBy("number")
    .execute();
  const asked: Asked[] = own.map((r) => ({ id: r.id, number: r.number, owner: section.name, bank: null }));
  const ownScore = own.reduce((n, r) => n + r.score, 0);
  const score = { min: ownScore, max: ownScore };
  for (const rule of await sectionRules(q, section.id)) {
    const questions = await bankQuestions(q, rule.bank_id);
    const bank = await q.selectFrom("testbank").select("name").where("id", "=", rule.bank_id).executeTakeFirstOrThrow();
    const fixed = rule.type_method === 1 || rule.type_random === 1;
    const ids = new Set(pickForRule(fixed ? rule : { ...rule, number: 0 }, questions, 0));
    const chosen = questions.filter((x) => ids.has(x.id));
    asked.push(...chosen.map((x) => ({ id: x.id, number: x.number, owner: bank.name, bank: rule.bank_id })));
    const scores = chosen.map((x) => x.score).sort((a, b) => a - b);
    const k = fixed || rule.number === 0 ? scores.length : Math.min(rule.number, scores.length);
    score.min += scores.slice(0, k).reduce((n, s) => n + s, 0);
    score.max += scores.slice(scores.length - k).reduce((n, s) => n + s, 0);
  }
  return { score, unmarkable: await unmarkable(q, asked) };
}

/** Which of `asked` no answer can earn (see above), in their order. */
async function unmarkable(q: Q, asked: Asked[]): Promise<Unmarkable[]> {
  if (!asked.length) return [];
  const ids = asked.map((a) => a.id);
  const types = new Map(
    (await q.selectFrom("test_question").select(["id", "type"]).where("id", "in", ids).execute()).map((r) => [
      r.id,
      r.type,
    ]),
  );
  const choices = await q
    .selectFrom("test_choice")
    .select(["question_id", "is_answer", "pair_id"])
    .where("question_id", "in", ids)
    .execute();
  const broken = (id: number) => {
    const mine = choices.filter((c) => c.question_id === id);
    if (types.get(id) === MULTIPLE_CHOICE_TYPE) return !mine.some((c) => c.is_answer === 1);
    if (types.get(id) !== MATCHING_TYPE) return false;
    const prompts = mine.filter((c) => c.is_answer !== 1);
    return !prompts.length || prompts.some((c) => c.pair_id === null);
  };
  return asked.filter((a) => broken(a.id)).map(({ owner, number, bank }) => ({ owner, number, bank }));
}
