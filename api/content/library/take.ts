import type { FastifyInstance } from "fastify";
import { sql, type Kysely } from "kysely";
import type { ApiContext } from "../../http/context";
import { createOnce } from "../../http/idempotency";
import type { Database } from "../../db/schema";
import type { Db } from "../../db/index";
import { configValues } from "../../system/config-store";
import { accessOf, assertStillVisible, inTransaction, itemAccess, type AnyResource, type Trx } from "../../engine/crud";
import type { ContentDefinition } from "../definition";
import { contentTypeId } from "../ref";

/**
 * Taking a library item into the organisation's content (issue 19 §6, docs/decisions/071):
 *   POST dashboard/coniclex/{key}/{id}/take/   (no body) → 201 {id, content_type, name, code}
 * makes the organisation's own copy of what the item IS — its row (name, code, category,
 * provider, level, description; a media item's file, link or body; the cover image), its tags and
 * instructors, a course's curriculum (sections, slots and their prerequisites), a flash card
 * set's cards — hidden, with `library_source_id` naming the library item. Not how the library
 * offers it: permission rules, enrolment settings, learners, gamification and competencies are
 * the organisation's to set on its copy, and a class program's classes stay the library's.
 * Needs the library's view flag (the item in the account's scope) and the organisation type's
 * add flag; a scoped account's copy must lie in its scope. One transaction: all or nothing.
 */

type Row = Record<string, unknown>;
/** The tables copied here, read and written as plain rows (their columns are whatever the row has). */
type Loose = Kysely<Record<string, Row>>;
const loose = (trx: Trx) => trx as unknown as Loose;

/**
 * A code the table does not hold yet and that fits the configured code limit: the original, else
 * with `-2`, `-3`… (cut short to fit), compared case-insensitively as codes are unique.
 */
async function freeCode(trx: Trx, table: string, code: string): Promise<string> {
  const limit = Number((await configValues(trx as unknown as Db, ["code-limit"]))["code-limit"]) || code.length;
  const fit = (suffix: string) => `${code.slice(0, Math.max(1, limit - suffix.length))}${suffix}`;
  // The codes that start as the shortest candidate does (a superset: `_` and `%` match more).
  const prefix = fit("-99999").slice(0, -6);
  const rows = await loose(trx)
    .selectFrom(table)
    .select("code")
    .where(sql`lower(${sql.ref("code")})`, "like", `${prefix.toLowerCase()}%`)
    .execute();
  const taken = new Set(rows.map((r) => String(r.code).toLowerCase()));
  if (!taken.has(fit("").toLowerCase())) return fit("");
  for (let n = 2; ; n++) if (!taken.has(fit(`-${n}`).toLowerCase())) return fit(`-${n}`);
}

/** Insert copies of `rows` with `set` over each, answering the new ids in order. */
async function copyRows(trx: Trx, table: string, rows: Row[], set: (r: Row) => Row): Promise<number[]> {
  const ids: number[] = [];
  for (const r of rows) {
    const { id: _old, ...rest } = r;
    const made = await loose(trx)
      .insertInto(table)
      .values({ ...rest, ...set(r) })
      .returning("id")
      .executeTakeFirstOrThrow();
    ids.push(Number(made.id));
  }
  return ids;
}

/** Copy rows of a join table (no id of its own) whose `key` column is `from`, to `to`. */
async function copyLinks(
  trx: Trx,
  table: "course_instructor" | "media_instructor",
  key: string,
  from: number,
  to: number,
) {
  const rows = await loose(trx).selectFrom(table).selectAll().where(key, "=", from).execute();
  if (rows.length)
    await loose(trx)
      .insertInto(table)
      .values(rows.map((r) => ({ ...r, [key]: to })))
      .execute();
}

