import type { CreateTableBuilder } from "kysely";
import type { Dialect } from "./index";

/**
 * What every migration since 0018 builds the same way (the earlier ones spell it out, and stay as
 * they ran): a table's id column in the dialect at hand, and the engine's common content columns
 * that every content type's own table starts with (course 0003, activity 0013, class 0019…).
 */

/** `id`: serial in PostgreSQL, an autoincrement integer key in SQLite. */
export const idColumn =
  (dialect: Dialect) =>
  <T extends string>(t: CreateTableBuilder<T, never>) =>
    dialect === "postgres"
      ? t.addColumn("id", "serial", (c) => c.primaryKey())
      : t.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());

/** The content engine's columns (spec 001 §3 "Content"), as course's and activity's tables have them. */
export const contentColumns = <T extends string>(t: CreateTableBuilder<T, "id">) =>
  t
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("code", "text", (c) => c.notNull().unique())
    .addColumn("content_level", "integer", (c) => c.references("level.id").onDelete("set null"))
    .addColumn("program", "integer")
    .addColumn("category_id", "integer", (c) => c.notNull().references("category.id").onDelete("restrict"))
    .addColumn("provider_id", "integer", (c) => c.notNull().references("provider.id").onDelete("restrict"))
    .addColumn("is_environmental", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("desc", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("is_display", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("datetime_start", "text")
    .addColumn("datetime_first_publish", "text")
    .addColumn("datetime_create", "text", (c) => c.notNull())
    .addColumn("datetime_update", "text", (c) => c.notNull())
    .addColumn("created_by", "integer", (c) => c.references("account.id").onDelete("set null"));
