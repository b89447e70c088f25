import type { Transaction } from "kysely";
import type { Database } from "./schema";

/** A small deterministic generator (LCG): the same seed gives the same demo data on every start. */
export function lcg(seed: number) {
  let state = seed >>> 0;
  return () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

/** Insert rows a batch at a time (SQLite caps the number of bound values per statement). */
export async function insertBatches<T extends keyof Database>(
  trx: Transaction<Database>,
  table: T,
  rows: Record<string, unknown>[],
  size = 200,
) {
  for (let i = 0; i < rows.length; i += size)
    await trx
      .insertInto(table)
      .values(rows.slice(i, i + size) as never)
      .execute();
}

/**
 * A permission rule of `content` open to staff aged 18–60 (mode 2, `permission` 1 view or 2 view and
 * enrol): the demo classes' and class programs' audience, every other bound unset.
 */
export async function insertAgeRule(
  trx: Transaction<Database>,
  content: { content_type_id: number; content_id: number },
  permission: 1 | 2,
  created: string,
) {
  await trx
    .insertInto("content_permission")
    .values({
      ...content,
      mode: 2,
      permission,
      operator: 1,
      age_gte: 18,
      age_lte: 60,
      experience_gte: -1,
      experience_lte: -1,
      level_year_gte: -1,
      level_year_lte: -1,
      service_gte: -1,
      service_lte: -1,
      level_group_year_gte: -1,
      level_group_year_lte: -1,
      date_account_start_gte: null,
      date_account_start_lte: null,
      datetime_create: created,
      datetime_update: created,
    })
    .execute();
}
