import type { FastifyInstance, FastifyRequest } from "fastify";
import { LEARNING_PATH_MSG, PATH_CONTENT_LIMIT, type PathContentType } from "../../../contract/learning-path-codes";
import {
  pathContentAddSchema,
  pathContentChangeSchema,
  type PathContent,
} from "../../../contract/schemas/learning-path";
import type { Db } from "../../db/index";
import type { ApiContext } from "../../http/context";
import { createOnce } from "../../http/idempotency";
import { badRequest, notFound, parseChanges, parseInput } from "../../http/errors";
import { fromResource, itemId, touch, writeTransaction, type Trx } from "../../engine/crud";
import { hideContent } from "../publish";
import { contentAccess, contentTypeId } from "../ref";
import { CONTENT_DEFINITIONS } from "../types";
import { learningPathResource } from "./resource";

/**
 * A learning path's curriculum (issue 36 §1, docs/decisions/098): its contents in order, each
 * with the contents of the same path a learner completes first.
 *   GET    learning-path/{id}/content/                    PathContent[] by position (view)
 *   POST   learning-path/{id}/content/                    add {content_type, content_id} at the end (change) → 201
 *   PATCH  learning-path/{id}/content/{cid}/              move {direction: up|down} one place, and/or set
 *          its {depend_list}: ids of the path's contents a learner completes first (change)
 *   DELETE learning-path/{id}/content/{cid}/              remove it, and it from others' dependencies (change) → 204;
 *          the last content of a shown path hides it in the same transaction (its publish precondition)
 * A dependency that closes a cycle is refused with the contents of the cycle, in order (400).
 */
const BASE = "/dashboard/learning-path/:id(^\\d{1,12})/content/";
const ITEM = `${BASE}:cid(^\\d{1,12})/`;

/** The engine's definition of a content type a path may hold. */
const definitionOf = (key: PathContentType) => CONTENT_DEFINITIONS.find((d) => d.key === key)!;

type Held = { id: number; position: number; content_type: PathContentType; content_id: number };

/** The path's contents in order, with their content type's key. */
async function heldBy(q: Db | Trx, pathId: number): Promise<Held[]> {
  const rows = await q
    .selectFrom("learning_path_content as p")
    .innerJoin("content_type as ct", "ct.id", "p.content_type_id")
    .select(["p.id", "p.position", "ct.code", "p.content_id"])
    .where("p.learning_path_id", "=", pathId)
    .orderBy("p.position")
    .orderBy("p.id")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    position: r.position,
    content_type: r.code as PathContentType,
    content_id: r.content_id,
  }));
}

/** Name, code and shown flag of each held content (one query per content type present). */
async function namesOf(q: Db | Trx, held: Held[]) {
  const out = new Map<string, { name: string; code: string; is_display: boolean }>();
  for (const key of new Set(held.map((h) => h.content_type))) {
    const { resource } = definitionOf(key);
    let query = fromResource(q, resource.table)
      .select(["t.id", "t.name", "t.code", "t.is_display"])
      .where(
        "t.id",
        "in",
        held.filter((h) => h.content_type === key).map((h) => h.content_id),
      );
    if (resource.where) query = query.where(resource.where);
    for (const r of await query.execute())
      out.set(`${key}:${r.id}`, { name: r.name, code: r.code, is_display: Number(r.is_display) === 1 });
  }
  return out;
}

async function present(q: Db | Trx, pathId: number): Promise<PathContent[]> {
  const held = await heldBy(q, pathId);
  if (!held.length) return [];
  const [names, depends] = await Promise.all([
    namesOf(q, held),
    q
      .selectFrom("learning_path_depend")
      .select(["path_content_id", "depend_id"])
      .where(
        "path_content_id",
        "in",
        held.map((h) => h.id),
      )
      .orderBy("depend_id")
      .execute(),
  ]);
  return held.map((h, i) => {
    const named = names.get(`${h.content_type}:${h.content_id}`) ?? { name: "", code: "", is_display: false };
    return {
      id: h.id,
      position: i + 1,
      content_type: h.content_type,
      content_id: h.content_id,
      ...named,
      depend_list: depends.filter((d) => d.path_content_id === h.id).map((d) => d.depend_id),
    };
  });
}

/** The held content `cid` of the path, or 404. */
async function heldOne(q: Db | Trx, req: FastifyRequest, pathId: number): Promise<Held> {
  const found = (await heldBy(q, pathId)).find((h) => h.id === itemId(req, "cid"));
  if (!found) throw notFound();
  return found;
}

/** Positions 1…n again, in the order given (after a removal or a move). */
async function renumber(trx: Trx, order: number[]) {
  for (const [i, id] of order.entries())
    await trx
      .updateTable("learning_path_content")
      .set({ position: i + 1 })
      .where("id", "=", id)
      .execute();
}

/**
 * A cycle the dependencies would have with `from` depending on `on`: the path from one of `on`
 * back to `from` through the existing dependencies, as held ids in order; null when none.
 */
function cycleThrough(edges: Map<number, number[]>, from: number, on: number[]): number[] | null {
  const walk = (at: number, trail: number[], seen: Set<number>): number[] | null => {
    if (at === from) return trail;
    if (seen.has(at)) return null;
    seen.add(at);
    for (const next of edges.get(at) ?? []) {
      const found = walk(next, [...trail, next], seen);
      if (found) return found;
    }
    return null;
  };
  for (const start of on) {
    const found = walk(start, [from, start], new Set());
    if (found) return found;
  }
  return null;
}

