import type { Db } from "../db/index";

/**
 * How a user file names a department, position or level (issue 33; docs/decisions/032, 078): by
 * code first, then — a department — by its path from the root ("Head Office > Sales"), then by
 * name; all case-insensitively. A text that names one row is that row; one that names several
 * (two departments called "Sales" under different parents, or a code stored twice before codes
 * were checked) is not guessed: the answer lists the candidates, each as the file could name it
 * unambiguously (its path or name, and its code), for the row's error.
 */
export type ReferenceMatch = { id: number } | { candidates: string } | null;
export type ReferenceTable = "department" | "position" | "level";

/** Between a department path's names, in a cell and in the candidates shown. */
export const PATH_SEPARATOR = " > ";

type Row = { id: number; name: string; code: string | null; parent_id?: number | null };

const norm = (text: string) => text.trim().toLowerCase();
const normPath = (text: string) => text.split(">").map(norm).join(">");

/** Index rows by a key: the ids under each. */
function indexBy(rows: Row[], key: (r: Row) => string | null) {
  const out = new Map<string, number[]>();
  for (const r of rows) {
    const k = key(r);
    if (k) out.set(k, [...(out.get(k) ?? []), r.id]);
  }
  return out;
}

export async function referenceMatcher(db: Db, table: ReferenceTable): Promise<(text: string) => ReferenceMatch> {
  const rows: Row[] =
    table === "department"
      ? await db.selectFrom("department").select(["id", "name", "code", "parent_id"]).orderBy("id").execute()
      : await db.selectFrom(table).select(["id", "name", "code"]).orderBy("id").execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const pathOf = (r: Row): string => {
    const names: string[] = [];
    // At most as deep as there are rows: a guard, the tree has no cycle.
    for (
      let at: Row | undefined = r, n = 0;
      at && n <= rows.length;
      at = at.parent_id ? byId.get(at.parent_id) : undefined, n++
    )
      names.unshift(at.name.trim());
    return names.join(PATH_SEPARATOR);
  };
  const labelOf = (r: Row) => {
    const shown = table === "department" ? pathOf(r) : r.name.trim();
    return r.code ? `${shown} (${r.code})` : shown;
  };
  const byCode = indexBy(rows, (r) => (r.code ? norm(r.code) : null));
  const byPath = table === "department" ? indexBy(rows, (r) => normPath(pathOf(r))) : new Map<string, number[]>();
  const byName = indexBy(rows, (r) => norm(r.name));
  const answer = (ids: number[] | undefined): ReferenceMatch =>
    !ids?.length
      ? null
      : ids.length === 1
        ? { id: ids[0] }
        : { candidates: ids.map((id) => labelOf(byId.get(id)!)).join("; ") };
  return (text) =>
    answer(
      byCode.get(norm(text)) ?? (text.includes(">") ? byPath.get(normPath(text)) : undefined) ?? byName.get(norm(text)),
    );
}
