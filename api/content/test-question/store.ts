import { sql } from "kysely";
import { MSG } from "../../../contract/messages";
import {
  ANSWER_CHOICES,
  CHOICE_TYPES,
  MATCHING_TYPE,
  QUESTION_LIMIT_KEY,
  TEST_TYPE_SWITCH,
  type TestType,
} from "../../../contract/test-codes";
import { countedMessage } from "../../../contract/counted-message";
import {
  TEST_MSG,
  type ChoiceInput,
  type QuestionUpdateInput,
  type TestChoice,
  type TestQuestion,
} from "../../../contract/schemas/test";
import type { Db } from "../../db/index";
import { fromFlag, toFlag } from "../../db/index";
import { badRequest, notFound } from "../../http/errors";
import type { Trx } from "../../engine/crud";
import type { Q } from "../../requests/kit";
import { configValues } from "../../system/config-store";
import { logBank } from "../testbank/resource";

/**
 * THE question store of tests and banks (issue 18 §1–§2, docs/decisions/064): a question belongs
 * to exactly one owner, a test section or a bank, and is numbered from 1 within it (the routes'
 * `question/{number}`). Every operation takes the owner, so both mounts share one code path; a
 * bank's writes also write its log (testbank_log: action, question number, what changed).
 */
export type Owner = { kind: "section"; id: number } | { kind: "bank"; id: number };
export type Writer = { account: { id: number }; now: Date };

const ownerColumn = (o: Owner) => (o.kind === "section" ? "section_id" : "bank_id");
export const UNTITLED_QUESTION = "Untitled Question";
export const UNTITLED_CHOICE = "Untitled Choice";

/** The configured limit of questions per owner (spec 002 §8 "question limit exceeded"). */
async function questionLimit(q: Q): Promise<number> {
  const config = (await configValues(q as Db, [QUESTION_LIMIT_KEY] as never)) as Record<string, unknown>;
  const n = Number(config[QUESTION_LIMIT_KEY]);
  return Number.isInteger(n) && n > 0 ? n : 100;
}

/** Test types 1 and 4 always; 2, 3 and 6 only when configuration switches them on. */
export async function typeAllowed(q: Q, type: number): Promise<boolean> {
  const key = TEST_TYPE_SWITCH[type as TestType];
  if (!key) return type === 1 || type === 4;
  const config = (await configValues(q as Db, [key] as never)) as Record<string, unknown>;
  return config[key] === true;
}

async function log(
  trx: Trx,
  owner: Owner,
  action: string,
  number: number | null,
  changes: Record<string, unknown>,
  w: Writer,
) {
  if (owner.kind === "bank") await logBank(trx, owner.id, action, changes, w, number);
}

