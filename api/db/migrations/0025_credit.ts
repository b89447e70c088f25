import type { Kysely, Migration } from "kysely";
import type { Dialect } from "../index";
import { idColumn } from "../migration-kit";

/**
 * Learners' credit (spec 001 §4 assignment result 7 "not enough credit", spec 002 §8 "Not enough
 * credit (assignment and enrolment)"; docs/decisions/050):
 *  - `account_credit`: one balance per account, in hundredths like every money column (a missing
 *    row is a balance of 0);
 *  - `credit_transaction`: every change of a balance with its reason and content, so a balance
 *    is explained and a deduction is never made twice by accident.
 */
export function credit(dialect: Dialect): Migration {
  const withId = idColumn(dialect);
  return {
    async up(db: Kysely<unknown>) {
      const s = db.schema;
      await s
        .createTable("account_credit")
        .addColumn("account_id", "integer", (c) => c.primaryKey().references("account.id").onDelete("cascade"))
        .addColumn("balance_minor", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("datetime_update", "text", (c) => c.notNull())
        .execute();
      await withId(s.createTable("credit_transaction"))
        .addColumn("account_id", "integer", (c) => c.notNull().references("account.id").onDelete("cascade"))
        .addColumn("amount_minor", "integer", (c) => c.notNull())
        .addColumn("reason", "text", (c) => c.notNull())
        .addColumn("content_type_id", "integer", (c) => c.references("content_type.id").onDelete("set null"))
        .addColumn("content_id", "integer")
        .addColumn("created_by", "integer", (c) => c.references("account.id").onDelete("set null"))
        .addColumn("datetime_create", "text", (c) => c.notNull())
        .execute();
      await s
        .createIndex("credit_transaction_account_idx")
        .on("credit_transaction")
        .columns(["account_id", "datetime_create"])
        .execute();
    },
  };
}
