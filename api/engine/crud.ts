import type { FastifyInstance, FastifyRequest } from "fastify";
import { sql, type Kysely, type RawBuilder, type SqlBool, type Transaction } from "kysely";
import type { z } from "zod/v4";
import type { FieldErrors } from "../../contract/http";
import { isIgnoredFilterValue } from "../../contract/list-query";
import { MSG } from "../../contract/messages";
import {
  ACTIONS,
  DASHBOARD_FLAG,
  flag,
  viewFlag,
  type Action,
  type Module,
  type ViewScope,
} from "../../contract/permissions";
import { requestFlags } from "../auth/permissions";
import type { Db } from "../db/index";
import type { ContentColumns, ContentTable, Database } from "../db/schema";
import type { AccountRow, ApiContext } from "../http/context";
import {
  ApiError,
  assertChanges,
  badRequest,
  fieldErrors,
  forbidden,
  notFound,
  refuseUnknownFields,
} from "../http/errors";
import { paginate, readPageQuery } from "../http/paging";
import { createOnce } from "../http/idempotency";
import { parseOrdering, tieDirection } from "../http/ordering";

/**
 * The generic resource layer (docs/decisions/006): a resource definition yields the list,
 * retrieve, create, update, delete and show/hide endpoints of spec 002 §7 "Generic calls", with
 * permission flags, view scopes, search, ordering, filters and paging built in once. The
 * resource supplies what is truly its own (how a row is answered, how input becomes rows); domain
 * rules (publishing…) are services it calls.
 */

export type Trx = Transaction<Database>;
/** Tables a resource stands on (the content types' own tables); each has an integer `id` and `datetime_update`. */
export type ResourceTable = ContentTable;
/** Tables an input field may reference by id. */
export type RefTable =
  | "category"
  | "provider"
  | "level"
  | "instructor"
  | "tag"
  | "account"
  | "account_group"
  | "learning_program"
  | ContentTable;

/** Ids are integer columns in both dialects: anything larger names no row. */
export const MAX_DB_ID = 2_147_483_647;

/** The database with a name for "any content table": the columns every one of them has. */
type ContentDb = Database & { any_content: ContentColumns };
/** The resource table as `t`, typed by the columns every content table has; others go through sql.ref. */
export const fromResource = (q: Db | Trx, table: ResourceTable) =>
  (q as unknown as Kysely<ContentDb>).selectFrom(`${table} as t` as "any_content as t");

/** `%term%` for LIKE, with the user's own % _ and \ taken literally (ESCAPE '\'). */
export const likePattern = (term: string) => `%${term.toLowerCase().replace(/[\\%_]/g, "\\$&")}%`;

/** The account's role ids of one kind (account_role_scope), as a subquery. */
export const roleIds = (kind: "provider" | "instructor" | "department" | "group", accountId: number) =>
  sql`(select ${sql.ref("ars.ref_id")} from ${sql.table("account_role_scope")} as ars where ${sql.ref("ars.account_id")} = ${accountId} and ${sql.ref("ars.kind")} = ${kind})`;

export type ScopeRule = {
  /** The rows this scope lets the account see, on the resource table aliased `t`. */
  where: (accountId: number) => RawBuilder<SqlBool>;
  /** The field a write is refused on when it would move the row out of the account's scope. */
  field: string;
};

// Method syntax on purpose: a rule over numbers is still a FilterRule (parameters are bivariant).
export type FilterRule<V = unknown> = {
  /** One query value (never "", "null" or "all": those are ignored) → the value, or null when invalid. */
  parse(raw: string): V | null;
  /** The condition for the given values (several values of the same filter: any of them). */
  where(values: V[], now: Date): RawBuilder<SqlBool>;
};

/** Filter selection ignores empty, null or all values (spec 002 §5). */
export const idFilterValue = (raw: string) =>
  /^\d{1,10}$/.test(raw.trim()) && Number(raw) <= MAX_DB_ID && Number(raw) > 0 ? Number(raw) : null;

