import type { Transaction } from "kysely";
import { CANCEL_TYPE, SECONDS_PER_DAY, TYPE_ACCESS } from "../../contract/codes";
import type { Database } from "./schema";
import { CONTENT_DEFINITIONS } from "../content/types";
import { contentTypeId } from "../content/ref";
import { fromResource } from "../engine/crud";
import { insertAgeRule, lcg, insertBatches } from "./seed-kit";

type Trx = Transaction<Database>;

/** Which items get access rows: a content type of the engine and its demo items' codes. */
type AccessOf = { type: "course" | "activity"; codeLike: string; beforePeriodEnd: boolean };
const COURSES: AccessOf = { type: "course", codeLike: "CRS-%", beforePeriodEnd: true };
/** The demo activities: their cancel type is after-enrolled only (spec 001 §4). */
export const ACTIVITIES: AccessOf = { type: "activity", codeLike: "ACT-%", beforePeriodEnd: false };

/**
 * Enrollment and permission of the demo courses (and, called again, activities) (access slice): every third course has saved
 * enrollment settings (cancel before the learning period ends, or within 3–14 days of enrolling;
 * some with an enrollment period, capacity, waiting list or approval, retraining), every fifth an
 * enrollment identification, every fourth one or two permission rules (a department rule with
 * departments, levels and an age range, or a user rule naming staff), and every sixth has
 * Head Office administrators as its own administrators. A few dozen rows: fast.
 */
