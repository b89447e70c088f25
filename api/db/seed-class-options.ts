import { enrollmentSchema } from "../../contract/schemas/content-enrollment";
import { activeEnrollments } from "../content/activity/shared";
import { saveEnrollment } from "../content/features/access/enrollment-settings";
import { contentTypeId } from "../content/ref";
import type { Trx } from "../engine/crud";

/**
 * The demo organisation's class options at work (docs/decisions/046, 047): CLS-LEAD enrols by
 * session (one to three sessions, changes allowed) with its first three learners' sessions
 * chosen, and, as a class of the New Manager Program, terms its learners must accept; CLS-COMM's
 * learners hold their own check-in codes. Through the API's own services, so the rows are ones
 * the API would write.
 */
export async function seedClassOptions(trx: Trx, now: Date) {
  const classType = await contentTypeId(trx, "class");
  const lead = await trx.selectFrom("class").select("id").where("code", "=", "CLS-LEAD").executeTakeFirst();
  if (lead) {
    const ref = { contentTypeId: classType, contentId: lead.id };
    const settings = enrollmentSchema("event", "api").parse({
      is_session_enrollment: true,
      minimum_session_enrollment: 1,
      maximum_session_enrollment: 3,
      is_allow_change_session_enrollment: true,
      content_period_cancel: { type: 5, duration: 86_400 },
    });
    await saveEnrollment(trx, ref, settings, now);
    const sessions = await trx
      .selectFrom("class_session")
      .select("id")
      .where("class_id", "=", lead.id)
      .orderBy("datetime_start")
      .execute();
    const learners = await activeEnrollments(trx, ref).select("e.id").orderBy("e.id").limit(3).execute();
    const at = now.toISOString();
    // The first learner takes every session, the others one each (an uneven list to look at).
    const rows = learners.flatMap((l, i) =>
      (i === 0 ? sessions : sessions.slice(i - 1, i)).map((s) => ({
        session_id: s.id,
        enrollment_id: l.id,
        created_by: null,
        datetime_create: at,
      })),
    );
    if (rows.length) await trx.insertInto("class_session_enrollment").values(rows).execute();
    await trx
      .updateTable("class")
      .set({
        terms: "Attend every session you choose, and tell the organiser a day ahead if you cannot.",
        is_terms_required: 1,
      })
      .where("id", "=", lead.id)
      .where("class_program_id", "is not", null)
      .execute();
  }
  await trx.updateTable("class").set({ qr_code_holder: 0 }).where("code", "=", "CLS-COMM").execute();
}
