import type { FastifyInstance, FastifyRequest } from "fastify";
import { sql, type SqlBool } from "kysely";
import { MSG } from "../../contract/messages";
import { adminSchema, type RoleAdmin } from "../../contract/schemas/master-data";
import type { Db } from "../db/index";
import type { ApiContext } from "../http/context";
import { badRequest, notFound, parseInput } from "../http/errors";
import { paginate, readPageQuery } from "../http/paging";
import { idFilterValue, writeTransaction, type Trx } from "../engine/crud";
import { PERSON_COLUMNS, isStaff, personMatches, presentPerson, type PersonRaw } from "../engine/people";
import { accountChoicesPage } from "../engine/account-choices";

/**
 * The administrators of a group, a provider or an instructor (spec 001 §3 Group admin_list;
 * spec 000 §2.11 instructor "admin", provider "admin"; docs/decisions/030). An administrator is
 * a staff account holding that row as a role: account_role_scope (kind group / provider /
 * instructor), the role lists the permission answer already carries (spec 002 §6 "Server-
 * supplied roles"). So a provider's administrators are the accounts whose provider-scoped views
 * show its content (docs/decisions/006), and a group's may manage the group.
 */
export type RoleKind = "group" | "provider" | "instructor";

type Q = Db | Trx;

/** The administrators of row `refId`, by username, as a query. */
export function adminsQuery(db: Q, kind: RoleKind, refId: number, search?: string) {
  let q = db
    .selectFrom("account_role_scope as s")
    .innerJoin("account as a", "a.id", "s.account_id")
    .leftJoin("department as d", "d.id", "a.department_id")
    .where("s.kind", "=", kind)
    .where("s.ref_id", "=", refId);
  if (search) q = q.where(personMatches(search));
  return q
    .select([...PERSON_COLUMNS, "s.is_in_use"])
    .orderBy(sql`lower(a.username)`)
    .orderBy("a.id");
}

export const presentAdmin = (r: PersonRaw & { is_in_use: number }): RoleAdmin => ({
  ...presentPerson(r),
  is_in_use: r.is_in_use === 1,
});

/** Whether `accountId` administers row `refId`. */
export async function isAdminOf(q: Q, kind: RoleKind, refId: number, accountId: number): Promise<boolean> {
  return !!(await q
    .selectFrom("account_role_scope")
    .select("ref_id")
    .where("kind", "=", kind)
    .where("ref_id", "=", refId)
    .where("account_id", "=", accountId)
    .executeTakeFirst());
}

/** The rows of `kind` that `accountId` administers, as a subquery of ids. */
export const administeredIds = (kind: RoleKind, accountId: number) =>
  sql`(select ${sql.ref("ars.ref_id")} from ${sql.table("account_role_scope")} as ars where ${sql.ref("ars.kind")} = ${kind} and ${sql.ref("ars.account_id")} = ${accountId})`;

/**
 * Make `ids` the administrators of row `refId`, exactly: each must be staff (400
 * {field: [account_not_staff | invalid_choice]}). A new administrator's role is in use when they
 * had no role of this kind in use yet (the permission answer's "current" entry).
 */
export async function setAdmins(trx: Trx, kind: RoleKind, refId: number, ids: readonly number[], field = "admin_list") {
  const current = (
    await trx
      .selectFrom("account_role_scope")
      .select("account_id")
      .where("kind", "=", kind)
      .where("ref_id", "=", refId)
      .execute()
  ).map((r) => r.account_id);
  // Only newcomers are checked: an administrator who has since left the staff may stay listed until removed.
  const added = ids.filter((id) => !current.includes(id));
  if (added.length) {
    const rows = await trx
      .selectFrom("account as a")
      .select(["a.id", sql<number>`case when ${isStaff} then 1 else 0 end`.as("staff")])
      .where("a.id", "in", added)
      .execute();
    if (rows.length !== added.length) throw badRequest({ [field]: [MSG.invalid_choice] });
    if (rows.some((r) => Number(r.staff) !== 1)) throw badRequest({ [field]: [MSG.account_not_staff] });
  }
  const gone = current.filter((id) => !ids.includes(id));
  if (gone.length) {
    await trx
      .deleteFrom("account_role_scope")
      .where("kind", "=", kind)
      .where("ref_id", "=", refId)
      .where("account_id", "in", gone)
      .execute();
    // One who lost the role in use keeps another of theirs of this kind in use, if any.
    for (const accountId of gone) {
      const left = await trx
        .selectFrom("account_role_scope")
        .select(["ref_id", "is_in_use"])
        .where("kind", "=", kind)
        .where("account_id", "=", accountId)
        .orderBy("ref_id")
        .execute();
      if (left.length && !left.some((r) => r.is_in_use === 1)) {
        await trx
          .updateTable("account_role_scope")
          .set({ is_in_use: 1 })
          .where("kind", "=", kind)
          .where("account_id", "=", accountId)
          .where("ref_id", "=", left[0].ref_id)
          .execute();
      }
    }
  }
  for (const accountId of added) {
    const inUse = await trx
      .selectFrom("account_role_scope")
      .select("ref_id")
      .where("kind", "=", kind)
      .where("account_id", "=", accountId)
      .where("is_in_use", "=", 1)
      .executeTakeFirst();
    await trx
      .insertInto("account_role_scope")
      .values({ account_id: accountId, kind, ref_id: refId, is_in_use: inUse ? 0 : 1 })
      .execute();
  }
}

