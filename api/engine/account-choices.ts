import type { FastifyRequest } from "fastify";
import { sql, type RawBuilder, type SqlBool } from "kysely";
import type { Db } from "../db/index";
import { idListOf, paginate, readPageQuery } from "../http/paging";
import { isStaff, personMatches, presentAccountOption } from "./people";

/**
 * The accounts a picker offers (a user rule's accounts, a group's new members, the staff who may
 * become administrators): active accounts `a`, by username, searched as every people list is,
 * answered as filter options (`{id, name, code: username, value}`). One query and one answer for
 * every picker, so a content's and a category's `permission/account/` are the same call.
 */
export type AccountChoices = {
  /** Only staff with dashboard access (administrator candidates). */
  staffOnly?: boolean;
  /** A condition on `a` leaving out who is already chosen (`not exists …`). */
  except?: RawBuilder<SqlBool>;
  /** A condition on `a` the choices must meet (who may decide an approval step). */
  only?: RawBuilder<SqlBool>;
};

/** The choices as a query (for `paginate`). */
export function accountChoicesQuery(db: Db, opts: AccountChoices & { search?: string; idList?: string }) {
  let q = db.selectFrom("account as a").where(opts.staffOnly ? isStaff : sql<SqlBool>`a.is_active = 1`);
  if (opts.except) q = q.where(opts.except);
  if (opts.only) q = q.where(opts.only);
  if (opts.search) q = q.where(personMatches(opts.search));
  // spec 002 §7 id_list: a picker shows the accounts already chosen, whatever its search.
  if (opts.idList !== undefined) {
    const ids = idListOf(opts.idList);
    q = ids.length ? q.where("a.id", "in", ids) : q.where(sql<SqlBool>`1 = 0`);
  }
  return q
    .select(["a.id", "a.username", "a.first_name", "a.last_name"])
    .orderBy(sql`lower(a.username)`)
    .orderBy("a.id");
}

/** GET …: one page of the choices (`page`, `page_size`, `search`, `id_list`), after the caller's own access check. */
export async function accountChoicesPage(req: FastifyRequest, db: Db, opts: AccountChoices = {}) {
  const q = readPageQuery(req);
  const page = await paginate(req, accountChoicesQuery(db, { ...opts, search: q.search, idList: q.id_list }), q);
  return { ...page, results: page.results.map(presentAccountOption) };
}
