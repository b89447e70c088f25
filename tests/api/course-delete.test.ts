import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import type { Course } from "../../contract/schemas/course";
import { startTestApi, type Client, type TestApi } from "./harness";

/**
 * Deleting a course removes everything it owns, in its one transaction (docs/decisions/018), in
 * both dialects. "Owned" is read from the database itself, so a new table cannot escape: every
 * row keyed by the course's content type and id (content_type_id + content_id, which no foreign
 * key can reach: every content feature's table since 0012), and every row that reaches one of
 * those, or the course itself, by foreign keys (materials, criteria, permission rules, threads…). The course
 * is filled through the API (and the tables only the learner side writes, directly), every such
 * table is shown to hold rows of it, then none is left and no other row is touched.
 */

let api: TestApi;
let admin: Client;
beforeAll(async () => {
  api = await startTestApi();
  admin = api.client();
  await admin.login("admin");
});
afterAll(() => api.close());

const C = "/api/dashboard/course";
const now = () => api.clock.now.toISOString();
const idBy = async (
  table:
    | "category"
    | "provider"
    | "instructor"
    | "tag"
    | "competency"
    | "survey"
    | "gamification_achievement"
    | "budget_category",
  code: string,
) =>
  (
    await api.db
      .selectFrom(`${table} as t` as "tag as t")
      .select("t.id")
      .where("t.code", "=", code)
      .executeTakeFirstOrThrow()
  ).id;
const accountId = async (username: string) =>
  (await api.db.selectFrom("account").select("id").where("username", "=", username).executeTakeFirstOrThrow()).id;

async function ok<T = Record<string, unknown>>(
  res: Promise<{ status: number; body: unknown }>,
  status = [200, 201],
): Promise<T> {
  const r = await res;
  expect(status, JSON.stringify(r.body).slice(0, 300)).toContain(r.status);
  return r.body as T;
}

type ForeignKey = { table: string; column: string; references: string };

/** Every foreign key of the schema (column → referenced table), read from the database. */
async function foreignKeys(): Promise<ForeignKey[]> {
  if (api.dialect === "postgres") {
    const res = await sql<ForeignKey>`
      select kcu.table_name as "table", kcu.column_name as "column", ccu.table_name as "references"
      from information_schema.table_constraints tc
      join information_schema.key_column_usage kcu on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
      join information_schema.constraint_column_usage ccu on ccu.constraint_name = tc.constraint_name and ccu.table_schema = tc.table_schema
      where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = current_schema()`.execute(api.db);
    return res.rows;
  }
  const res = await sql<ForeignKey>`
    select m.name as "table", p."from" as "column", p."table" as "references"
    from sqlite_master m join pragma_foreign_key_list(m.name) p
    where m.type = 'table'`.execute(api.db);
  return res.rows;
}

/**
 * The rows a course owns, per table: the rows keyed by its content type and id, and every row
 * whose foreign key names an owned row (the course itself, and on down: a reply of an owned
 * thread, an item of an owned rule, the dependency of an owned material…), until nothing new turns
 * up. Counted per table (the course row itself left out).
 */
async function ownedRows(courseId: number): Promise<Map<string, number>> {
  const fks = await foreignKeys();
  const columns = new Map(
    (await api.db.introspection.getTables()).map((t) => [t.name, new Set(t.columns.map((c) => c.name))]),
  );
  const courseType = (
    await api.db.selectFrom("content_type").select("id").where("code", "=", "course").executeTakeFirstOrThrow()
  ).id;
  const ids = new Map<string, number[]>([["course", [courseId]]]);
  /** The conditions under which a row of `table` is owned (any of them). */
  const conditions = (table: string) => {
    const out = [];
    const cols = columns.get(table)!;
    if (cols.has("content_type_id") && cols.has("content_id"))
      out.push(sql`(${sql.ref("content_type_id")} = ${courseType} and ${sql.ref("content_id")} = ${courseId})`);
    for (const fk of fks) {
      const parents = ids.get(fk.references);
      if (fk.table === table && parents?.length) out.push(sql`${sql.ref(fk.column)} in (${sql.join(parents)})`);
    }
    return out;
  };
  const where = (table: string) => sql.join(conditions(table), sql` or `);
  // Carry the owned ids down the foreign keys until they stop growing (conditions only widen).
  for (let changed = true; changed;) {
    changed = false;
    for (const [table, cols] of columns) {
      if (table === "course" || !cols.has("id") || !conditions(table).length) continue;
      const found = (
        await sql<{ id: number }>`select ${sql.ref("id")} as id from ${sql.table(table)} where ${where(table)}`.execute(
          api.db,
        )
      ).rows.map((r) => Number(r.id));
      if (found.length !== (ids.get(table)?.length ?? 0)) {
        ids.set(table, found);
        changed = true;
      }
    }
  }
  const counts = new Map<string, number>();
  for (const table of columns.keys()) {
    if (table === "course" || !conditions(table).length) continue;
    const n = await sql<{
      n: number | string;
    }>`select count(*) as n from ${sql.table(table)} where ${where(table)}`.execute(api.db);
    counts.set(table, Number(n.rows[0].n));
  }
  return counts;
}

