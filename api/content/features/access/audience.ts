import type { FastifyInstance, FastifyRequest } from "fastify";
import { publishStatusWhere } from "../../base-resource";
import { PUBLISH_STATUS } from "../../../../contract/codes";
import { sql, type SqlBool } from "kysely";
import type { PermissionAccess } from "../../../../contract/codes";
import { organisationToday } from "../../../auth/membership";
import { requireUser } from "../../../auth/permissions";
import type { ApiContext } from "../../../http/context";
import { notFound } from "../../../http/errors";
import { paginate, readPageQuery } from "../../../http/paging";
import { fromResource, itemId, likePattern } from "../../../engine/crud";
import type { ContentDefinition } from "../../definition";
import { contentAccess, contentTypeId } from "../../ref";
import { accessLevel } from "./visibility";
import { personMatches } from "../../../engine/people";

/**
 * Where the permission rules take effect (docs/decisions/030), both read through accessLevel:
 *
 * - GET /api/dashboard/{path}/{id}/permission/audience/ (paged, `search`; the content's change
 *   flag, as its permission tab): the active accounts that may see the content now, each with
 *   its access level — the answer to "who does this rule set reach?".
 * - GET /api/{path}/ and /api/{path}/{id}/ (any signed-in account, learners included): the
 *   published contents the account may see, each with its `permission` (1 view, 2 view and
 *   enrol); a content it may not see, or not published, is a 404.
 */

export type AudienceRow = {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  department: { id: number; name: string } | null;
  permission: PermissionAccess;
};
export type CatalogueRow = {
  id: number;
  name: string;
  code: string;
  desc: string;
  category: { id: number; name: string };
  provider: { id: number; name: string };
  permission: PermissionAccess;
};

export function audienceRoutes(app: FastifyInstance, ctx: ApiContext, def: ContentDefinition) {
  const { db } = ctx;
  const table = def.resource.table;

  app.get(`/dashboard/${def.resource.path}/:id(^\\d{1,12})/permission/audience/`, async (req) => {
    const { ref } = await contentAccess(req, db, def.resource, "change");
    const q = readPageQuery(req);
    const level = accessLevel(ref.contentTypeId, "t", "a", await organisationToday(db, ctx.now()));
    let accounts = db
      .selectFrom("account as a")
      .innerJoin(`${table} as t` as "course as t", (j) => j.on("t.id", "=", ref.contentId))
      .leftJoin("department as d", "d.id", "a.department_id")
      .where("a.is_active", "=", 1);
    if (q.search) accounts = accounts.where(personMatches(q.search));
    // The level is computed once per account, then filtered on (see accessLevel).
    const leveled = accounts.select([
      "a.id",
      "a.username",
      "a.first_name",
      "a.last_name",
      "d.id as department_id",
      "d.name as department_name",
      level.as("permission"),
    ]);
    const selected = db
      .selectFrom(leveled.as("x"))
      .selectAll("x")
      .where("x.permission", ">", 0)
      .orderBy(sql`lower(x.username)`)
      .orderBy("x.id");
    const page = await paginate(req, selected, q);
    return {
      ...page,
      results: page.results.map((r): AudienceRow => ({
        id: r.id,
        username: r.username,
        first_name: r.first_name,
        last_name: r.last_name,
        department: r.department_id === null ? null : { id: r.department_id, name: r.department_name ?? "" },
        permission: Number(r.permission) as PermissionAccess,
      })),
    };
  });

  /**
   * The published contents of this type (matching `search`, or the one `id`) the signed-in account
   * may see, with its level, as a query: the level computed once per content, then filtered on.
   */
  const catalogue = async (req: FastifyRequest, only: { id?: number; search?: string }) => {
    const account = requireUser(req);
    const now = ctx.now();
    const level = accessLevel(
      await contentTypeId(db, def.resource.contentType),
      "t",
      "a",
      await organisationToday(db, now),
    );
    let published = fromResource(db, table)
      .innerJoin("account as a", (j) => j.on("a.id", "=", account.id))
      .innerJoin("category as c", "c.id", "t.category_id")
      .innerJoin("provider as p", "p.id", "t.provider_id")
      .where(publishStatusWhere(PUBLISH_STATUS.publish, now));
    if (only.id !== undefined) published = published.where("t.id", "=", only.id);
    if (only.search) {
      const p = likePattern(only.search);
      published = published.where(
        sql<SqlBool>`(lower(t.name) like ${p} escape '\\' or lower(t.code) like ${p} escape '\\')`,
      );
    }
    const leveled = published.select([
      "t.id",
      "t.name",
      "t.code",
      "t.desc",
      "c.id as category_id",
      "c.name as category_name",
      "p.id as provider_id",
      "p.name as provider_name",
      level.as("permission"),
    ]);
    return db.selectFrom(leveled.as("x")).selectAll("x").where("x.permission", ">", 0);
  };
  type Raw = {
    id: number;
    name: string;
    code: string;
    desc: string;
    category_id: number;
    category_name: string;
    provider_id: number;
    provider_name: string;
    permission: unknown;
  };
  const present = (r: Raw): CatalogueRow => ({
    id: r.id,
    name: r.name,
    code: r.code,
    desc: r.desc,
    category: { id: r.category_id, name: r.category_name },
    provider: { id: r.provider_id, name: r.provider_name },
    permission: Number(r.permission) as PermissionAccess,
  });

  app.get(`/${def.resource.path}/`, async (req) => {
    const q = readPageQuery(req);
    const query = await catalogue(req, { search: q.search });
    const page = await paginate(req, query.orderBy(sql`lower(x.name)`).orderBy("x.id"), q);
    return { ...page, results: page.results.map(present) };
  });

  app.get(`/${def.resource.path}/:id(^\\d{1,12})/`, async (req) => {
    const row = await (await catalogue(req, { id: itemId(req) })).executeTakeFirst();
    if (!row) throw notFound();
    return present(row);
  });
}
