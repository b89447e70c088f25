import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "../../contract/messages";
import { migrateTo, migrateToLatest } from "../../api/db/migrate";
import { freshDatabase, startTestApi, type Client, type TestApi } from "./harness";
import { csvOf, historyOf, postImport } from "./import-kit";
import { changedRows, snapshot } from "./people-kit";

/**
 * Names people pick from are unique (issue 33 §4; docs/decisions/078, migration 0043): levels,
 * positions, departments under one parent, budget categories (both names). A user file names
 * them by code first, then a department by its path, then by name; a name several rows carry is
 * refused with the candidates named, and importing the same file again changes nothing.
 */

let api: TestApi;
let admin: Client;
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.signedIn("admin");
});
afterAll(() => api.close());

const budgetRows = () => api.db.selectFrom("budget_category").selectAll().orderBy("id").execute();

/** The call is refused with a 400 of `body`, and nothing changed (people, the organisation, budget categories). */
async function refused(send: () => Promise<{ status: number; body: unknown }>, body: unknown) {
  const [before, budget] = [await snapshot(api), await budgetRows()];
  const res = await send();
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body).toEqual(body);
  expect(changedRows(before, await snapshot(api))).toEqual([]);
  expect(await budgetRows()).toEqual(budget);
}

const idOf = async (table: "department" | "level", column: "code" | "name", value: string) =>
  (await api.db.selectFrom(table).select("id").where(column, "=", value).executeTakeFirstOrThrow()).id;

describe.each(["level", "position"] as const)("%s names", (table) => {
  const base = `/api/dashboard/${table}/`;
  it("are unique whatever their case: a second 'Staff' is refused, a rename onto a taken name too", async () => {
    const taken = table === "level" ? "Staff" : "Officer";
    await refused(() => admin.post(base, { name: taken.toUpperCase(), code: `U-${table}` }), {
      name: [MSG.name_already_used],
    });
    const other = await admin.post(base, { name: `Unique ${table}` });
    expect(other.status, JSON.stringify(other.body)).toBe(201);
    await refused(() => admin.patch(`${base}${other.body.id}/`, { name: ` ${taken.toLowerCase()} ` }), {
      name: [MSG.name_already_used],
    });
    // Its own name again is no clash.
    expect((await admin.patch(`${base}${other.body.id}/`, { name: `Unique ${table}` })).status).toBe(200);
  });
});

describe("department names", () => {
  const base = "/api/dashboard/department/";
  it("are unique among siblings only: the same name under another parent is taken, under the same one refused", async () => {
    const hq = await idOf("department", "code", "HQ");
    const sales = await idOf("department", "code", "SAL");
    // "Human Resources" is under Head Office; under Sales it is a new department.
    const twin = await admin.post(base, { name: "Human Resources", code: "SAL-HR", parent: sales });
    expect(twin.status, JSON.stringify(twin.body)).toBe(201);
    await refused(() => admin.post(base, { name: "human resources", parent: hq }), { name: [MSG.name_already_used] });
    // The roots are siblings too.
    await refused(() => admin.post(base, { name: "SALES", parent: null }), { name: [MSG.name_already_used] });
    // Moved under Head Office, whose child already has its name: refused, nothing moves.
    await refused(() => admin.patch(`${base}${twin.body.id}/`, { parent: hq }), { name: [MSG.name_already_used] });
    await admin.delete(`${base}${twin.body.id}/`);
  });
});

describe("budget category names", () => {
  const base = "/api/dashboard/budget-category/";
  it("refuse a planning or actual-cost name another category has (spec 001 §5)", async () => {
    const first = await admin.post(base, { name_bp: "Venue hire", name_ac: "Venue hire cost", code: "UQ-VEN" });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    await refused(() => admin.post(base, { name_bp: "VENUE HIRE", name_ac: "Other", code: "UQ-2" }), {
      name_bp: [MSG.name_already_used],
    });
    await refused(() => admin.post(base, { name_bp: "Other", name_ac: "venue hire cost", code: "UQ-3" }), {
      name_ac: [MSG.name_already_used],
    });
    // The seed's "Catering" is taken as it is.
    await refused(() => admin.post(base, { name_bp: "catering", name_ac: "Snacks", code: "UQ-4" }), {
      name_bp: [MSG.name_already_used],
    });
    const second = await admin.post(base, { name_bp: "Snacks", name_ac: "Snacks cost", code: "UQ-SNK" });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    await refused(() => admin.patch(`${base}${second.body.id}/`, { name_bp: "Venue hire" }), {
      name_bp: [MSG.name_already_used],
    });
  });
});