/** An input field naming rows of another table: every id must exist (and match `where`), or 400 invalid_choice. */
export type RefRule = { table: RefTable; where?: Record<string, string | number> };
/** A unique column: a duplicate (case-insensitive) answers 400 `{field: [message]}`. */
export type UniqueRule = { field: string; column: string; message: string };

export type WriteContext = { account: AccountRow; now: Date; ctx: ApiContext };

export type Resource<Row, Item, C extends Record<string, unknown>, U extends Record<string, unknown>, D = never> = {
  /** Path under /api/dashboard/ (no slashes). */
  path: string;
  table: ResourceTable;
  module: Module;
  /** Code of its content_type row, when it is content (tags, content-type addressed calls). */
  contentType?: string;
  /** The columns a list query reads; `present` turns them into list rows. */
  columns: readonly string[];
  /** Columns `search` matches, case-insensitively. */
  search: readonly string[];
  /** The ordering whitelist: key → expression on `t`; `-key` orders descending. */
  ordering: Record<string, RawBuilder<unknown>>;
  defaultOrdering: string;
  filters: Record<string, FilterRule>;
  /** View variants the resource understands; a scope flag not listed here grants nothing. */
  scopes: Partial<Record<ViewScope, ScopeRule>>;
  refs: Record<string, RefRule>;
  unique: readonly UniqueRule[];
  /** The create and update schemas (they may depend on config: limits, switched fields). */
  schemas: (db: Db) => Promise<{ create: z.ZodType<C>; update: z.ZodType<U> }>;
  present: (db: Db, rows: Record<string, unknown>[], now: Date) => Promise<Row[]>;
  load: (db: Db, id: number, now: Date) => Promise<Item>;
  insert: (trx: Trx, input: C, w: WriteContext) => Promise<number>;
  patch: (trx: Trx, id: number, input: U, w: WriteContext) => Promise<void>;
  /** Delete the row and what hangs on it; throws the 424 of a dependency. */
  remove: (trx: Trx, id: number, w: WriteContext) => Promise<void>;
  /** Show/hide and publish: a PATCH carrying one of `keys` needs the publish flag and goes to `apply`. */
  display?: {
    keys: readonly string[];
    schema: z.ZodType<D>;
    apply: (trx: Trx, id: number, input: D, w: WriteContext) => Promise<void>;
  };
  /**
   * Why an item may no longer be written at all (a cancelled class, docs/decisions/040), or null:
   * its own update and every feature call that writes to it (contentAccess) answer with it.
   */
  writeRefusal?: (q: Db | Trx, id: number) => Promise<ApiError | null>;
  /**
   * Which rows of its table are its items, when the table holds several types' (the media kinds
   * share one table, docs/decisions/069): its list and every item access see only these.
   */
  where?: RawBuilder<SqlBool>;
  /**
   * Grants one item gives one account beyond its flags (a playlist's owner and collaborators,
   * docs/decisions/102): the list shows whoever holds none of the module's view flags the items
   * granting it something, and an item's call asking for an action the flags do not give is let
   * through when the item grants it.
   */
  grants?: ItemGrants;
};

export type ItemGrants = {
  /** The items that grant the account anything, as a condition on the resource table `t`. */
  items: (accountId: number) => RawBuilder<SqlBool>;
  /** The actions item `id` grants the account (empty when none; "view" whenever any). */
  actions: (q: Db | Trx, accountId: number, id: number) => Promise<ReadonlySet<Action>>;
  /** The field a write that would take the item out of the account's grants is refused on. */
  field: string;
};
// The layer handles every resource alike; the row and input types matter only inside each one.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyResource = Resource<any, any, any, any, any>;

export type Access = {
  account: AccountRow;
  flags: Set<string>;
  /** The rows the account may see, or null for all of them. */
  scope: RawBuilder<SqlBool> | null;
  /** The field a write leaving the scope is refused on. */
  scopeField: string | null;
  /** Seen through the items' grants alone (no view flag): the list holds only granted items. */
  byGrant?: boolean;
};

/**
 * The content items whose administrator list (content_admin, docs/decisions/014) names the
 * account, as a condition on the resource table `t`: they widen a scoped view (decision 018).
 */
