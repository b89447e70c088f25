import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db, Dialect } from "../../api/db/index";
import { migrateTo } from "../../api/db/migrate";
import { seedReference } from "../../api/db/seed";
import { freshDatabase } from "./harness";
import { put } from "./migration-kit";

/**
 * Migration 0012 moves the course_* feature tables to content_* keyed by content type and id
 * (docs/decisions/022). A database built at schema 0011 and filled with rows in every table it
 * moves is migrated; each new table must hold exactly the old rows (ids kept, course_id become
 * content_id with the course content type), the keys between them must still hold, and new rows
 * must get fresh ids. Runs on SQLite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */

/** old table → new table, and the old table's order (a stable key). */
const MOVES: [string, string, string[]][] = [
  ["course_section", "content_section", ["id"]],
  ["course_material", "content_material", ["id"]],
  ["material_dependency", "content_material_dependency", ["material_id", "prerequisite_id"]],
  ["course_prerequisite", "content_prerequisite", ["course_id", "prerequisite_course_id"]],
  ["course_enrollment", "content_enrollment", ["id"]],
  ["course_progress_log", "content_progress_log", ["id"]],
  ["course_competency", "content_competency", ["id"]],
  ["course_survey", "content_survey", ["id"]],
  ["course_gamification", "content_gamification", ["id"]],
  ["gamification_earned", "content_gamification_earned", ["criteria_id", "account_id"]],
  ["course_budget", "content_budget", ["course_id"]],
  ["course_budget_record", "content_budget_record", ["id"]],
  ["course_certificate", "content_certificate", ["course_id"]],
];

const AT = "2026-05-01T08:00:00.000Z";

const rowsOf = async (db: Db, table: string, order: string[]) =>
  (
    await sql<
      Record<string, unknown>
    >`select * from ${sql.table(table)} order by ${sql.join(order.map((c) => sql.ref(c)))}`.execute(db)
  ).rows;

