import type { Q } from "../../requests/kit";
import { parseRange } from "../../../contract/test-range";
import type { TestDrawPreview } from "../../../contract/schemas/test";

/**
 * What an attempt of a test section asks (issue 18 §2, docs/decisions/064): the section's own
 * questions that are not hidden (by number), then each draw rule's picks from its bank (by sort),
 * a question never twice; the whole list shuffled when the section says so. Deterministic for a
 * seed: the attempt stores its seed, so re-reading an attempt reproduces what it asked.
 *
 * A rule (test_section_draw): its pool is the bank's visible questions, narrowed by its tags
 * (type_select 0 any of them, 1 all of them) and by its range; type_method 1 takes the selected
 * numbers (question_list, else the range) in that order, 0 takes `number` random ones (0 = the
 * whole pool); type_random 1 draws once for every attempt (seeded by the rule alone), 0 anew
 * per attempt.
 */

/** mulberry32: a small, fast, well-mixed 32-bit PRNG — enough for fair shuffles, not for secrets. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Two numbers into one seed, so each rule and the section shuffle get their own stream. */
export const mixSeed = (a: number, b: number) =>
  (Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x632be5ab, 0xc2b2ae35)) >>> 0;

/** Fisher–Yates with a seeded PRNG: a new array, the input untouched. */
export function seededShuffle<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  const rand = mulberry32(seed);
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

const jsonNumbers = (text: string): number[] => {
  try {
    const v: unknown = JSON.parse(text);
    return Array.isArray(v) ? v.map(Number).filter((n) => Number.isInteger(n)) : [];
  } catch {
    return [];
  }
};

export type Rule = {
  id: number;
  bank_id: number;
  tag_list: string;
  type_method: number;
  type_random: number;
  type_select: number;
  number: number;
  range: string;
  question_list: string;
};
type BankQuestion = { id: number; number: number; score: number; tags: Set<number> };

/** A bank's visible questions by number, with their score and tags. */
export async function bankQuestions(q: Q, bankId: number): Promise<BankQuestion[]> {
  const rows = await q
    .selectFrom("test_question")
    .select(["id", "number", "score"])
    .where("bank_id", "=", bankId)
    .where("is_hide", "=", 0)
    .orderBy("number")
    .execute();
  const tags = rows.length
    ? await q
        .selectFrom("test_question_tag")
        .select(["question_id", "tag_id"])
        .where(
          "question_id",
          "in",
          rows.map((r) => r.id),
        )
        .execute()
    : [];
  const byQuestion = new Map<number, Set<number>>();
  for (const t of tags)
    (byQuestion.get(t.question_id) ?? byQuestion.set(t.question_id, new Set()).get(t.question_id)!).add(t.tag_id);
  return rows.map((r) => ({ id: r.id, number: r.number, score: r.score, tags: byQuestion.get(r.id) ?? new Set() }));
}

/** A section's draw rules, in the order an attempt applies them. */
export const sectionRules = (q: Q, sectionId: number): Promise<Rule[]> =>
  q
    .selectFrom("test_section_draw")
    .select([
      "id",
      "bank_id",
      "tag_list",
      "type_method",
      "type_random",
      "type_select",
      "number",
      "range",
      "question_list",
    ])
    .where("section_id", "=", sectionId)
    .orderBy("sort")
    .orderBy("id")
    .execute();

