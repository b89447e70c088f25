import type { FastifyInstance, FastifyRequest } from "fastify";
import type { z } from "zod/v4";
import type { FieldErrors, Paged } from "../../contract/http";
import type { Action } from "../../contract/permissions";
import type { Db } from "../db/index";
import type { ApiContext } from "../http/context";
import { badRequest, notFound } from "../http/errors";
import { readPageQuery, type PageQuery } from "../http/paging";
import { DEFAULT_CONTENT_LIMITS, type ContentLimits } from "../../contract/schemas/course";
import { configValues } from "./config-store";
import { itemAccess, itemId, touch, type AnyResource, type Trx, type WriteContext } from "./crud";

/**
 * Rows that belong to one content item (its competencies, surveys, gamification criteria…), the
 * nested twin of the resource layer (crud.ts, docs/decisions/006 and 012): a definition yields
 *   GET    dashboard/{parent}/{id}/{path}/            the paged rows
 *   POST   dashboard/{parent}/{id}/{path}/            add one (201, the row)
 *   GET    dashboard/{parent}/{id}/{path}/{rowid}/    one row
 *   PATCH  dashboard/{parent}/{id}/{path}/{rowid}/    change it (the row)
 *   DELETE dashboard/{parent}/{id}/{path}/{rowid}/    remove it (204)
 * with the parent's permission check (its view flag or scope to read, `change` to write; an item
 * outside the account's scope is a 404), 404 for a row of another item, input parsed with the
 * contract's schemas, and every write in one transaction (a refusal writes nothing).
 */

export type RowTable = "course_competency" | "course_survey" | "course_gamification";

export type ContentRows<C, U> = {
  parent: AnyResource;
  /** Path segment under the parent item (no slashes). */
  path: string;
  table: RowTable;
  /** The column naming the parent item. */
  parentColumn: "course_id";
  /** The content action whose flag a write needs (reading needs the parent's view). */
  change: Action;
  schemas: (db: Db) => Promise<{ create: z.ZodType<C>; update: z.ZodType<U> }>;
  list: (req: FastifyRequest, db: Db, parentId: number, q: PageQuery) => Promise<Paged<unknown>>;
  load: (db: Db, rowId: number) => Promise<unknown>;
  insert: (trx: Trx, parentId: number, input: C, w: WriteContext) => Promise<number>;
  patch: (trx: Trx, parentId: number, rowId: number, input: U, w: WriteContext) => Promise<void>;
  /** Remove the row; throws the 424 of a dependency. */
  remove: (trx: Trx, parentId: number, rowId: number, w: WriteContext) => Promise<void>;
  /** Refuse a change or removal for the row's own sake (e.g. "in use"), before the input is read. */
  guard?: (db: Db, rowId: number, what: "patch" | "delete") => Promise<void>;
  /** The field a unique violation that slipped past the checks (two writers) is reported on. */
  uniqueField?: { field: string; message: string };
};
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyContentRows = ContentRows<any, any>;

const ID = "(^\\d{1,12})";

