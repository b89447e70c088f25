import type { FastifyRequest } from "fastify";
import type { RawBuilder, SqlBool } from "kysely";
import type { PersonRef } from "../../contract/schemas/requests";
import type { Db } from "../db/index";
import { notFound } from "../http/errors";
import type { OrderingWhitelist } from "../http/ordering";
import { MASTER_ORDERING, masterList } from "../system/master";
import { itemId, type Trx } from "../engine/crud";

/** What the calls of this area share: people as references, money, the code rule, the paged list. */

export type Q = Db | Trx;

/** Baht (2 decimals) ↔ hundredths, as every money column keeps it. */
export const toMinor = (baht: number | null | undefined) => (baht == null ? null : Math.round(baht * 100));
export const fromMinor = (minor: number | null) => (minor === null ? null : minor / 100);

/** Accounts by id as {id, name, username}. */
export async function peopleById(q: Q, ids: readonly (number | null)[]): Promise<Map<number, PersonRef>> {
  const wanted = [...new Set(ids.filter((i): i is number => i !== null))];
  if (!wanted.length) return new Map();
  const rows = await q
    .selectFrom("account")
    .select(["id", "username", "first_name", "last_name"])
    .where("id", "in", wanted)
    .execute();
  return new Map(
    rows.map((r) => [
      r.id,
      { id: r.id, username: r.username, name: `${r.first_name} ${r.last_name}`.trim() || r.username },
    ]),
  );
}

/** The code rule and the paged list are the master data's (api/system/master.ts). */
export { assertCodeFree } from "../system/master";

/** The `:param` of the path naming a row of `table`, else 404. */
export async function rowId(
  req: FastifyRequest,
  q: Q,
  table: "approval_flow" | "request_form" | "learning_request" | "learning_result",
  param = "id",
) {
  const id = itemId(req, param);
  if (
    !(await q
      .selectFrom(`${table} as t` as "approval_flow as t")
      .select("t.id")
      .where("t.id", "=", id)
      .executeTakeFirst())
  )
    throw notFound();
  return id;
}

/** id, name, code ordering plus a list's own keys; name first by default. */
export const namedOrdering = (extra: OrderingWhitelist = {}): OrderingWhitelist => ({ ...MASTER_ORDERING, ...extra });

/**
 * A paged list of `table` (as `t`) narrowed by `where`, searched on name and code, in the asked
 * ordering: the master data's list (masterList) with this list's own ordering.
 */
export function namedList<R>(
  req: FastifyRequest,
  db: Db,
  table: "approval_flow" | "request_form",
  opts: {
    where?: RawBuilder<SqlBool>;
    ordering: OrderingWhitelist;
    fallback: string;
    present: (ids: number[]) => Promise<R[]>;
  },
) {
  return masterList(req, db, table, opts.where ?? null, opts.present, {
    ordering: opts.ordering,
    fallback: opts.fallback,
  });
}

/**
 * Moves row `id` one place up or down among `rows` (sorted by position): swaps the two
 * positions, then renumbers 1..n so positions stay dense whatever happened before.
 */
export async function moveRow(
  trx: Trx,
  table: "form_section" | "form_question" | "approval_step",
  rows: { id: number }[],
  id: number,
  direction: "up" | "down",
) {
  const at = rows.findIndex((r) => r.id === id);
  const to = direction === "up" ? at - 1 : at + 1;
  if (at < 0 || to < 0 || to >= rows.length) return;
  const order = rows.map((r) => r.id);
  [order[at], order[to]] = [order[to], order[at]];
  for (const [i, rid] of order.entries())
    await trx
      .updateTable(table as "form_section")
      .set({ sort: i + 1 })
      .where("id", "=", rid)
      .execute();
}