/** The question ids one rule picks, given the ids already asked. Exported for the rule's preview. */
export function pickForRule(
  rule: Rule,
  questions: readonly BankQuestion[],
  seed: number,
  taken: ReadonlySet<number> = new Set(),
): number[] {
  const tagIds = jsonNumbers(rule.tag_list);
  const parsed = parseRange(rule.range);
  const inRange = parsed.ok && parsed.numbers.length ? new Set(parsed.numbers) : null;
  const pool = questions.filter(
    (x) =>
      !taken.has(x.id) &&
      (!inRange || inRange.has(x.number)) &&
      (!tagIds.length ||
        (rule.type_select === 1 ? tagIds.every((t) => x.tags.has(t)) : tagIds.some((t) => x.tags.has(t)))),
  );
  if (rule.type_method === 1) {
    const selected = jsonNumbers(rule.question_list);
    const wanted = selected.length ? selected : parsed.ok ? parsed.numbers : [];
    const byNumber = new Map(pool.map((x) => [x.number, x.id]));
    return [...new Set(wanted)].flatMap((n) => (byNumber.has(n) ? [byNumber.get(n)!] : []));
  }
  const ruleSeed = rule.type_random === 1 ? mixSeed(rule.id, 0) : mixSeed(seed, rule.id);
  const shuffled = seededShuffle(
    pool.map((x) => x.id),
    ruleSeed,
  );
  return rule.number > 0 ? shuffled.slice(0, rule.number) : shuffled;
}

/** The ids of the questions an attempt of section `sectionId` asks, in order, for `seed`. */
export async function drawForAttempt(q: Q, sectionId: number, seed: number): Promise<number[]> {
  const section = await q
    .selectFrom("test_section")
    .select(["id", "is_question_shuffle"])
    .where("id", "=", sectionId)
    .executeTakeFirst();
  if (!section) return [];
  const own = await q
    .selectFrom("test_question")
    .select("id")
    .where("section_id", "=", sectionId)
    .where("is_hide", "=", 0)
    .orderBy("number")
    .execute();
  const ids = own.map((r) => r.id);
  const taken = new Set(ids);
  const rules = await sectionRules(q, sectionId);
  const banks = new Map<number, BankQuestion[]>();
  for (const rule of rules) {
    if (!banks.has(rule.bank_id)) banks.set(rule.bank_id, await bankQuestions(q, rule.bank_id));
    for (const id of pickForRule(rule, banks.get(rule.bank_id)!, seed, taken)) {
      taken.add(id);
      ids.push(id);
    }
  }
  return section.is_question_shuffle ? seededShuffle(ids, mixSeed(seed, sectionId)) : ids;
}

/**
 * What a section's rule for bank `bankId` would ask (docs/decisions/070), read-only: `pool`, the
 * bank's visible questions its tags and range leave, by number; `picks`, when they are fixed —
 * the selected numbers (method 1) or the one draw every attempt shares (random 1) — else null:
 * a new draw of `number` of the pool (0 = all) per attempt. Null when the section has no rule.
 */
export async function previewDraw(q: Q, sectionId: number, bankId: number): Promise<TestDrawPreview | null> {
  const rule = await q
    .selectFrom("test_section_draw")
    .select([
      "id",
      "bank_id",
      "tag_list",
      "type_method",
      "type_random",
      "type_select",
      "number",
      "range",
      "question_list",
    ])
    .where("section_id", "=", sectionId)
    .where("bank_id", "=", bankId)
    .executeTakeFirst();
  if (!rule) return null;
  const questions = await bankQuestions(q, bankId);
  const poolIds = new Set(pickForRule({ ...rule, type_method: 0, number: 0 }, questions, 0));
  const fixed = rule.type_method === 1 || rule.type_random === 1;
  const picks = fixed ? pickForRule(rule, questions, 0) : null;
  const ids = [...poolIds, ...(picks ?? [])];
  const rows = ids.length
    ? await q.selectFrom("test_question").select(["id", "number", "desc"]).where("id", "in", ids).execute()
    : [];
  const byId = new Map(rows.map((r) => [r.id, { number: r.number, desc: r.desc }]));
  return {
    type_method: rule.type_method,
    type_random: rule.type_random,
    number: rule.number,
    pool: questions.filter((x) => poolIds.has(x.id)).map((x) => byId.get(x.id)!),
    picks: picks === null ? null : picks.map((id) => byId.get(id)!),
  };
}
