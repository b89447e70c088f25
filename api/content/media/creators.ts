import type { FastifyInstance } from "fastify";
import { sql, type SqlBool } from "kysely";
import { z } from "../../../contract/zod";
import { MSG } from "../../../contract/messages";
import { DASHBOARD_FLAG } from "../../../contract/permissions";
import { requirePermission } from "../../auth/permissions";
import type { ApiContext } from "../../http/context";
import { parseInput } from "../../http/errors";
import { paginate, readPageQuery } from "../../http/paging";
import { narrowToPageQuery } from "../../http/filter-query";
import { idFilterValue } from "../../engine/crud";

/**
 * The flash-card account (creator) list of spec 002 §7's filter lists (issue 19, docs/decisions/069):
 *   GET dashboard/filter/flash-card/account/   ?flash_card, id, id_list, search, page, page_size
 * the accounts who made learners' cards — of one set with `flash_card`, else of any — as the
 * paged filter shape {id, name, code, value} (name: first and last name, code: username), by name.
 * The learners' cards list of a set filters by it (`ugc/?account=`). Dashboard users, as every
 * filter list.
 */
const creatorsQuery = z.object({
  flash_card: z
    .string()
    .optional()
    .refine((v) => v === undefined || v === "" || idFilterValue(v) !== null, MSG.invalid),
});

export function flashCardCreatorRoutes(app: FastifyInstance, ctx: ApiContext) {
  const { db } = ctx;
  app.get("/dashboard/filter/flash-card/account/", async (req) => {
    await requirePermission(req, db, DASHBOARD_FLAG);
    const q = readPageQuery(req);
    const { flash_card } = parseInput(creatorsQuery, req.query);
    const set = flash_card ? idFilterValue(flash_card) : null;
    const made = sql<SqlBool>`exists (select 1 from ${sql.table("media_ugc_card")} as u where ${sql.ref("u.account_id")} = ${sql.ref("t.id")}${set === null ? sql`` : sql` and ${sql.ref("u.media_id")} = ${set}`})`;
    let query = db.selectFrom("account as t").where(made);
    query = narrowToPageQuery(query, q, ["username", "first_name", "last_name"]);
    const selected = query
      .select(["t.id", "t.username", "t.first_name", "t.last_name"])
      .orderBy(sql`lower(${sql.ref("t.first_name")})`)
      .orderBy(sql`lower(${sql.ref("t.last_name")})`)
      .orderBy("t.id");
    const page = await paginate(req, selected, q);
    return {
      ...page,
      results: page.results.map((r) => ({
        id: r.id,
        name: `${r.first_name} ${r.last_name}`.trim() || r.username,
        code: r.username,
        value: r.id,
      })),
    };
  });
}
