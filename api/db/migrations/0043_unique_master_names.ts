import { sql, type Kysely, type Migration } from "kysely";

/**
 * Names that people pick from are unique (issue 33 §4, spec 001 §5; docs/decisions/078): a level's
 * and a position's name, a department's among its siblings (the same parent; the roots are one
 * group), a budget category's planning name and its actual-cost name — case-insensitively, as
 * the API's check compares them, so two writers at once cannot both add "Staff".
 *
 * Rows stored before the rule may share a name. Nothing is merged or deleted (people, rules and
 * budget records point at each row): the oldest row (smallest id) keeps the name and each later
 * one is renamed "Staff (2)", "Staff (3)"… — the first number whose name is free in its group —
 * so every row stays what it was and an administrator sees the pairs to tidy up.
 */
type Scope = { table: string; column: string; group?: string; index: string };
export const UNIQUE_NAME_SCOPES: readonly Scope[] = [
  { table: "level", column: "name", index: "level_name_lower_uq" },
  { table: "position", column: "name", index: "position_name_lower_uq" },
  { table: "department", column: "name", group: "parent_id", index: "department_sibling_name_lower_uq" },
  { table: "budget_category", column: "name_bp", index: "budget_category_name_bp_lower_uq" },
  { table: "budget_category", column: "name_ac", index: "budget_category_name_ac_lower_uq" },
];

type Row = { id: number; name: string; grp: number | null };

/** Rename the later rows of each shared name (oldest first keeps it), never onto a name already taken. */
async function renameDuplicates(db: Kysely<unknown>, s: Scope) {
  const group = s.group ? sql.ref(s.group) : sql`null`;
  const rows = (
    await sql<Row>`select id, ${sql.ref(s.column)} as name, ${group} as grp from ${sql.table(s.table)} order by id`.execute(
      db,
    )
  ).rows;
  const key = (grp: number | null, name: string) => `${grp ?? ""}\u0000${name.toLowerCase()}`;
  const taken = new Set(rows.map((r) => key(r.grp, r.name)));
  const seen = new Set<string>();
  for (const r of rows) {
    const k = key(r.grp, r.name);
    if (!seen.has(k)) {
      seen.add(k);
      continue;
    }
    let n = 2;
    while (taken.has(key(r.grp, `${r.name} (${n})`))) n++;
    const renamed = `${r.name} (${n})`;
    taken.add(key(r.grp, renamed));
    seen.add(key(r.grp, renamed));
    await sql`update ${sql.table(s.table)} set ${sql.ref(s.column)} = ${renamed} where id = ${r.id}`.execute(db);
  }
}

export const uniqueMasterNames: Migration = {
  async up(db: Kysely<unknown>) {
    for (const s of UNIQUE_NAME_SCOPES) {
      await renameDuplicates(db, s);
      // The roots (no parent) are one group: coalesce, since a unique index takes nulls as distinct.
      const on = s.group
        ? sql`coalesce(${sql.ref(s.group)}, 0), lower(${sql.ref(s.column)})`
        : sql`lower(${sql.ref(s.column)})`;
      await db.schema.createIndex(s.index).unique().on(s.table).expression(on).execute();
    }
  },
  async down(db: Kysely<unknown>) {
    for (const s of UNIQUE_NAME_SCOPES) await db.schema.dropIndex(s.index).execute();
  },
};
