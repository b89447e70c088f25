import { sql, type CreateTableBuilder, type SqlBool, type Kysely, type Migration } from "kysely";
import type { Dialect } from "../index";

/** The user fields of spec 001 §3 "User" that 0001 (and 0013's supervisor_id) did not create. */
const ACCOUNT_COLUMNS: readonly { name: string; type: "text" | "integer"; zeroByDefault?: true }[] = [
  { name: "title", type: "text" },
  { name: "middle_name", type: "text" },
  /** "male" or "female" (contract/schemas/user.ts GENDERS); null on accounts made before 0014. */
  { name: "gender", type: "text" },
  /** The employee code: unique among non-empty ones. */
  { name: "code", type: "text" },
  { name: "code2", type: "text" },
  { name: "address", type: "text" },
  { name: "is_subscribe", type: "integer", zeroByDefault: true },
  /** Calendar dates, YYYY-MM-DD. */
  { name: "date_start", type: "text" },
  { name: "date_joined", type: "text" },
  { name: "date_birth", type: "text" },
  /** A Thai national ID, 13 digits without separators: unique among non-empty ones. */
  { name: "id_card", type: "text" },
  { name: "company", type: "text" },
  { name: "work_experience", type: "text" },
  { name: "count_experience_year", type: "integer", zeroByDefault: true },
  { name: "count_experience_month", type: "integer", zeroByDefault: true },
  /** Set by an administrator's password reset: the user must choose a new password at sign-in. */
  { name: "is_force_reset_password", type: "integer", zeroByDefault: true },
  /** The date the account stops being usable (YYYY-MM-DD), or null. */
  { name: "expired_date", type: "text" },
  /** The last change of the profile through the API, or null. */
  { name: "datetime_update", type: "text" },
];

/**
 * People (issue 15, docs/decisions/029): the rest of the user record, the account history, and
 * the unique rules of spec 001 §5 "Accounts" as indexes, so that two writers at once cannot both
 * take a username, an email, an employee code or an ID-card number.
 *
 * - username and email are unique case-insensitively (sign-in matches them lower-cased);
 * - code and id_card only when not empty: blanks are stored as null, and a partial index (both
 *   dialects have them; the predicate is plain SQL without parameters, which DDL cannot take)
 *   also keeps an empty text written by some other path from colliding.
 *
 * account_history: who changed which account, how and when. `action` is one of
 * ACCOUNT_HISTORY_ACTIONS (contract/schemas/user.ts); `changes` is JSON {field: [old, new]}
 * (never a password). A move to another department is its own row (action "department"), so the
 * department history is one filter of this table.
 */
export function people(dialect: Dialect): Migration {
  const withId = <T extends string>(t: CreateTableBuilder<T, never>) =>
    dialect === "postgres"
      ? t.addColumn("id", "serial", (c) => c.primaryKey())
      : t.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());
  return {
    async up(db: Kysely<unknown>) {
      const s = db.schema;
      // One column per statement: SQLite's ALTER TABLE adds one at a time.
      for (const col of ACCOUNT_COLUMNS) {
        await s
          .alterTable("account")
          .addColumn(col.name, col.type, (c) => (col.zeroByDefault ? c.notNull().defaultTo(0) : c))
          .execute();
      }
      await s
        .createIndex("account_username_lower_uq")
        .unique()
        .on("account")
        .expression(sql`lower(username)`)
        .execute();
      await s
        .createIndex("account_email_lower_uq")
        .unique()
        .on("account")
        .expression(sql`lower(email)`)
        .execute();
      await s
        .createIndex("account_code_lower_uq")
        .unique()
        .on("account")
        .expression(sql`lower(code)`)
        .where(sql<SqlBool>`code is not null and code <> ''`)
        .execute();
      await s
        .createIndex("account_id_card_uq")
        .unique()
        .on("account")
        .column("id_card")
        .where(sql<SqlBool>`id_card is not null and id_card <> ''`)
        .execute();
      // The user list filters by these; 0001 indexed none of them.
      for (const col of ["department_id", "level_id", "position_id"])
        await s.createIndex(`account_${col}_idx`).on("account").column(col).execute();
      await s.createIndex("department_parent_idx").on("department").column("parent_id").execute();

      await withId(s.createTable("account_history"))
        .addColumn("account_id", "integer", (c) => c.notNull().references("account.id").onDelete("cascade"))
        .addColumn("action", "text", (c) => c.notNull())
        .addColumn("changes", "text", (c) => c.notNull().defaultTo("{}"))
        .addColumn("created_by", "integer", (c) => c.references("account.id").onDelete("set null"))
        .addColumn("datetime_create", "text", (c) => c.notNull())
        .execute();
      await s
        .createIndex("account_history_account_idx")
        .on("account_history")
        .columns(["account_id", "datetime_create"])
        .execute();
      await s
        .createIndex("account_history_action_idx")
        .on("account_history")
        .columns(["action", "datetime_create"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      const s = db.schema;
      await s.dropTable("account_history").execute();
      await s.dropIndex("department_parent_idx").execute();
      for (const col of ["department_id", "level_id", "position_id"]) await s.dropIndex(`account_${col}_idx`).execute();
      for (const name of [
        "account_id_card_uq",
        "account_code_lower_uq",
        "account_email_lower_uq",
        "account_username_lower_uq",
      ])
        await s.dropIndex(name).execute();
      for (const col of [...ACCOUNT_COLUMNS].reverse()) await s.alterTable("account").dropColumn(col.name).execute();
    },
  };
}
