import type { FastifyInstance, FastifyRequest } from "fastify";
import { SEQUENCE_CONTENT_LIMIT, SEQUENCE_MSG } from "../../../../contract/sequence-codes";
import { sequenceAddSchema, sequenceChangeSchema } from "../../../../contract/schemas/sequence";
import type { ApiContext } from "../../../http/context";
import { createOnce } from "../../../http/idempotency";
import { ApiError, badRequest, notFound, parseChanges, parseInput } from "../../../http/errors";
import { accessOf, fromResource, isVisible, itemId, touch, writeTransaction, type Trx } from "../../../engine/crud";
import type { ContentDefinition } from "../../definition";
import { hideContent } from "../../publish";
import { contentAccess, contentTypeId } from "../../ref";
import { cycleThrough, definitionOf, heldBy, namesOf, present, renumber, type Held, type Holder } from "./store";

/**
 * The sequence feature (docs/decisions/098, 099): the contents a learning path or an onboarding
 * plan strings together, under its item path.
 *   GET    {path}/{id}/content/        SequenceContent[] by position (view)
 *   POST   {path}/{id}/content/        add {content_type, content_id} at the end (change) → 201
 *   PATCH  {path}/{id}/content/{cid}/  move {direction: up|down} one place, and/or set what it depends on
 *          (depend_content_id_list), the held content it sits under (content_parent), its name in
 *          the plan and its anonymity (change)
 *   DELETE {path}/{id}/content/{cid}/  remove it, and it from others' dependencies; what sat under it
 *          moves up a level (change) → 204. The last content of a shown holder hides it in the same
 *          transaction (a sequence publishes only with a content: sequencePublishRefusal).
 * A dependency or a parent that closes a circle is refused naming the contents in it (400).
 */

/** The holder's contents, and the one `cid` names among them (or 404). */
async function heldOne(q: Trx, req: FastifyRequest, holder: Holder): Promise<{ held: Held; all: Held[] }> {
  const all = await heldBy(q, holder);
  const held = all.find((h) => h.id === itemId(req, "cid"));
  if (!held) throw notFound();
  return { held, all };
}

/** Swap the content with its neighbour; nothing at either end. */
async function move(trx: Trx, all: Held[], held: Held, direction: "up" | "down") {
  const order = all.map((h) => h.id);
  const at = order.indexOf(held.id);
  const to = direction === "up" ? at - 1 : at + 1;
  if (to < 0 || to >= order.length) return;
  [order[at], order[to]] = [order[to], order[at]];
  await renumber(trx, order);
}

/** The refusal of a circle: the field's message, and the circle's contents by their names in the plan. */
async function circle(trx: Trx, all: Held[], field: string, message: string, ids: number[]) {
  const names = await namesOf(trx, all);
  const nameOf = (id: number) => {
    const h = all.find((x) => x.id === id)!;
    return h.name ?? names.get(`${h.content_type}:${h.content_id}`)?.name ?? String(id);
  };
  return badRequest({ [field]: [message], cycle: ids.map((id) => ({ id, name: nameOf(id) })) });
}

/** Its dependencies, among the sequence's other contents; one that closes a circle is refused naming it. */
async function depend(trx: Trx, all: Held[], held: Held, list: number[]) {
  const wanted = [...new Set(list)];
  if (wanted.some((d) => d === held.id || !all.some((h) => h.id === d)))
    throw badRequest({ depend_content_id_list: [SEQUENCE_MSG.depend_not_held] });
  const rows = await trx
    .selectFrom("content_sequence_depend")
    .select(["sequence_id", "depend_id"])
    .where(
      "sequence_id",
      "in",
      all.map((h) => h.id),
    )
    .where("sequence_id", "<>", held.id)
    .execute();
  const edges = new Map<number, number[]>();
  for (const r of rows) edges.set(r.sequence_id, [...(edges.get(r.sequence_id) ?? []), r.depend_id]);
  const cycle = cycleThrough(edges, held.id, wanted);
  if (cycle) throw await circle(trx, all, "depend_content_id_list", SEQUENCE_MSG.depend_cycle, cycle);
  await trx.deleteFrom("content_sequence_depend").where("sequence_id", "=", held.id).execute();
  if (wanted.length)
    await trx
      .insertInto("content_sequence_depend")
      .values(wanted.map((depend_id) => ({ sequence_id: held.id, depend_id })))
      .execute();
}

/** The held content it sits under; one under itself, at any depth, is refused naming the circle. */
async function parent(trx: Trx, all: Held[], held: Held, parentId: number | null) {
  if (parentId !== null) {
    if (parentId === held.id || !all.some((h) => h.id === parentId))
      throw badRequest({ content_parent: [SEQUENCE_MSG.parent_not_held] });
    const edges = new Map(all.filter((h) => h.id !== held.id && h.parent_id).map((h) => [h.id, [h.parent_id!]]));
    const cycle = cycleThrough(edges, held.id, [parentId]);
    if (cycle) throw await circle(trx, all, "content_parent", SEQUENCE_MSG.parent_cycle, cycle);
  }
  await trx.updateTable("content_sequence").set({ parent_id: parentId }).where("id", "=", held.id).execute();
}

