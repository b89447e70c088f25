import type { Kysely, Migration } from "kysely";

/**
 * Credit that administrators give, and two assignment settings (issue 33 §3, R153;
 * docs/decisions/075):
 *  - `credit_transaction.note`: why an administrator topped up or took back credit (the reason
 *    typed on the learner's credit page, or the import file's `reason` column);
 *  - `credit_transaction.reference`: the document a credit came from (a receipt, an order number),
 *    once per account — a unique index, so an import file given twice credits nobody twice;
 *  - `assignment.is_no_charge`: "assigned by the organisation: no charge" — its learnings spend no
 *    credit (result 7 never happens to it);
 *  - `assignment.result_status`: an auto-assignment's result setting (spec 001 §3: 0 the learning
 *    result is summed up automatically, 1 an administrator approves it), stored, not dropped.
 */
export const creditAndAssignmentSettings: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable("credit_transaction")
      .addColumn("note", "text", (c) => c.notNull().defaultTo(""))
      .execute();
    await db.schema.alterTable("credit_transaction").addColumn("reference", "text").execute();
    // Several nulls are allowed by a unique index in both dialects: a transaction without a reference is never a duplicate.
    await db.schema
      .createIndex("credit_transaction_reference_idx")
      .on("credit_transaction")
      .columns(["account_id", "reference"])
      .unique()
      .execute();
    await db.schema
      .alterTable("assignment")
      .addColumn("is_no_charge", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable("assignment")
      .addColumn("result_status", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("assignment").dropColumn("result_status").execute();
    await db.schema.alterTable("assignment").dropColumn("is_no_charge").execute();
    await db.schema.dropIndex("credit_transaction_reference_idx").execute();
    await db.schema.alterTable("credit_transaction").dropColumn("reference").execute();
    await db.schema.alterTable("credit_transaction").dropColumn("note").execute();
  },
};
