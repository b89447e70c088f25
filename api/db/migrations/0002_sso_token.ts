import type { Kysely, Migration } from "kysely";

/**
 * One-time single-sign-on login tokens (spec 000 §2.2 /account/validate, docs/decisions/005).
 * Only a SHA-256 of the token is kept; a token is good once, until `datetime_expire`.
 * Nothing differs between the dialects here.
 */
export const ssoToken: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("sso_token")
      .addColumn("token_hash", "text", (c) => c.primaryKey())
      .addColumn("account_id", "integer", (c) => c.notNull().references("account.id").onDelete("cascade"))
      .addColumn("datetime_expire", "text", (c) => c.notNull())
      .addColumn("datetime_used", "text")
      .execute();
    await db.schema.createIndex("sso_token_account_idx").on("sso_token").column("account_id").execute();
  },
};
