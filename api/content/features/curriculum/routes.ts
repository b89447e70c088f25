import type { FastifyInstance, FastifyRequest } from "fastify";
import type { FieldErrors } from "../../../../contract/http";
import { MSG } from "../../../../contract/messages";
import {
  FILE_SLOT_TYPES,
  SLOT_FILE_EXTENSIONS,
  isSlotType,
  type SlotType,
} from "../../../../contract/curriculum-codes";
import {
  identificationSchema,
  materialMoveSchema,
  materialSchema,
  moveSchema,
  reorderSchema,
  sectionSchemas,
  slotTypeSchema,
  type Curriculum,
  type CurriculumIdentification,
  type CurriculumLimits,
  type IdName,
  type IdentificationMinimums,
  type Material,
  type MaterialInput,
  type Section,
  type UploadedFile,
} from "../../../../contract/schemas/curriculum";
import { fromFlag, toFlag, type Db } from "../../../db/index";
import type { ApiContext } from "../../../http/context";
import { createOnce } from "../../../http/idempotency";
import { badRequest, notFound, parseChanges, parseInput } from "../../../http/errors";
import { curriculumPath, type ContentDefinition } from "../../definition";
import { contentAccess, ofContent, type ContentRef } from "../../ref";
import { configValues } from "../../../system/config-store";
import { idFilterValue, inTransaction, touch, type Trx } from "../../../engine/crud";
import { MATERIAL_FOLDER, fileRefProblem, readMaterialUpload } from "./files";
import { assertNotPrerequisite, checkDependencies, setDependencies, unpublishWithoutSections } from "./rules";
import { MAX_UPLOAD_BYTES, storeMedia } from "../../../system/media";
import { assertPlayable } from "./media-ref";
import { bodyNamesSource, resolveSlotRefs } from "./reuse-ref";

/**
 * dashboard/{content path}/{id}/curriculum/… (docs/decisions/009; a type's `curriculum.path`
 * instead when it says so, docs/decisions/045), for every content type listing
 * the feature: the sections of a content with their materials in order, their prerequisites, file
 * uploads and the identification settings. Reading needs the content's view flag (or its view
 * scope), every write its change flag; rows outside the account's scope, and sections or materials
 * of another content, are 404. Every write runs in one transaction (a refusal writes nothing) and
 * touches the content's update time.
 */

type Q = Db | Trx;

async function limitsOf(db: Db): Promise<CurriculumLimits> {
  const c = await configValues(db, ["text-limit", "url-limit"]);
  return { text: Number(c["text-limit"]) || 200, url: Number(c["url-limit"]) || 255 };
}

async function minimumsOf(db: Db): Promise<IdentificationMinimums> {
  const c = await configValues(db, ["iden-lock-attempt-minimum", "iden-lock-duration-minimum"]);
  return {
    attempt: Math.max(0, Number(c["iden-lock-attempt-minimum"]) || 1),
    duration: Math.max(0, Number(c["iden-lock-duration-minimum"]) || 60),
  };
}

// ---- reading -------------------------------------------------------------------------------

type MaterialRow = {
  id: number;
  section_id: number;
  sort: number;
  slot_type: string;
  name: string;
  is_required: number;
  is_preview: number;
  is_display: number;
  is_non_skippable: number;
  is_paused_inactive: number;
  is_allow_download: number;
  attempt: number;
  duration: number;
  url: string | null;
  file: string | null;
  file_name: string | null;
  media_id: number | null;
  media_name: string | null;
  datetime_create: string;
  datetime_update: string;
};

