import type { FastifyRequest } from "fastify";
import { sql, type SqlBool } from "kysely";
import type { Action } from "../../contract/permissions";
import type { Db } from "../db/index";
import { itemAccess, type AnyResource, type Trx } from "../engine/crud";

/**
 * A content as the content_* tables name it (docs/decisions/014, 022): its type's content_type
 * row and its id in that type's own table. Every content feature reads and writes through one.
 */
export type ContentRef = { contentTypeId: number; contentId: number };

/** The columns of a content_* row naming its content (inserts, upserts). */
export const refColumns = (ref: ContentRef) => ({ content_type_id: ref.contentTypeId, content_id: ref.contentId });

/** The rows of one content, on a content_* table (alias `alias` when given): both columns of its reference. */
export const ofContent = (ref: ContentRef, alias?: string) => {
  const col = (name: string) => sql.ref(alias ? `${alias}.${name}` : name);
  return sql<SqlBool>`(${col("content_type_id")} = ${ref.contentTypeId} and ${col("content_id")} = ${ref.contentId})`;
};

// content_type rows are reference data, seeded once and never renumbered: one lookup per database.
const typeIds = new WeakMap<object, Map<string, number>>();

/** The id of a content type by its code (reference data: stable once seeded). */
export async function contentTypeId(q: Db | Trx, code: string): Promise<number> {
  const known = typeIds.get(q)?.get(code);
  if (known !== undefined) return known;
  const row = await q.selectFrom("content_type").select("id").where("code", "=", code).executeTakeFirst();
  if (!row) throw new Error(`content type ${code} is not seeded`);
  if (!typeIds.has(q)) typeIds.set(q, new Map());
  typeIds.get(q)!.set(code, row.id);
  return row.id;
}

/** The reference of item `contentId` of a content resource. */
export async function contentRef(q: Db | Trx, resource: AnyResource, contentId: number): Promise<ContentRef> {
  if (!resource.contentType) throw new Error(`${resource.path} is not a content type`);
  return { contentTypeId: await contentTypeId(q, resource.contentType), contentId };
}

/** The content actions to ask of itemAccess: "view" is the parent's own view check (flag or scope). */
const actionsFor = (action: Action): Action[] => (action === "view" ? [] : [action]);

/**
 * The content item the request names (`:id`), in the account's scope, with the flag of `action`
 * (view: the view flag or a scope): the access answer plus the item's reference. 404 / 403 otherwise.
 * A write to an item read-only for good (a cancelled class) is refused by itemAccess.
 */
export async function contentAccess(req: FastifyRequest, db: Db, resource: AnyResource, action: Action) {
  const access = await itemAccess(req, db, resource, actionsFor(action));
  return { ...access, ref: await contentRef(db, resource, access.id) };
}
