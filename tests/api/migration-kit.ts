import { sql } from "kysely";
import type { Db } from "../../api/db/index";

/**
 * What the migration tests share: rows put into a database built at an older schema, through
 * plain SQL (the old tables are not in the current schema's types).
 */
export async function put(db: Db, table: string, rows: Record<string, unknown>[]) {
  for (const row of rows) {
    const cols = Object.keys(row);
    await sql`insert into ${sql.table(table)} (${sql.join(cols.map((c) => sql.ref(c)))}) values (${sql.join(cols.map((c) => sql`${row[c]}`))})`.execute(
      db,
    );
  }
}