/** The whole curriculum of a content: sections in order, each with its materials in order; four queries. */
export async function loadCurriculum(db: Q, ref: ContentRef): Promise<Curriculum> {
  const sections = await db
    .selectFrom("content_section")
    .select(["id", "name", "sort", "is_display"])
    .where(ofContent(ref))
    .orderBy("sort")
    .orderBy("id")
    .execute();
  const materials = (await db
    .selectFrom("content_material as m")
    .innerJoin("content_section as s", "s.id", "m.section_id")
    .leftJoin("media as md", "md.id", "m.media_id")
    .selectAll("m")
    .select("md.name as media_name")
    .where(ofContent(ref, "m"))
    .orderBy("s.sort")
    .orderBy("s.id")
    .orderBy("m.sort")
    .orderBy("m.id")
    .execute()) as MaterialRow[];
  const deps = materials.length
    ? await db
        .selectFrom("content_material_dependency as d")
        .innerJoin("content_material as m", "m.id", "d.material_id")
        .select(["d.material_id", "d.prerequisite_id"])
        .where(ofContent(ref, "m"))
        .execute()
    : [];
  // Curriculum order of every material, so dependency lists read in that order.
  const order = new Map(materials.map((m, i) => [m.id, i]));
  const names = new Map(materials.map((m) => [m.id, m.name]));
  const byOrder = (a: number, b: number) => (order.get(a) ?? 0) - (order.get(b) ?? 0);
  const prerequisites = new Map<number, number[]>();
  const dependents = new Map<number, number[]>();
  for (const d of deps) {
    prerequisites.set(d.material_id, [...(prerequisites.get(d.material_id) ?? []), d.prerequisite_id]);
    dependents.set(d.prerequisite_id, [...(dependents.get(d.prerequisite_id) ?? []), d.material_id]);
  }
  const idNames = (ids: number[] | undefined): IdName[] =>
    [...(ids ?? [])].sort(byOrder).map((id) => ({ id, name: names.get(id) ?? "" }));
  const present = (m: MaterialRow): Material => ({
    id: m.id,
    section: m.section_id,
    sort: m.sort,
    slot_type: m.slot_type as SlotType,
    name: m.name,
    is_required: fromFlag(m.is_required),
    is_preview: fromFlag(m.is_preview),
    is_display: fromFlag(m.is_display),
    is_non_skippable: fromFlag(m.is_non_skippable),
    is_paused_inactive: fromFlag(m.is_paused_inactive),
    is_allow_download: fromFlag(m.is_allow_download),
    attempt: m.attempt,
    duration: m.duration,
    url: m.url,
    file: m.file,
    file_name: m.file_name,
    media_id: m.media_id,
    media: m.media_id !== null && m.media_name !== null ? { id: m.media_id, name: m.media_name } : null,
    dependency_list: idNames(prerequisites.get(m.id)),
    dependent_list: idNames(dependents.get(m.id)),
    datetime_create: m.datetime_create,
    datetime_update: m.datetime_update,
  });
  const results: Section[] = sections.map((s) => ({
    id: s.id,
    name: s.name,
    sort: s.sort,
    is_display: fromFlag(s.is_display),
    material_list: materials.filter((m) => m.section_id === s.id).map(present),
  }));
  return { count: results.length, results };
}

async function loadSection(db: Q, ref: ContentRef, sectionId: number): Promise<Section> {
  const section = (await loadCurriculum(db, ref)).results.find((s) => s.id === sectionId);
  if (!section) throw notFound();
  return section;
}

async function loadMaterial(db: Q, ref: ContentRef, materialId: number): Promise<Material> {
  for (const s of (await loadCurriculum(db, ref)).results) {
    const found = s.material_list.find((m) => m.id === materialId);
    if (found) return found;
  }
  throw notFound();
}

// ---- access --------------------------------------------------------------------------------