export const administeredBy = (contentType: string, accountId: number) =>
  sql<SqlBool>`${sql.ref("t.id")} in (select ${sql.ref("ca.content_id")} from ${sql.table("content_admin")} as ca inner join ${sql.table("content_type")} as ct on ${sql.ref("ct.id")} = ${sql.ref("ca.content_type_id")} where ${sql.ref("ct.code")} = ${contentType} and ${sql.ref("ca.account_id")} = ${accountId})`;

/**
 * The permission check of every endpoint: seeing the module (its view flag or one of the view
 * scopes the resource understands) and each action asked for. Holding a scope flag restricts the
 * rows to that scope (several scopes: any of them), except for a superuser; the items whose
 * administrator list names the account are in its scope too (decision 018). The flags still
 * decide what may be done there: the list widens which rows, never which actions.
 */
export async function accessOf(
  req: FastifyRequest,
  db: Db,
  def: AnyResource,
  actions: readonly Action[] = [],
): Promise<Access> {
  const { account, flags } = await requestFlags(req, db);
  const held = (Object.entries(def.scopes) as [ViewScope, ScopeRule][]).filter(([s]) =>
    flags.has(viewFlag(def.module, s)),
  );
  if (!flags.has(flag(def.module, "view")) && held.length === 0) {
    // No view flag: the items granting this account something, read-only here (an item's call
    // asking for more goes through itemAccess, which reads that item's grants).
    if (def.grants && actions.length === 0 && flags.has(DASHBOARD_FLAG) && (await grantsAny(db, def, account.id)))
      return { account, flags, scope: def.grants.items(account.id), scopeField: def.grants.field, byGrant: true };
    throw forbidden();
  }
  for (const action of actions) if (!flags.has(flag(def.module, action))) throw forbidden();
  if (account.is_superuser === 1 || held.length === 0) return { account, flags, scope: null, scopeField: null };
  const rules = held.map(([, rule]) => rule.where(account.id));
  if (def.contentType) rules.push(administeredBy(def.contentType, account.id));
  const scope = sql<SqlBool>`(${sql.join(rules, sql` or `)})`;
  return { account, flags, scope, scopeField: held[0][1].field };
}

/** The `:id` of an item path; anything that cannot name a row is a 404. */
export function itemId(req: FastifyRequest, name = "id"): number {
  const raw = (req.params as Record<string, string>)[name];
  const id = idFilterValue(raw ?? "");
  if (id === null) throw notFound();
  return id;
}

/** Whether the row exists and lies in the account's scope. */
export async function isVisible(q: Db | Trx, def: AnyResource, id: number, access: Access): Promise<boolean> {
  let query = fromResource(q, def.table).select("t.id").where("t.id", "=", id);
  if (def.where) query = query.where(def.where);
  if (access.scope) query = query.where(access.scope);
  return !!(await query.executeTakeFirst());
}

/**
 * Access to one item: the flags of `actions`, then the row in scope (or 404). Where the flags
 * fall short, an item that grants the account every action asked (def.grants) lets it through;
 * otherwise the flags' refusal stands.
 */
export async function itemAccess(
  req: FastifyRequest,
  db: Db,
  def: AnyResource,
  actions: readonly Action[],
  param = "id",
) {
  const access = await accessOf(req, db, def, actions).catch((refusal: unknown) =>
    grantedAccess(req, db, def, actions, param, refusal),
  );
  const id = itemId(req, param);
  if (!(await isVisible(db, def, id, access))) throw notFound();
  // An item read-only for good (a cancelled class, docs/decisions/040) refuses every write, whichever
  // feature asks: one rule here, so a new feature cannot forget it. A write is any request but a
  // read (some reads need a write flag: the enrollment settings); deleting the item itself stays.
  if (def.writeRefusal && !READS.has(req.method) && !(actions.length === 1 && actions[0] === "delete")) {
    const refusal = await def.writeRefusal(db, id);
    if (refusal) throw refusal;
  }
  return { ...access, id };
}

