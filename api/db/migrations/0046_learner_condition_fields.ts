import { type Kysely, type Migration } from "kysely";

/**
 * Issue 33 R350 and R355 (docs/decisions/083):
 *
 * - **What a learner condition can also say** (spec 001 §3 "Learner conditions also cover company
 *   code, job family, work schedule shift, locations and english score"): the account gets its job
 *   family, work shift, location and English score (the company code is the account's existing
 *   `company`); each condition table gets the three text lists (stored "|A|B|", empty: not set)
 *   and the English score range (-1 unset, as every range). Locations are an id list, kept in the
 *   item tables like departments.
 * - **A budget category's type** (spec 001 §4 "Budget category type … 1 or 2 turns one flag off;
 *   -1 turns both off"): 0 both planning and actual cost, 1 planning only, 2 actual cost only, -1
 *   neither. Existing categories were usable in both: 0.
 */
const CONDITION_TABLES = [
  "content_permission",
  "category_permission",
  "account_group_condition",
  "approval_flow_condition",
] as const;
const TEXT_LISTS = ["company_code", "job_family", "work_shift"] as const;

export const learnerConditionFields: Migration = {
  async up(db: Kysely<unknown>) {
    const s = db.schema;
    await s.alterTable("account").addColumn("job_family", "text").execute();
    await s.alterTable("account").addColumn("work_shift", "text").execute();
    await s
      .alterTable("account")
      .addColumn("location_id", "integer", (c) => c.references("location.id").onDelete("set null"))
      .execute();
    await s.alterTable("account").addColumn("english_score", "integer").execute();
    await s.createIndex("account_location_idx").on("account").column("location_id").execute();
    for (const table of CONDITION_TABLES) {
      for (const list of TEXT_LISTS)
        await s
          .alterTable(table)
          .addColumn(list, "text", (c) => c.notNull().defaultTo(""))
          .execute();
      await s
        .alterTable(table)
        .addColumn("english_score_gte", "integer", (c) => c.notNull().defaultTo(-1))
        .execute();
      await s
        .alterTable(table)
        .addColumn("english_score_lte", "integer", (c) => c.notNull().defaultTo(-1))
        .execute();
    }
    await s
      .alterTable("budget_category")
      .addColumn("type", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    const s = db.schema;
    await s.alterTable("budget_category").dropColumn("type").execute();
    for (const table of CONDITION_TABLES) {
      for (const col of [...TEXT_LISTS, "english_score_gte", "english_score_lte"])
        await s.alterTable(table).dropColumn(col).execute();
    }
    await s.dropIndex("account_location_idx").execute();
    for (const col of ["english_score", "location_id", "work_shift", "job_family"])
      await s.alterTable("account").dropColumn(col).execute();
  },
};
