import type { FastifyInstance, FastifyRequest } from "fastify";
import { sql, type SqlBool } from "kysely";
import type { FieldErrors } from "../../contract/http";
import { isIgnoredFilterValue } from "../../contract/list-query";
import { MSG } from "../../contract/messages";
import { flag } from "../../contract/permissions";
import { userCreateSchema, userUpdateSchema } from "../../contract/schemas/user";
import { requirePermission } from "../auth/permissions";
import type { Db } from "../db/index";
import { itemId, likePattern } from "../engine/crud";
import type { ApiContext } from "../http/context";
import { createOnce } from "../http/idempotency";
import { badRequest, parseChanges, parseInput } from "../http/errors";
import { parseOrdering, tieDirection } from "../http/ordering";
import { idListOf, paginate, readPageQuery } from "../http/paging";
import { accountHistoryRoutes } from "./account-history";
import { passwordRule, textLimits } from "./config-store";
import { subtreeIds } from "./department-tree";
import { queryIds } from "./organisation-kit";
import { userAccessRoutes } from "./user-access";
import { exportUsers } from "./user-export";
import { USER_ROW_COLUMNS, fromAccounts, loadUser, userRow } from "./user-detail";
import { createUser, updateUser } from "./user-write";

/** The account flags of spec 002 §6 (module "accounts"). */
const ACCOUNT = {
  view: flag("account", "view"),
  add: flag("account", "add"),
  change: flag("account", "change"),
  export: flag("account", "export"),
} as const;

const ORDERING = {
  username: sql`lower(${sql.ref("a.username")})`,
  first_name: sql`lower(${sql.ref("a.first_name")})`,
  last_name: sql`lower(${sql.ref("a.last_name")})`,
  email: sql`lower(${sql.ref("a.email")})`,
  code: sql`lower(${sql.ref("a.code")})`,
  datetime_create: sql`${sql.ref("a.datetime_create")}`,
  last_active: sql`${sql.ref("a.last_active")}`,
};
const SEARCHED = ["a.username", "a.first_name", "a.last_name", "a.email", "a.code"];

/** `is_active`: true/1 the active, false/0 the inactive; empty, null or all: everyone. */
function queryActive(req: FastifyRequest, errors: FieldErrors): boolean | null {
  const given = (req.query as Record<string, unknown>).is_active;
  if (given === undefined || (typeof given === "string" && isIgnoredFilterValue(given))) return null;
  const text = String(given).trim().toLowerCase();
  if (text === "true" || text === "1") return true;
  if (text === "false" || text === "0") return false;
  errors.is_active = [MSG.invalid_choice];
  return null;
}

/** The list's query as the page asks it (search, filters, ordering): its pages and its export. */
function userListQuery(db: Db, req: FastifyRequest, q: ReturnType<typeof readPageQuery>) {
  const errors: FieldErrors = {};
  const departments = queryIds(req, "department", errors);
  const levels = queryIds(req, "level", errors);
  const positions = queryIds(req, "position", errors);
  const active = queryActive(req, errors);
  const order = parseOrdering(q.ordering, ORDERING, "username");
  if (!order) errors.ordering = [MSG.invalid_choice];
  if (Object.keys(errors).length) throw badRequest(errors);

  let query = fromAccounts(db).select([...USER_ROW_COLUMNS]);
  if (departments) query = query.where(sql<SqlBool>`${sql.ref("a.department_id")} in ${subtreeIds(departments)}`);
  if (levels) query = query.where("a.level_id", "in", levels);
  if (positions) query = query.where("a.position_id", "in", positions);
  if (active !== null) query = query.where("a.is_active", "=", active ? 1 : 0);
  if (q.id_list !== undefined) {
    const ids = idListOf(q.id_list);
    query = ids.length ? query.where("a.id", "in", ids) : query.where(sql<SqlBool>`1 = 0`);
  }
  if (q.search) {
    const pattern = likePattern(q.search);
    query = query.where((eb) =>
      eb.or(SEARCHED.map((col) => sql<SqlBool>`lower(${sql.ref(col)}) like ${pattern} escape '\\'`)),
    );
  }
  for (const o of order!) query = query.orderBy(o.expr, o.desc ? "desc" : "asc");
  return query.orderBy("a.id", tieDirection(order!));
}

/**
 * Users (spec 000 §2.11 /user; spec 001 §3 "User", §5 "Accounts"; docs/decisions/029):
 * - GET dashboard/user/: paged, `search` (username, names, email, employee code), `ordering`,
 *   filters `department` (with its sub-departments), `level`, `position` (ids, several allowed),
 *   `is_active`, and `id_list` (spec 002 §7: the accounts a bulk form has chosen);
 * - GET dashboard/user/export/?format_type=xlsx|csv: that list, every row, as a spreadsheet
 *   (user-export.ts), with the account export flag;
 * - POST dashboard/user/ (201), GET and PATCH dashboard/user/{id}/: the user form;
 * - the history (account-history.ts), activation and bulk password reset (user-access.ts).
 */
export function userRoutes(app: FastifyInstance, ctx: ApiContext) {
  const { db } = ctx;
  const base = "/dashboard/user/";
  const item = `${base}:id(^\\d{1,12})/`;

  app.get(base, async (req) => {
    await requirePermission(req, db, ACCOUNT.view);
    const q = readPageQuery(req);
    const page = await paginate(req, userListQuery(db, req, q), q);
    return { ...page, results: page.results.map(userRow) };
  });

  // The list as xlsx or csv (issue 33 item 14, docs/decisions/081): its search, filters and
  // ordering, every row, with the account export flag.
  app.get(`${base}export/`, async (req, reply) => {
    await requirePermission(req, db, ACCOUNT.export);
    const query = userListQuery(db, req, readPageQuery(req));
    return exportUsers(
      req,
      reply,
      db,
      async (limit, offset) => (await query.limit(limit).offset(offset).execute()).map(userRow),
      ctx.now(),
    );
  });

  app.post(base, async (req, reply) => {
    const actor = await requirePermission(req, db, ACCOUNT.add);
    return createOnce(req, reply, ctx, {
      answer: (id) => loadUser(db, id, ctx.now()),
      create: async (keep) =>
        createUser(
          db,
          parseInput(userCreateSchema(await passwordRule(db), await textLimits(db)), req.body),
          actor,
          ctx.now(),
          keep,
        ),
    });
  });

  app.get(item, async (req) => {
    await requirePermission(req, db, ACCOUNT.view);
    return loadUser(db, itemId(req), ctx.now());
  });

  app.patch(item, async (req) => {
    const actor = await requirePermission(req, db, ACCOUNT.change);
    const id = itemId(req);
    const input = parseChanges(userUpdateSchema(await textLimits(db)), req.body);
    await updateUser(db, id, input, actor, ctx.now());
    return loadUser(db, id, ctx.now());
  });

  accountHistoryRoutes(app, ctx);
  userAccessRoutes(app, ctx);
}