const READS = new Set(["GET", "HEAD"]);

/** Whether some item of the resource grants the account anything (else its list is refused, as without the flags). */
async function grantsAny(db: Db, def: AnyResource, accountId: number): Promise<boolean> {
  let query = fromResource(db, def.table).select("t.id").where(def.grants!.items(accountId));
  if (def.where) query = query.where(def.where);
  return !!(await query.limit(1).executeTakeFirst());
}

/** The access an item's grants give where the flags refused (`refusal`, rethrown when they do not). */
async function grantedAccess(
  req: FastifyRequest,
  db: Db,
  def: AnyResource,
  actions: readonly Action[],
  param: string,
  refusal: unknown,
): Promise<Access> {
  if (!def.grants || !(refusal instanceof ApiError) || refusal.status !== 403) throw refusal;
  const id = itemId(req, param);
  const { account, flags } = await requestFlags(req, db);
  // Grants are for the dashboard's people: a learner's roles act on the learner front, not here.
  if (!flags.has(DASHBOARD_FLAG)) throw refusal;
  const granted = await def.grants.actions(db, account.id, id);
  const covered = (a: Action) => granted.has(a) || flags.has(flag(def.module, a));
  if (!granted.has("view") || !actions.every(covered)) throw refusal;
  return { account, flags, scope: def.grants.items(account.id), scopeField: def.grants.field, byGrant: true };
}

/**
 * What the signed-in account may do on item `id`: the module's actions its flags give, with what
 * the item grants it (def.grants). The dashboard asks before it draws an item's page for someone
 * whose flags alone would refuse it (GET {path}/{id}/grant/).
 */
export async function itemActions(req: FastifyRequest, db: Db, def: AnyResource, id: number): Promise<Action[]> {
  const { account, flags } = await requestFlags(req, db);
  const granted =
    def.grants && flags.has(DASHBOARD_FLAG) ? await def.grants.actions(db, account.id, id) : new Set<Action>();
  return ACTIONS.filter((a) => granted.has(a) || flags.has(flag(def.module, a)));
}

/** After a write: a scoped account may not move the row out of its own scope. */
export async function assertStillVisible(trx: Trx, def: AnyResource, id: number, access: Access) {
  if (access.scope && !(await isVisible(trx, def, id, access)))
    throw badRequest({ [access.scopeField ?? "detail"]: [MSG.invalid_choice] });
}

/** Set the row's update time (after a change made outside `patch`, e.g. tags). */
export async function touch(trx: Trx, def: AnyResource, id: number, now: Date) {
  await trx.updateTable(def.table).set({ datetime_update: now.toISOString() }).where("id", "=", id).execute();
}

/** Every referenced id exists, every unique value is free: otherwise one 400 with all the field errors. */
export async function checkReferences(
  trx: Trx,
  def: AnyResource,
  input: Record<string, unknown>,
  selfId: number | null,
) {
  const errors: FieldErrors = {};
  for (const [field, rule] of Object.entries(def.refs)) {
    const value = input[field];
    if (value === undefined || value === null) continue;
    const ids = [...new Set(Array.isArray(value) ? (value as number[]) : [value as number])];
    if (!ids.length) continue;
    let query = trx
      .selectFrom(`${rule.table} as r` as "tag as r")
      .select("r.id")
      .where("r.id", "in", ids);
    for (const [col, v] of Object.entries(rule.where ?? {})) query = query.where(sql.ref(`r.${col}`), "=", v);
    const found = await query.execute();
    if (found.length !== ids.length) errors[field] = [MSG.invalid_choice];
  }
  for (const rule of def.unique) {
    const value = input[rule.field];
    if (typeof value !== "string") continue;
    let query = fromResource(trx, def.table)
      .select("t.id")
      .where(sql`lower(${sql.ref(`t.${rule.column}`)})`, "=", value.toLowerCase());
    if (selfId !== null) query = query.where("t.id", "<>", selfId);
    if (await query.executeTakeFirst()) (errors[rule.field] ??= []).push(rule.message);
  }
  if (Object.keys(errors).length) throw badRequest(errors);
}

