import type { FastifyInstance, FastifyRequest } from "fastify";
import { sql } from "kysely";
import type { ContentDefinition } from "../content/definition";
import { contentAccess, type ContentRef } from "../content/ref";
import type { z } from "zod/v4";
import type { Paged } from "../../contract/http";
import type { Action } from "../../contract/permissions";
import type { Db } from "../db/index";
import type { ApiContext } from "../http/context";
import { createOnce } from "../http/idempotency";
import { notFound, parseChanges, parseInput } from "../http/errors";
import { readPageQuery, type PageQuery } from "../http/paging";
import { itemId, touch, writeTransaction, type Trx, type WriteContext } from "./crud";

/**
 * Rows that belong to one content (its competencies, surveys, gamification criteria…), the
 * nested twin of the resource layer (crud.ts, docs/decisions/006 and 012): a definition yields,
 * under every content type that mounts it,
 *   GET    dashboard/{content path}/{id}/{path}/            the paged rows
 *   POST   dashboard/{content path}/{id}/{path}/            add one (201, the row)
 *   GET    dashboard/{content path}/{id}/{path}/{rowid}/    one row
 *   PATCH  dashboard/{content path}/{id}/{path}/{rowid}/    change it (the row)
 *   DELETE dashboard/{content path}/{id}/{path}/{rowid}/    remove it (204)
 * with the content's permission check (its view flag or scope to read, `change` to write; an item
 * outside the account's scope is a 404), 404 for a row of another content, input parsed with the
 * contract's schemas, and every write in one transaction (a refusal writes nothing). The rows
 * name their content by both columns of its reference (content_type_id, content_id).
 */

export type RowTable = "content_competency" | "content_survey" | "content_gamification" | "class_session_survey";

/**
 * The rows of a part of the content instead of the content itself (a class session's surveys,
 * docs/decisions/045): the calls sit under `{path}/{:param}/` of the item, `owns` says whether
 * that part belongs to the item (404 otherwise), the rows name it in `column`, and `writable`
 * may refuse every write for the item's sake (a cancelled class). The definition's functions get
 * the part's id as `ref.scopeId`.
 */
export type RowScope = {
  path: string;
  param: string;
  column: string;
  owns: (db: Db, ref: ContentRef, scopeId: number) => Promise<boolean>;
  writable?: (db: Db, ref: ContentRef) => Promise<void>;
};
/** A content's reference, with the id of its part when the rows are a part's (RowScope). */
export type ScopedRef = ContentRef & { scopeId?: number };

export type ContentRows<C, U> = {
  /** Path segment under the content item (no slashes). */
  path: string;
  table: RowTable;
  /** The content action whose flag a write needs (reading needs the content's view). */
  change: Action;
  schemas: (db: Db) => Promise<{ create: z.ZodType<C>; update: z.ZodType<U> }>;
  list: (req: FastifyRequest, db: Db, ref: ScopedRef, q: PageQuery) => Promise<Paged<unknown>>;
  load: (db: Db, rowId: number) => Promise<unknown>;
  insert: (trx: Trx, ref: ScopedRef, input: C, w: WriteContext) => Promise<number>;
  patch: (trx: Trx, ref: ScopedRef, rowId: number, input: U, w: WriteContext) => Promise<void>;
  /** Remove the row; throws the 424 of a dependency. */
  remove: (trx: Trx, ref: ScopedRef, rowId: number, w: WriteContext) => Promise<void>;
  /** Refuse a change or removal for the row's own sake (e.g. "in use"), before the input is read. */
  guard?: (db: Db, rowId: number, what: "patch" | "delete") => Promise<void>;
  /** Rows of a part of the content (RowScope) rather than of the content. */
  scope?: RowScope;
  /** The field a unique violation that slipped past the checks (two writers) is reported on. */
  uniqueField?: { field: string; message: string };
};
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyContentRows = ContentRows<any, any>;

const ID = "(^\\d{1,12})";

