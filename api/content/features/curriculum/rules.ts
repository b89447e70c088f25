import { MSG } from "../../../../contract/messages";
import type { IdName } from "../../../../contract/schemas/curriculum";
import { ofContent, type ContentRef } from "../../ref";
import { ApiError, badRequest } from "../../../http/errors";
import { fromResource, type AnyResource, type Trx, type WriteContext } from "../../../engine/crud";

/**
 * The rules of a curriculum (spec 001 §4 "Publish preconditions", §5 "Protection"):
 * - a material that is another's prerequisite cannot be deleted (424 cannot_delete_because_dependency)
 *   or hidden (424 material_is_prerequisite); a section neither, while one of its materials is the
 *   prerequisite of a material in another section — the answer names the dependents;
 * - prerequisites are materials of the same content, never the material itself, never a cycle;
 * - removing the last section unpublishes the content, in the same transaction.
 */

/** Materials outside `materialIds` that list one of them as a prerequisite, in curriculum order. */
export async function dependentsOf(trx: Trx, materialIds: readonly number[]): Promise<IdName[]> {
  if (!materialIds.length) return [];
  const rows = await trx
    .selectFrom("content_material_dependency as d")
    .innerJoin("content_material as m", "m.id", "d.material_id")
    .innerJoin("content_section as s", "s.id", "m.section_id")
    .select(["m.id", "m.name"])
    .where("d.prerequisite_id", "in", materialIds)
    .where("d.material_id", "not in", materialIds)
    .groupBy(["m.id", "m.name", "s.sort", "m.sort"])
    .orderBy("s.sort")
    .orderBy("m.sort")
    .orderBy("m.id")
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name }));
}

/** 424 when a material of `materialIds` is the prerequisite of a material outside them. */
export async function assertNotPrerequisite(trx: Trx, materialIds: readonly number[], action: "delete" | "hide") {
  const dependents = await dependentsOf(trx, materialIds);
  if (!dependents.length) return;
  const detail = action === "delete" ? MSG.cannot_delete_because_dependency : MSG.material_is_prerequisite;
  throw new ApiError(424, { detail, dependent_list: dependents });
}

/**
 * Check the prerequisites `prerequisiteIds` of material `materialId` (null while it is being
 * created) of content `ref`: materials of that content, not itself, no cycle. 400
 * {dependency_list: [invalid_choice | dependency_cycle]}.
 */
export async function checkDependencies(
  trx: Trx,
  ref: ContentRef,
  materialId: number | null,
  prerequisiteIds: readonly number[],
) {
  if (!prerequisiteIds.length) return;
  if (materialId !== null && prerequisiteIds.includes(materialId))
    throw badRequest({ dependency_list: [MSG.dependency_cycle] });
  const found = await trx
    .selectFrom("content_material")
    .select("id")
    .where(ofContent(ref))
    .where("id", "in", [...prerequisiteIds])
    .execute();
  if (found.length !== new Set(prerequisiteIds).size) throw badRequest({ dependency_list: [MSG.invalid_choice] });
  if (materialId === null) return; // a new material has no dependents yet, so it closes no cycle
  const edges = await trx
    .selectFrom("content_material_dependency as d")
    .innerJoin("content_material as m", "m.id", "d.material_id")
    .select(["d.material_id", "d.prerequisite_id"])
    .where(ofContent(ref, "m"))
    .where("d.material_id", "<>", materialId)
    .execute();
  const next = new Map<number, number[]>();
  for (const e of edges) next.set(e.material_id, [...(next.get(e.material_id) ?? []), e.prerequisite_id]);
  // A cycle: following prerequisites from a new prerequisite leads back to the material.
  const seen = new Set<number>();
  const stack = [...prerequisiteIds];
  while (stack.length) {
    const at = stack.pop()!;
    if (at === materialId) throw badRequest({ dependency_list: [MSG.dependency_cycle] });
    if (seen.has(at)) continue;
    seen.add(at);
    stack.push(...(next.get(at) ?? []));
  }
}

/** Replace the prerequisites of a material (already checked). */
export async function setDependencies(trx: Trx, materialId: number, prerequisiteIds: readonly number[]) {
  await trx.deleteFrom("content_material_dependency").where("material_id", "=", materialId).execute();
  if (prerequisiteIds.length) {
    await trx
      .insertInto("content_material_dependency")
      .values(prerequisiteIds.map((prerequisite_id) => ({ material_id: materialId, prerequisite_id })))
      .execute();
  }
}

/**
 * After a section is removed: a content left without any section cannot stay published (spec 001
 * §4). It is hidden through its resource's own show/hide (`display`), as a PATCH {is_display: false}
 * would; a resource without one has nothing to unpublish.
 */
export async function unpublishWithoutSections(trx: Trx, resource: AnyResource, ref: ContentRef, w: WriteContext) {
  const left = await trx.selectFrom("content_section").select("id").where(ofContent(ref)).executeTakeFirst();
  if (left || !resource.display) return;
  const row = await fromResource(trx, resource.table)
    .select("t.is_display")
    .where("t.id", "=", ref.contentId)
    .executeTakeFirstOrThrow();
  if (row.is_display === 1) await resource.display.apply(trx, ref.contentId, { is_display: false }, w);
}
