import { sql, type Kysely, type CreateTableBuilder } from "kysely";
import type { Dialect } from "../index";

/** Accounts, roles, sessions, config, dictionaries, terms, analytics, password reset, master data. */
export function foundation(dialect: Dialect) {
  // The only dialect difference: how an auto-increment key is spelt.
  const withId = <T extends string>(t: CreateTableBuilder<T, never>) =>
    dialect === "postgres"
      ? t.addColumn("id", "serial", (c) => c.primaryKey())
      : t.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());

  return {
    async up(db: Kysely<unknown>) {
      const s = db.schema;
      await withId(s.createTable("department"))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("code", "text")
        .addColumn("parent_id", "integer", (c) => c.references("department.id").onDelete("restrict"))
        .execute();
      for (const table of ["level", "position"]) {
        await withId(s.createTable(table))
          .addColumn("name", "text", (c) => c.notNull())
          .addColumn("code", "text")
          .execute();
      }
      await withId(s.createTable("account"))
        .addColumn("username", "text", (c) => c.notNull().unique())
        .addColumn("email", "text", (c) => c.notNull())
        .addColumn("password_hash", "text", (c) => c.notNull())
        .addColumn("first_name", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("last_name", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("phone", "text")
        .addColumn("image", "text")
        .addColumn("language", "text", (c) => c.notNull().defaultTo("en"))
        .addColumn("department_id", "integer", (c) => c.references("department.id").onDelete("set null"))
        .addColumn("position_id", "integer", (c) => c.references("position.id").onDelete("set null"))
        .addColumn("level_id", "integer", (c) => c.references("level.id").onDelete("set null"))
        .addColumn("is_active", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("is_superuser", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("is_system_user", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("is_dashboard_permission", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("is_store_permission", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("is_verified_email", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("failed_login_count", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("datetime_locked", "text")
        .addColumn("last_active", "text")
        .addColumn("datetime_password_change", "text")
        .addColumn("datetime_create", "text", (c) => c.notNull())
        .execute();
      await s.createIndex("account_email_idx").on("account").column("email").execute();
      await withId(s.createTable("auth_group"))
        .addColumn("code", "text", (c) => c.notNull().unique())
        .addColumn("name", "text", (c) => c.notNull())
        .execute();
      await s
        .createTable("auth_group_permission")
        .addColumn("auth_group_id", "integer", (c) => c.notNull().references("auth_group.id").onDelete("cascade"))
        .addColumn("flag", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("auth_group_permission_pk", ["auth_group_id", "flag"])
        .execute();
      await s
        .createTable("account_auth_group")
        .addColumn("account_id", "integer", (c) => c.notNull().references("account.id").onDelete("cascade"))
        .addColumn("auth_group_id", "integer", (c) => c.notNull().references("auth_group.id").onDelete("cascade"))
        .addColumn("is_in_use", "integer", (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint("account_auth_group_pk", ["account_id", "auth_group_id"])
        .execute();
      await s
        .createTable("account_role_scope")
        .addColumn("account_id", "integer", (c) => c.notNull().references("account.id").onDelete("cascade"))
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("ref_id", "integer", (c) => c.notNull())
        .addColumn("is_in_use", "integer", (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint("account_role_scope_pk", ["account_id", "kind", "ref_id"])
        .execute();
      await s
        .createTable("session")
        .addColumn("key_hash", "text", (c) => c.primaryKey())
        .addColumn("account_id", "integer", (c) => c.notNull().references("account.id").onDelete("cascade"))
        .addColumn("datetime_create", "text", (c) => c.notNull())
        .addColumn("datetime_last_seen", "text", (c) => c.notNull())
        .addColumn("ip", "text")
        .addColumn("user_agent", "text")
        .execute();
      await s.createIndex("session_account_idx").on("session").column("account_id").execute();
      await withId(s.createTable("login_attempt"))
        .addColumn("username", "text", (c) => c.notNull())
        .addColumn("account_id", "integer", (c) => c.references("account.id").onDelete("cascade"))
        .addColumn("ip", "text", (c) => c.notNull())
        .addColumn("is_success", "integer", (c) => c.notNull())
        .addColumn("datetime_create", "text", (c) => c.notNull())
        .execute();
      await s
        .createIndex("login_attempt_account_idx")
        .on("login_attempt")
        .columns(["account_id", "datetime_create"])
        .execute();
      await s
        .createTable("config")
        .addColumn("key", "text", (c) => c.primaryKey())
        .addColumn("value", "text", (c) => c.notNull())
        .addColumn("url", "text")
        .addColumn("datetime_update", "text", (c) => c.notNull())
        .execute();
      await s
        .createTable("update_time")
        .addColumn("key", "text", (c) => c.primaryKey())
        .addColumn("datetime_update", "text", (c) => c.notNull())
        .execute();
      await s
        .createTable("dictionary")
        .addColumn("language", "text", (c) => c.notNull())
        .addColumn("key", "text", (c) => c.notNull())
        .addColumn("value", "text", (c) => c.notNull())
        .addColumn("is_login_page", "integer", (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint("dictionary_pk", ["language", "key"])
        .execute();
      await withId(s.createTable("term_document"))
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("topic", "text", (c) => c.notNull())
        .addColumn("body", "text", (c) => c.notNull())
        .addColumn("version", "integer", (c) => c.notNull())
        .addColumn("is_publish", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("datetime_publish", "text")
        .addColumn("datetime_create", "text", (c) => c.notNull())
        .addUniqueConstraint("term_document_kind_version_uq", ["kind", "version"])
        .execute();
      await s
        .createTable("term_acceptance")
        .addColumn("account_id", "integer", (c) => c.notNull().references("account.id").onDelete("cascade"))
        .addColumn("term_document_id", "integer", (c) => c.notNull().references("term_document.id").onDelete("cascade"))
        .addColumn("datetime_create", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("term_acceptance_pk", ["account_id", "term_document_id"])
        .execute();
      await withId(s.createTable("analytic_session"))
        .addColumn("account_id", "integer", (c) => c.references("account.id").onDelete("set null"))
        .addColumn("source", "integer", (c) => c.notNull())
        .addColumn("ip", "text")
        .addColumn("user_agent", "text")
        .addColumn("datetime_create", "text", (c) => c.notNull())
        .execute();
      await s
        .createIndex("analytic_session_time_idx")
        .on("analytic_session")
        .columns(["source", "datetime_create"])
        .execute();
      await withId(s.createTable("password_reset"))
        .addColumn("reference_id", "text", (c) => c.notNull().unique())
        .addColumn("account_id", "integer", (c) => c.notNull().references("account.id").onDelete("cascade"))
        .addColumn("send_method", "integer")
        .addColumn("otp_hash", "text")
        .addColumn("datetime_otp_expire", "text")
        .addColumn("otp_attempts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("token_hash", "text")
        .addColumn("datetime_token_expire", "text")
        .addColumn("datetime_used", "text")
        .addColumn("datetime_create", "text", (c) => c.notNull())
        .execute();
      await withId(s.createTable("outbox"))
        .addColumn("channel", "text", (c) => c.notNull())
        .addColumn("recipient", "text", (c) => c.notNull())
        .addColumn("subject", "text", (c) => c.notNull())
        .addColumn("body", "text", (c) => c.notNull())
        .addColumn("datetime_create", "text", (c) => c.notNull())
        .addColumn("datetime_sent", "text")
        .execute();
      await withId(s.createTable("account_group"))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("code", "text")
        .addColumn("type", "text", (c) => c.notNull().defaultTo("ACCOUNT"))
        .addColumn("desc", "text")
        .execute();
      await s
        .createTable("account_group_member")
        .addColumn("group_id", "integer", (c) => c.notNull().references("account_group.id").onDelete("cascade"))
        .addColumn("account_id", "integer", (c) => c.notNull().references("account.id").onDelete("cascade"))
        .addPrimaryKeyConstraint("account_group_member_pk", ["group_id", "account_id"])
        .execute();
      await withId(s.createTable("category"))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("code", "text")
        .addColumn("parent_id", "integer", (c) => c.references("category.id").onDelete("restrict"))
        .addColumn("image", "text")
        .execute();
      await withId(s.createTable("provider"))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("code", "text")
        .addColumn("about", "text")
        .addColumn("image", "text")
        .addColumn("desc", "text")
        .execute();
      await withId(s.createTable("instructor"))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("code", "text")
        .addColumn("contact", "text")
        .addColumn("overview", "text")
        .addColumn("image", "text")
        .addColumn("account_id", "integer", (c) => c.references("account.id").onDelete("set null"))
        .execute();
      await withId(s.createTable("tag"))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("code", "text")
        .addColumn("type", "text", (c) => c.notNull().defaultTo("GENERAL"))
        .execute();
      await withId(s.createTable("content_type"))
        .addColumn("code", "text", (c) => c.notNull().unique())
        .addColumn("type", "text", (c) => c.notNull())
        .addColumn("name", "text", (c) => c.notNull())
        .execute();
      // Case-insensitive name search on the filter lists.
      for (const t of [
        "department",
        "level",
        "position",
        "account_group",
        "category",
        "provider",
        "instructor",
        "tag",
      ]) {
        await s
          .createIndex(`${t}_name_idx`)
          .on(t)
          .expression(sql`lower(name)`)
          .execute();
      }
    },
  };
}