/** Swap the content with its neighbour; nothing at either end. */
async function move(trx: Trx, pathId: number, held: Held, direction: "up" | "down") {
  const order = (await heldBy(trx, pathId)).map((h) => h.id);
  const at = order.indexOf(held.id);
  const to = direction === "up" ? at - 1 : at + 1;
  if (to < 0 || to >= order.length) return;
  [order[at], order[to]] = [order[to], order[at]];
  await renumber(trx, order);
}

/** Its dependencies, among the path's other contents; one that closes a cycle is refused naming it. */
async function depend(trx: Trx, pathId: number, held: Held, list: number[]) {
  const all = await heldBy(trx, pathId);
  const wanted = [...new Set(list)];
  if (wanted.some((d) => d === held.id || !all.some((h) => h.id === d)))
    throw badRequest({ depend_list: [LEARNING_PATH_MSG.depend_not_in_path] });
  const rows = await trx
    .selectFrom("learning_path_depend")
    .select(["path_content_id", "depend_id"])
    .where(
      "path_content_id",
      "in",
      all.map((h) => h.id),
    )
    .where("path_content_id", "<>", held.id)
    .execute();
  const edges = new Map<number, number[]>();
  for (const r of rows) edges.set(r.path_content_id, [...(edges.get(r.path_content_id) ?? []), r.depend_id]);
  const cycle = cycleThrough(edges, held.id, wanted);
  if (cycle) {
    const names = await namesOf(trx, all);
    const nameOf = (id: number) => {
      const h = all.find((x) => x.id === id)!;
      return names.get(`${h.content_type}:${h.content_id}`)?.name ?? String(id);
    };
    throw badRequest({
      depend_list: [LEARNING_PATH_MSG.depend_cycle],
      cycle: cycle.map((id) => ({ id, name: nameOf(id) })),
    });
  }
  await trx.deleteFrom("learning_path_depend").where("path_content_id", "=", held.id).execute();
  if (wanted.length)
    await trx
      .insertInto("learning_path_depend")
      .values(wanted.map((depend_id) => ({ path_content_id: held.id, depend_id })))
      .execute();
}

export function pathCurriculumRoutes(app: FastifyInstance, ctx: ApiContext) {
  const { db } = ctx;

  app.get(BASE, async (req) => {
    const { id } = await contentAccess(req, db, learningPathResource, "view");
    return present(db, id);
  });

  app.post(BASE, async (req, reply) => {
    const access = await contentAccess(req, db, learningPathResource, "change");
    return createOnce(req, reply, ctx, {
      answer: async (heldId) => (await present(db, access.id)).find((c) => c.id === heldId),
      create: (keep) => {
        const input = parseInput(pathContentAddSchema, req.body, "top");
        const now = ctx.now();
        return writeTransaction(db, async (trx) => {
          const { resource } = definitionOf(input.content_type);
          let exists = fromResource(trx, resource.table).select("t.id").where("t.id", "=", input.content_id);
          if (resource.where) exists = exists.where(resource.where);
          if (!(await exists.executeTakeFirst()))
            throw badRequest({ content_id: [LEARNING_PATH_MSG.content_not_found] });
          const held = await heldBy(trx, access.id);
          if (held.some((h) => h.content_type === input.content_type && h.content_id === input.content_id))
            throw badRequest({ content_id: [LEARNING_PATH_MSG.content_already_in_path] });
          if (held.length >= PATH_CONTENT_LIMIT) throw badRequest({ content_id: [LEARNING_PATH_MSG.path_full] });
          const row = await trx
            .insertInto("learning_path_content")
            .values({
              learning_path_id: access.id,
              content_type_id: await contentTypeId(trx, input.content_type),
              content_id: input.content_id,
              position: held.length + 1,
            })
            .returning("id")
            .executeTakeFirstOrThrow();
          await touch(trx, learningPathResource, access.id, now);
          return keep(trx, row.id);
        });
      },
    });
  });

  app.patch(ITEM, async (req) => {
    const access = await contentAccess(req, db, learningPathResource, "change");
    const input = parseChanges(pathContentChangeSchema, req.body, "top");
    await writeTransaction(db, async (trx) => {
      const held = await heldOne(trx, req, access.id);
      if (input.depend_list) await depend(trx, access.id, held, input.depend_list);
      if (input.direction) await move(trx, access.id, held, input.direction);
      await touch(trx, learningPathResource, access.id, ctx.now());
    });
    return present(db, access.id);
  });

  app.delete(ITEM, async (req, reply) => {
    const access = await contentAccess(req, db, learningPathResource, "change");
    await writeTransaction(db, async (trx) => {
      const held = await heldOne(trx, req, access.id);
      // Its dependency rows, both ways, go by foreign key.
      await trx.deleteFrom("learning_path_content").where("id", "=", held.id).execute();
      const left = await heldBy(trx, access.id);
      await renumber(
        trx,
        left.map((h) => h.id),
      );
      // A shown path may not be without contents (its publish precondition): the last one hides it.
      const path = await trx
        .selectFrom("learning_path")
        .select("is_display")
        .where("id", "=", access.id)
        .executeTakeFirstOrThrow();
      if (!left.length && path.is_display === 1) await hideContent(trx, "learning_path", access.id, ctx.now());
      else await touch(trx, learningPathResource, access.id, ctx.now());
    });
    return reply.status(204).send();
  });
}
