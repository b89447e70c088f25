import type { FastifyInstance } from "fastify";
import { sql, type SqlBool } from "kysely";
import { MSG } from "../../contract/messages";
import { flag } from "../../contract/permissions";
import { masterSchemas, type MasterRow } from "../../contract/schemas/organisation";
import { requirePermission } from "../auth/permissions";
import { CONTENT_DEFINITIONS } from "../content/types";
import type { Db } from "../db/index";
import { itemId, likePattern, writeTransaction, type Trx } from "../engine/crud";
import type { ApiContext } from "../http/context";
import { ApiError, badRequest, notFound, parseInput } from "../http/errors";
import { parseOrdering, tieDirection } from "../http/ordering";
import { paginate, readPageQuery } from "../http/paging";
import { accountsIn, assertCodeFree, namedByPermissionRules, organisationLimits, touchFilter } from "./organisation-kit";

/**
 * Levels and positions have no module of their own in spec 002 §6: they are managed on the user
 * pages (/user/level), so the account flags guard them (docs/decisions/029).
 */
const ACCOUNT = {
  view: flag("account", "view"),
  add: flag("account", "add"),
  change: flag("account", "change"),
  delete: flag("account", "delete"),
} as const;

type MasterTable = "level" | "position";
const ORDERING = { name: sql`lower(${sql.ref("t.name")})`, code: sql`lower(${sql.ref("t.code")})`, id: sql`${sql.ref("t.id")}` };

/** Both tables have id, name and code: the query is typed as `level`. */
const fromTable = (q: Db | Trx, table: MasterTable) => q.selectFrom(`${table} as t` as "level as t");

async function present(db: Db | Trx, table: MasterTable, rows: { id: number; name: string; code: string | null }[]): Promise<MasterRow[]> {
  if (!rows.length) return [];
  const column = `${table}_id` as "level_id";
  const counts = await db
    .selectFrom("account")
    .select((eb) => [eb.ref(column).as("ref"), eb.fn.countAll<number>().as("n")])
    .where(column, "in", rows.map((r) => r.id))
    .groupBy(column)
    .execute();
  const n = new Map(counts.map((c) => [c.ref, Number(c.n)]));
  return rows.map((r) => ({ id: r.id, name: r.name, code: r.code, count_account: n.get(r.id) ?? 0 }));
}

async function loadOne(db: Db | Trx, table: MasterTable, id: number): Promise<MasterRow> {
  const row = await fromTable(db, table).select(["t.id", "t.name", "t.code"]).where("t.id", "=", id).executeTakeFirst();
  if (!row) throw notFound();
  return (await present(db, table, [row]))[0];
}

/** Whether content uses the level as its content level (the key would silently clear it). */
async function usedAsContentLevel(trx: Trx, id: number): Promise<boolean> {
  for (const def of CONTENT_DEFINITIONS) {
    if (await trx.selectFrom(`${def.resource.table} as c` as "course as c").select("c.id").where("c.content_level", "=", id).executeTakeFirst()) return true;
  }
  return false;
}

/**
 * GET/POST dashboard/{level|position}/ and GET/PATCH/DELETE …/{id}/ (docs/decisions/029): the
 * paged list (search name and code, ordering name, code, id) with how many people hold each;
 * delete is refused (424) while people hold it or something names it.
 */
function masterRoutes(app: FastifyInstance, ctx: ApiContext, table: MasterTable) {
  const { db } = ctx;
  const base = `/dashboard/${table}/`;
  const item = `${base}:id(^\\d{1,12})/`;

  app.get(base, async (req) => {
    await requirePermission(req, db, ACCOUNT.view);
    const q = readPageQuery(req);
    const order = parseOrdering(q.ordering, ORDERING, "name");
    if (!order) throw badRequest({ ordering: [MSG.invalid_choice] });
    let query = fromTable(db, table).select(["t.id", "t.name", "t.code"]);
    if (q.search) {
      const pattern = likePattern(q.search);
      query = query.where((eb) => eb.or(["t.name", "t.code"].map((col) => sql<SqlBool>`lower(${sql.ref(col)}) like ${pattern} escape '\\'`)));
    }
    for (const o of order) query = query.orderBy(o.expr, o.desc ? "desc" : "asc");
    const page = await paginate(req, query.orderBy("t.id", tieDirection(order)), q);
    return { ...page, results: await present(db, table, page.results) };
  });

  app.get(item, async (req) => {
    await requirePermission(req, db, ACCOUNT.view);
    return loadOne(db, table, itemId(req));
  });

  app.post(base, async (req, reply) => {
    await requirePermission(req, db, ACCOUNT.add);
    const input = parseInput(masterSchemas(await organisationLimits(db)).create, req.body);
    const id = await writeTransaction(db, async (trx) => {
      await touchFilter(trx, table, ctx.now());
      await assertCodeFree(trx, table, input.code, null);
      return (await trx.insertInto(table).values({ name: input.name, code: input.code }).returning("id").executeTakeFirstOrThrow()).id;
    });
    return reply.status(201).send(await loadOne(db, table, id));
  });

  app.patch(item, async (req) => {
    await requirePermission(req, db, ACCOUNT.change);
    const id = itemId(req);
    const input = parseInput(masterSchemas(await organisationLimits(db)).update, req.body);
    await writeTransaction(db, async (trx) => {
      await touchFilter(trx, table, ctx.now());
      await loadOne(trx, table, id);
      await assertCodeFree(trx, table, input.code, id);
      const set = { ...(input.name !== undefined ? { name: input.name } : {}), ...(input.code !== undefined ? { code: input.code } : {}) };
      if (Object.keys(set).length) await trx.updateTable(table).set(set).where("id", "=", id).execute();
    });
    return loadOne(db, table, id);
  });

  app.delete(item, async (req, reply) => {
    await requirePermission(req, db, ACCOUNT.delete);
    const id = itemId(req);
    await writeTransaction(db, async (trx) => {
      await touchFilter(trx, table, ctx.now());
      await loadOne(trx, table, id);
      if ((await accountsIn(trx, table, id)) > 0) throw new ApiError(424, { detail: MSG.in_use_by_users });
      const named = (await namedByPermissionRules(trx, table, id)) || (table === "level" && (await usedAsContentLevel(trx, id)));
      if (named) throw new ApiError(424, { detail: MSG.cannot_delete_because_dependency });
      await trx.deleteFrom(table).where("id", "=", id).execute();
    });
    return reply.status(204).send();
  });
}

/** Levels and positions. */
export function masterListRoutes(app: FastifyInstance, ctx: ApiContext) {
  masterRoutes(app, ctx, "level");
  masterRoutes(app, ctx, "position");
}