export async function seedAccess(trx: Trx, now: Date, of: AccessOf = COURSES) {
  const rand = lcg(20260806);
  const at = now.toISOString();
  const ct = (await trx.selectFrom("content_type").select("id").where("code", "=", of.type).executeTakeFirstOrThrow())
    .id;
  const courses = (
    await trx.selectFrom(of.type).select("id").where("code", "like", of.codeLike).orderBy("id").execute()
  ).map((c) => c.id);
  const departments = (await trx.selectFrom("department").select("id").orderBy("id").execute()).map((d) => d.id);
  const levels = (await trx.selectFrom("level").select("id").orderBy("id").execute()).map((l) => l.id);
  const positions = (await trx.selectFrom("position").select("id").orderBy("id").execute()).map((p) => p.id);
  const staff = (
    await trx
      .selectFrom("account")
      .select("id")
      .where("username", "in", ["staff1", "staff2", "provider", "instructor"])
      .orderBy("id")
      .execute()
  ).map((a) => a.id);
  // Course administrators: the unscoped Head Office ones only. An administrator list widens a
  // scoped account's view (docs/decisions/018): listing the provider or the instructor here would
  // blur the demo scopes.
  const headOffice = (
    await trx.selectFrom("account").select("id").where("username", "in", ["staff1", "staff2"]).orderBy("id").execute()
  ).map((a) => a.id);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)];
  const some = <T>(list: readonly T[], n: number) => [...new Set(Array.from({ length: n }, () => pick(list)))];

  const settings: Record<string, unknown>[] = [];
  const identification: Record<string, unknown>[] = [];
  const admins: Record<string, unknown>[] = [];
  courses.forEach((courseId, i) => {
    if (i % 3 === 0) {
      // A type that allows only "after enrolled" (activity: [7]) always gets it.
      const afterEnrolled = rand() < 0.5 || !of.beforePeriodEnd;
      const withPeriod = rand() < 0.4;
      const start = now.getTime() - Math.floor(rand() * 30) * SECONDS_PER_DAY * 1000;
      const retrain = rand() < 0.2;
      settings.push({
        content_type_id: ct,
        content_id: courseId,
        form_id: null,
        capacity: rand() < 0.5 ? 0 : 20 + Math.floor(rand() * 8) * 10,
        is_overlap_time: 0,
        is_session_reserved: 0,
        is_session_enrollment: rand() < 0.3 ? 1 : 0,
        minimum_session_enrollment: 0,
        maximum_session_enrollment: 10,
        type_access: pick([
          TYPE_ACCESS.no_condition,
          TYPE_ACCESS.no_condition,
          TYPE_ACCESS.waiting_list,
          TYPE_ACCESS.waiting_approve,
        ]),
        enrollment_required: rand() < 0.5 ? 1 : 0,
        type_waiting: 0,
        enroll_datetime_start: withPeriod ? new Date(start).toISOString() : null,
        enroll_datetime_end: withPeriod ? new Date(start + 60 * SECONDS_PER_DAY * 1000).toISOString() : null,
        cancel_type: afterEnrolled ? CANCEL_TYPE.after_enrolled : CANCEL_TYPE.before_learning_period_end,
        cancel_duration: afterEnrolled ? (3 + Math.floor(rand() * 12)) * SECONDS_PER_DAY : null,
        cancel_datetime_start: null,
        cancel_datetime_end: null,
        is_allow_change_session_enrollment: 0,
        is_user_canceled: rand() < 0.6 ? 1 : 0,
        is_rejected_able_re_enroll: rand() < 0.3 ? 1 : 0,
        duration_expire: rand() < 0.3 ? 90 * SECONDS_PER_DAY : null,
        is_retrain: retrain ? 1 : 0,
        retrain_count: 1,
        retrain_unit: 3,
        datetime_update: at,
      });
    }
    if (i % 5 === 0) {
      const lockFor = rand() < 0.7;
      identification.push({
        content_type_id: ct,
        content_id: courseId,
        is_enabled: rand() < 0.5 ? 1 : 0,
        identification: pick([0, 2]),
        lock_method: lockFor ? 1 : 2,
        attempt: 3,
        duration_lock: lockFor ? 15 * 60 : null,
        datetime_update: at,
      });
    }
    if (i % 6 === 0 && headOffice.length)
      for (const accountId of some(headOffice, 2))
        admins.push({ content_type_id: ct, content_id: courseId, account_id: accountId, datetime_create: at });
  });
  await insertBatches(trx, "content_enrollment_setting", settings);
  await insertBatches(trx, "content_enrollment_identification", identification);
  await insertBatches(trx, "content_admin", admins);

  // Permission rules: inserted one by one (their ids hold the condition lists).
  const items: Record<string, unknown>[] = [];
  for (const [i, courseId] of courses.entries()) {
    if (i % 4 !== 1) continue;
    const userRule = rand() < 0.3;
    const young = 18 + Math.floor(rand() * 10);
    const { id } = await trx
      .insertInto("content_permission")
      .values({
        content_type_id: ct,
        content_id: courseId,
        mode: userRule ? 3 : 2,
        permission: rand() < 0.7 ? 2 : 1,
        operator: 1,
        age_gte: userRule ? -1 : young,
        age_lte: userRule ? -1 : young + 20 + Math.floor(rand() * 15),
        experience_gte: -1,
        experience_lte: -1,
        level_year_gte: -1,
        level_year_lte: -1,
        service_gte: -1,
        service_lte: -1,
        level_group_year_gte: -1,
        level_group_year_lte: -1,
        date_account_start_gte: null,
        date_account_start_lte: null,
        datetime_create: at,
        datetime_update: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (userRule) for (const a of some(staff, 2)) items.push({ permission_id: id, field: "account", ref_id: a });
    else {
      for (const d of some(departments, 2)) items.push({ permission_id: id, field: "department", ref_id: d });
      for (const l of some(levels, 2)) items.push({ permission_id: id, field: "level", ref_id: l });
      if (rand() < 0.4)
        for (const p of some(positions, 1)) items.push({ permission_id: id, field: "position", ref_id: p });
    }
  }
  await insertBatches(trx, "content_permission_item", items);
}

/**
 * Every content type that mounts permission rules (its registry entry's permission tab, read
 * through its API definition) gets one rule on its first demo item when its own seed wrote none,
 * so each type's rule pages have a row to open and the registry-driven tests a value to request.
 * A new type is covered with nothing to write here (issue 36). Run after every type's seed.
 */
export async function seedRulesFromRegistry(trx: Trx, now: Date) {
  for (const def of CONTENT_DEFINITIONS.filter((d) => d.features.includes("permission"))) {
    const ct = await contentTypeId(trx, def.resource.contentType);
    if (await trx.selectFrom("content_permission").select("id").where("content_type_id", "=", ct).executeTakeFirst())
      continue;
    let first = fromResource(trx, def.resource.table).select("t.id");
    if (def.resource.where) first = first.where(def.resource.where);
    const item = await first.orderBy("t.id").executeTakeFirst();
    if (item) await insertAgeRule(trx, { content_type_id: ct, content_id: item.id }, 2, now.toISOString());
  }
}
