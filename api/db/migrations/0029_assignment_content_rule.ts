import type { Kysely, Migration } from "kysely";
import type { Dialect } from "../index";
import { idColumn } from "../migration-kit";

/**
 * An auto-assignment's content rules (issue 17 §2, spec 001 §3 "Auto-assignment content condition";
 * docs/decisions/059):
 *  - `assignment_content_rule`: a content type (null: every assignable one), each criterion's
 *    operator (1 one of the list, 2 none of it) and the chosen contents' operator;
 *  - `assignment_content_rule_item`: its lists, as (field, ref_id) like a condition's items;
 *  - `assignment_content.rule_id`: the rule that brought a content (null: added by hand). Deleting
 *    the rule deletes the contents it brought; the rules are matched again right after.
 * And an index from an assignment's results to an account (docs/decisions/061): a round in chunks
 * asks "what did this assignment give these learners before" per chunk.
 */
export function assignmentContentRuleTables(dialect: Dialect): Migration {
  const withId = idColumn(dialect);
  return {
    async up(db: Kysely<unknown>) {
      const s = db.schema;
      let rule = withId(s.createTable("assignment_content_rule"))
        .addColumn("assignment_id", "integer", (c) => c.notNull().references("assignment.id").onDelete("cascade"))
        .addColumn("content_type_id", "integer", (c) => c.references("content_type.id").onDelete("cascade"))
        .addColumn("content_operator", "integer", (c) => c.notNull().defaultTo(1));
      // Spelled out, not read from contract/: a migration stays what it was when released.
      for (const criterion of ["category", "provider", "learning_program", "level", "instructor", "competency"])
        rule = rule.addColumn(`${criterion}_operator`, "integer", (c) => c.notNull().defaultTo(1));
      await rule.addColumn("datetime_create", "text", (c) => c.notNull()).execute();
      await s
        .createIndex("assignment_content_rule_assignment_idx")
        .on("assignment_content_rule")
        .column("assignment_id")
        .execute();
      await s
        .createTable("assignment_content_rule_item")
        .addColumn("rule_id", "integer", (c) =>
          c.notNull().references("assignment_content_rule.id").onDelete("cascade"),
        )
        .addColumn("field", "text", (c) => c.notNull())
        .addColumn("ref_id", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("assignment_content_rule_item_pkey", ["rule_id", "field", "ref_id"])
        .execute();
      await s
        .alterTable("assignment_content")
        .addColumn("rule_id", "integer", (c) => c.references("assignment_content_rule.id").onDelete("cascade"))
        .execute();
      await s
        .createIndex("assignment_result_account_idx")
        .on("assignment_result")
        .columns(["assignment_id", "account_id", "content_type_id", "content_id"])
        .execute();
    },
  };
}
