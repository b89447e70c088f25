import { sql, type CreateTableBuilder, type Kysely, type Migration, type SqlBool } from "kysely";
import type { Dialect } from "../index";

/** The range pairs of a condition, as 0006_access created them on content_permission. */
const RANGES = ["age", "experience", "level_year", "service", "level_group_year"] as const;

/**
 * Groups with conditions, and the master data around them (issue 15 §4–§5, docs/decisions/030).
 *
 * A condition is stored in the shape 0006_access gave the content permission rules: one row with
 * the operator, the range pairs (-1 unset) and the account start dates, plus an item table of
 * (field, ref_id) for the id lists. Three tables hold conditions in that shape — the content
 * rules (content_permission), the category rules (category_permission, new) and a group's own
 * condition (account_group_condition, new) — and one evaluator reads all three
 * (api/auth/conditions.ts). `is_include_sub_department` (new everywhere) makes the department
 * list also match the sub-departments of the departments it names.
 *
 * account_group.type says what a group is: "ACCOUNT" (a list of accounts, account_group_member)
 * or "CONDITION" (its members are whoever its condition matches, computed when read).
 *
 * Group, provider and instructor administrators are the account_role_scope rows of kind group,
 * provider and instructor (0001), so no table is added for them; an index finds a row's admins.
 */
export function groups(dialect: Dialect): Migration {
  const withId = <T extends string>(t: CreateTableBuilder<T, never>) =>
    dialect === "postgres"
      ? t.addColumn("id", "serial", (c) => c.primaryKey())
      : t.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());
  const condition = <T extends string>(t: CreateTableBuilder<T, never>) => {
    let out = t
      .addColumn("operator", "integer", (c) => c.notNull().defaultTo(1))
      .addColumn("is_include_sub_department", "integer", (c) => c.notNull().defaultTo(0));
    for (const r of RANGES) {
      out = out
        .addColumn(`${r}_gte`, "integer", (c) => c.notNull().defaultTo(-1))
        .addColumn(`${r}_lte`, "integer", (c) => c.notNull().defaultTo(-1));
    }
    return out.addColumn("date_account_start_gte", "text").addColumn("date_account_start_lte", "text");
  };

  return {
    async up(db: Kysely<unknown>) {
      const s = db.schema;
      await s
        .alterTable("content_permission")
        .addColumn("is_include_sub_department", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      // "Is this group / department … named by some condition?" (delete refusals) reads by value.
      await s
        .createIndex("content_permission_item_ref_idx")
        .on("content_permission_item")
        .columns(["field", "ref_id"])
        .execute();

      await condition(
        s
          .createTable("account_group_condition")
          .addColumn("group_id", "integer", (c) => c.primaryKey().references("account_group.id").onDelete("cascade")),
      )
        .addColumn("datetime_update", "text", (c) => c.notNull())
        .execute();
      await s
        .createTable("account_group_condition_item")
        .addColumn("group_id", "integer", (c) => c.notNull().references("account_group.id").onDelete("cascade"))
        .addColumn("field", "text", (c) => c.notNull())
        .addColumn("ref_id", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("account_group_condition_item_pk", ["group_id", "field", "ref_id"])
        .execute();
      await s
        .createIndex("account_group_condition_item_ref_idx")
        .on("account_group_condition_item")
        .columns(["field", "ref_id"])
        .execute();
      await s.createIndex("account_group_member_account_idx").on("account_group_member").column("account_id").execute();
      await s.createIndex("account_role_scope_ref_idx").on("account_role_scope").columns(["kind", "ref_id"]).execute();

      // Who may see a category (and what lies in it): rules as a content's, keyed by the category.
      await condition(
        withId(s.createTable("category_permission"))
          .addColumn("category_id", "integer", (c) => c.notNull().references("category.id").onDelete("cascade"))
          .addColumn("mode", "integer", (c) => c.notNull().defaultTo(1))
          .addColumn("permission", "integer", (c) => c.notNull().defaultTo(2)),
      )
        .addColumn("datetime_create", "text", (c) => c.notNull())
        .addColumn("datetime_update", "text", (c) => c.notNull())
        .execute();
      await s.createIndex("category_permission_category_idx").on("category_permission").column("category_id").execute();
      await s
        .createTable("category_permission_item")
        .addColumn("permission_id", "integer", (c) =>
          c.notNull().references("category_permission.id").onDelete("cascade"),
        )
        .addColumn("field", "text", (c) => c.notNull())
        .addColumn("ref_id", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("category_permission_item_pk", ["permission_id", "field", "ref_id"])
        .execute();
      await s
        .createIndex("category_permission_item_ref_idx")
        .on("category_permission_item")
        .columns(["field", "ref_id"])
        .execute();
      await s.createIndex("category_parent_idx").on("category").column("parent_id").execute();

      // A provider's highlights (spec 001 §3 "Highlight"): a content of the provider's, or a link.
      await withId(s.createTable("provider_highlight"))
        .addColumn("provider_id", "integer", (c) => c.notNull().references("provider.id").onDelete("cascade"))
        .addColumn("title", "text", (c) => c.notNull())
        .addColumn("image", "text")
        .addColumn("content_type_id", "integer", (c) => c.references("content_type.id").onDelete("cascade"))
        .addColumn("content_id", "integer")
        .addColumn("external_link", "text")
        .addColumn("video_type", "integer")
        .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("datetime_create", "text", (c) => c.notNull())
        .addColumn("datetime_update", "text", (c) => c.notNull())
        .execute();
      await s
        .createIndex("provider_highlight_provider_idx")
        .on("provider_highlight")
        .columns(["provider_id", "sort"])
        .execute();

      // Codes are unique per table, case-insensitively, when given (code_already_used).
      for (const t of ["account_group", "instructor", "provider", "category"]) {
        await s
          .createIndex(`${t}_code_lower_uq`)
          .unique()
          .on(t)
          .expression(sql`lower(code)`)
          .where(sql<SqlBool>`code is not null and code <> ''`)
          .execute();
      }
    },
    async down(db: Kysely<unknown>) {
      const s = db.schema;
      for (const t of ["account_group", "instructor", "provider", "category"])
        await s.dropIndex(`${t}_code_lower_uq`).execute();
      for (const t of [
        "provider_highlight",
        "category_permission_item",
        "category_permission",
        "account_group_condition_item",
        "account_group_condition",
      ]) {
        await s.dropTable(t).execute();
      }
      for (const i of [
        "category_parent_idx",
        "account_role_scope_ref_idx",
        "account_group_member_account_idx",
        "content_permission_item_ref_idx",
      ]) {
        await s.dropIndex(i).execute();
      }
      await s.alterTable("content_permission").dropColumn("is_include_sub_department").execute();
    },
  };
}
