import type { SequenceContentType } from "../../../../contract/sequence-codes";
import type { SequenceContent } from "../../../../contract/schemas/sequence";
import type { Db } from "../../../db/index";
import { fromResource, type Trx } from "../../../engine/crud";
import { CONTENT_DEFINITIONS } from "../../types";

/**
 * What a sequence holds, read and renumbered (docs/decisions/099): the rows of content_sequence
 * of one holder (a learning path, an onboarding plan), by position, with the held contents'
 * names read from their own tables.
 */

type Q = Db | Trx;
/** One holder: its content type's id and its own id. */
export type Holder = { typeId: number; id: number };
export type Held = {
  id: number;
  position: number;
  content_type: SequenceContentType;
  content_id: number;
  name: string | null;
  is_anonymous: boolean;
  parent_id: number | null;
};

/** The engine's definition of a content type a sequence may hold. */
export const definitionOf = (key: SequenceContentType) => CONTENT_DEFINITIONS.find((d) => d.key === key)!;

/** The holder's contents in order, with their content type's key. */
export async function heldBy(q: Q, holder: Holder): Promise<Held[]> {
  const rows = await q
    .selectFrom("content_sequence as s")
    .innerJoin("content_type as ct", "ct.id", "s.content_type_id")
    .select(["s.id", "s.position", "ct.code", "s.content_id", "s.name", "s.is_anonymous", "s.parent_id"])
    .where("s.holder_type_id", "=", holder.typeId)
    .where("s.holder_id", "=", holder.id)
    .orderBy("s.position")
    .orderBy("s.id")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    position: r.position,
    content_type: r.code as SequenceContentType,
    content_id: r.content_id,
    name: r.name,
    is_anonymous: Number(r.is_anonymous) === 1,
    parent_id: r.parent_id,
  }));
}

/** Name, code and shown flag of each held content (one query per content type present). */
export async function namesOf(q: Q, held: Held[]) {
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

/** The sequence as the GET answers it. */
export async function present(q: Q, holder: Holder): Promise<SequenceContent[]> {
  const held = await heldBy(q, holder);
  if (!held.length) return [];
  const [names, depends] = await Promise.all([
    namesOf(q, held),
    q
      .selectFrom("content_sequence_depend")
      .select(["sequence_id", "depend_id"])
      .where(
        "sequence_id",
        "in",
        held.map((h) => h.id),
      )
      .orderBy("depend_id")
      .execute(),
  ]);
  return held.map((h, i) => {
    const own = names.get(`${h.content_type}:${h.content_id}`) ?? { name: "", code: "", is_display: false };
    return {
      id: h.id,
      position: i + 1,
      content_type: h.content_type,
      content_id: h.content_id,
      name: h.name ?? own.name,
      content_name: own.name,
      code: own.code,
      is_display: own.is_display,
      is_anonymous: h.is_anonymous,
      content_parent: h.parent_id,
      depend_content_id_list: depends.filter((d) => d.sequence_id === h.id).map((d) => d.depend_id),
    };
  });
}

/** Positions 1…n again, in the order given (after a removal or a move). */
export async function renumber(trx: Trx, order: number[]) {
  for (const [i, id] of order.entries())
    await trx
      .updateTable("content_sequence")
      .set({ position: i + 1 })
      .where("id", "=", id)
      .execute();
}

/**
 * A cycle that `from` pointing at each of `on` would close, through the existing `edges`: the
 * held ids in order, from `from` back to it; null when none. Dependencies and parents alike.
 */
export function cycleThrough(edges: Map<number, number[]>, from: number, on: number[]): number[] | null {
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