/** A course's curriculum: its sections, their slots, and the slots' prerequisites among them. */
async function copyCurriculum(trx: Trx, typeId: number, from: number, to: number) {
  const sections = await trx
    .selectFrom("content_section")
    .selectAll()
    .where("content_type_id", "=", typeId)
    .where("content_id", "=", from)
    .orderBy("id")
    .execute();
  const sectionIds = await copyRows(trx, "content_section", sections, () => ({ content_id: to }));
  const sectionMap = new Map(sections.map((s, i) => [s.id, sectionIds[i]]));
  const materials = await trx
    .selectFrom("content_material")
    .selectAll()
    .where("content_type_id", "=", typeId)
    .where("content_id", "=", from)
    .orderBy("id")
    .execute();
  const materialIds = await copyRows(trx, "content_material", materials, (m) => ({
    content_id: to,
    section_id: sectionMap.get(Number(m.section_id)),
  }));
  const materialMap = new Map(materials.map((m, i) => [m.id, materialIds[i]]));
  if (!materials.length) return;
  const deps = await trx
    .selectFrom("content_material_dependency")
    .selectAll()
    .where(
      "material_id",
      "in",
      materials.map((m) => m.id),
    )
    .execute();
  const kept = deps.filter((d) => materialMap.has(d.prerequisite_id));
  if (kept.length)
    await trx
      .insertInto("content_material_dependency")
      .values(
        kept.map((d) => ({
          material_id: materialMap.get(d.material_id)!,
          prerequisite_id: materialMap.get(d.prerequisite_id)!,
        })),
      )
      .execute();
}

/** What each shared table's item owns beside its row and tags. */
const OWN: Partial<Record<keyof Database, (trx: Trx, typeId: number, from: number, to: number) => Promise<void>>> = {
  course: async (trx, typeId, from, to) => {
    await copyLinks(trx, "course_instructor", "course_id", from, to);
    await copyCurriculum(trx, typeId, from, to);
  },
  media: async (trx, _typeId, from, to) => {
    await copyLinks(trx, "media_instructor", "media_id", from, to);
    const cards = await trx.selectFrom("media_card").selectAll().where("media_id", "=", from).orderBy("sort").execute();
    await copyRows(trx, "media_card", cards, () => ({ media_id: to }));
  },
};

/**
 * Copy item `id` of `def` (a content type's table) as a hidden item of the other collection: the
 * organisation's (taking a library item) or the library's (`toLibrary`: the demo seed's library
 * from the organisation's items). Answers the copy's id.
 */
export async function copyItem(
  trx: Trx,
  def: { table: AnyResource["table"]; contentType: string },
  id: number,
  by: { accountId: number | null; now: Date; toLibrary?: boolean },
): Promise<number> {
  const row = await loose(trx).selectFrom(def.table).selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const at = by.now.toISOString();
  const code = await freeCode(trx, def.table, String(row.code));
  const [copy] = await copyRows(trx, def.table, [row], () => ({
    code,
    is_library: by.toLibrary ? 1 : 0,
    library_source_id: by.toLibrary ? null : id,
    is_display: 0,
    datetime_start: null,
    datetime_first_publish: null,
    datetime_create: at,
    datetime_update: at,
    created_by: by.accountId,
  }));
  const typeId = await contentTypeId(trx, def.contentType);
  const tags = await trx
    .selectFrom("content_tag")
    .selectAll()
    .where("content_type_id", "=", typeId)
    .where("content_id", "=", id)
    .execute();
  if (tags.length)
    await trx
      .insertInto("content_tag")
      .values(tags.map((t) => ({ ...t, content_id: copy })))
      .execute();
  await OWN[def.table]?.(trx, typeId, id, copy);
  return copy;
}

/** The take call of one library type, `lib`, whose organisation type is `org`. */
export const takeRoutes =
  (lib: ContentDefinition, org: ContentDefinition) => (app: FastifyInstance, ctx: ApiContext) => {
    const { db } = ctx;
    app.post(`/dashboard/${lib.resource.path}/:id(^\\d{1,12})/take/`, async (req, reply) => {
      const { id } = await itemAccess(req, db, lib.resource, []);
      const access = await accessOf(req, db, org.resource, ["add"]);
      // Taken once per idempotency key (docs/decisions/094): a retry answers the copy the first call made.
      return createOnce(req, reply, ctx, {
        answer: async (copy) => {
          const item = await org.resource.load(db, copy, ctx.now());
          return {
            id: copy,
            content_type: org.resource.contentType,
            name: item.name as string,
            code: item.code as string,
          };
        },
        create: (keep) =>
          inTransaction(db, org.resource, async (trx) => {
            const made = await copyItem(trx, lib.resource, id, { accountId: access.account.id, now: ctx.now() });
            await assertStillVisible(trx, org.resource, made, access);
            return keep(trx, made);
          }),
      });
    });
  };
