import type { Transaction } from "kysely";
import { IDENTIFICATION_METHOD } from "../../contract/codes";
import type { Database } from "./schema";
import { lcg } from "./seed-kit";

type Trx = Transaction<Database>;

const MINUTE_MS = 60_000;

/**
 * Identification transactions of the demo (docs/decisions/021): in the first 30 demo courses,
 * up to eight learners who started learning each went through one identification session (a few
 * through two): the curriculum it opened (the sections reached so far, with their first
 * materials), its attempts — passed at the first or second try, failed three times and locked
 * for 30 minutes, or a photo still waiting for a person to check it —, and the learner's progress
 * record. Attempts go into the identification log too, as the learner site would write them.
 * Deterministic; runs after the curriculum and the enrollments.
 */
export async function seedIdentification(trx: Trx, now: Date) {
  const rand = lcg(20261001);
  const nowMs = now.getTime();
  const iso = (ms: number) => new Date(ms).toISOString();
  const courseType = (
    await trx.selectFrom("content_type").select("id").where("code", "=", "course").executeTakeFirstOrThrow()
  ).id;
  const courses = await trx
    .selectFrom("course")
    .select("id")
    .where("code", ">=", "CRS-0001")
    .where("code", "<=", "CRS-0030")
    .orderBy("code")
    .execute();
  const methods = Object.values(IDENTIFICATION_METHOD);

  for (const course of courses) {
    const sections = await trx
      .selectFrom("content_section")
      .select(["id", "name", "iden_is_enabled", "iden_identification"])
      .where("content_type_id", "=", courseType)
      .where("content_id", "=", course.id)
      .orderBy("sort")
      .orderBy("id")
      .execute();
    if (!sections.length) continue;
    const materials = await trx
      .selectFrom("content_material")
      .select(["id", "section_id"])
      .where("content_type_id", "=", courseType)
      .where("content_id", "=", course.id)
      .orderBy("sort")
      .orderBy("id")
      .execute();
    // Learners who have started: in progress, verifying, completed, failed…
    const learners = await trx
      .selectFrom("content_enrollment")
      .select(["id", "account_id", "datetime_start"])
      .where("content_type_id", "=", courseType)
      .where("content_id", "=", course.id)
      .where("datetime_start", "is not", null)
      .orderBy("id")
      .limit(8)
      .execute();
    for (const [k, enrollment] of learners.entries()) {
      const sessions = k % 3 === 0 ? 2 : 1;
      const started = Date.parse(enrollment.datetime_start!);
      for (let n = 0; n < sessions; n++) {
        // Within the learning so far, and over by now (a session lasts minutes).
        const at = Math.min(started + Math.floor(rand() * Math.max(1, nowMs - started)), nowMs - 2 * 3600_000);
        const reached = sections.slice(0, 1 + Math.floor(rand() * sections.length));
        const enabled = reached.find((s) => s.iden_is_enabled === 1);
        const method = enabled ? enabled.iden_identification : methods[Math.floor(rand() * methods.length)];
        const r = rand();
        // The outcome: the attempts' results in order, and the session's.
        const outcome: { results: string[]; status: string } =
          method === IDENTIFICATION_METHOD.photo && r < 0.2
            ? { results: ["waiting"], status: "waiting" }
            : r < 0.6
              ? { results: ["pass"], status: "pass" }
              : r < 0.85
                ? { results: ["failed", "pass"], status: "pass" }
                : { results: ["failed", "failed", "failed"], status: "failed" };
        const end = at + outcome.results.length * 2 * MINUTE_MS;
        const tx = await trx
          .insertInto("identification_transaction")
          .values({
            content_type_id: courseType,
            content_id: course.id,
            account_id: enrollment.account_id,
            progress_id: enrollment.id,
            method,
            status: outcome.status,
            datetime_start: iso(at),
            datetime_end: outcome.status === "waiting" ? null : iso(end),
            datetime_lock_until: outcome.status === "failed" ? iso(end + 30 * MINUTE_MS) : null,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        const items = reached.flatMap((s) => [
          { section_id: s.id, material_id: null as number | null },
          ...materials
            .filter((m) => m.section_id === s.id)
            .slice(0, 2)
            .map((m) => ({ section_id: s.id, material_id: m.id })),
        ]);
        await trx
          .insertInto("identification_transaction_item")
          .values(items.map((item, sort) => ({ ...item, transaction_id: tx.id, sort: sort + 1 })))
          .execute();
        await trx
          .insertInto("identification_attempt")
          .values(
            outcome.results.map((status, i) => ({
              content_type_id: courseType,
              content_id: course.id,
              account_id: enrollment.account_id,
              method,
              status,
              section: reached[reached.length - 1].name,
              datetime_create: iso(at + (i * 2 + 1) * MINUTE_MS),
              transaction_id: tx.id,
            })),
          )
          .execute();
      }
    }
  }
}
