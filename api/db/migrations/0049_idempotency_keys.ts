import type { Kysely, Migration } from "kysely";

/**
 * Create calls made with an idempotency key (issue 35 §4, docs/decisions/094): which row a key
 * of an account created, at which address. Written in the create's own transaction, so a key is
 * recorded exactly when its row exists; unique per account, so two calls racing with one key
 * create one row. Rows older than a day are deleted as the account makes new ones.
 */
export const idempotencyKeys: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("idempotency_key")
      .addColumn("account_id", "integer", (c) => c.notNull().references("account.id").onDelete("cascade"))
      .addColumn("key", "text", (c) => c.notNull())
      .addColumn("path", "text", (c) => c.notNull())
      .addColumn("object_id", "integer", (c) => c.notNull())
      .addColumn("datetime_create", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("idempotency_key_pk", ["account_id", "key"])
      .execute();
  },
};
