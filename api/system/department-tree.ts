import { sql, type RawBuilder, type SqlBool } from "kysely";
import type { DepartmentNode } from "../../contract/schemas/organisation";
import type { Db } from "../db/index";
import type { Trx } from "../engine/crud";

/**
 * The department tree (department.parent_id; docs/decisions/029), and what any parent_id tree
 * needs (subtreeIds, wouldCycle: categories use them too). The tree never holds a cycle:
 * every move is checked (wouldCycle) after taking the department list's update-time row, which
 * serialises department writes on PostgreSQL as SQLite's one writer does.
 */

/** The tables that hold a tree by `parent_id`: departments and categories. */
export type TreeTable = "department" | "category";

/**
 * The ids of `roots` and of every row under them in `table`, as a subquery for `x in (…)`: one
 * recursive query in both dialects. `union` (not `union all`) would also end on a cycle.
 */
export function subtreeIds(roots: readonly number[], table: TreeTable = "department"): RawBuilder<unknown> {
  return sql`(with recursive sub(id) as (select ${sql.ref("id")} from ${sql.table(table)} where ${sql.ref("id")} in (${sql.join([...roots])}) union select ${sql.ref("d.id")} from ${sql.table(table)} as d inner join sub on ${sql.ref("d.parent_id")} = ${sql.ref("sub.id")}) select id from sub)`;
}

/** Whether giving row `id` of `table` the parent `parent` would close a cycle (the parent is in its own subtree). */
export async function wouldCycle(
  trx: Trx,
  id: number,
  parent: number | null,
  table: TreeTable = "department",
): Promise<boolean> {
  if (parent === null) return false;
  if (parent === id) return true;
  const hit = await trx
    .selectFrom(table)
    .select("id")
    .where("id", "=", parent)
    .where(sql<SqlBool>`${sql.ref("id")} in ${subtreeIds([id], table)}`)
    .executeTakeFirst();
  return !!hit;
}

/** The department and its ancestors, root first (at most `limit` deep: a guard, the tree has no cycle). */
export async function pathOf(db: Db | Trx, id: number, limit = 100): Promise<{ id: number; name: string }[]> {
  const rows = await sql<{ id: number; name: string; depth: number }>`
    with recursive up(id, name, parent_id, depth) as (
      select id, name, parent_id, 0 from department where id = ${id}
      union all
      select d.id, d.name, d.parent_id, up.depth + 1 from department as d inner join up on d.id = up.parent_id where up.depth < ${limit}
    )
    select id, name, depth from up order by depth desc`.execute(db);
  return rows.rows.map((r) => ({ id: Number(r.id), name: r.name }));
}

type Flat = { id: number; name: string; code: string | null; parent_id: number | null; count_account: number };

/**
 * The whole tree in memory: every department with the number of people directly in it. An
 * organisation has hundreds or a few thousand departments, so one read of each table serves the
 * tree call and the subtree totals of a list page.
 */
export async function loadForest(db: Db | Trx) {
  const [departments, counts] = await Promise.all([
    db
      .selectFrom("department")
      .select(["id", "name", "code", "parent_id"])
      .orderBy(sql`lower(name)`)
      .orderBy("id")
      .execute(),
    db
      .selectFrom("account")
      .select((eb) => ["department_id", eb.fn.countAll<number>().as("n")])
      .where("department_id", "is not", null)
      .groupBy("department_id")
      .execute(),
  ]);
  const direct = new Map(counts.map((c) => [c.department_id!, Number(c.n)]));
  const byId = new Map<number, Flat>(departments.map((d) => [d.id, { ...d, count_account: direct.get(d.id) ?? 0 }]));
  const children = new Map<number | null, Flat[]>();
  for (const d of byId.values()) {
    // A parent that is gone (never: the key restricts deletes) would orphan a branch: show it as a root.
    const parent = d.parent_id !== null && byId.has(d.parent_id) ? d.parent_id : null;
    children.set(parent, [...(children.get(parent) ?? []), d]);
  }
  const totals = new Map<number, number>();
  const total = (id: number, seen = new Set<number>()): number => {
    const known = totals.get(id);
    if (known !== undefined) return known;
    seen.add(id);
    let n = byId.get(id)?.count_account ?? 0;
    for (const c of children.get(id) ?? []) if (!seen.has(c.id)) n += total(c.id, seen);
    totals.set(id, n);
    return n;
  };
  const node = (d: Flat, seen: Set<number>): DepartmentNode => {
    seen.add(d.id);
    const kids = (children.get(d.id) ?? []).filter((c) => !seen.has(c.id));
    return {
      id: d.id,
      name: d.name,
      code: d.code,
      count_account: d.count_account,
      children: kids.map((c) => node(c, seen)),
    };
  };
  return {
    get: (id: number) => byId.get(id),
    /** The people in the department and all its sub-departments. */
    totalOf: (id: number) => total(id),
    childCount: (id: number) => children.get(id)?.length ?? 0,
    childrenOf: (id: number) =>
      (children.get(id) ?? []).map(({ id: childId, name, code }) => ({ id: childId, name, code })),
    tree: (): DepartmentNode[] => {
      const seen = new Set<number>();
      return (children.get(null) ?? []).map((d) => node(d, seen));
    },
  };
}
