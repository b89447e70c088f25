import { MSG } from "../../../contract/messages";
import { countedMessage } from "../../../contract/counted-message";
import { TEST_MSG, type DrawInput, type TestDraw } from "../../../contract/schemas/test";
import { USAGE_STATUS } from "../../../contract/schemas/testbank";
import { checkRange, formatRange, parseRange } from "../../../contract/test-range";
import { badRequest, notFound } from "../../http/errors";
import type { Trx } from "../../engine/crud";
import type { Q } from "../../requests/kit";

/**
 * A section's rules for drawing from banks (spec 001 §3 "Question selection from a bank", issue
 * 18 §2; docs/decisions/064): one rule per bank and section, reached by the bank's id (the
 * route's `section/{sectionid}/testbank/{testbankid}`). A rule is checked against its bank when
 * saved: the range must name questions the bank has (else a `range` error saying how many it
 * has), and the number asked must fit the pool the range and tags leave (else a `number` error
 * saying how many there are). What an attempt draws is draw.ts.
 */

type BankQuestion = { id: number; number: number; tags: number[] };

async function bankPool(q: Q, bankId: number): Promise<BankQuestion[]> {
  const rows = await q
    .selectFrom("test_question")
    .select(["id", "number"])
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
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    tags: tags.filter((t) => t.question_id === r.id).map((t) => t.tag_id),
  }));
}

const json = (text: string): number[] => {
  try {
    const v: unknown = JSON.parse(text);
    return Array.isArray(v) ? v.map(Number) : [];
  } catch {
    return [];
  }
};

export async function listDraws(q: Q, sectionId: number): Promise<TestDraw[]> {
  const rows = await q
    .selectFrom("test_section_draw as d")
    .innerJoin("testbank as b", "b.id", "d.bank_id")
    .selectAll("d")
    .select("b.name as bank_name")
    .where("d.section_id", "=", sectionId)
    .orderBy("d.sort")
    .orderBy("d.id")
    .execute();
  const out: TestDraw[] = [];
  for (const r of rows) {
    const pool = await bankPool(q, r.bank_id);
    out.push({
      id: r.id,
      sort: r.sort,
      bank: { id: r.bank_id, name: r.bank_name },
      tag_list: json(r.tag_list),
      type_method: r.type_method as TestDraw["type_method"],
      type_random: r.type_random as TestDraw["type_random"],
      type_select: r.type_select as TestDraw["type_select"],
      number: r.number,
      range: r.range,
      question_list: json(r.question_list),
      question_count: pool.length,
    });
  }
  return out;
}

/** The pool a rule draws from: the bank's visible questions, narrowed by its tags. */
function byTags(pool: BankQuestion[], tagIds: number[], all: boolean) {
  if (!tagIds.length) return pool;
  return pool.filter((x) => (all ? tagIds.every((t) => x.tags.includes(t)) : tagIds.some((t) => x.tags.includes(t))));
}

/**
 * Check a rule against its bank; answers the columns to store (range normalised, e.g.
 * `1-5, 3-8` → `1-8`), or throws one 400 with every field error.
 */
