import type { FilterOption } from "../../contract/http";

/** A department of a picker: its id, name and depth in the tree (for indenting). */
export type DepartmentNode = { id: number; name: string; depth: number };

/**
 * The department filter list (department-cascade: each with its parent) in tree order, parents
 * before their children, with their depth: how every learner picker shows departments.
 */
export function departmentTree(list: (FilterOption & { parent_id?: number | null })[]): DepartmentNode[] {
  const out: DepartmentNode[] = [];
  const walk = (parent: number | null, depth: number) => {
    for (const d of list.filter((x) => (x.parent_id ?? null) === parent)) {
      out.push({ id: d.id, name: d.name, depth });
      walk(d.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}
