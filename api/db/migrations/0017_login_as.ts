import type { CreateTableBuilder, Kysely, Migration } from "kysely";
import type { Dialect } from "../index";

/**
 * Login as (issue 15 §6, spec 002 §6, docs/decisions/033): an administrator acts as another
 * account for a limited time.
 *
 * login_as: one row per time an administrator acted as someone — who (administrator_id), as whom
 * (account_id), when it began, when it was due to end (datetime_expire, from duration_minutes),
 * and when and how it really ended (datetime_end, end_reason: one of LOGIN_AS_END_REASONS in
 * contract/schemas/login-as.ts; both null while it may still run).
 *
 * login_as_write: every write made while acting (method, path, status, time). The row's log
 * names both accounts, so a write made meanwhile is known as the administrator's done as the
 * target's.
 *
 * session.login_as_id: the log row the session is acting under, or null. The session stays the
 * administrator's (account_id): ending it, deactivating the administrator or resetting their
 * password ends the acting too, and leaving only clears this column.
 */
export function loginAs(dialect: Dialect): Migration {
  const withId = <T extends string>(t: CreateTableBuilder<T, never>) =>
    dialect === "postgres"
      ? t.addColumn("id", "serial", (c) => c.primaryKey())
      : t.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());
  return {
    async up(db: Kysely<unknown>) {
      const s = db.schema;
      await withId(s.createTable("login_as"))
        .addColumn("administrator_id", "integer", (c) => c.notNull().references("account.id").onDelete("cascade"))
        .addColumn("account_id", "integer", (c) => c.notNull().references("account.id").onDelete("cascade"))
        .addColumn("duration_minutes", "integer", (c) => c.notNull())
        .addColumn("datetime_start", "text", (c) => c.notNull())
        .addColumn("datetime_expire", "text", (c) => c.notNull())
        .addColumn("datetime_end", "text")
        .addColumn("end_reason", "text")
        .addColumn("ip", "text")
        .execute();
      // The log is read newest first, and filtered by either account.
      await s.createIndex("login_as_start_idx").on("login_as").column("datetime_start").execute();
      await s
        .createIndex("login_as_administrator_idx")
        .on("login_as")
        .columns(["administrator_id", "datetime_start"])
        .execute();
      await s.createIndex("login_as_account_idx").on("login_as").columns(["account_id", "datetime_start"]).execute();

      await withId(s.createTable("login_as_write"))
        .addColumn("login_as_id", "integer", (c) => c.notNull().references("login_as.id").onDelete("cascade"))
        .addColumn("method", "text", (c) => c.notNull())
        .addColumn("path", "text", (c) => c.notNull())
        .addColumn("status", "integer", (c) => c.notNull())
        .addColumn("datetime_create", "text", (c) => c.notNull())
        .execute();
      await s
        .createIndex("login_as_write_log_idx")
        .on("login_as_write")
        .columns(["login_as_id", "datetime_create"])
        .execute();

      // Nullable with no default: SQLite adds a referencing column only on those terms.
      await s
        .alterTable("session")
        .addColumn("login_as_id", "integer", (c) => c.references("login_as.id").onDelete("set null"))
        .execute();
      await s.createIndex("session_login_as_idx").on("session").column("login_as_id").execute();
    },
    async down(db: Kysely<unknown>) {
      const s = db.schema;
      await s.dropIndex("session_login_as_idx").execute();
      await s.alterTable("session").dropColumn("login_as_id").execute();
      await s.dropTable("login_as_write").execute();
      await s.dropTable("login_as").execute();
    },
  };
}
