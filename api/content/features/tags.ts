import type { FastifyInstance } from "fastify";
import { CONTENT_TAG_EXTRAS, TAG_TYPES, type TagType } from "../../../contract/codes";
import { MSG } from "../../../contract/messages";
import { contentTagSchema, type IdName } from "../../../contract/schemas/content";
import type { Db } from "../../db/index";
import type { ApiContext } from "../../http/context";
import { badRequest, notFound, parseInput } from "../../http/errors";
import { configValue } from "../../system/config-store";
import {
  checkReferences,
  fromResource,
  idFilterValue,
  inTransaction,
  itemAccess,
  touch,
  type AnyResource,
  type Trx,
} from "../../engine/crud";

/** Replace the content's tags of one type (GENERAL is `tag_list`) with `tagIds` (already checked). */
export async function setContentTags(
  trx: Trx,
  contentTypeIdValue: number,
  contentId: number,
  type: string,
  tagIds: readonly number[],
) {
  await trx
    .deleteFrom("content_tag")
    .where("content_type_id", "=", contentTypeIdValue)
    .where("content_id", "=", contentId)
    .where("tag_id", "in", (eb) => eb.selectFrom("tag").select("tag.id").where("tag.type", "=", type))
    .execute();
  if (tagIds.length) {
    await trx
      .insertInto("content_tag")
      .values(tagIds.map((tag_id) => ({ content_type_id: contentTypeIdValue, content_id: contentId, tag_id })))
      .execute();
  }
}

/** Every tag of a content, with its type, ordered by name. */
export async function contentTags(db: Db | Trx, contentTypeIdValue: number, contentId: number) {
  return db
    .selectFrom("content_tag")
    .innerJoin("tag", "tag.id", "content_tag.tag_id")
    .select(["tag.id", "tag.name", "tag.type"])
    .where("content_tag.content_type_id", "=", contentTypeIdValue)
    .where("content_tag.content_id", "=", contentId)
    .orderBy("tag.name")
    .orderBy("tag.id")
    .execute();
}

/** The tags of one type, as the answer's {id, name} list. */
export const tagsOfType = (tags: { id: number; name: string; type: string }[], type: string): IdName[] =>
  tags.filter((t) => t.type === type).map(({ id, name }) => ({ id, name }));

/**
 * POST dashboard/tag/type/{TYPE}/content-type/{contentTypeId}/content/{contentId}/ with tag_list
 * (spec 002 §7 "Tags"): replaces the content's tags of that type. Needs the change flag of the
 * content's module and the content in the account's scope; the type's config flag must be on.
 * Answers {tag_list: [{id, name}]}.
 */
/** Among resources of one content type, the one whose rows include item `contentId`. */
async function holderOf(db: Db, candidates: readonly AnyResource[], params: { contentId: string }) {
  const id = idFilterValue(params.contentId ?? "");
  if (id === null) return undefined;
  for (const r of candidates) {
    let q = fromResource(db, r.table).select("t.id").where("t.id", "=", id);
    if (r.where) q = q.where(r.where);
    if (await q.executeTakeFirst()) return r;
  }
  return undefined;
}

export function tagRoutes(app: FastifyInstance, ctx: ApiContext, resources: readonly AnyResource[]) {
  const { db } = ctx;
  app.post("/dashboard/tag/type/:type/content-type/:contentTypeId/content/:contentId/", async (req) => {
    const { type, contentTypeId: rawType } = req.params as { type: string; contentTypeId: string };
    if (!(TAG_TYPES as readonly string[]).includes(type)) throw notFound();
    const ctId = idFilterValue(rawType);
    const ct =
      ctId === null
        ? undefined
        : await db.selectFrom("content_type").select("code").where("id", "=", ctId).executeTakeFirst();
    // The resource whose rows hold the item: a content type's organisation items and its library
    // items share a content type and a table (docs/decisions/071).
    const def = ct
      ? await holderOf(
          db,
          resources.filter((r) => r.contentType === ct.code),
          req.params as { contentId: string },
        )
      : undefined;
    if (!def || ctId === null) throw notFound();
    const access = await itemAccess(req, db, def, ["change"], "contentId");
    const extra = CONTENT_TAG_EXTRAS.find((e) => e.type === (type as TagType))!;
    if (!(await configValue(db, extra.config))) throw badRequest({ type: [MSG.invalid_choice] });
    const { tag_list } = parseInput(contentTagSchema, req.body);
    const now = ctx.now();
    await inTransaction(db, def, async (trx) => {
      await checkReferences(
        trx,
        { ...def, refs: { tag_list: { table: "tag", where: { type } } }, unique: [] },
        { tag_list },
        access.id,
      );
      await setContentTags(trx, ctId, access.id, type, tag_list);
      await touch(trx, def, access.id, now);
    });
    return { tag_list: tagsOfType(await contentTags(db, ctId, access.id), type) };
  });
}
