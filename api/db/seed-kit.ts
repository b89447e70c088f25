import type { Transaction } from "kysely";
import type { Database } from "./schema";

/** A small deterministic generator (LCG): the same seed gives the same demo data on every start. */
export function lcg(seed: number) {
  let state = seed >>> 0;
  return () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

/** Insert rows a batch at a time (SQLite caps the number of bound values per statement). */
export async function insertBatches<T extends keyof Database>(trx: Transaction<Database>, table: T, rows: Record<string, unknown>[], size = 200) {
  for (let i = 0; i < rows.length; i += size) await trx.insertInto(table).values(rows.slice(i, i + size) as never).execute();
}