/** zod issues → `{field: [key]}`, nested paths spelt as forms name them: `record_list[0].cost`. */
export function nestedFieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.length
      ? issue.path.map((p, i) => (typeof p === "number" ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`)).join("")
      : "detail";
    (out[field] ??= []).push(issue.message);
  }
  return out;
}

/** Parse with a contract schema, or the 400 of the contract (nested fields named as forms name them). */
export function parseNested<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw badRequest(nestedFieldErrors(result.error));
  return result.data;
}

/** A write in one transaction; a unique violation (two writers at once) becomes the given 400. */
export async function writeTransaction<T>(db: Db, work: (trx: Trx) => Promise<T>, unique?: { field: string; message: string }): Promise<T> {
  try {
    return await db.transaction().execute(work);
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (unique && (code === "SQLITE_CONSTRAINT_UNIQUE" || code === "23505")) throw badRequest({ [unique.field]: [unique.message] });
    throw err;
  }
}

/** The content actions to ask of itemAccess: "view" is the parent's own view check (flag or scope). */
export const actionsFor = (action: Action): Action[] => (action === "view" ? [] : [action]);

/** The item of the parent the request names, with the flag of `action` (view: the flag or a scope). */
export const parentAccess = (req: FastifyRequest, db: Db, parent: AnyResource, action: Action) => itemAccess(req, db, parent, actionsFor(action));

/** The row `rowid` of this parent item, or 404. */
async function rowOf(db: Db | Trx, def: AnyContentRows, parentId: number, req: FastifyRequest): Promise<number> {
  const rowId = itemId(req, "rowid");
  const row = await db
    .selectFrom(`${def.table} as r` as "course_survey as r")
    .select("r.id")
    .where("r.id", "=", rowId)
    .where(`r.${def.parentColumn}` as "r.course_id", "=", parentId)
    .executeTakeFirst();
  if (!row) throw notFound();
  return rowId;
}

export function contentRowRoutes(app: FastifyInstance, ctx: ApiContext, def: AnyContentRows) {
  const { db } = ctx;
  const base = `/dashboard/${def.parent.path}/:id${ID}/${def.path}/`;
  const item = `${base}:rowid${ID}/`;

  app.get(base, async (req) => {
    const { id } = await parentAccess(req, db, def.parent, "view");
    return def.list(req, db, id, readPageQuery(req));
  });

  app.get(item, async (req) => {
    const { id } = await parentAccess(req, db, def.parent, "view");
    return def.load(db, await rowOf(db, def, id, req));
  });

  app.post(base, async (req, reply) => {
    const access = await parentAccess(req, db, def.parent, def.change);
    const input = parseNested((await def.schemas(db)).create, req.body);
    const w: WriteContext = { account: access.account, now: ctx.now(), ctx };
    const rowId = await writeTransaction(
      db,
      async (trx) => {
        const newId = await def.insert(trx, access.id, input, w);
        await touch(trx, def.parent, access.id, w.now);
        return newId;
      },
      def.uniqueField,
    );
    return reply.status(201).send(await def.load(db, rowId));
  });

  app.patch(item, async (req) => {
    const access = await parentAccess(req, db, def.parent, def.change);
    const rowId = await rowOf(db, def, access.id, req);
    // The row's own rules (e.g. "in use") come before the input's.
    await def.guard?.(db, rowId, "patch");
    const input = parseNested((await def.schemas(db)).update, req.body);
    const w: WriteContext = { account: access.account, now: ctx.now(), ctx };
    await writeTransaction(
      db,
      async (trx) => {
        await def.patch(trx, access.id, rowId, input, w);
        await touch(trx, def.parent, access.id, w.now);
      },
      def.uniqueField,
    );
    return def.load(db, rowId);
  });

  app.delete(item, async (req, reply) => {
    const access = await parentAccess(req, db, def.parent, def.change);
    const rowId = await rowOf(db, def, access.id, req);
    await def.guard?.(db, rowId, "delete");
    const w: WriteContext = { account: access.account, now: ctx.now(), ctx };
    await writeTransaction(db, async (trx) => {
      await def.remove(trx, access.id, rowId, w);
      await touch(trx, def.parent, access.id, w.now);
    });
    return reply.status(204).send();
  });
}

/** The configured text limits (config text-limit, code-limit, description-limit). */
export async function contentLimits(db: Db): Promise<ContentLimits> {
  const c = await configValues(db, ["text-limit", "code-limit", "description-limit"]);
  const n = (v: unknown, d: number) => Number(v) || d;
  return { text: n(c["text-limit"], DEFAULT_CONTENT_LIMITS.text), code: n(c["code-limit"], DEFAULT_CONTENT_LIMITS.code), description: n(c["description-limit"], DEFAULT_CONTENT_LIMITS.description) };
}