async function checked(trx: Trx, sectionId: number, input: DrawInput) {
  const errors: Record<string, string[]> = {};
  const bank = await trx
    .selectFrom("testbank")
    .select(["id", "provider_id"])
    .where("id", "=", input.bank)
    .executeTakeFirst();
  if (!bank) throw badRequest({ bank: [MSG.invalid_choice] });
  // Another provider's bank: only with its approved usage request for this test (docs/decisions/063).
  const test = await trx
    .selectFrom("test_section as s")
    .innerJoin("test as t", "t.id", "s.test_id")
    .select(["t.id", "t.provider_id"])
    .where("s.id", "=", sectionId)
    .executeTakeFirstOrThrow();
  if (test.provider_id !== bank.provider_id) {
    const approved = await trx
      .selectFrom("testbank_usage")
      .select("id")
      .where("testbank_id", "=", bank.id)
      .where("test_id", "=", test.id)
      .where("status", "=", USAGE_STATUS.approved)
      .executeTakeFirst();
    if (!approved) throw badRequest({ bank: [MSG.bank_usage_not_approved] });
  }
  if (input.tag_list.length) {
    const found = await trx.selectFrom("tag").select("id").where("id", "in", input.tag_list).execute();
    if (found.length !== input.tag_list.length) errors.tag_list = [MSG.invalid_choice];
  }
  const pool = byTags(await bankPool(trx, input.bank), input.tag_list, input.type_select === 1);
  const numbers = pool.map((x) => x.number);
  let range = input.range.trim();
  let questionList: number[] = [];
  let count = input.number;
  if (input.type_method === 1) {
    // Selected: the numbers given (question_list, else the range), each a question of the pool.
    const parsed = input.question_list.length ? { ok: true as const, numbers: input.question_list } : parseRange(range);
    if (!parsed.ok) errors.range = [parsed.error === "order" ? TEST_MSG.range_order : TEST_MSG.range_syntax];
    else {
      const missing = parsed.numbers.filter((n) => !numbers.includes(n));
      const field = input.question_list.length ? "question_list" : "range";
      if (missing.length) errors[field] = [countedMessage(TEST_MSG.range_out_of_bank, numbers.length)];
      else if (!parsed.numbers.length) errors[field] = [MSG.required];
      questionList = parsed.numbers;
      count = parsed.numbers.length;
      if (field === "range") range = formatRange(parsed.numbers);
    }
  } else {
    const check = checkRange(range, numbers, input.number);
    if (check.ok) range = formatRange(check.numbers);
    else if (check.error === "out_of_bank") errors.range = [countedMessage(TEST_MSG.range_out_of_bank, check.count)];
    else if (check.error === "too_many") errors.number = [countedMessage(TEST_MSG.range_too_many, check.count)];
    else errors.range = [check.error === "order" ? TEST_MSG.range_order : TEST_MSG.range_syntax];
  }
  if (Object.keys(errors).length) throw badRequest(errors);
  return {
    bank_id: input.bank,
    tag_list: JSON.stringify(input.tag_list),
    type_method: input.type_method,
    type_random: input.type_random,
    type_select: input.type_select,
    number: count,
    range,
    question_list: JSON.stringify(questionList),
  };
}

/** The rule of `sectionId` drawing from `bankId`, or null. */
export const drawOf = (q: Q, sectionId: number, bankId: number) =>
  listDraws(q, sectionId).then((all) => all.find((d) => d.bank.id === bankId) ?? null);

/** Create or replace the section's rule for the input's bank. */
export async function saveDraw(trx: Trx, sectionId: number, input: DrawInput, now: Date): Promise<number> {
  const values = await checked(trx, sectionId, input);
  const existing = await trx
    .selectFrom("test_section_draw")
    .select("id")
    .where("section_id", "=", sectionId)
    .where("bank_id", "=", input.bank)
    .executeTakeFirst();
  if (existing) {
    await trx.updateTable("test_section_draw").set(values).where("id", "=", existing.id).execute();
    return existing.id;
  }
  const { last } = (await trx
    .selectFrom("test_section_draw")
    .select((eb) => eb.fn.max("sort").as("last"))
    .where("section_id", "=", sectionId)
    .executeTakeFirstOrThrow()) as { last: number | null };
  const { id } = await trx
    .insertInto("test_section_draw")
    .values({ section_id: sectionId, sort: Number(last ?? 0) + 1, ...values, datetime_create: now.toISOString() })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

export async function deleteDraw(trx: Trx, sectionId: number, bankId: number) {
  const res = await trx
    .deleteFrom("test_section_draw")
    .where("section_id", "=", sectionId)
    .where("bank_id", "=", bankId)
    .executeTakeFirst();
  if (!Number(res.numDeletedRows)) throw notFound();
}