/** The sequence calls of content type `def` (a learning path, an onboarding plan), under its item path. */
export function sequenceRoutes(app: FastifyInstance, ctx: ApiContext, def: ContentDefinition) {
  const { db } = ctx;
  const { resource } = def;
  const BASE = `/dashboard/${resource.path}/:id(^\\d{1,12})/content/`;
  const ITEM = `${BASE}:cid(^\\d{1,12})/`;
  const holderOf = async (req: FastifyRequest, action: "view" | "change") => {
    const access = await contentAccess(req, db, resource, action);
    return { id: access.id, holder: { typeId: access.ref.contentTypeId, id: access.id } satisfies Holder };
  };

  app.get(BASE, async (req) => present(db, (await holderOf(req, "view")).holder));

  app.post(BASE, async (req, reply) => {
    const { id, holder } = await holderOf(req, "change");
    return createOnce(req, reply, ctx, {
      answer: async (heldId) => (await present(db, holder)).find((c) => c.id === heldId),
      create: async (keep) => {
        const input = parseInput(sequenceAddSchema, req.body, "top");
        const held = definitionOf(input.content_type).resource;
        // Only a content the account may see in its own list of that type (its view flag and scope).
        const seeing = await accessOf(req, db, held).catch((e: unknown) => {
          if (e instanceof ApiError && e.status === 403) return null;
          throw e;
        });
        return writeTransaction(db, async (trx) => {
          if (!seeing || !(await isVisible(trx, held, input.content_id, seeing)))
            throw badRequest({ content_id: [SEQUENCE_MSG.content_not_found] });
          const all = await heldBy(trx, holder);
          if (all.some((h) => h.content_type === input.content_type && h.content_id === input.content_id))
            throw badRequest({ content_id: [SEQUENCE_MSG.content_already_held] });
          if (all.length >= SEQUENCE_CONTENT_LIMIT) throw badRequest({ content_id: [SEQUENCE_MSG.full] });
          const row = await trx
            .insertInto("content_sequence")
            .values({
              holder_type_id: holder.typeId,
              holder_id: holder.id,
              content_type_id: await contentTypeId(trx, input.content_type),
              content_id: input.content_id,
              position: all.length + 1,
            })
            .returning("id")
            .executeTakeFirstOrThrow();
          await touch(trx, resource, id, ctx.now());
          return keep(trx, row.id);
        });
      },
    });
  });

  app.patch(ITEM, async (req) => {
    const { id, holder } = await holderOf(req, "change");
    const input = parseChanges(sequenceChangeSchema, req.body, "top");
    await writeTransaction(db, async (trx) => {
      const { held, all } = await heldOne(trx, req, holder);
      if (input.depend_content_id_list) await depend(trx, all, held, input.depend_content_id_list);
      if (input.content_parent !== undefined) await parent(trx, all, held, input.content_parent);
      const own: { name?: string | null; is_anonymous?: number } = {};
      if (input.name !== undefined) own.name = input.name;
      if (input.is_anonymous !== undefined) own.is_anonymous = input.is_anonymous ? 1 : 0;
      if (Object.keys(own).length)
        await trx.updateTable("content_sequence").set(own).where("id", "=", held.id).execute();
      if (input.direction) await move(trx, all, held, input.direction);
      await touch(trx, resource, id, ctx.now());
    });
    return present(db, holder);
  });

  app.delete(ITEM, async (req, reply) => {
    const { id, holder } = await holderOf(req, "change");
    await writeTransaction(db, async (trx) => {
      const { held } = await heldOne(trx, req, holder);
      // What sat under it moves up to its parent; its dependency rows, both ways, go by foreign key.
      await trx
        .updateTable("content_sequence")
        .set({ parent_id: held.parent_id })
        .where("parent_id", "=", held.id)
        .execute();
      await trx.deleteFrom("content_sequence").where("id", "=", held.id).execute();
      const left = await heldBy(trx, holder);
      await renumber(
        trx,
        left.map((h) => h.id),
      );
      // A shown holder may not be without contents (its publish precondition): the last one hides it.
      const row = await fromResource(trx, resource.table)
        .select("t.is_display")
        .where("t.id", "=", id)
        .executeTakeFirstOrThrow();
      if (!left.length && Number(row.is_display) === 1) await hideContent(trx, resource.table, id, ctx.now());
      else await touch(trx, resource, id, ctx.now());
    });
    return reply.status(204).send();
  });
}
