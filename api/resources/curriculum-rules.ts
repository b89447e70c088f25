import { MSG } from "../../contract/messages";
import type { IdName } from "../../contract/schemas/curriculum";
import { ApiError, badRequest } from "../http/errors";
import type { Trx } from "./crud";
import { setCourseDisplay } from "./course-publish";

/**
 * The rules of a curriculum (spec 001 §4 "Publish preconditions", §5 "Protection"):
 * - a material that is another's prerequisite cannot be deleted (424 cannot_delete_because_dependency)
 *   or hidden (424 material_is_prerequisite); a section neither, while one of its materials is the
 *   prerequisite of a material in another section — the answer names the dependents;
 * - prerequisites are materials of the same course, never the material itself, never a cycle;
 * - removing the last section unpublishes the course, in the same transaction.
 */

/** Materials outside `materialIds` that list one of them as a prerequisite, in curriculum order. */
export async function dependentsOf(trx: Trx, materialIds: readonly number[]): Promise<IdName[]> {
  if (!materialIds.length) return [];
  const rows = await trx
    .selectFrom("material_dependency as d")
    .innerJoin("course_material as m", "m.id", "d.material_id")
    .innerJoin("course_section as s", "s.id", "m.section_id")
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
 * created) of course `courseId`: materials of that course, not itself, no cycle. 400
 * {dependency_list: [invalid_choice | dependency_cycle]}.
 */
export async function checkDependencies(trx: Trx, courseId: number, materialId: number | null, prerequisiteIds: readonly number[]) {
  if (!prerequisiteIds.length) return;
  if (materialId !== null && prerequisiteIds.includes(materialId)) throw badRequest({ dependency_list: [MSG.dependency_cycle] });
  const found = await trx.selectFrom("course_material").select("id").where("course_id", "=", courseId).where("id", "in", [...prerequisiteIds]).execute();
  if (found.length !== new Set(prerequisiteIds).size) throw badRequest({ dependency_list: [MSG.invalid_choice] });
  if (materialId === null) return; // a new material has no dependents yet, so it closes no cycle
  const edges = await trx
    .selectFrom("material_dependency as d")
    .innerJoin("course_material as m", "m.id", "d.material_id")
    .select(["d.material_id", "d.prerequisite_id"])
    .where("m.course_id", "=", courseId)
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
  await trx.deleteFrom("material_dependency").where("material_id", "=", materialId).execute();
  if (prerequisiteIds.length) {
    await trx.insertInto("material_dependency").values(prerequisiteIds.map((prerequisite_id) => ({ material_id: materialId, prerequisite_id }))).execute();
  }
}

/** After a section is removed: a course left without any section cannot stay published (spec 001 §4). */
export async function unpublishWithoutSections(trx: Trx, courseId: number, now: Date) {
  const left = await trx.selectFrom("course_section").select("id").where("course_id", "=", courseId).executeTakeFirst();
  if (left) return;
  const course = await trx.selectFrom("course").select("is_display").where("id", "=", courseId).executeTakeFirstOrThrow();
  if (course.is_display === 1) await setCourseDisplay(trx, courseId, { is_display: false }, now);
}
