import type { CreateTableBuilder, Kysely, Migration } from "kysely";
import type { Dialect } from "../index";

/**
 * Identification transactions (spec 000 §2.5 `identification/{transactionid?}`;
 * docs/decisions/021): one learner's identification session in a content item — the method, the
 * result, the lock after too many failures, the learner's progress record it belongs to — with
 * the curriculum items it opened (section, and material when the check was a material's) and
 * its attempts (identification_attempt rows grow a transaction_id; older rows keep null).
 * Keyed by content type and id like the attempt log, so any content type has them; the progress
 * record and the curriculum rows are the content type's own tables, so they are plain ids here.
 */
export function identificationTransaction(dialect: Dialect): Migration {
  const withId = <T extends string>(t: CreateTableBuilder<T, never>) =>
    dialect === "postgres"
      ? t.addColumn("id", "serial", (c) => c.primaryKey())
      : t.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());
  return {
    async up(db: Kysely<unknown>) {
      const s = db.schema;
      await withId(s.createTable("identification_transaction"))
        .addColumn("content_type_id", "integer", (c) => c.notNull().references("content_type.id").onDelete("cascade"))
        .addColumn("content_id", "integer", (c) => c.notNull())
        .addColumn("account_id", "integer", (c) => c.notNull().references("account.id").onDelete("cascade"))
        .addColumn("progress_id", "integer")
        .addColumn("method", "integer", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("datetime_start", "text", (c) => c.notNull())
        .addColumn("datetime_end", "text")
        .addColumn("datetime_lock_until", "text")
        .execute();
      await s
        .createIndex("identification_transaction_content_idx")
        .on("identification_transaction")
        .columns(["content_type_id", "content_id", "datetime_start"])
        .execute();
      await withId(s.createTable("identification_transaction_item"))
        .addColumn("transaction_id", "integer", (c) =>
          c.notNull().references("identification_transaction.id").onDelete("cascade"),
        )
        .addColumn("section_id", "integer", (c) => c.notNull())
        .addColumn("material_id", "integer")
        .addColumn("sort", "integer", (c) => c.notNull())
        .execute();
      await s
        .createIndex("identification_transaction_item_idx")
        .on("identification_transaction_item")
        .columns(["transaction_id", "sort"])
        .execute();
      await s
        .alterTable("identification_attempt")
        .addColumn("transaction_id", "integer", (c) =>
          c.references("identification_transaction.id").onDelete("set null"),
        )
        .execute();
      await s
        .createIndex("identification_attempt_transaction_idx")
        .on("identification_attempt")
        .column("transaction_id")
        .execute();
    },
  };
}