/** Rows in every table 0012 moves, with the keys between them, as the demo seed had them at 0011. */
async function fillSchema0011(db: Db) {
  await put(db, "category", [{ id: 1, name: "Safety" }]);
  await put(db, "provider", [{ id: 1, name: "Academy" }]);
  await put(
    db,
    "account",
    [1, 2, 3].map((id) => ({
      id,
      username: `u${id}`,
      email: `u${id}@x.test`,
      password_hash: "x",
      datetime_create: AT,
    })),
  );
  await put(
    db,
    "course",
    [1, 2, 3].map((id) => ({
      id,
      name: `Course ${id}`,
      code: `C-${id}`,
      category_id: 1,
      provider_id: 1,
      datetime_create: AT,
      datetime_update: AT,
    })),
  );
  await put(db, "competency", [
    { id: 1, name: "Welding", code: "W", level: 5 },
    { id: 2, name: "Rigging", code: "R", level: 3 },
  ]);
  await put(db, "survey", [{ id: 1, name: "Feedback", code: "S1", survey_type: 1 }]);
  await put(db, "gamification_achievement", [{ id: 1, name: "Gold", code: "G", multiplier: 2 }]);
  await put(db, "budget_category", [{ id: 1, name_bp: "Venue", name_ac: "Venue cost", code: "V" }]);
  await put(db, "course_section", [
    {
      id: 1,
      course_id: 1,
      name: "Intro",
      sort: 1,
      is_display: 1,
      iden_is_enabled: 1,
      iden_identification: 2,
      iden_lock_method: 1,
      iden_attempt: 3,
      iden_duration_lock: 600,
    },
    { id: 2, course_id: 1, name: "บทที่ 2", sort: 2, is_display: 0 },
    { id: 5, course_id: 2, name: "Only", sort: 1, is_display: 1 },
  ]);
  const material = (id: number, course_id: number, section_id: number, sort: number) => ({
    id,
    course_id,
    section_id,
    sort,
    slot_type: "video",
    name: `M${id}`,
    is_required: 1,
    is_preview: 0,
    is_display: 1,
    is_non_skippable: 0,
    is_paused_inactive: 0,
    is_allow_download: 0,
    attempt: 2,
    duration: 300,
    url: null,
    file: `/media/m${id}.mp4`,
    file_name: `m${id}.mp4`,
    iden_random: 1,
    datetime_create: AT,
    datetime_update: AT,
  });
  await put(db, "course_material", [
    material(1, 1, 1, 1),
    material(2, 1, 1, 2),
    material(3, 1, 2, 1),
    material(7, 2, 5, 1),
  ]);
  await put(db, "material_dependency", [
    { material_id: 2, prerequisite_id: 1 },
    { material_id: 3, prerequisite_id: 2 },
  ]);
  await put(db, "course_prerequisite", [
    { course_id: 2, prerequisite_course_id: 1 },
    { course_id: 3, prerequisite_course_id: 1 },
  ]);
  await put(db, "course_enrollment", [
    {
      id: 1,
      account_id: 1,
      course_id: 1,
      status: 21,
      add_method: 1,
      added_by: 1,
      created_by: 3,
      datetime_enroll: AT,
      datetime_start: AT,
      datetime_complete: null,
      datetime_update: AT,
    },
    {
      id: 4,
      account_id: 2,
      course_id: 1,
      status: 30,
      add_method: 0,
      added_by: 0,
      created_by: null,
      datetime_enroll: AT,
      datetime_start: AT,
      datetime_complete: AT,
      datetime_update: AT,
    },
    {
      id: 9,
      account_id: 1,
      course_id: 2,
      status: 0,
      add_method: 2,
      added_by: 6,
      created_by: 3,
      datetime_enroll: AT,
      datetime_start: null,
      datetime_complete: null,
      datetime_update: AT,
    },
  ]);
  await put(db, "course_progress_log", [
    {
      id: 1,
      enrollment_id: 1,
      from_status: null,
      to_status: 0,
      action_type: "enroll",
      is_bulk: 0,
      created_by: 3,
      datetime_create: AT,
    },
    {
      id: 2,
      enrollment_id: 1,
      from_status: 0,
      to_status: 21,
      action_type: "manual",
      is_bulk: 1,
      created_by: 3,
      datetime_create: AT,
    },
  ]);
  await put(db, "course_competency", [
    { id: 1, course_id: 1, competency_id: 1, level: 4, datetime_create: AT },
    { id: 2, course_id: 2, competency_id: 1, level: 2, datetime_create: AT },
  ]);
  await put(db, "course_survey", [{ id: 1, course_id: 1, survey_id: 1, is_required: 1, sort: 1 }]);
  await put(db, "course_gamification", [
    { id: 1, course_id: 1, name: "Finish", point: 100, achievement_id: 1, challenge_id: null, datetime_create: AT },
    { id: 3, course_id: 2, name: "Start", point: 10, achievement_id: null, challenge_id: null, datetime_create: AT },
  ]);
  await put(db, "gamification_earned", [{ criteria_id: 1, account_id: 2, point: 100, datetime_create: AT }]);
  await put(db, "course_budget", [
    {
      course_id: 1,
      price_minor: 199_000,
      price_discount_minor: 150_000,
      price_app_store_minor: null,
      price_android_minor: 160_000,
      note: "VAT รวม",
      count_learner: 40,
      cost_minor: 5_000_000,
      price_margin_minor: 2500,
      datetime_update_price: AT,
      datetime_update_plan: AT,
      datetime_update_actual: null,
    },
  ]);
  await put(db, "course_budget_record", [
    {
      id: 1,
      course_id: 1,
      kind: "plan",
      budget_category_id: 1,
      unit: 2,
      cost_minor: 1_500_000,
      currency: "thb",
      exchange_rate_micro: 1_000_000,
      sort: 1,
    },
    {
      id: 2,
      course_id: 1,
      kind: "actual",
      budget_category_id: 1,
      unit: 1,
      cost_minor: 1_250,
      currency: "usd",
      exchange_rate_micro: 35_250_000,
      sort: 1,
    },
  ]);
  await put(db, "course_certificate", [
    {
      course_id: 2,
      name: "Certificate",
      desc: "",
      image: null,
      language: "th",
      type_template: 1,
      certificate_type: 0,
      download_days: 90,
      type_complete: 0,
      type_issued_date: 1,
      date_issued: "2026-04-01",
      datetime_update: AT,
    },
  ]);
}

/** A new-table row as the old table had it: the course type dropped, content_id back to course_id. */
function asOld(row: Record<string, unknown>, courseType: number) {
  const { content_type_id, content_id, prerequisite_id, ...rest } = row;
  if (content_type_id === undefined) return row;
  expect(content_type_id).toBe(courseType);
  return {
    ...rest,
    course_id: content_id,
    ...(prerequisite_id === undefined ? {} : { prerequisite_course_id: prerequisite_id }),
  };
}
const sorted = (o: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)));

