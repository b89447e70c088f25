import { sql, type Kysely, type Migration } from "kysely";

/**
 * A class's cancellation and a session's QR check-in (issue 33 §7, R229; docs/decisions/077):
 *  - `class.cancel_reason`: why it was cancelled — asked on the cancel page, told to its learners.
 *  - `class_session.is_qr_code` (spec 001 §3 "Schedule adds is_qr_code"): whether the session is
 *    checked in by QR code. Every existing session was, so they keep it (default 1).
 *  - Classes cancelled before this: hidden (a cancelled class is not offered to learners), and
 *    their learners who had not finished moved to -4 content_canceled (spec 001 §4), each with a
 *    progress history row — what cancelling does from now on, minus the mail nobody was sent then.
 */
export const classCancelAndQr: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable("class")
      .addColumn("cancel_reason", "text", (c) => c.notNull().defaultTo(""))
      .execute();
    await db.schema
      .alterTable("class_session")
      .addColumn("is_qr_code", "integer", (c) => c.notNull().defaultTo(1))
      .execute();
    await sql`update class set is_display = 0, datetime_start = null where datetime_cancel is not null`.execute(db);
    // The learners of cancelled classes who had not finished: to do (0, 1, 2, 3, 5) and doing (21, 22, 23, 6).
    const open = sql`(0, 1, 2, 3, 5, 21, 22, 23, 6)`;
    const ofCancelled = sql`e.content_type_id = (select id from content_type where code = 'class') and e.content_id in (select id from class where datetime_cancel is not null) and e.status in ${open}`;
    await sql`insert into content_progress_log (enrollment_id, from_status, to_status, action_type, is_bulk, created_by, datetime_create)
      select e.id, e.status, -4, 'content_cancel', 1, null, c.datetime_cancel from content_enrollment e inner join class c on c.id = e.content_id where ${ofCancelled}`.execute(
      db,
    );
    await sql`update content_enrollment set status = -4 where id in (select e.id from content_enrollment e where ${ofCancelled})`.execute(
      db,
    );
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("class_session").dropColumn("is_qr_code").execute();
    await db.schema.alterTable("class").dropColumn("cancel_reason").execute();
  },
};
