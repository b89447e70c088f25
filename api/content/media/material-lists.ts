import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { MATERIAL_LISTS, type MediaKind } from "../../../contract/media-codes";
import type { MaterialOption } from "../../../contract/schemas/media";
import { DASHBOARD_FLAG } from "../../../contract/permissions";
import { requirePermission } from "../../auth/permissions";
import type { ApiContext } from "../../http/context";
import { paginate, readPageQuery } from "../../http/paging";
import { narrowToPageQuery } from "../../http/filter-query";
import { storedFileUrl } from "./files";
import { thumbnailOf } from "./resource";
import { materialReuseRoutes } from "./material-reuse";

/**
 * The material lists of spec 002 §7 ("Material paths"; docs/decisions/069), which the curriculum's
 * material picker of every content type reads:
 *   GET dashboard/material/{video|audio|pdf|filedownload}/   ?id, id_list, search, page, page_size
 * answering the paged filter shape (results of {id, name, code, value, …}, count, page_size, next),
 * like dashboard/filter/… (api/system/filters.ts): `id_list` names the rows wanted (a picker
 * showing what a slot holds), by name. The organisation's items only. Any dashboard user may read them (a picker is part of
 * another content's form, which checks its own flag). The kinds of each list: MATERIAL_LISTS.
 * The spec's other three (weblink, scorm, image) list the curricula's own slots: material-reuse.ts,
 * mounted here with them (docs/decisions/072).
 */
export function materialListRoutes(app: FastifyInstance, ctx: ApiContext) {
  const { db } = ctx;
  for (const [path, kinds] of Object.entries(MATERIAL_LISTS)) {
    app.get(`/dashboard/material/${path}/`, async (req) => {
      await requirePermission(req, db, DASHBOARD_FLAG);
      const q = readPageQuery(req);
      // The organisation's items: a library item is taken into its content first (docs/decisions/071).
      let query = db
        .selectFrom("media as t")
        .where("t.kind", "in", kinds as MediaKind[])
        .where("t.is_library", "=", 0);
      query = narrowToPageQuery(query, q, ["name", "code"]);
      const selected = query
        .select([
          "t.id",
          "t.name",
          "t.code",
          "t.kind",
          "t.file_key",
          "t.file_name",
          "t.duration",
          "t.thumbnail",
          "t.video_provider",
          "t.video_id",
          "t.url",
        ])
        .orderBy(sql`lower(${sql.ref("t.name")})`)
        .orderBy("t.id");
      const page = await paginate(req, selected, q);
      return {
        ...page,
        results: page.results.map((r): MaterialOption => ({
          id: r.id,
          name: r.name,
          code: r.code,
          value: r.id,
          kind: r.kind as MediaKind,
          file_name: r.file_name,
          duration: r.duration,
          thumbnail: thumbnailOf(r),
          url: r.url ?? (r.file_key ? storedFileUrl(r.file_key) : null),
        })),
      };
    });
  }
  materialReuseRoutes(app, ctx);
}
