import type { FastifyInstance, FastifyRequest } from "fastify";
import { sql, type SqlBool } from "kysely";
import type { FieldErrors } from "../../contract/http";
import { isIgnoredFilterValue } from "../../contract/list-query";
import { MSG } from "../../contract/messages";
import { flag } from "../../contract/permissions";
import {
  ACCOUNT_HISTORY_ACTIONS,
  type AccountHistoryAction,
  type AccountHistoryRow,
  type IdName,
} from "../../contract/schemas/user";
import { requirePermission } from "../auth/permissions";
import type { Db } from "../db/index";
import { itemId, likePattern, type Trx } from "../engine/crud";
import type { ApiContext } from "../http/context";
import { badRequest, notFound } from "../http/errors";
import { paginate, readPageQuery } from "../http/paging";
import { queryIds } from "./organisation-kit";

/** field → [old, new], as the user form names the fields. */
export type Changes = Record<string, [unknown, unknown]>;

/** One row of an account's history, written in the transaction of the change it records. */
export async function recordHistory(
  trx: Trx,
  row: { accountId: number; action: AccountHistoryAction; changes?: Changes; by: number | null; at: Date },
) {
  await trx
    .insertInto("account_history")
    .values({
      account_id: row.accountId,
      action: row.action,
      changes: JSON.stringify(row.changes ?? {}),
      created_by: row.by,
      datetime_create: row.at.toISOString(),
    })
    .execute();
}

const ACCOUNT_REF = ["id", "username", "first_name", "last_name"] as const;

/** The `action` filter: one or more actions; another word is invalid_choice. */
function queryActions(req: FastifyRequest, errors: FieldErrors): AccountHistoryAction[] | null {
  const given = (req.query as Record<string, unknown>).action;
  const texts = (Array.isArray(given) ? given : given === undefined ? [] : [given])
    .flatMap((v) => String(v).split(","))
    .filter((v) => !isIgnoredFilterValue(v));
  if (!texts.length) return null;
  const actions = texts.map((t) => t.trim());
  if (!actions.every((a) => (ACCOUNT_HISTORY_ACTIONS as readonly string[]).includes(a))) {
    errors.action = [MSG.invalid_choice];
    return null;
  }
  return actions as AccountHistoryAction[];
}

/** History rows with their accounts, and for department moves the departments' names. */
async function present(
  db: Db,
  rows: {
    id: number;
    account_id: number;
    action: string;
    changes: string;
    created_by: number | null;
    datetime_create: string;
  }[],
): Promise<AccountHistoryRow[]> {
  const accountIds = [
    ...new Set(rows.flatMap((r) => (r.created_by === null ? [r.account_id] : [r.account_id, r.created_by]))),
  ];
  const accounts = accountIds.length
    ? await db.selectFrom("account").select(ACCOUNT_REF).where("id", "in", accountIds).execute()
    : [];
  const accountOf = new Map(accounts.map((a) => [a.id, a]));
  const parsed = rows.map((r) => ({ ...r, changes: JSON.parse(r.changes) as Record<string, [unknown, unknown]> }));
  const departmentIds = [
    ...new Set(
      parsed.flatMap((r) =>
        r.action === "department" ? (r.changes.department ?? []).filter((v): v is number => typeof v === "number") : [],
      ),
    ),
  ];
  const departments = departmentIds.length
    ? await db.selectFrom("department").select(["id", "name"]).where("id", "in", departmentIds).execute()
    : [];
  const departmentOf = new Map<unknown, IdName>(departments.map((d) => [d.id, d]));
  return parsed.map((r) => ({
    id: r.id,
    account: accountOf.get(r.account_id)!,
    action: r.action as AccountHistoryAction,
    changes: r.changes,
    department_from: r.action === "department" ? (departmentOf.get(r.changes.department?.[0]) ?? null) : null,
    department_to: r.action === "department" ? (departmentOf.get(r.changes.department?.[1]) ?? null) : null,
    created_by: r.created_by === null ? null : (accountOf.get(r.created_by) ?? null),
    datetime_create: r.datetime_create,
  }));
}

/**
 * The account history, newest first (spec 000 §2.11 /user/history, /user/department/history;
 * docs/decisions/029): GET dashboard/user/history/ (every account; filters `account`, `action`;
 * `search` the account's username and names) and GET dashboard/user/{id}/history/. The department
 * history page is `?action=department`.
 */
export function accountHistoryRoutes(app: FastifyInstance, ctx: ApiContext) {
  const { db } = ctx;
  const list = async (req: FastifyRequest, accountId: number | null) => {
    const q = readPageQuery(req);
    const errors: FieldErrors = {};
    const actions = queryActions(req, errors);
    const accounts = accountId === null ? queryIds(req, "account", errors) : [accountId];
    if (Object.keys(errors).length) throw badRequest(errors);
    let query = db
      .selectFrom("account_history as h")
      .innerJoin("account as a", "a.id", "h.account_id")
      .select(["h.id", "h.account_id", "h.action", "h.changes", "h.created_by", "h.datetime_create"]);
    if (actions) query = query.where("h.action", "in", actions);
    if (accounts) query = query.where("h.account_id", "in", accounts);
    if (q.search) {
      const pattern = likePattern(q.search);
      query = query.where((eb) =>
        eb.or(
          ["a.username", "a.first_name", "a.last_name"].map(
            (col) => sql<SqlBool>`lower(${sql.ref(col)}) like ${pattern} escape '\\'`,
          ),
        ),
      );
    }
    const page = await paginate(req, query.orderBy("h.datetime_create", "desc").orderBy("h.id", "desc"), q);
    return { ...page, results: await present(db, page.results) };
  };

  app.get("/dashboard/user/history/", async (req) => {
    await requirePermission(req, db, flag("account", "view"));
    return list(req, null);
  });
  app.get("/dashboard/user/:id(^\\d{1,12})/history/", async (req) => {
    await requirePermission(req, db, flag("account", "view"));
    const id = itemId(req);
    if (!(await db.selectFrom("account").select("id").where("id", "=", id).executeTakeFirst())) throw notFound();
    return list(req, id);
  });
}