type UniqueAnswer = { field: string; message: string };

/**
 * A unique violation that slipped past the checks (two writers at once) as the 400 of the rule
 * it broke: among `rules`, the one whose column the database names (else the first).
 */
function uniqueViolation(rules: readonly (UniqueAnswer & { column?: string })[], err: unknown): ApiError | null {
  const e = err as { code?: string; message?: string; constraint?: string };
  if (e?.code !== "SQLITE_CONSTRAINT_UNIQUE" && e?.code !== "23505") return null;
  const text = `${e.message ?? ""} ${e.constraint ?? ""}`;
  const rule = rules.find((r) => r.column !== undefined && text.includes(r.column)) ?? rules[0];
  return rule ? badRequest({ [rule.field]: [rule.message] }) : null;
}

/**
 * THE write transaction of the API: refused input writes nothing; a unique violation becomes
 * the 400 of `unique` (one answer, or a resource's rules).
 */
export async function writeTransaction<T>(
  db: Db,
  work: (trx: Trx) => Promise<T>,
  unique?: UniqueAnswer | readonly UniqueRule[],
): Promise<T> {
  try {
    return await db.transaction().execute(work);
  } catch (err) {
    throw (unique ? uniqueViolation(Array.isArray(unique) ? unique : [unique as UniqueAnswer], err) : null) ?? err;
  }
}

/** Run a write in one transaction; refused input writes nothing. */
export const inTransaction = <T>(db: Db, def: AnyResource, work: (trx: Trx) => Promise<T>): Promise<T> =>
  writeTransaction(db, work, def.unique);

/**
 * One page of a resource's list (GET {path}/): the account's scope, the query's filters (each
 * refused value a 400 field error), search, ordering and paging. `fixed` filters are set by the
 * caller, over whatever the query says (a program's classes: GET class-program/{id}/class/).
 */
export async function listAnswer(
  req: FastifyRequest,
  ctx: ApiContext,
  def: AnyResource,
  fixed: Record<string, string> = {},
) {
  const { db } = ctx;
  const access = await accessOf(req, db, def);
  const q = readPageQuery(req);
  const raw = { ...(req.query as Record<string, unknown>), ...fixed };
  const now = ctx.now();
  let query = fromResource(db, def.table);
  if (def.where) query = query.where(def.where);
  if (access.scope) query = query.where(access.scope);
  const errors: FieldErrors = {};
  for (const [name, rule] of Object.entries(def.filters)) {
    const given = raw[name];
    const texts = (Array.isArray(given) ? given : given === undefined ? [] : [given])
      .map(String)
      .filter((v) => !isIgnoredFilterValue(v));
    if (!texts.length) continue;
    const values = texts.map((t) => rule.parse(t.trim()));
    if (values.some((v) => v === null)) {
      errors[name] = [MSG.invalid_choice];
      continue;
    }
    query = query.where(rule.where(values, now));
  }
  const order = parseOrdering(q.ordering, def.ordering, def.defaultOrdering);
  if (!order) errors.ordering = [MSG.invalid_choice];
  if (Object.keys(errors).length) throw badRequest(errors);
  if (q.search) {
    const pattern = likePattern(q.search);
    query = query.where((eb) =>
      eb.or(def.search.map((col) => sql<SqlBool>`lower(${sql.ref(`t.${col}`)}) like ${pattern} escape '\\'`)),
    );
  }
  let selected = query.select(def.columns.map((c) => sql.ref(`t.${c}`).as(c)));
  for (const o of order!) selected = selected.orderBy(o.expr, o.desc ? "desc" : "asc");
  selected = selected.orderBy("t.id", tieDirection(order!));
  const page = await paginate(req, selected, q);
  return { ...page, results: await def.present(db, page.results as Record<string, unknown>[], now) };
}