/** The row `rowid` of this content (or of its part), or 404. */
async function rowOf(db: Db | Trx, rows: AnyContentRows, ref: ScopedRef, req: FastifyRequest): Promise<number> {
  const rowId = itemId(req, "rowid");
  let query = db
    .selectFrom(`${rows.table} as r` as "content_survey as r")
    .select("r.id")
    .where("r.id", "=", rowId);
  query = rows.scope
    ? query.where(sql.ref(`r.${rows.scope.column}`), "=", ref.scopeId ?? 0)
    : query.where("r.content_type_id", "=", ref.contentTypeId).where("r.content_id", "=", ref.contentId);
  const row = await query.executeTakeFirst();
  if (!row) throw notFound();
  return rowId;
}

/** The content's access and reference, with its part's id when the rows are a part's (404 when it is not the item's). */
async function accessOf(req: FastifyRequest, db: Db, def: ContentDefinition, rows: AnyContentRows, action: Action) {
  const access = await contentAccess(req, db, def.resource, action);
  if (!rows.scope) return { ...access, ref: access.ref as ScopedRef };
  const scopeId = itemId(req, rows.scope.param);
  if (!(await rows.scope.owns(db, access.ref, scopeId))) throw notFound();
  if (action !== "view") await rows.scope.writable?.(db, access.ref);
  return { ...access, ref: { ...access.ref, scopeId } as ScopedRef };
}

/** The calls of `rows` under the items of content type `def`. */
export function contentRowRoutes(app: FastifyInstance, ctx: ApiContext, def: ContentDefinition, rows: AnyContentRows) {
  const { db } = ctx;
  const content = def.resource;
  const part = rows.scope ? `${rows.scope.path}/:${rows.scope.param}${ID}/` : "";
  const base = `/dashboard/${content.path}/:id${ID}/${part}${rows.path}/`;
  const item = `${base}:rowid${ID}/`;

  app.get(base, async (req) => {
    const { ref } = await accessOf(req, db, def, rows, "view");
    return rows.list(req, db, ref, readPageQuery(req));
  });

  app.get(item, async (req) => {
    const { ref } = await accessOf(req, db, def, rows, "view");
    return rows.load(db, await rowOf(db, rows, ref, req));
  });

  app.post(base, async (req, reply) => {
    const access = await accessOf(req, db, def, rows, rows.change);
    return createOnce(req, reply, ctx, {
      answer: (rowId) => rows.load(db, rowId),
      create: async (keep) => {
        const input = parseInput((await rows.schemas(db)).create, req.body, "nested");
        const w: WriteContext = { account: access.account, now: ctx.now(), ctx };
        return writeTransaction(
          db,
          async (trx) => {
            const newId = await rows.insert(trx, access.ref, input, w);
            await touch(trx, content, access.id, w.now);
            return keep(trx, newId);
          },
          rows.uniqueField,
        );
      },
    });
  });

  app.patch(item, async (req) => {
    const access = await accessOf(req, db, def, rows, rows.change);
    const rowId = await rowOf(db, rows, access.ref, req);
    // The row's own rules (e.g. "in use") come before the input's.
    await rows.guard?.(db, rowId, "patch");
    const input = parseChanges((await rows.schemas(db)).update, req.body, "nested");
    const w: WriteContext = { account: access.account, now: ctx.now(), ctx };
    await writeTransaction(
      db,
      async (trx) => {
        await rows.patch(trx, access.ref, rowId, input, w);
        await touch(trx, content, access.id, w.now);
      },
      rows.uniqueField,
    );
    return rows.load(db, rowId);
  });

  app.delete(item, async (req, reply) => {
    const access = await accessOf(req, db, def, rows, rows.change);
    const rowId = await rowOf(db, rows, access.ref, req);
    await rows.guard?.(db, rowId, "delete");
    const w: WriteContext = { account: access.account, now: ctx.now(), ctx };
    await writeTransaction(db, async (trx) => {
      await rows.remove(trx, access.ref, rowId, w);
      await touch(trx, content, access.id, w.now);
    });
    return reply.status(204).send();
  });
}
