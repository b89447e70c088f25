import type { Kysely, Migration } from "kysely";

/** The range pairs of a condition, as 0006_access and 0015_groups create them. */
const RANGES = ["age", "experience", "level_year", "service", "level_group_year"] as const;

/**
 * A learner condition on an approval flow (spec 001 §3 "Approval flow: … many condition lists and
 * gte/lte ranges"; docs/decisions/060): the fourth table in the one condition shape (0006, 0015) —
 * a row of operator, range pairs (-1 unset), account start dates and the sub-department switch,
 * keyed by the flow, and an item table of (field, ref_id) for its id lists. A flow has at most one
 * condition; no row means the flow has none. Both go with their flow (cascade).
 */
export const approvalFlowCondition: Migration = {
  async up(db: Kysely<unknown>) {
    const s = db.schema;
    let table = s
      .createTable("approval_flow_condition")
      .addColumn("flow_id", "integer", (c) => c.primaryKey().references("approval_flow.id").onDelete("cascade"))
      .addColumn("operator", "integer", (c) => c.notNull().defaultTo(1))
      .addColumn("is_include_sub_department", "integer", (c) => c.notNull().defaultTo(0));
    for (const r of RANGES) {
      table = table
        .addColumn(`${r}_gte`, "integer", (c) => c.notNull().defaultTo(-1))
        .addColumn(`${r}_lte`, "integer", (c) => c.notNull().defaultTo(-1));
    }
    await table
      .addColumn("date_account_start_gte", "text")
      .addColumn("date_account_start_lte", "text")
      .addColumn("datetime_update", "text", (c) => c.notNull())
      .execute();
    await s
      .createTable("approval_flow_condition_item")
      .addColumn("flow_id", "integer", (c) => c.notNull().references("approval_flow.id").onDelete("cascade"))
      .addColumn("field", "text", (c) => c.notNull())
      .addColumn("ref_id", "integer", (c) => c.notNull())
      .addPrimaryKeyConstraint("approval_flow_condition_item_pk", ["flow_id", "field", "ref_id"])
      .execute();
    // "Is this department / group named by some condition?" (delete refusals) reads by value.
    await s
      .createIndex("approval_flow_condition_item_ref_idx")
      .on("approval_flow_condition_item")
      .columns(["field", "ref_id"])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("approval_flow_condition_item").execute();
    await db.schema.dropTable("approval_flow_condition").execute();
  },
};
