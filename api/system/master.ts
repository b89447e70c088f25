import type { FastifyInstance, FastifyRequest } from "fastify";
import { sql, type RawBuilder, type SqlBool } from "kysely";
import type { FilterName } from "../../contract/config";
import { MSG } from "../../contract/messages";
import { DASHBOARD_FLAG, flag, type Action, type Module } from "../../contract/permissions";
import { requestFlags } from "../auth/permissions";
import type { Db } from "../db/index";
import type { AccountRow, ApiContext } from "../http/context";
import { badRequest, forbidden, notFound } from "../http/errors";
import { parseOrdering, tieDirection, type OrderingWhitelist } from "../http/ordering";
import { paginate, readPageQuery } from "../http/paging";
import { touchUpdate } from "./config-store";
import { UPDATE_KEYS } from "./config";
import { storeImageUpload } from "./media";
import { itemId, likePattern, type Trx } from "../engine/crud";

/**
 * What the master data calls share (groups, providers, instructors, categories; issue 15,
 * docs/decisions/030): the flag check, the paged list with search and ordering, the code rule,
 * the filter-list caches to refresh after a write, the image upload.
 */

export type MasterTable = "account_group" | "provider" | "instructor" | "category" | "location" | "learning_program";
/**
 * Every table of named, coded rows: the master data's, the organisation's (departments, levels,
 * positions), and the approval flows and forms of issue 17 (api/requests/kit.ts).
 */
export type CodedTable = MasterTable | "department" | "level" | "position" | "approval_flow" | "request_form";

/** The signed-in staff account holding the module's flag for `action`: else 401/403. */
export async function requireModule(
  req: FastifyRequest,
  db: Db,
  module: Module,
  action: Action,
): Promise<{ account: AccountRow; flags: Set<string> }> {
  const { account, flags } = await requestFlags(req, db);
  if (!flags.has(DASHBOARD_FLAG) || !flags.has(flag(module, action))) throw forbidden();
  return { account, flags };
}

/** The table as `t`, typed by the columns they all share (id, name, code). */
export const fromMaster = (q: Db | Trx, table: CodedTable) => q.selectFrom(`${table} as t` as "provider as t");

/** id, name, code: the ordering every master list offers (name first, case-insensitively). */
export const MASTER_ORDERING: OrderingWhitelist = {
  name: [sql`lower(${sql.ref("t.name")})`, sql.ref("t.name")],
  code: sql`lower(${sql.ref("t.code")})`,
  id: sql.ref("t.id"),
};

/**
 * GET list: the rows `where` allows, matching `search` on name and code, in the asked ordering
 * (400 {ordering: [invalid_choice]} otherwise), paged; `present` turns a page of ids into rows.
 * `sort`: a list's own ordering whitelist and default (MASTER_ORDERING by name otherwise).
 */
export async function masterList<R>(
  req: FastifyRequest,
  db: Db,
  table: CodedTable,
  where: RawBuilder<SqlBool> | null,
  present: (ids: number[]) => Promise<R[]>,
  sort: { ordering: OrderingWhitelist; fallback: string } = { ordering: MASTER_ORDERING, fallback: "name" },
) {
  const q = readPageQuery(req);
  const order = parseOrdering(q.ordering, sort.ordering, sort.fallback);
  if (!order) throw badRequest({ ordering: [MSG.invalid_choice] });
  let query = fromMaster(db, table).select("t.id");
  if (where) query = query.where(where);
  if (q.search) {
    const p = likePattern(q.search);
    query = query.where(
      sql<SqlBool>`(lower(${sql.ref("t.name")}) like ${p} escape '\\' or lower(coalesce(${sql.ref("t.code")}, '')) like ${p} escape '\\')`,
    );
  }
  for (const o of order) query = query.orderBy(o.expr, o.desc ? "desc" : "asc");
  query = query.orderBy("t.id", tieDirection(order));
  const page = await paginate(req, query, q);
  return { ...page, results: await present(page.results.map((r) => r.id)) };
}

/** The `:id` of an item path that names an existing row of `table`, else 404. */
export async function existingId(req: FastifyRequest, db: Db | Trx, table: MasterTable, param = "id"): Promise<number> {
  const id = itemId(req, param);
  if (!(await fromMaster(db, table).select("t.id").where("t.id", "=", id).executeTakeFirst())) throw notFound();
  return id;
}