/** The list, retrieve, create, update (PATCH, also show/hide and publish) and delete endpoints of a resource. */
export function resourceRoutes(app: FastifyInstance, ctx: ApiContext, def: AnyResource) {
  const { db } = ctx;
  const base = `/dashboard/${def.path}/`;
  const item = `${base}:id(^\\d{1,12})/`;

  app.get(base, (req) => listAnswer(req, ctx, def));

  app.get(item, async (req) => {
    const { id } = await itemAccess(req, db, def, []);
    return def.load(db, id, ctx.now());
  });

  app.post(base, async (req, reply) => {
    const access = await accessOf(req, db, def, ["add"]);
    // A retry of a create whose answer was lost (docs/decisions/094): what the first call made.
    return createOnce(req, reply, ctx, {
      path: base,
      answer: (id) => def.load(db, id, ctx.now()),
      create: async (keep) => {
        const { create } = await def.schemas(db);
        const parsed = create.safeParse(req.body ?? {});
        if (!parsed.success) throw badRequest(fieldErrors(parsed.error));
        const input = parsed.data as Record<string, unknown>;
        const w: WriteContext = { account: access.account, now: ctx.now(), ctx };
        return inTransaction(db, def, async (trx) => {
          await checkReferences(trx, def, input, null);
          const newId = await def.insert(trx, input, w);
          await assertStillVisible(trx, def, newId, access);
          return keep(trx, newId);
        });
      },
    });
  });

  app.patch(item, async (req) => {
    const body = req.body ?? {};
    // The keys decide which flags the call needs; a body that is no object needs the change flag,
    // and is refused only once the account may make the change (401/403/404 first, issue 32).
    const isObject = typeof body === "object" && !Array.isArray(body);
    const displayKeys = def.display?.keys ?? [];
    const given = (isObject ? body : {}) as Record<string, unknown>;
    const wantsDisplay = displayKeys.some((k) => k in given);
    const edit = Object.fromEntries(Object.entries(given).filter(([k]) => !displayKeys.includes(k)));
    const wantsEdit = !wantsDisplay || Object.keys(edit).length > 0;
    const actions: Action[] = [
      ...(wantsEdit ? (["change"] as const) : []),
      ...(wantsDisplay ? (["publish"] as const) : []),
    ];
    const access = await itemAccess(req, db, def, actions);
    if (!isObject) throw badRequest({ detail: MSG.invalid });

    const errors: FieldErrors = {};
    let editInput: Record<string, unknown> | null = null;
    let displayInput: unknown = null;
    if (wantsEdit) {
      const update = (await def.schemas(db)).update;
      refuseUnknownFields(update, edit);
      const parsed = update.safeParse(edit);
      if (parsed.success) editInput = parsed.data as Record<string, unknown>;
      else Object.assign(errors, fieldErrors(parsed.error));
      // Nothing the schema keeps (issue 32): beside show/hide there is nothing to edit; alone it is a 400.
      if (editInput && !Object.values(editInput).some((v) => v !== undefined)) {
        if (wantsDisplay) editInput = null;
        else assertChanges(editInput);
      }
    }
    if (wantsDisplay && def.display) {
      const parsed = def.display.schema.safeParse(
        Object.fromEntries(displayKeys.filter((k) => k in given).map((k) => [k, given[k]])),
      );
      if (parsed.success) displayInput = parsed.data;
      else Object.assign(errors, fieldErrors(parsed.error));
    }
    if (Object.keys(errors).length) throw badRequest(errors);

    const w: WriteContext = { account: access.account, now: ctx.now(), ctx };
    await inTransaction(db, def, async (trx) => {
      if (editInput) {
        await checkReferences(trx, def, editInput, access.id);
        await def.patch(trx, access.id, editInput, w);
      }
      if (wantsDisplay && def.display) await def.display.apply(trx, access.id, displayInput, w);
      await assertStillVisible(trx, def, access.id, access);
    });
    return def.load(db, access.id, w.now);
  });

  app.delete(item, async (req, reply) => {
    const access = await itemAccess(req, db, def, ["delete"]);
    const w: WriteContext = { account: access.account, now: ctx.now(), ctx };
    await inTransaction(db, def, (trx) => def.remove(trx, access.id, w));
    return reply.status(204).send();
  });
}
