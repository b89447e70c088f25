import type { Kysely, Migration } from "kysely";
import type { Dialect } from "../index";

/**
 * Enrollment approvals (issue 17 §3, docs/decisions/054): `content_enrollment_decision`, the
 * administrator's current decision on an enrolment that waited for approval — approved or
 * rejected, why (an administrator, or the content's enrollment closing), the status it was taken
 * from (a cancelled rejection goes back there), who decided (null once that account is deleted)
 * and when. One row per enrolment: a cancelled rejection deletes it; every change is also in the
 * progress history (content_progress_log). Deleting the enrolment deletes its decision.
 */
export function approvalTables(dialect: Dialect): Migration {
  void dialect;
  return {
    async up(db: Kysely<unknown>) {
      const s = db.schema;
      await s
        .createTable("content_enrollment_decision")
        .addColumn("enrollment_id", "integer", (c) =>
          c.primaryKey().references("content_enrollment.id").onDelete("cascade"),
        )
        .addColumn("decision", "text", (c) => c.notNull())
        .addColumn("reason", "text", (c) => c.notNull().defaultTo("admin"))
        .addColumn("from_status", "integer", (c) => c.notNull())
        .addColumn("decided_by", "integer", (c) => c.references("account.id").onDelete("set null"))
        .addColumn("datetime_decide", "text", (c) => c.notNull())
        .execute();
      // The approved and rejected pages list one decision, newest first; the foreign key's lookups.
      await s
        .createIndex("content_enrollment_decision_list_idx")
        .on("content_enrollment_decision")
        .columns(["decision", "datetime_decide"])
        .execute();
      await s
        .createIndex("content_enrollment_decision_by_idx")
        .on("content_enrollment_decision")
        .column("decided_by")
        .execute();
      // The waiting page reads the waiting records of every content: by status first.
      await s
        .createIndex("content_enrollment_by_status_idx")
        .on("content_enrollment")
        .columns(["status", "datetime_enroll"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex("content_enrollment_by_status_idx").execute();
      await db.schema.dropTable("content_enrollment_decision").execute();
    },
  };
}