/** The question `number` of `owner`, or 404. */
export async function questionAt(q: Q, owner: Owner, number: number) {
  const row = await q
    .selectFrom("test_question")
    .selectAll()
    .where(ownerColumn(owner), "=", owner.id)
    .where("number", "=", number)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** What creating question `id` answered ({id, number, type}), as it is now; undefined when `owner` has it no more. */
export const createdQuestion = (q: Q, owner: Owner, id: number) =>
  q
    .selectFrom("test_question")
    .select(["id", "number", "type"])
    .where("id", "=", id)
    .where(ownerColumn(owner), "=", owner.id)
    .executeTakeFirst();

const presentChoice = (c: {
  id: number;
  sort: number;
  desc: string;
  is_answer: number;
  pair_id: number | null;
}): TestChoice => ({ id: c.id, sort: c.sort, desc: c.desc, is_answer: fromFlag(c.is_answer), pair: c.pair_id ?? null });

/** Choice `id` of question `number` of `owner` as adding it answered, as it is now; undefined when it is not there. */
export async function choiceAt(q: Q, owner: Owner, number: number, id: number): Promise<TestChoice | undefined> {
  const c = await q
    .selectFrom("test_choice as c")
    .innerJoin("test_question as q", "q.id", "c.question_id")
    .select(["c.id", "c.sort", "c.desc", "c.is_answer", "c.pair_id"])
    .where("c.id", "=", id)
    .where(owner.kind === "section" ? "q.section_id" : "q.bank_id", "=", owner.id)
    .where("q.number", "=", number)
    .executeTakeFirst();
  return c && presentChoice(c);
}

/** Questions of an owner (all, or one number) with their tags and choices, by number. */
export async function listQuestions(q: Q, owner: Owner, number?: number): Promise<TestQuestion[]> {
  let query = q.selectFrom("test_question").selectAll().where(ownerColumn(owner), "=", owner.id);
  if (number !== undefined) query = query.where("number", "=", number);
  const rows = await query.orderBy("number").execute();
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const choices = await q
    .selectFrom("test_choice")
    .selectAll()
    .where("question_id", "in", ids)
    .orderBy("sort")
    .orderBy("id")
    .execute();
  const tags = await q
    .selectFrom("test_question_tag as qt")
    .innerJoin("tag", "tag.id", "qt.tag_id")
    .select(["qt.question_id", "tag.id", "tag.name"])
    .where("qt.question_id", "in", ids)
    .orderBy("tag.name")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    type: r.type,
    desc: r.desc,
    desc_hint: r.desc_hint,
    desc_answer: r.desc_answer,
    desc_evaluation: r.desc_evaluation,
    answer: r.answer,
    answer_gap: Number(r.answer_gap),
    score: r.score,
    is_hide: fromFlag(r.is_hide),
    tag_list: tags.filter((t) => t.question_id === r.id).map((t) => ({ id: t.id, name: t.name })),
    choice_list: choices.filter((c) => c.question_id === r.id).map(presentChoice),
  }));
}

export async function getQuestion(q: Q, owner: Owner, number: number): Promise<TestQuestion> {
  const [one] = await listQuestions(q, owner, number);
  if (!one) throw notFound();
  return one;
}

/**
 * A new question (spec 001 "Questions"): "Untitled Question" when desc is blank, numbered after
 * the last; types 1, 2 and 6 get two "Untitled Choice" choices, 2 and 6 also correct-answer ones
 * (two for 2, one for 6). Past the configured limit → 400 "question limit exceeded". A bank's
 * question takes the bank's type.
 */