/** A section of that content, or 404. */
async function sectionOf(db: Q, ref: ContentRef, req: FastifyRequest) {
  const sid = idFilterValue((req.params as Record<string, string>).sid ?? "");
  if (sid === null) throw notFound();
  const row = await db
    .selectFrom("content_section")
    .select(["id", "sort", "is_display"])
    .where("id", "=", sid)
    .where(ofContent(ref))
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** A material of that content, or 404. */
async function materialOf(db: Q, ref: ContentRef, req: FastifyRequest) {
  const mid = idFilterValue((req.params as Record<string, string>).mid ?? "");
  if (mid === null) throw notFound();
  const row = await db
    .selectFrom("content_material")
    .select(["id", "section_id", "sort", "slot_type", "file", "url", "media_id", "is_display"])
    .where("id", "=", mid)
    .where(ofContent(ref))
    .executeTakeFirst();
  if (!row) throw notFound();
  return { ...row, slot_type: row.slot_type as SlotType };
}

// ---- ordering ------------------------------------------------------------------------------

/** Number the content's sections 1…n in the given order (default: their current order). */
async function renumberSections(trx: Trx, ref: ContentRef, ids?: number[]) {
  const list = ids ?? (await sectionIdsOf(trx, ref));
  for (const [i, id] of list.entries())
    await trx
      .updateTable("content_section")
      .set({ sort: i + 1 })
      .where("id", "=", id)
      .execute();
}

/** Number a section's materials 1…n in the given order (default: their current order). */
async function renumberMaterials(trx: Trx, sectionId: number, ids?: number[]) {
  const list = ids ?? (await materialIdsOf(trx, sectionId));
  for (const [i, id] of list.entries())
    await trx
      .updateTable("content_material")
      .set({ sort: i + 1, section_id: sectionId })
      .where("id", "=", id)
      .execute();
}

const materialIdsOf = async (q: Q, sectionId: number) =>
  (
    await q
      .selectFrom("content_material")
      .select("id")
      .where("section_id", "=", sectionId)
      .orderBy("sort")
      .orderBy("id")
      .execute()
  ).map((r) => r.id);
const sectionIdsOf = async (q: Q, ref: ContentRef) =>
  (
    await q.selectFrom("content_section").select("id").where(ofContent(ref)).orderBy("sort").orderBy("id").execute()
  ).map((r) => r.id);

/** `list` with the element at `from` moved to index `to`. */
function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const out = [...list];
  const [item] = out.splice(from, 1);
  out.splice(Math.max(0, Math.min(to, out.length)), 0, item);
  return out;
}

/** `given` is exactly `current` in another order, or 400 {id_list: [invalid_choice]}. */
function assertPermutation(given: readonly number[], current: readonly number[]) {
  const same =
    given.length === current.length &&
    [...given].sort((a, b) => a - b).every((v, i) => v === [...current].sort((a, b) => a - b)[i]);
  if (!same) throw badRequest({ id_list: [MSG.invalid_choice] });
}

// ---- material writes -----------------------------------------------------------------------

/** The file reference of an upload slot, checked against the media directory. */
function checkFile(ctx: ApiContext, slotType: SlotType, input: MaterialInput, current: string | null) {
  if (!FILE_SLOT_TYPES.includes(slotType) || input.file === undefined || input.file === current) return;
  const problem = fileRefProblem(ctx.mediaDir, slotType, input.file);
  if (problem) throw badRequest({ file: [problem] });
}

/** Columns of a material write; fields of other slot types never reach here (the schema drops them). */
function materialColumns(input: MaterialInput) {
  const flag = (v: boolean | undefined) => (v === undefined ? undefined : toFlag(v));
  const cols = {
    name: input.name,
    is_required: flag(input.is_required),
    is_preview: flag(input.is_preview),
    is_display: flag(input.is_display),
    is_non_skippable: flag(input.is_non_skippable),
    is_paused_inactive: flag(input.is_paused_inactive),
    is_allow_download: flag(input.is_allow_download),
    attempt: input.attempt,
    duration: input.duration,
    url: input.url,
    file: input.file,
    file_name: input.file === undefined ? undefined : input.file_name || input.file.split("/").pop() || null,
    media_id: input.media_id,
  };
  return Object.fromEntries(Object.entries(cols).filter(([, v]) => v !== undefined));
}

// ---- routes --------------------------------------------------------------------------------

