import type { Kysely, Migration } from "kysely";
import type { Dialect } from "../index";
import { contentColumns, idColumn } from "../migration-kit";

/**
 * Learning paths (spec 000 §2.6, issue 36 §1, docs/decisions/098):
 *
 * - learning_path: the engine's content columns, its kind (1 online, 2 scheduled:
 *   contract/learning-path-codes.ts) and a scheduled path's learning period.
 * - learning_path_content: its curriculum, each content (content type and id, as the engine's
 *   content_* tables name one) once, at its position. A content a path holds is not deleted (424).
 * - learning_path_depend: which contents of the same path a learner completes before another.
 *
 * Everything else of a path (enrollment, permission, competency, budget, certificate,
 * gamification, learners and progress) is the engine's content_* tables.
 */
export function learningPaths(dialect: Dialect): Migration {
  const withId = idColumn(dialect);
  return {
    async up(db: Kysely<unknown>) {
      const s = db.schema;
      await contentColumns(withId(s.createTable("learning_path")))
        .addColumn("kind", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("datetime_learn_start", "text")
        .addColumn("datetime_learn_end", "text")
        .execute();
      for (const col of ["datetime_update", "kind", "program", "category_id", "provider_id"])
        await s.createIndex(`learning_path_${col}_idx`).on("learning_path").column(col).execute();

      await withId(s.createTable("learning_path_content"))
        .addColumn("learning_path_id", "integer", (c) => c.notNull().references("learning_path.id").onDelete("cascade"))
        .addColumn("content_type_id", "integer", (c) => c.notNull().references("content_type.id"))
        .addColumn("content_id", "integer", (c) => c.notNull())
        .addColumn("position", "integer", (c) => c.notNull())
        .addUniqueConstraint("learning_path_content_once", ["learning_path_id", "content_type_id", "content_id"])
        .execute();
      // A content's delete finds the paths holding it.
      await s
        .createIndex("learning_path_content_content_idx")
        .on("learning_path_content")
        .columns(["content_type_id", "content_id"])
        .execute();

      await s
        .createTable("learning_path_depend")
        .addColumn("path_content_id", "integer", (c) =>
          c.notNull().references("learning_path_content.id").onDelete("cascade"),
        )
        .addColumn("depend_id", "integer", (c) =>
          c.notNull().references("learning_path_content.id").onDelete("cascade"),
        )
        .addPrimaryKeyConstraint("learning_path_depend_pk", ["path_content_id", "depend_id"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const t of ["learning_path_depend", "learning_path_content", "learning_path"])
        await db.schema.dropTable(t).execute();
    },
  };
}
