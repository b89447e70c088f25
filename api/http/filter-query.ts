import { sql, type SelectQueryBuilder, type SqlBool } from "kysely";
import { likePattern } from "../engine/crud";
import { idListOf, isDbId, type PageQuery } from "./paging";

/**
 * The narrowing every paged filter list does (spec 002 §7: `id`, `id_list`, `search`) on a query
 * whose table is aliased `t`: one id, the ids named (a picker showing what a form holds), and a
 * case-insensitive search over the given columns. An id that cannot name a row asks for nothing.
 * Used by the dashboard's filter lists (api/system/filters.ts) and the material lists.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function narrowToPageQuery<Q extends SelectQueryBuilder<any, any, any>>(
  query: Q,
  q: PageQuery,
  search: readonly string[],
): Q {
  let out = query;
  const none = sql<SqlBool>`1 = 0`;
  if (q.id !== undefined) out = (isDbId(q.id) ? out.where(sql.ref("t.id"), "=", q.id) : out.where(none)) as Q;
  if (q.id_list !== undefined) {
    const ids = idListOf(q.id_list);
    out = (ids.length ? out.where(sql.ref("t.id"), "in", ids) : out.where(none)) as Q;
  }
  if (q.search) {
    const pattern = likePattern(q.search);
    out = out.where((eb) =>
      eb.or(search.map((col) => sql<SqlBool>`lower(${sql.ref(`t.${col}`)}) like ${pattern} escape '\\'`)),
    ) as Q;
  }
  return out;
}