describe("user import: how a file names master data", () => {
  const HEADER = ["username", "email", "first_name", "last_name", "gender", "department", "level"];
  const row = (n: number, department: string, level: string) => [
    `uq.user${n}`,
    `uq.user${n}@example.test`,
    "Unique",
    `Person ${n}`,
    "male",
    department,
    level,
  ];
  async function importRows(rows: string[][]) {
    const res = await postImport(admin, "people.csv", csvOf([HEADER, ...rows]), "valid_rows");
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    return historyOf(admin, res.body.id);
  }
  const errorFile = async (id: number) =>
    (await admin.get(`/api/dashboard/import-history/${id}/error-file/?format_type=csv&language=en`)).body as string;

  it("matches by code first, a department by its path, and names every candidate of a name several rows carry", async () => {
    // Two departments called "Field Team": under Sales (with a code) and under Head Office (without).
    const sales = await idOf("department", "code", "SAL");
    const hq = await idOf("department", "code", "HQ");
    const coded = (
      await admin.post("/api/dashboard/department/", { name: "Field Team", code: "SAL-FT", parent: sales })
    ).body.id as number;
    const plain = (await admin.post("/api/dashboard/department/", { name: "Field Team", parent: hq })).body
      .id as number;
    const job = await importRows([
      row(1, "SAL-FT", "L1"),
      row(2, "head office > FIELD TEAM", "staff"),
      row(3, "Field Team", "Staff"),
    ]);
    expect(job).toMatchObject({ status: 3, count_created: 2, count_failed: 1 });
    const account = (username: string) =>
      api.db
        .selectFrom("account")
        .select(["department_id", "level_id"])
        .where("username", "=", username)
        .executeTakeFirstOrThrow();
    const staff = await idOf("level", "code", "L1");
    expect(await account("uq.user1")).toEqual({ department_id: coded, level_id: staff });
    expect(await account("uq.user2")).toEqual({ department_id: plain, level_id: staff });
    const errors = await errorFile(job.id);
    expect(errors).toContain("uq.user3");
    expect(errors).toContain(
      "department: Several rows have this name; give the code (or, for a department, the path) of one of them: Sales > Field Team (SAL-FT); Head Office > Field Team",
    );
  });

  it("keeps importing a level by the name the page lists (a second 'Staff' cannot be added), and the same file again changes nothing", async () => {
    // Issue 33: "Staff" added again made every row naming it ambiguous; now the second one is refused.
    for (let i = 0; i < 2; i++) expect((await admin.post("/api/dashboard/level/", { name: "Staff" })).status).toBe(400);
    const rows = [row(11, "HR", "Staff"), row(12, "Human Resources", "Senior")];
    expect(await importRows(rows)).toMatchObject({ status: 3, count_created: 2, count_failed: 0 });
    const before = await snapshot(api);
    expect(await importRows(rows)).toMatchObject({
      status: 3,
      count_created: 0,
      count_updated: 0,
      count_unchanged: 2,
      count_failed: 0,
    });
    expect(changedRows(before, await snapshot(api))).toEqual([]);
  });
});

describe("migration 0043", () => {
  it("keeps the oldest name, renames the later duplicates to the first free '(n)', then refuses new ones", async () => {
    const { db, dialect, drop } = await freshDatabase();
    try {
      await migrateTo(db, dialect, "0042_class_cancel_and_qr");
      const put = (table: string, values: Record<string, unknown>[]) =>
        Promise.all(
          values.map((v) =>
            sql`insert into ${sql.table(table)} (${sql.join(Object.keys(v).map((k) => sql.ref(k)))}) values (${sql.join(Object.values(v))})`.execute(
              db,
            ),
          ),
        );
      await put("level", [{ id: 1, name: "Staff" }]);
      await put("level", [{ id: 2, name: "staff" }]);
      await put("level", [{ id: 3, name: "Staff (2)" }]);
      await put("level", [{ id: 4, name: "STAFF" }]);
      await put("department", [{ id: 1, name: "Sales", parent_id: null }]);
      await put("department", [
        { id: 2, name: "Team", parent_id: 1 },
        { id: 3, name: "Team", parent_id: null },
      ]);
      await put("department", [{ id: 4, name: "team", parent_id: 1 }]);
      await put("budget_category", [{ id: 1, name_bp: "Venue", name_ac: "Venue", code: "A" }]);
      await put("budget_category", [{ id: 2, name_bp: "Venue", name_ac: "Room", code: "B" }]);
      await migrateToLatest(db, dialect);
      const names = async (table: string, column = "name") =>
        (
          await sql<{ v: string }>`select ${sql.ref(column)} as v from ${sql.table(table)} order by id`.execute(db)
        ).rows.map((r) => r.v);
      expect(await names("level")).toEqual(["Staff", "staff (3)", "Staff (2)", "STAFF (4)"]);
      // Siblings only: the root "Team" keeps its name.
      expect(await names("department")).toEqual(["Sales", "Team", "Team", "team (2)"]);
      expect(await names("budget_category", "name_bp")).toEqual(["Venue", "Venue (2)"]);
      expect(await names("budget_category", "name_ac")).toEqual(["Venue", "Room"]);
      await expect(put("level", [{ id: 9, name: "sTaFf" }])).rejects.toThrow();
      await expect(put("department", [{ id: 9, name: "TEAM", parent_id: null }])).rejects.toThrow();
      await put("department", [{ id: 10, name: "Team", parent_id: 4 }]);
    } finally {
      await db.destroy();
      await drop();
    }
    // A database of its own migrated twice over: slow on PostgreSQL.
  }, 180_000);
});