/** The curriculum calls of content type `def`, under its item path. */
export function curriculumRoutes(app: FastifyInstance, ctx: ApiContext, def: ContentDefinition) {
  const { db } = ctx;
  const { resource } = def;
  // A class mounts it as its material tab (material/), a course as its curriculum (docs/decisions/045).
  const BASE = `/dashboard/${resource.path}/:id(^\\d{1,12})/${curriculumPath(def)}`;
  const SECTION = `${BASE}/section/:sid(^\\d{1,12})`;
  const MATERIAL = `${BASE}/material/:mid(^\\d{1,12})`;
  // An item read-only for good (a cancelled class) refuses every write: contentAccess says so.
  const access = (req: FastifyRequest, action: "view" | "change") => contentAccess(req, db, resource, action);
  const write = <T>(work: (trx: Trx) => Promise<T>) => inTransaction(db, resource, work);
  const touchContent = (trx: Trx, ref: ContentRef, now: Date) => touch(trx, resource, ref.contentId, now);

  const readCurriculum = async (req: FastifyRequest) => {
    const { ref } = await access(req, "view");
    return loadCurriculum(db, ref);
  };
  app.get(`${BASE}/`, readCurriculum);
  app.get(`${BASE}/section/`, readCurriculum);

  // Sections ---------------------------------------------------------------------------------

  app.post(`${BASE}/section/`, async (req, reply) => {
    const { ref } = await access(req, "change");
    return createOnce(req, reply, ctx, {
      answer: (sid) => loadSection(db, ref, sid),
      create: async (keep) => {
        const input = parseInput(sectionSchemas(await limitsOf(db)).create, req.body);
        const now = ctx.now();
        return write(async (trx) => {
          const last = await trx
            .selectFrom("content_section")
            .select((eb) => eb.fn.max("sort").as("m"))
            .where(ofContent(ref))
            .executeTakeFirst();
          const row = await trx
            .insertInto("content_section")
            .values({
              content_type_id: ref.contentTypeId,
              content_id: ref.contentId,
              name: input.name,
              sort: Number(last?.m ?? 0) + 1,
              is_display: toFlag(input.is_display),
            })
            .returning("id")
            .executeTakeFirstOrThrow();
          await touchContent(trx, ref, now);
          return keep(trx, row.id);
        });
      },
    });
  });

  app.post(`${BASE}/section/reorder/`, async (req) => {
    const { ref } = await access(req, "change");
    const { id_list } = parseInput(reorderSchema, req.body);
    await write(async (trx) => {
      assertPermutation(id_list, await sectionIdsOf(trx, ref));
      await renumberSections(trx, ref, id_list);
      await touchContent(trx, ref, ctx.now());
    });
    return loadCurriculum(db, ref);
  });

  app.get(`${SECTION}/`, async (req) => {
    const { ref } = await access(req, "view");
    const section = await sectionOf(db, ref, req);
    return loadSection(db, ref, section.id);
  });

  app.patch(`${SECTION}/`, async (req) => {
    const { ref } = await access(req, "change");
    const section = await sectionOf(db, ref, req);
    const input = parseChanges(sectionSchemas(await limitsOf(db)).update, req.body);
    await write(async (trx) => {
      if (input.is_display === false && section.is_display === 1) {
        await assertNotPrerequisite(trx, await materialIdsOf(trx, section.id), "hide");
      }
      const set = {
        ...(input.name !== undefined && { name: input.name }),
        ...(input.is_display !== undefined && { is_display: toFlag(input.is_display) }),
      };
      if (Object.keys(set).length)
        await trx.updateTable("content_section").set(set).where("id", "=", section.id).execute();
      await touchContent(trx, ref, ctx.now());
    });
    return loadSection(db, ref, section.id);
  });

  app.delete(`${SECTION}/`, async (req, reply) => {
    const { ref, account } = await access(req, "change");
    const section = await sectionOf(db, ref, req);
    const now = ctx.now();
    await write(async (trx) => {
      await assertNotPrerequisite(trx, await materialIdsOf(trx, section.id), "delete");
      await trx.deleteFrom("content_section").where("id", "=", section.id).execute();
      await renumberSections(trx, ref);
      await touchContent(trx, ref, now);
      // Only where sections are the publish precondition (a class's is a session).
      if (def.curriculum?.sectionsPublish !== false)
        await unpublishWithoutSections(trx, resource, ref, { account, now, ctx });
    });
    return reply.status(204).send();
  });

  app.post(`${SECTION}/move/`, async (req) => {
    const { ref } = await access(req, "change");
    const section = await sectionOf(db, ref, req);
    const { direction } = parseInput(moveSchema, req.body);
    await write(async (trx) => {
      const ids = await sectionIdsOf(trx, ref);
      const at = ids.indexOf(section.id);
      await renumberSections(trx, ref, moved(ids, at, direction === "up" ? at - 1 : at + 1));
      await touchContent(trx, ref, ctx.now());
    });
    return loadCurriculum(db, ref);
  });

  // Materials --------------------------------------------------------------------------------

  app.post(`${SECTION}/material/`, async (req, reply) => {
    const { ref } = await access(req, "change");
    const section = await sectionOf(db, ref, req);
    return createOnce(req, reply, ctx, {
      answer: (mid) => loadMaterial(db, ref, mid),
      create: async (keep) => {
        const { slot_type } = parseInput(slotTypeSchema, req.body);
        const input = parseInput(
          materialSchema(slot_type, await limitsOf(db), { media: bodyNamesSource(req.body) }),
          req.body,
        ) as MaterialInput;
        checkFile(ctx, slot_type, input, null);
        const now = ctx.now();
        return write(async (trx) => {
          const full = await resolveSlotRefs(trx, slot_type, input);
          await checkDependencies(trx, ref, null, input.dependency_list ?? []);
          const last = await trx
            .selectFrom("content_material")
            .select((eb) => eb.fn.max("sort").as("m"))
            .where("section_id", "=", section.id)
            .executeTakeFirst();
          const at = now.toISOString();
          const row = await trx
            .insertInto("content_material")
            .values({
              content_type_id: ref.contentTypeId,
              content_id: ref.contentId,
              section_id: section.id,
              sort: Number(last?.m ?? 0) + 1,
              slot_type,
              name: input.name!,
              is_required: 1,
              is_preview: 0,
              is_display: 1,
              is_non_skippable: 0,
              is_paused_inactive: 0,
              is_allow_download: 0,
              attempt: 0,
              duration: 0,
              url: null,
              file: null,
              file_name: null,
              iden_attempt: null,
              iden_duration_lock: null,
              ...materialColumns(full),
              datetime_create: at,
              datetime_update: at,
            })
            .returning("id")
            .executeTakeFirstOrThrow();
          await setDependencies(trx, row.id, input.dependency_list ?? []);
          await touchContent(trx, ref, now);
          return keep(trx, row.id);
        });
      },
    });
  });

  app.post(`${SECTION}/material/reorder/`, async (req) => {
    const { ref } = await access(req, "change");
    const section = await sectionOf(db, ref, req);
    const { id_list } = parseInput(reorderSchema, req.body);
    await write(async (trx) => {
      assertPermutation(id_list, await materialIdsOf(trx, section.id));
      await renumberMaterials(trx, section.id, id_list);
      await touchContent(trx, ref, ctx.now());
    });
    return loadSection(db, ref, section.id);
  });

  app.get(`${MATERIAL}/`, async (req) => {
    const { ref } = await access(req, "view");
    const material = await materialOf(db, ref, req);
    return loadMaterial(db, ref, material.id);
  });

  app.patch(`${MATERIAL}/`, async (req) => {
    const { ref } = await access(req, "change");
    const material = await materialOf(db, ref, req);
    const input = parseChanges(
      materialSchema(material.slot_type, await limitsOf(db), { partial: true }),
      req.body,
    ) as MaterialInput;
    checkFile(ctx, material.slot_type, input, material.file);
    assertPlayable(material.slot_type, material, input);
    const now = ctx.now();
    await write(async (trx) => {
      const full = await resolveSlotRefs(trx, material.slot_type, input);
      if (input.is_display === false && material.is_display === 1)
        await assertNotPrerequisite(trx, [material.id], "hide");
      if (input.dependency_list !== undefined) {
        await checkDependencies(trx, ref, material.id, input.dependency_list);
        await setDependencies(trx, material.id, input.dependency_list);
      }
      await trx
        .updateTable("content_material")
        .set({ ...materialColumns(full), datetime_update: now.toISOString() })
        .where("id", "=", material.id)
        .execute();
      await touchContent(trx, ref, now);
    });
    return loadMaterial(db, ref, material.id);
  });

  app.delete(`${MATERIAL}/`, async (req, reply) => {
    const { ref } = await access(req, "change");
    const material = await materialOf(db, ref, req);
    await write(async (trx) => {
      await assertNotPrerequisite(trx, [material.id], "delete");
      await trx.deleteFrom("content_material").where("id", "=", material.id).execute();
      await renumberMaterials(trx, material.section_id);
      await touchContent(trx, ref, ctx.now());
    });
    return reply.status(204).send();
  });

  app.post(`${MATERIAL}/move/`, async (req) => {
    const { ref } = await access(req, "change");
    const material = await materialOf(db, ref, req);
    const input = parseInput(materialMoveSchema, req.body);
    await write(async (trx) => {
      const own = await materialIdsOf(trx, material.section_id);
      const at = own.indexOf(material.id);
      let target = material.section_id;
      let index: number;
      if ("direction" in input) {
        const step = input.direction === "up" ? -1 : 1;
        if (at + step >= 0 && at + step < own.length) {
          index = at + step;
        } else {
          // Past the edge of its section: into the neighbouring section (last when going up, first going down).
          const sections = await sectionIdsOf(trx, ref);
          const neighbour = sections[sections.indexOf(material.section_id) + step];
          if (neighbour === undefined) return;
          target = neighbour;
          index = step < 0 ? Number.MAX_SAFE_INTEGER : 0;
        }
      } else {
        const section = await trx
          .selectFrom("content_section")
          .select("id")
          .where("id", "=", input.section)
          .where(ofContent(ref))
          .executeTakeFirst();
        if (!section) throw badRequest({ section: [MSG.invalid_choice] });
        target = section.id;
        index = (input.position ?? Number.MAX_SAFE_INTEGER) - 1;
      }
      if (target === material.section_id) {
        await renumberMaterials(trx, target, moved(own, at, index));
      } else {
        const others = await materialIdsOf(trx, target);
        const list = [...others];
        list.splice(Math.max(0, Math.min(index, list.length)), 0, material.id);
        await renumberMaterials(trx, target, list);
        await renumberMaterials(trx, material.section_id);
      }
      await trx
        .updateTable("content_material")
        .set({ datetime_update: ctx.now().toISOString() })
        .where("id", "=", material.id)
        .execute();
      await touchContent(trx, ref, ctx.now());
    });
    return loadCurriculum(db, ref);
  });

  // Files ------------------------------------------------------------------------------------

  app.post(`${BASE}/upload/`, async (req, reply) => {
    await access(req, "change");
    const slotType = (req.query as Record<string, unknown>).slot_type;
    if (!isSlotType(slotType) || !SLOT_FILE_EXTENSIONS[slotType].length)
      throw badRequest({ slot_type: [MSG.invalid_choice] });
    const { "file-size-limit": limit } = await configValues(db, ["file-size-limit"]);
    const upload = await readMaterialUpload(req, slotType, Number(limit) || MAX_UPLOAD_BYTES);
    const file = await storeMedia(ctx.mediaDir, MATERIAL_FOLDER, upload);
    const answer: UploadedFile = {
      file,
      file_name: upload.fileName,
      file_size: upload.data.length,
      slot_type: slotType,
    };
    return reply.status(201).send(answer);
  });

  // Identification ---------------------------------------------------------------------------

  const readIdentification = async (q: Q, ref: ContentRef): Promise<CurriculumIdentification> => {
    const minimum = await minimumsOf(db);
    const sections = await q
      .selectFrom("content_section")
      .select([
        "id",
        "name",
        "iden_is_enabled",
        "iden_identification",
        "iden_lock_method",
        "iden_attempt",
        "iden_duration_lock",
      ])
      .where(ofContent(ref))
      .orderBy("sort")
      .orderBy("id")
      .execute();
    const materials = await q
      .selectFrom("content_material")
      .select([
        "id",
        "section_id",
        "name",
        "slot_type",
        "iden_is_enabled",
        "iden_identification",
        "iden_lock_method",
        "iden_attempt",
        "iden_duration_lock",
        "iden_random",
      ])
      .where(ofContent(ref))
      .orderBy("sort")
      .orderBy("id")
      .execute();
    const settings = (r: (typeof sections)[number]) => ({
      id: r.id,
      name: r.name,
      is_enabled: fromFlag(r.iden_is_enabled),
      identification: r.iden_identification,
      lock_method: r.iden_lock_method,
      attempt: r.iden_attempt ?? minimum.attempt,
      duration_lock: r.iden_duration_lock ?? minimum.duration,
    });
    return {
      minimum,
      item_list: sections.map((s) => ({
        ...settings(s),
        slot_list: materials
          .filter((m) => m.section_id === s.id)
          .map((m) => ({
            ...settings(m),
            random: fromFlag(m.iden_random),
            content_type: m.slot_type as SlotType,
            content_name: m.name,
          })),
      })),
    };
  };

  app.get(`${BASE}/identification/`, async (req) => {
    const { ref } = await access(req, "view");
    return readIdentification(db, ref);
  });

  app.put(`${BASE}/identification/`, async (req) => {
    const { ref } = await access(req, "change");
    const input = parseInput(identificationSchema(await minimumsOf(db)), req.body, "nested");
    await write(async (trx) => {
      const sections = new Set(await sectionIdsOf(trx, ref));
      const slots = await trx
        .selectFrom("content_material")
        .select(["id", "section_id"])
        .where(ofContent(ref))
        .execute();
      const slotSection = new Map(slots.map((s) => [s.id, s.section_id]));
      const errors: FieldErrors = {};
      const seen = new Set<number>();
      const seenSlots = new Set<number>();
      input.item_list.forEach((item, i) => {
        if (!sections.has(item.id) || seen.has(item.id)) errors[`item_list[${i}].id`] = [MSG.invalid_choice];
        seen.add(item.id);
        (item.slot_list ?? []).forEach((slot, j) => {
          if (slotSection.get(slot.id) !== item.id || seenSlots.has(slot.id))
            errors[`item_list[${i}].slot_list[${j}].id`] = [MSG.invalid_choice];
          seenSlots.add(slot.id);
        });
      });
      if (Object.keys(errors).length) throw badRequest(errors);
      for (const item of input.item_list) {
        const common = {
          iden_is_enabled: toFlag(item.is_enabled),
          iden_identification: item.identification,
          iden_lock_method: item.lock_method,
          iden_attempt: item.attempt,
          iden_duration_lock: item.duration_lock,
        };
        await trx.updateTable("content_section").set(common).where("id", "=", item.id).execute();
        for (const slot of item.slot_list ?? []) {
          await trx
            .updateTable("content_material")
            .set({
              iden_is_enabled: toFlag(slot.is_enabled),
              iden_identification: slot.identification,
              iden_lock_method: slot.lock_method,
              iden_attempt: slot.attempt,
              iden_duration_lock: slot.duration_lock,
              iden_random: toFlag(slot.random),
            })
            .where("id", "=", slot.id)
            .execute();
        }
      }
      await touchContent(trx, ref, ctx.now());
    });
    return readIdentification(db, ref);
  });
}