async function rowCounts() {
  const out: Record<string, number> = {};
  for (const t of await api.db.introspection.getTables()) {
    const row = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(t.name)}`.execute(api.db);
    out[t.name] = Number(row.rows[0].n);
  }
  return out;
}

/** The tables a course can own rows in today; each must hold some before the delete. */
const EXPECTED = [
  "course_instructor",
  "content_tag",
  "content_section",
  "content_material",
  "content_material_dependency",
  "content_prerequisite",
  "content_enrollment",
  "content_enrollment_setting",
  "content_enrollment_identification",
  "content_permission",
  "content_permission_item",
  "content_admin",
  "content_competency",
  "content_survey",
  "content_gamification",
  "content_gamification_earned",
  "content_budget",
  "content_budget_record",
  "content_certificate",
  "discussion_thread",
  "discussion_reply",
  "identification_attempt",
  "identification_transaction",
  "identification_transaction_item",
];

/** A course with a row in every table a course can own rows in. */
async function fullCourse(code: string): Promise<number> {
  const course = await ok<Course>(
    admin.post(`${C}/`, {
      name: `Course ${code}`,
      code,
      category: await idBy("category", "TECH-DAT"),
      provider: await idBy("provider", "ACAD"),
      instructor_list: [await idBy("instructor", "INS-002")],
      tag_list: [await idBy("tag", "TAG-DIG")],
    }),
  );
  const id = course.id;
  const at = `${C}/${id}`;
  // Curriculum: two sections, materials, a dependency between them, identification settings.
  const s1 = await ok<{ id: number }>(admin.post(`${at}/curriculum/section/`, { name: "One" }));
  const s2 = await ok<{ id: number }>(admin.post(`${at}/curriculum/section/`, { name: "Two" }));
  const m1 = await ok<{ id: number }>(
    admin.post(`${at}/curriculum/section/${s1.id}/material/`, {
      slot_type: "weblink",
      name: "Read",
      url: "https://example.com/a",
    }),
  );
  await ok(
    admin.post(`${at}/curriculum/section/${s2.id}/material/`, {
      slot_type: "weblink",
      name: "Then",
      url: "https://example.com/b",
      dependency_list: [m1.id],
    }),
  );
  await ok(
    admin.put(`${at}/curriculum/identification/`, {
      item_list: [{ id: s1.id, is_enabled: true, identification: 2, lock_method: 1, attempt: 3, duration_lock: 900 }],
    }),
  );
  // Enrollment: settings, identification, a prerequisite of its own.
  await ok(admin.put(`${at}/enrollment/`, { capacity: 20, content_period_cancel: { type: 2 } }));
  await ok(
    admin.put(`${at}/enrollment/identification/`, {
      is_enabled: true,
      identification: 0,
      lock_method: 1,
      attempt: 3,
      duration_lock: 900,
    }),
  );
  const other = (
    await api.db
      .selectFrom("course")
      .select("id")
      .where("code", "like", "CRS-%")
      .orderBy("id")
      .executeTakeFirstOrThrow()
  ).id;
  await ok(admin.put(`${at}/enrollment/prerequisite/`, { prerequisite_list: [other] }));
  // Permission: a rule with a condition list, an administrator.
  const rule = await ok<{ id: number }>(admin.post(`${at}/permission/`, { mode: 2 }));
  await ok(
    admin.put(`${at}/permission/${rule.id}/condition/`, {
      department: [
        (await api.db.selectFrom("department").select("id").where("code", "=", "HR").executeTakeFirstOrThrow()).id,
      ],
    }),
  );
  await ok(admin.post(`${at}/permission/admin/`, { account: await accountId("staff1") }));
  // Extras: competency, survey, a criterion (earned by a learner), budget with records, certificate.
  await ok(admin.post(`${at}/competency/`, { competency: await idBy("competency", "CMP-LEA"), level: 1 }));
  await ok(admin.post(`${at}/survey/`, { survey: await idBy("survey", "SV-NEED") }));
  const criterion = await ok<{ id: number }>(
    admin.post(`${at}/gamification/`, {
      name: "Finish",
      point: 10,
      achievement: await idBy(
        "gamification_achievement",
        (await api.db.selectFrom("gamification_achievement").select("code").orderBy("id").executeTakeFirstOrThrow())
          .code,
      ),
    }),
  );
  await ok(admin.patch(`${at}/budget/price/`, { price: 100 }));
  const category = (await api.db.selectFrom("budget_category").select("id").orderBy("id").executeTakeFirstOrThrow()).id;
  await ok(
    admin.patch(`${at}/budget/`, { count_learner: 10, record_list: [{ budget_type: category, unit: 2, cost: 50 }] }),
  );
  await ok(admin.patch(`${at}/budget/actual/`, { record_list: [{ budget_type: category, unit: 1, cost: 80 }] }));
  await ok(admin.patch(`${at}/certificate/`, { name: "Certificate" }));
  // Learners: two enrolled.
  const learners = (
    await api.db.selectFrom("account").select("id").where("username", "in", ["learner001", "learner002"]).execute()
  ).map((a) => a.id);
  await ok(admin.post(`${at}/enroll/`, { account_list: learners }));
  // What only the learner side writes: criteria earned, discussion, identification attempts.
  await api.db
    .insertInto("content_gamification_earned")
    .values({ criteria_id: criterion.id, account_id: learners[0], point: 10, datetime_create: now() })
    .execute();
  const ct = (
    await api.db.selectFrom("content_type").select("id").where("code", "=", "course").executeTakeFirstOrThrow()
  ).id;
  const thread = await api.db
    .insertInto("discussion_thread")
    .values({
      content_type_id: ct,
      content_id: id,
      account_id: learners[0],
      title: "Question",
      body: "?",
      is_hidden: 0,
      datetime_create: now(),
      datetime_last_activity: now(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await api.db
    .insertInto("discussion_reply")
    .values({ thread_id: thread.id, account_id: learners[1], body: "!", is_hidden: 0, datetime_create: now() })
    .execute();
  const enrollment = (
    await api.db
      .selectFrom("content_enrollment")
      .select("id")
      .where("content_type_id", "=", ct)
      .where("content_id", "=", id)
      .orderBy("id")
      .executeTakeFirstOrThrow()
  ).id;
  const tx = await api.db
    .insertInto("identification_transaction")
    .values({
      content_type_id: ct,
      content_id: id,
      account_id: learners[0],
      progress_id: enrollment,
      method: 0,
      status: "pass",
      datetime_start: now(),
      datetime_end: now(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await api.db
    .insertInto("identification_transaction_item")
    .values({ transaction_id: tx.id, section_id: s1.id, material_id: m1.id, sort: 1 })
    .execute();
  await api.db
    .insertInto("identification_attempt")
    .values({
      content_type_id: ct,
      content_id: id,
      account_id: learners[0],
      method: 0,
      status: "pass",
      section: "One",
      datetime_create: now(),
      transaction_id: tx.id,
    })
    .execute();
  return id;
}

describe("deleting a course", () => {
  it("removes every row it owns, and nothing else, in both dialects", async () => {
    const id = await fullCourse("DEL-ALL");
    const owned = await ownedRows(id);
    // The walk found every table a course can own rows in, each holding some of this one's.
    for (const table of EXPECTED)
      expect(owned.get(table) ?? 0, `${table}: rows of the course before the delete`).toBeGreaterThan(0);
    // Tables added since (found by the walk, not named above) are checked all the same.
    const others = [...owned].filter(([t]) => !EXPECTED.includes(t)).map(([t, n]) => `${t} (${n} rows)`);
    if (others.length) console.log(`[course-delete] also checked: ${others.join(", ")}`);

    const before = await rowCounts();
    expect((await admin.delete(`${C}/${id}/`)).status).toBe(204);
    const after = await rowCounts();
    expect(await api.db.selectFrom("course").select("id").where("id", "=", id).executeTakeFirst()).toBeUndefined();
    // Nothing of it is left…
    const left = Object.fromEntries([...(await ownedRows(id))].filter(([, n]) => n > 0));
    expect(left, "rows of the deleted course left behind").toEqual({});
    // …and exactly its rows went: every other table and row is as it was.
    const expected = Object.fromEntries(
      Object.entries(before).map(([t, n]) => [t, n - (owned.get(t) ?? 0) - (t === "course" ? 1 : 0)]),
    );
    expect(after).toEqual(expected);
  });

  it("refuses while another course lists it as a prerequisite (424), removing nothing; then goes once that link is gone", async () => {
    const id = await fullCourse("DEL-PRE");
    const dependent = await ok<Course>(
      admin.post(`${C}/`, {
        name: "Dependent",
        code: "DEL-DEP",
        category: await idBy("category", "TECH-DAT"),
        provider: await idBy("provider", "ACAD"),
      }),
    );
    await ok(admin.put(`${C}/${dependent.id}/enrollment/prerequisite/`, { prerequisite_list: [id] }));
    const before = await rowCounts();
    const refused = await admin.delete(`${C}/${id}/`);
    expect(refused.status).toBe(424);
    expect(refused.body).toEqual({ detail: "cannot_delete_because_dependency" });
    expect(await rowCounts(), "a refused delete removed rows").toEqual(before);

    await ok(admin.put(`${C}/${dependent.id}/enrollment/prerequisite/`, { prerequisite_list: [] }));
    expect((await admin.delete(`${C}/${id}/`)).status).toBe(204);
    const left = Object.fromEntries([...(await ownedRows(id))].filter(([, n]) => n > 0));
    expect(left).toEqual({});
    // Neither side of a prerequisite link names it any more.
    const ct = (
      await api.db.selectFrom("content_type").select("id").where("code", "=", "course").executeTakeFirstOrThrow()
    ).id;
    const links = await api.db
      .selectFrom("content_prerequisite")
      .select("content_id")
      .where("content_type_id", "=", ct)
      .where((eb) => eb.or([eb("content_id", "=", id), eb("prerequisite_id", "=", id)]))
      .execute();
    expect(links).toEqual([]);
  });
});