export async function createQuestion(trx: Trx, owner: Owner, given: { desc: string; type: number }, w: Writer) {
  // A bank's questions are of the bank's type (type_question, docs/decisions/063): the posted type is not asked.
  const bank =
    owner.kind === "bank"
      ? await trx.selectFrom("testbank").select("type_question").where("id", "=", owner.id).executeTakeFirstOrThrow()
      : null;
  const input = { desc: given.desc, type: bank ? bank.type_question : given.type };
  if (!(await typeAllowed(trx, input.type))) throw badRequest({ type: [TEST_MSG.type_off] });
  const col = ownerColumn(owner);
  const { n, last } = (await trx
    .selectFrom("test_question")
    .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.max("number").as("last")])
    .where(col, "=", owner.id)
    .executeTakeFirstOrThrow()) as { n: number | string; last: number | null };
  const limit = await questionLimit(trx);
  // The message names the limit (`key|count`, as the draw errors do); `limit` stays for other clients.
  if (Number(n) >= limit) throw badRequest({ detail: countedMessage(MSG.question_limit_exceeded, limit), limit });
  const number = Number(last ?? 0) + 1;
  const at = w.now.toISOString();
  const desc = input.desc.trim() ? input.desc : UNTITLED_QUESTION;
  const { id } = await trx
    .insertInto("test_question")
    .values({
      section_id: owner.kind === "section" ? owner.id : null,
      bank_id: owner.kind === "bank" ? owner.id : null,
      number,
      type: input.type,
      desc,
      datetime_create: at,
      datetime_update: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (CHOICE_TYPES.includes(input.type)) {
    const answers = ANSWER_CHOICES[input.type] ?? 0;
    const flags = [0, 0, ...Array.from({ length: answers }, () => 1)];
    if (input.type === MATCHING_TYPE) {
      // A new matching question's prompts start matched with its answers in order (docs/decisions/070).
      const made = await trx
        .insertInto("test_choice")
        .values([3, 4].map((sort) => ({ question_id: id, sort, desc: UNTITLED_CHOICE, is_answer: 1 })))
        .returning("id")
        .execute();
      await trx
        .insertInto("test_choice")
        .values(
          made.map((a, i) => ({ question_id: id, sort: i + 1, desc: UNTITLED_CHOICE, is_answer: 0, pair_id: a.id })),
        )
        .execute();
    } else {
      await trx
        .insertInto("test_choice")
        .values(flags.map((is_answer, i) => ({ question_id: id, sort: i + 1, desc: UNTITLED_CHOICE, is_answer })))
        .execute();
    }
  }
  await log(trx, owner, "question_create", number, { type: input.type, desc }, w);
  return { id, number, type: input.type };
}

export async function updateQuestion(trx: Trx, owner: Owner, number: number, input: QuestionUpdateInput, w: Writer) {
  const row = await questionAt(trx, owner, number);
  if (input.tag_list.length) {
    const found = await trx.selectFrom("tag").select("id").where("id", "in", input.tag_list).execute();
    if (found.length !== input.tag_list.length) throw badRequest({ tag_list: [MSG.invalid_choice] });
  }
  const { tag_list, is_hide, ...rest } = input;
  await trx
    .updateTable("test_question")
    .set({
      ...rest,
      desc: rest.desc.trim() ? rest.desc : UNTITLED_QUESTION,
      is_hide: toFlag(is_hide),
      datetime_update: w.now.toISOString(),
    })
    .where("id", "=", row.id)
    .execute();
  await trx.deleteFrom("test_question_tag").where("question_id", "=", row.id).execute();
  if (tag_list.length)
    await trx
      .insertInto("test_question_tag")
      .values(tag_list.map((tag_id) => ({ question_id: row.id, tag_id })))
      .execute();
  const changed = Object.fromEntries(
    Object.entries({ ...rest, is_hide }).filter(
      ([k, v]) => (row as Record<string, unknown>)[k] !== (typeof v === "boolean" ? toFlag(v) : v),
    ),
  );
  await log(trx, owner, "question_update", number, { ...changed, tag_list }, w);
}

/** Delete question `number`; the ones after it move up, so numbers stay 1..N. */
export async function deleteQuestion(trx: Trx, owner: Owner, number: number, w: Writer) {
  const row = await questionAt(trx, owner, number);
  // An attempt's answers keep the question as it was asked (test_attempt_answer.question_desc), so deleting is allowed.
  await trx.deleteFrom("test_question").where("id", "=", row.id).execute();
  await trx
    .updateTable("test_question")
    .set({ number: sql`number - 1` })
    .where(ownerColumn(owner), "=", owner.id)
    .where("number", ">", number)
    .execute();
  await log(trx, owner, "question_delete", number, { desc: row.desc }, w);
}

/** Move question `number` to `to` (clamped to 1..N); the ones between shift by one. */
export async function moveQuestion(trx: Trx, owner: Owner, number: number, to: number, w: Writer) {
  const row = await questionAt(trx, owner, number);
  const col = ownerColumn(owner);
  const { n } = (await trx
    .selectFrom("test_question")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where(col, "=", owner.id)
    .executeTakeFirstOrThrow()) as { n: number | string };
  const target = Math.min(Math.max(1, to), Number(n));
  if (target === number) return number;
  if (target < number) {
    await trx
      .updateTable("test_question")
      .set({ number: sql`number + 1` })
      .where(col, "=", owner.id)
      .where("number", ">=", target)
      .where("number", "<", number)
      .execute();
  } else {
    await trx
      .updateTable("test_question")
      .set({ number: sql`number - 1` })
      .where(col, "=", owner.id)
      .where("number", ">", number)
      .where("number", "<=", target)
      .execute();
  }
  await trx.updateTable("test_question").set({ number: target }).where("id", "=", row.id).execute();
  await log(trx, owner, "question_move", target, { from: number, to: target }, w);
  return target;
}

/**
 * The pair a choice keeps (docs/decisions/070): only a matching question's prompt has one, and it
 * must be an answer choice of the same question (else the field error pair_not_answer).
 */
async function pairOf(
  trx: Trx,
  question: { id: number; type: number },
  input: ChoiceInput,
  self: number | null,
): Promise<number | null> {
  if (question.type !== MATCHING_TYPE || input.is_answer || input.pair == null) return null;
  const answer = await trx
    .selectFrom("test_choice")
    .select("id")
    .where("id", "=", input.pair)
    .where("question_id", "=", question.id)
    .where("is_answer", "=", 1)
    .executeTakeFirst();
  if (!answer || answer.id === self) throw badRequest({ pair: [TEST_MSG.pair_not_answer] });
  return answer.id;
}

/** Prompts matched with `choiceId` lose their pair (it is deleted, or no longer an answer). */
const unpair = (trx: Trx, choiceId: number) =>
  trx.updateTable("test_choice").set({ pair_id: null }).where("pair_id", "=", choiceId).execute();

export async function addChoice(
  trx: Trx,
  owner: Owner,
  number: number,
  input: ChoiceInput,
  w: Writer,
): Promise<TestChoice> {
  const row = await questionAt(trx, owner, number);
  const pair = await pairOf(trx, row, input, null);
  const { last } = (await trx
    .selectFrom("test_choice")
    .select((eb) => eb.fn.max("sort").as("last"))
    .where("question_id", "=", row.id)
    .executeTakeFirstOrThrow()) as { last: number | null };
  const sort = Number(last ?? 0) + 1;
  const { id } = await trx
    .insertInto("test_choice")
    .values({ question_id: row.id, sort, desc: input.desc, is_answer: toFlag(input.is_answer), pair_id: pair })
    .returning("id")
    .executeTakeFirstOrThrow();
  await log(
    trx,
    owner,
    "choice_create",
    number,
    { desc: input.desc, is_answer: input.is_answer, ...(pair !== null && { pair }) },
    w,
  );
  return { id, sort, desc: input.desc, is_answer: input.is_answer, pair };
}

async function choiceOf(trx: Trx, owner: Owner, number: number, choiceId: number) {
  const row = await questionAt(trx, owner, number);
  const choice = await trx
    .selectFrom("test_choice")
    .selectAll()
    .where("id", "=", choiceId)
    .where("question_id", "=", row.id)
    .executeTakeFirst();
  if (!choice) throw notFound();
  return { question: row, choice };
}

export async function updateChoice(
  trx: Trx,
  owner: Owner,
  number: number,
  choiceId: number,
  input: ChoiceInput,
  w: Writer,
) {
  const { question, choice } = await choiceOf(trx, owner, number, choiceId);
  // A form that does not send the pair (JSON without it) keeps the stored one.
  const pair = await pairOf(
    trx,
    question,
    { ...input, pair: input.pair === undefined ? choice.pair_id : input.pair },
    choiceId,
  );
  await trx
    .updateTable("test_choice")
    .set({ desc: input.desc, is_answer: toFlag(input.is_answer), pair_id: pair })
    .where("id", "=", choiceId)
    .execute();
  if (!input.is_answer) await unpair(trx, choiceId);
  await log(
    trx,
    owner,
    "choice_update",
    number,
    { id: choiceId, desc: input.desc, is_answer: input.is_answer, ...(question.type === MATCHING_TYPE && { pair }) },
    w,
  );
}

export async function deleteChoice(trx: Trx, owner: Owner, number: number, choiceId: number, w: Writer) {
  const { choice } = await choiceOf(trx, owner, number, choiceId);
  await trx.deleteFrom("test_choice").where("id", "=", choiceId).execute();
  await unpair(trx, choiceId);
  await log(trx, owner, "choice_delete", number, { id: choiceId, desc: choice.desc }, w);
}
