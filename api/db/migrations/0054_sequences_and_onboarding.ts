import { sql, type Kysely, type Migration } from "kysely";
import type { Dialect } from "../index";
import { contentColumns, idColumn } from "../migration-kit";

/**
 * One sequence of contents for every type that strings contents together (issue 36,
 * docs/decisions/099), and onboarding plans:
 *
 * - content_sequence: the contents a holder (a learning path, an onboarding plan: by content type
 *   and id, as the engine's content_* tables name a content) holds, each once, at its position;
 *   its name in the plan, its anonymity and the held content it sits under (spec 001 §3
 *   "Onboard content"). A content a sequence holds is not deleted (424).
 * - content_sequence_depend: which held contents of the same sequence a learner completes first.
 * - onboard: the engine's content columns (spec 001 §3 "Content: course, onboard, …") and its rule
 *   for new employees: enrol automatically (`is_auto_enroll`) the accounts whose start date is on or
 *   after `onboard_start_from`; the day one is enrolled so is the account's `onboard_date`.
 *
 * Learning paths' curricula (0053's learning_path_content and learning_path_depend) move into the
 * first two with their ids, and their tables go.
 */
export function sequencesAndOnboarding(dialect: Dialect): Migration {
  const withId = idColumn(dialect);
  const pg = dialect === "postgres";
  return {
    async up(db: Kysely<unknown>) {
      const s = db.schema;
      await withId(s.createTable("content_sequence"))
        .addColumn("holder_type_id", "integer", (c) => c.notNull().references("content_type.id"))
        .addColumn("holder_id", "integer", (c) => c.notNull())
        .addColumn("content_type_id", "integer", (c) => c.notNull().references("content_type.id"))
        .addColumn("content_id", "integer", (c) => c.notNull())
        .addColumn("position", "integer", (c) => c.notNull())
        .addColumn("name", "text")
        .addColumn("is_anonymous", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("parent_id", "integer", (c) => c.references("content_sequence.id").onDelete("set null"))
        .addUniqueConstraint("content_sequence_once", ["holder_type_id", "holder_id", "content_type_id", "content_id"])
        .execute();
      // A content's delete and the chain reaction find the sequences holding it.
      await s
        .createIndex("content_sequence_content_idx")
        .on("content_sequence")
        .columns(["content_type_id", "content_id"])
        .execute();
      await s
        .createTable("content_sequence_depend")
        .addColumn("sequence_id", "integer", (c) => c.notNull().references("content_sequence.id").onDelete("cascade"))
        .addColumn("depend_id", "integer", (c) => c.notNull().references("content_sequence.id").onDelete("cascade"))
        .addPrimaryKeyConstraint("content_sequence_depend_pk", ["sequence_id", "depend_id"])
        .execute();

      await sql`insert into content_sequence (id, holder_type_id, holder_id, content_type_id, content_id, position)
        select p.id, (select t.id from content_type t where t.code = 'learning_path'), p.learning_path_id,
               p.content_type_id, p.content_id, p.position
          from learning_path_content p`.execute(db);
      if (pg)
        await sql`select setval(pg_get_serial_sequence('content_sequence', 'id'), coalesce((select max(id) from content_sequence), 0) + 1, false)`.execute(
          db,
        );
      await sql`insert into content_sequence_depend (sequence_id, depend_id)
        select path_content_id, depend_id from learning_path_depend`.execute(db);
      await s.dropTable("learning_path_depend").execute();
      await s.dropTable("learning_path_content").execute();

      await contentColumns(withId(s.createTable("onboard")))
        .addColumn("is_auto_enroll", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("onboard_start_from", "text")
        .execute();
      await s.alterTable("account").addColumn("onboard_date", "text").execute();
      for (const col of ["datetime_update", "program", "category_id", "provider_id"])
        await s.createIndex(`onboard_${col}_idx`).on("onboard").column(col).execute();
    },
    async down(db: Kysely<unknown>) {
      for (const t of ["onboard", "content_sequence_depend", "content_sequence"])
        await db.schema.dropTable(t).execute();
    },
  };
}
