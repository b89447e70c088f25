import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db, Dialect } from "../../api/db/index";
import { migrateTo } from "../../api/db/migrate";
import { seedReference } from "../../api/db/seed";
import { freshDatabase } from "./harness";
import { put } from "./migration-kit";

/**
 * Migration 0054 moves learning paths' curricula into the one sequence every holder shares
 * (docs/decisions/099): a database at schema 0053 with paths, their contents and dependencies is
 * migrated; each content keeps its id, position and dependencies, now under the learning path
 * content type, the old tables are gone, and new rows get ids past the moved ones. Runs on SQLite,
 * and on PostgreSQL when TEST_DATABASE_URL is set.
 */

const AT = "2026-05-01T08:00:00.000Z";

describe("migration 0054: learning paths' curricula → content_sequence", () => {
  let db: Db;
  let dialect: Dialect;
  let drop: () => Promise<void>;
  let typeOf: (code: string) => Promise<number>;

  beforeAll(async () => {
    ({ db, dialect, drop } = await freshDatabase());
    await migrateTo(db, dialect, "0053_learning_paths");
    await seedReference(db, new Date(AT));
    typeOf = async (code) =>
      (await db.selectFrom("content_type").select("id").where("code", "=", code).executeTakeFirstOrThrow()).id;
    const category = await db
      .insertInto("category")
      .values({ name: "Safety" } as never)
      .returning("id")
      .executeTakeFirstOrThrow();
    const provider = await db
      .insertInto("provider")
      .values({ name: "Academy" } as never)
      .returning("id")
      .executeTakeFirstOrThrow();
    await put(
      db,
      "learning_path",
      [1, 2].map((id) => ({
        id,
        name: `Path ${id}`,
        code: `P${id}`,
        category_id: category.id,
        provider_id: provider.id,
        datetime_create: AT,
        datetime_update: AT,
      })),
    );
    const [course, activity] = [await typeOf("course"), await typeOf("activity")];
    await put(db, "learning_path_content", [
      { id: 5, learning_path_id: 1, content_type_id: course, content_id: 11, position: 1 },
      { id: 6, learning_path_id: 1, content_type_id: activity, content_id: 3, position: 2 },
      { id: 9, learning_path_id: 2, content_type_id: course, content_id: 11, position: 1 },
    ]);
    await put(db, "learning_path_depend", [{ path_content_id: 6, depend_id: 5 }]);
    expect(await migrateTo(db, dialect, "0054_sequences_and_onboarding")).toEqual(["0054_sequences_and_onboarding"]);
  }, 60_000);
  afterAll(async () => {
    await db.destroy();
    await drop();
  });

  it("every content moves with its id, position and dependencies, held by its path; the old tables are gone", async () => {
    const [path, course, activity] = [await typeOf("learning_path"), await typeOf("course"), await typeOf("activity")];
    const rows = await db
      .selectFrom("content_sequence")
      .select([
        "id",
        "holder_type_id",
        "holder_id",
        "content_type_id",
        "content_id",
        "position",
        "name",
        "is_anonymous",
        "parent_id",
      ])
      .orderBy("id")
      .execute();
    const base = { holder_type_id: path, name: null, is_anonymous: 0, parent_id: null };
    expect(rows.map((r) => ({ ...r, is_anonymous: Number(r.is_anonymous) }))).toEqual([
      { ...base, id: 5, holder_id: 1, content_type_id: course, content_id: 11, position: 1 },
      { ...base, id: 6, holder_id: 1, content_type_id: activity, content_id: 3, position: 2 },
      { ...base, id: 9, holder_id: 2, content_type_id: course, content_id: 11, position: 1 },
    ]);
    expect(await db.selectFrom("content_sequence_depend").selectAll().execute()).toEqual([
      { sequence_id: 6, depend_id: 5 },
    ]);
    for (const gone of ["learning_path_content", "learning_path_depend"])
      await expect(sql`select 1 from ${sql.table(gone)}`.execute(db), gone).rejects.toThrow();
  });

  it("a new content gets an id past the moved ones, and a holder holds a content once", async () => {
    const [path, course] = [await typeOf("learning_path"), await typeOf("course")];
    const row = await db
      .insertInto("content_sequence")
      .values({ holder_type_id: path, holder_id: 2, content_type_id: course, content_id: 12, position: 2 })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(row.id).toBeGreaterThan(9);
    await expect(
      db
        .insertInto("content_sequence")
        .values({ holder_type_id: path, holder_id: 2, content_type_id: course, content_id: 12, position: 3 })
        .execute(),
    ).rejects.toThrow();
  });
});
