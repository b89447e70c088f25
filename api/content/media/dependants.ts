import { sql, type SqlBool } from "kysely";
import { MSG } from "../../../contract/messages";
import type { MediaDependant } from "../../../contract/schemas/media";
import type { Db } from "../../db/index";
import { ApiError } from "../../http/errors";
import { fromResource, type Trx } from "../../engine/crud";
import { CONTENT_DEFINITIONS } from "../types";

/**
 * Who depends on a media item (spec 001 §5 "Protection": dependent or prerequisite material cannot
 * be deleted or hidden; spec 002 §8: 424 on delete; docs/decisions/069): the curriculum slots that
 * play it (content_material.media_id) and are required, or that another slot lists as its
 * prerequisite. A slot that only offers it (optional, nobody waits on it) does not hold it.
 */

type Q = Db | Trx;

/** The slots holding media item `mediaId`, with their content's type code and id. */
function holdingSlots(q: Q, mediaId: number) {
  const isPrerequisite = sql<SqlBool>`exists (select 1 from ${sql.table("content_material_dependency")} as d where ${sql.ref("d.prerequisite_id")} = ${sql.ref("m.id")})`;
  return q
    .selectFrom("content_material as m")
    .innerJoin("content_type as ct", "ct.id", "m.content_type_id")
    .select(["m.id", "m.name", "m.content_id", "ct.code"])
    .where("m.media_id", "=", mediaId)
    .where((eb) => eb.or([eb("m.is_required", "=", 1), isPrerequisite]))
    .orderBy("m.id");
}

/** The contents requiring media item `mediaId`, named (their slot's name beside). */
export async function dependantsOf(q: Q, mediaId: number): Promise<MediaDependant[]> {
  const slots = await holdingSlots(q, mediaId).limit(100).execute();
  const out: MediaDependant[] = [];
  for (const code of [...new Set(slots.map((s) => s.code))]) {
    // Read at call time: types.ts lists this module's definitions too.
    const def = CONTENT_DEFINITIONS.find((d) => d.key === code);
    const ids = [...new Set(slots.filter((s) => s.code === code).map((s) => s.content_id))];
    const names = def
      ? new Map(
          (await fromResource(q, def.resource.table).select(["t.id", "t.name"]).where("t.id", "in", ids).execute()).map(
            (r) => [r.id, r.name],
          ),
        )
      : new Map<number, string>();
    for (const s of slots.filter((x) => x.code === code))
      out.push({
        content_type: code,
        content_id: s.content_id,
        content_name: names.get(s.content_id) ?? "",
        material: s.name,
      });
  }
  return out;
}

/** The 424 answer naming the dependants, or null when nothing requires the item. */
export async function dependencyAnswer(q: Q, mediaId: number): Promise<ApiError | null> {
  const dependants = await dependantsOf(q, mediaId);
  return dependants.length
    ? new ApiError(424, { detail: MSG.cannot_delete_because_dependency, dependent_list: dependants })
    : null;
}
