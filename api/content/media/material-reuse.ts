import type { FastifyInstance, FastifyRequest } from "fastify";
import { sql, type SqlBool } from "kysely";
import { REUSE_LISTS, type ReuseList } from "../../../contract/curriculum-codes";
import type { MaterialReuseOption } from "../../../contract/schemas/curriculum";
import { DASHBOARD_FLAG } from "../../../contract/permissions";
import { requirePermission } from "../../auth/permissions";
import type { Db } from "../../db/index";
import type { Trx } from "../../engine/crud";
import type { ApiContext } from "../../http/context";
import { narrowToPageQuery } from "../../http/filter-query";
import { paginate, readPageQuery } from "../../http/paging";

/**
 * The material lists no media kind holds (spec 002 §7 material/weblink, scorm, material/image;
 * docs/decisions/072): what the organisation's curricula already hold, so a new slot reuses a link
 * or a file (`source_material_id`, api/content/features/curriculum/reuse-ref.ts) instead of typing
 * or uploading it again:
 *   GET dashboard/material/{weblink|image}/ and dashboard/scorm/ (spec 002 §7; also material/scorm/)
 *   ?id, id_list, search, page, page_size
 * in the paged filter shape of the media lists beside it (material-lists.ts, which mounts these).
 * One row per distinct link or file: its earliest slot (the row's id is that slot's). A content
 * library course's slots are left out (docs/decisions/071): the library is not the organisation's
 * own content until taken. Any dashboard user may read them, as the other material lists.
 */

/** The course content type's library rows, as a condition on a slot aliased `alias`: true for the organisation's. */
const organisations = (alias: string) =>
  sql<SqlBool>`not exists (select 1 from ${sql.table("course")} as lc inner join ${sql.table("content_type")} as lct on lct.code = 'course'
    where lc.id = ${sql.ref(`${alias}.content_id`)} and lct.id = ${sql.ref(`${alias}.content_type_id`)} and lc.is_library = 1)`;

/** A slot's file (aliased `alias`) ends in one of the extensions, whatever their case. */
const endsInOneOf = (alias: string, extensions: readonly string[]) =>
  sql<SqlBool>`(${sql.join(
    extensions.map((e) => sql`lower(${sql.ref(`${alias}.file`)}) like ${`%.${e}`}`),
    sql` or `,
  )})`;

/**
 * The rows of a reuse list, as a query on `content_material as t` (nothing selected yet): the
 * earliest of the organisation's slots holding each distinct link or file of the list's kind.
 * Both the list and the check of a slot's `source_material_id` read it, so a reuse is always a row
 * the list offers.
 */
export function reuseListQuery(q: Db | Trx, list: ReuseList) {
  const col = `m.${list.column}` as const;
  let first = q
    .selectFrom("content_material as m")
    .select((eb) => eb.fn.min("m.id").as("id"))
    .where(col, "is not", null)
    .where(col, "<>", "")
    .where(organisations("m"))
    .groupBy(col);
  if (list.slotType) first = first.where("m.slot_type", "=", list.slotType);
  if (list.extensions) first = first.where(endsInOneOf("m", list.extensions));
  return q.selectFrom("content_material as t").where("t.id", "in", first);
}

export function materialReuseRoutes(app: FastifyInstance, ctx: ApiContext) {
  const { db } = ctx;
  for (const list of Object.values(REUSE_LISTS)) {
    const answer = async (req: FastifyRequest) => {
      await requirePermission(req, db, DASHBOARD_FLAG);
      const q = readPageQuery(req);
      const query = narrowToPageQuery(reuseListQuery(db, list), q, [
        "name",
        list.column === "url" ? "url" : "file_name",
      ])
        .select(["t.id", "t.name", "t.url", "t.file", "t.file_name"])
        .orderBy(sql`lower(${sql.ref("t.name")})`)
        .orderBy("t.id");
      const page = await paginate(req, query, q);
      return {
        ...page,
        results: page.results.map((r): MaterialReuseOption => ({
          id: r.id,
          name: r.name,
          code: null,
          value: r.id,
          kind: list.kind,
          file_name: list.column === "file" ? r.file_name : null,
          url: list.column === "url" ? r.url : r.file,
        })),
      };
    };
    for (const path of [list.path, ...(list.alsoAt ?? [])]) app.get(`/dashboard/${path}`, answer);
  }
}