/** Remove every administrator of a row (the row is being deleted). */
export async function removeAdmins(trx: Trx, kind: RoleKind, refId: number) {
  await trx.deleteFrom("account_role_scope").where("kind", "=", kind).where("ref_id", "=", refId).execute();
}

/** Who may read (`view`) or change (`change`) the administrators of row `id`: throws 401/403/404. */
export type AdminAccess = (req: FastifyRequest, id: number, action: "view" | "change") => Promise<void>;

/**
 * Under /api/dashboard/{path}/{id}/:
 * - admin/                  GET (paged, search) the administrators; POST {account} adds one
 * - admin/{accountid}/      DELETE removes one
 * - admin/candidate/        GET (paged, search) staff not yet administrators of it
 */
export function roleAdminRoutes(
  app: FastifyInstance,
  ctx: ApiContext,
  opts: { path: string; kind: RoleKind; access: AdminAccess; changed?: (trx: Trx) => Promise<void> },
) {
  const { db } = ctx;
  const item = `/dashboard/${opts.path}/:id(^\\d{1,12})/admin/`;
  const idOf = (req: FastifyRequest, name = "id") => {
    const id = idFilterValue((req.params as Record<string, string>)[name] ?? "");
    if (id === null) throw notFound();
    return id;
  };

  app.get(item, async (req) => {
    const id = idOf(req);
    await opts.access(req, id, "view");
    const q = readPageQuery(req);
    const page = await paginate(req, adminsQuery(db, opts.kind, id, q.search), q);
    return { ...page, results: page.results.map(presentAdmin) };
  });
  app.post(item, async (req, reply) => {
    const id = idOf(req);
    await opts.access(req, id, "change");
    const { account } = parseInput(adminSchema, req.body);
    await writeTransaction(db, async (trx) => {
      if (await isAdminOf(trx, opts.kind, id, account)) throw badRequest({ account: [MSG.already_in_list] });
      const current = (await adminsQuery(trx, opts.kind, id).execute()).map((r) => r.id);
      await setAdmins(trx, opts.kind, id, [...current, account], "account");
      await opts.changed?.(trx);
    });
    return reply
      .status(201)
      .send(presentAdmin(await adminsQuery(db, opts.kind, id).where("a.id", "=", account).executeTakeFirstOrThrow()));
  });
  app.delete(`${item}:accountId(^\\d{1,12})/`, async (req, reply) => {
    const id = idOf(req);
    await opts.access(req, id, "change");
    const accountId = idOf(req, "accountId");
    await writeTransaction(db, async (trx) => {
      const current = (await adminsQuery(trx, opts.kind, id).execute()).map((r) => r.id);
      if (!current.includes(accountId)) throw notFound();
      await setAdmins(
        trx,
        opts.kind,
        id,
        current.filter((a) => a !== accountId),
        "account",
      );
      await opts.changed?.(trx);
    });
    return reply.status(204).send();
  });
  app.get(`${item}candidate/`, async (req) => {
    const id = idOf(req);
    await opts.access(req, id, "change");
    const listed = sql<SqlBool>`not exists (select 1 from account_role_scope s where s.account_id = a.id and s.kind = ${opts.kind} and s.ref_id = ${id})`;
    return accountChoicesPage(req, db, { staffOnly: true, except: listed });
  });
}