describe("migration 0012: course_* feature tables → content_* keyed by content type", () => {
  let db: Db;
  let dialect: Dialect;
  let drop: () => Promise<void>;
  const before = new Map<string, Record<string, unknown>[]>();

  beforeAll(async () => {
    ({ db, dialect, drop } = await freshDatabase());
    await migrateTo(db, dialect, "0011_identification_transaction");
    await seedReference(db, new Date(AT));
    await fillSchema0011(db);
    for (const [from, , order] of MOVES) before.set(from, await rowsOf(db, from, order));
    expect(await migrateTo(db, dialect, "0012_content_features")).toEqual(["0012_content_features"]);
  }, 60_000);
  afterAll(async () => {
    await db.destroy();
    await drop();
  });

  it("every row moves with its id and its values; the old tables are gone", async () => {
    const courseType = (
      await db.selectFrom("content_type").select("id").where("code", "=", "course").executeTakeFirstOrThrow()
    ).id;
    for (const [from, to, order] of MOVES) {
      const newOrder = order.map((c) =>
        c === "course_id" ? "content_id" : c === "prerequisite_course_id" ? "prerequisite_id" : c,
      );
      const after = (await rowsOf(db, to, newOrder)).map((r) => sorted(asOld(r, courseType)));
      const old = before.get(from)!.map(sorted);
      expect(old.length, from).toBeGreaterThan(0);
      expect(after, `${from} → ${to}`).toEqual(old);
      await expect(sql`select 1 from ${sql.table(from)}`.execute(db), from).rejects.toThrow();
    }
  });

  it("the keys between the moved tables hold: a section's delete takes its materials and their dependencies", async () => {
    await db.deleteFrom("content_section").where("id", "=", 1).execute();
    const materials = await db.selectFrom("content_material").select("id").orderBy("id").execute();
    expect(materials.map((m) => m.id)).toEqual([3, 7]);
    expect(await db.selectFrom("content_material_dependency").selectAll().execute()).toEqual([]);
    // An enrollment's delete takes its history; a criterion's delete what was earned.
    await db.deleteFrom("content_enrollment").where("id", "=", 1).execute();
    expect(await db.selectFrom("content_progress_log").selectAll().execute()).toEqual([]);
    await db.deleteFrom("content_gamification").where("id", "=", 1).execute();
    expect(await db.selectFrom("content_gamification_earned").selectAll().execute()).toEqual([]);
  });

  it("new rows get ids past the moved ones, and one content per type may not repeat a row its keys forbid", async () => {
    const courseType = (
      await db.selectFrom("content_type").select("id").where("code", "=", "course").executeTakeFirstOrThrow()
    ).id;
    const row = await db
      .insertInto("content_enrollment")
      .values({
        content_type_id: courseType,
        content_id: 3,
        account_id: 3,
        status: 0,
        add_method: 0,
        added_by: 0,
        created_by: null,
        datetime_enroll: AT,
        datetime_update: AT,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(row.id).toBeGreaterThan(9);
    await expect(
      db
        .insertInto("content_enrollment")
        .values({
          content_type_id: courseType,
          content_id: 3,
          account_id: 3,
          status: 0,
          add_method: 0,
          added_by: 0,
          created_by: null,
          datetime_enroll: AT,
          datetime_update: AT,
        })
        .execute(),
    ).rejects.toThrow();
    // The same learner in item 3 of another content type is another enrollment.
    const activity = (
      await db.selectFrom("content_type").select("id").where("code", "=", "activity").executeTakeFirstOrThrow()
    ).id;
    await db
      .insertInto("content_enrollment")
      .values({
        content_type_id: activity,
        content_id: 3,
        account_id: 3,
        status: 0,
        add_method: 0,
        added_by: 0,
        created_by: null,
        datetime_enroll: AT,
        datetime_update: AT,
      })
      .execute();
    const section = await db
      .insertInto("content_section")
      .values({ content_type_id: activity, content_id: 3, name: "New", sort: 1, is_display: 1 })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(section.id).toBeGreaterThan(5);
  });

  it(`runs on ${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "SQLite"}`, () => {
    expect(dialect).toBe(process.env.TEST_DATABASE_URL ? "postgres" : "sqlite");
  });
});