/**
 * `value` of `column` is free in `table` (case-insensitively, among the rows `among` keeps, another
 * row than `selfId`): else 400 {field: [message]} (field: the column). Nothing to check when blank.
 */
export async function assertFree(
  trx: Trx,
  o: {
    table: CodedTable | "budget_category";
    column: string;
    value: string | null | undefined;
    selfId: number | null;
    message: string;
    among?: RawBuilder<SqlBool>;
  },
) {
  if (!o.value) return;
  let q = trx
    .selectFrom(`${o.table} as t` as "level as t")
    .select("t.id")
    .where(sql`lower(${sql.ref(`t.${o.column}`)})`, "=", sql`lower(${o.value})`);
  if (o.among) q = q.where(o.among);
  if (o.selfId !== null) q = q.where("t.id", "<>", o.selfId);
  if (await q.executeTakeFirst()) throw badRequest({ [o.column]: [o.message] });
}

/** A code is free in `table` (case-insensitively, another row than `selfId`): else 400 {code: [code_already_used]}. */
export const assertCodeFree = (
  trx: Trx,
  table: CodedTable | "budget_category",
  code: string | null | undefined,
  selfId: number | null,
) => assertFree(trx, { table, column: "code", value: code, selfId, message: MSG.code_already_used });
/** The answer to a unique violation on code that slipped past the check (two writers at once). */
export const CODE_UNIQUE = { field: "code", message: MSG.code_already_used };

/**
 * A name people pick from is free (issue 33, migration 0043): a level's or a position's among
 * all, a department's among its siblings (`parent`: null for the roots). Else 400 {name: [name_already_used]}.
 */
export const assertNameFree = (
  trx: Trx,
  table: "level" | "position" | "department",
  name: string | undefined,
  selfId: number | null,
  parent?: number | null,
) =>
  assertFree(trx, {
    table,
    column: "name",
    value: name,
    selfId,
    message: MSG.name_already_used,
    among:
      parent === undefined
        ? undefined
        : parent === null
          ? sql<SqlBool>`t.parent_id is null`
          : sql<SqlBool>`t.parent_id = ${parent}`,
  });
/** The 400 of a name that slipped past the check (two writers at once): the index's name says which rule. */
export const NAME_UNIQUE = { field: "name", message: MSG.name_already_used, column: "name_lower_uq" };

/**
 * The filter lists (and their cached copies, config/check-update/) a change of these rows
 * refreshes. Done first in a write transaction, the row it updates stays locked until the
 * commit, so two writers of the same list take turns on PostgreSQL (SQLite has one writer anyway).
 */
export async function touchFilters(db: Db | Trx, names: readonly FilterName[], now: Date) {
  for (const name of names) await touchUpdate(db as Db, UPDATE_KEYS.filter(name), now);
}

/**
 * POST {path}/{id}/image/ (multipart field `image`: png, jpg or gif within config
 * image-size-limit) and DELETE {path}/{id}/image/: the row's image; the change flag of `module`.
 * Both answer the row as `load` gives it; `stamped`: the table keeps datetime_update.
 */
export type ImageTable = "provider" | "instructor" | "category" | "location" | "learning_program";
export function imageRoutes(
  app: FastifyInstance,
  ctx: ApiContext,
  opts: { path: string; table: ImageTable; module: Module; stamped?: boolean; load: (id: number) => Promise<unknown> },
) {
  const { db } = ctx;
  const path = `/dashboard/${opts.path}/:id(^\\d{1,12})/image/`;
  // Typed as provider's columns (the tables share id and image); the stamp only where it exists.
  const stamp = () => (opts.stamped ? ({ datetime_update: ctx.now().toISOString() } as object) : {});
  app.post(path, async (req) => {
    await requireModule(req, db, opts.module, "change");
    const id = await existingId(req, db, opts.table);
    const image = await storeImageUpload(req, db, ctx.mediaDir, opts.table);
    await db
      .updateTable(opts.table as "provider")
      .set({ image, ...stamp() })
      .where("id", "=", id)
      .execute();
    return opts.load(id);
  });
  app.delete(path, async (req) => {
    await requireModule(req, db, opts.module, "change");
    const id = await existingId(req, db, opts.table);
    await db
      .updateTable(opts.table as "provider")
      .set({ image: null, ...stamp() })
      .where("id", "=", id)
      .execute();
    return opts.load(id);
  });
}
