import { TEST_TYPES, TEST_TYPE_SWITCH, type TestType } from "../../../contract/test-codes";
import { MSG } from "../../../contract/messages";
import { configValues } from "../../system/config-store";
import { TESTBANK_MSG, USAGE_STATUS, type Testbank, type TestbankRow } from "../../../contract/schemas/testbank";
import type { Db } from "../../db/index";
import { ApiError, badRequest } from "../../http/errors";
import type { Trx, WriteContext } from "../../engine/crud";
import { codeFilter, contentResource } from "../base-resource";

/**
 * Test bank (spec 000 §2.8 `/testbank…`, spec 001 §3; docs/decisions/063) on the engine's content
 * resource: list with search, category / provider filters and the test type, create, item,
 * delete. A bank is not published (the registry's `publish: false`); its questions are the test
 * question store's, owner "bank" (api/content/test-question/). What is its own:
 *
 * - **type_question** (the test type its questions are written for) is fixed once it has questions;
 * - **the log**: creating the bank and changing its information write a `testbank_log` row without
 *   a question number (the question store writes the numbered ones);
 * - **delete** is refused (424) while a test section draws from it.
 */

/** Questions per bank. */
async function questionCounts(db: Db | Trx, ids: number[]) {
  const rows = await db
    .selectFrom("test_question")
    .select((eb) => ["bank_id", eb.fn.countAll<number>().as("n")])
    .where("bank_id", "in", ids)
    .groupBy("bank_id")
    .execute();
  return new Map(rows.map((r) => [r.bank_id!, Number(r.n)]));
}

/** A test type configuration has switched off (2, 3, 6 by their switch) is not a choice. */
async function refuseSwitchedOff(trx: Trx, type: unknown) {
  const key = TEST_TYPE_SWITCH[type as TestType];
  if (!key) return;
  const config = await configValues(trx as unknown as Db, [key] as never);
  if ((config as Record<string, unknown>)[key] !== true) throw badRequest({ type_question: [MSG.invalid_choice] });
}

/** One row of the bank's own log (no question number): what a write changed. */
export async function logBank(
  trx: Trx,
  bankId: number,
  action: string,
  changes: Record<string, unknown>,
  w: { account: { id: number }; now: Date },
  number: number | null = null,
) {
  await trx
    .insertInto("testbank_log")
    .values({
      testbank_id: bankId,
      number,
      action,
      changes: JSON.stringify(changes),
      created_by: w.account.id,
      datetime_create: w.now.toISOString(),
    })
    .execute();
}

/** The fields a log entry of an information change names (ids and text as sent). */
const LOGGED = ["name", "code", "type_question", "category", "provider", "content_level", "desc"] as const;

const base = contentResource<TestbankRow, Testbank>({
  key: "testbank",
  schema: "testbank",
  table: "testbank",
  module: "testbank",
  hasImage: false,
  async rowExtras(db, ids) {
    const rows = await db.selectFrom("testbank").select(["id", "type_question"]).where("id", "in", ids).execute();
    const counts = await questionCounts(db, ids);
    const types = new Map(rows.map((r) => [r.id, r.type_question]));
    return (id) => ({ type_question: types.get(id) ?? 1, count_question: counts.get(id) ?? 0 });
  },
  async itemExtras(db, id) {
    const waiting = await db
      .selectFrom("testbank_usage")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("testbank_id", "=", id)
      .where("status", "=", USAGE_STATUS.waiting)
      .executeTakeFirstOrThrow();
    const draws = await db
      .selectFrom("test_section_draw")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("bank_id", "=", id)
      .executeTakeFirstOrThrow();
    return { count_usage_waiting: Number(waiting.n), count_draw: Number(draws.n) };
  },
  ownColumns(input) {
    return input.type_question === undefined ? {} : { type_question: input.type_question };
  },
  async beforeInsert(trx, input) {
    await refuseSwitchedOff(trx, input.type_question);
  },
  async beforeWrite(trx, id, input, w) {
    if (input.type_question !== undefined) await refuseSwitchedOff(trx, input.type_question);
    const row = await trx.selectFrom("testbank").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    if (
      input.type_question !== undefined &&
      input.type_question !== row.type_question &&
      ((await questionCounts(trx, [id])).get(id) ?? 0) > 0
    ) {
      throw badRequest({ type_question: [TESTBANK_MSG.type_locked] });
    }
    const before: Record<string, unknown> = { ...row, category: row.category_id, provider: row.provider_id };
    const changes = Object.fromEntries(
      LOGGED.filter((f) => input[f] !== undefined && input[f] !== before[f]).map((f) => [f, input[f]]),
    );
    if (Object.keys(changes).length) await logBank(trx, id, "update", changes, w);
  },
  publishRefusal: async () => null,
  scopes: {},
  filters: {
    type_question: codeFilter(TEST_TYPES, "type_question"),
  },
});

export const testbankResource: typeof base = {
  ...base,
  async insert(trx: Trx, input, w: WriteContext) {
    const id = await base.insert(trx, input, w);
    await logBank(trx, id, "create", { name: input.name, code: input.code }, w);
    return id;
  },
  async remove(trx, id, w) {
    if (await trx.selectFrom("test_section_draw").select("id").where("bank_id", "=", id).executeTakeFirst())
      throw new ApiError(424, { detail: TESTBANK_MSG.in_use });
    await base.remove(trx, id, w);
  },
};
