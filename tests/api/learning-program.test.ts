import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTENT_DEFINITIONS } from "../../api/content/types";
import { MSG } from "../../contract/messages";
import type { LearningProgram, ProgramContent } from "../../contract/schemas/master-data";
import { contentRefs, startTestApi, type Client, type TestApi } from "./harness";
import { signedInWithout } from "./people-kit";
import { changedTables, writeFingerprint } from "./route-kit";

/**
 * Learning programs (issue 36 §3, docs/decisions/097): the calls, the code rule, a content naming
 * its program (and refused a program that does not exist), the program's contents of every type,
 * the delete rule (a program contents name is kept: 424), and the learning_program flags.
 */

let api: TestApi;
let admin: Client;
let fingerprint: () => Promise<string>;
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.signedIn("admin");
  fingerprint = await writeFingerprint(api);
});
afterAll(() => api.close());

const P = "/api/dashboard/learning-program/";
const programId = async (code: string) =>
  (await api.db.selectFrom("learning_program").select("id").where("code", "=", code).executeTakeFirstOrThrow()).id;
/** Runs the refusals, then checks that nothing was written. */
async function writesNothing(refusals: () => Promise<void>) {
  const before = await fingerprint();
  await refusals();
  expect(changedTables(before, await fingerprint())).toEqual([]);
}

describe("learning programs", () => {
  it("lists the seeded programs with how many contents name each", async () => {
    const list = await admin.get(`${P}?ordering=code`);
    expect(list.status).toBe(200);
    expect(list.body.results.map((p: LearningProgram) => [p.code, p.count_content])).toEqual([
      ["PRG-DIGI", 5],
      ["PRG-MGR", 5],
      ["PRG-SAFE", 0],
    ]);
    expect((await admin.get(`${P}?search=digital`)).body).toMatchObject({ count: 1, results: [{ code: "PRG-DIGI" }] });
  });

  it("lists a program's contents of every type, by name, each with its type", async () => {
    const res = await admin.get(`${P}${await programId("PRG-DIGI")}/content/`);
    expect(res.status).toBe(200);
    const rows = res.body.results as ProgramContent[];
    expect(rows.map((r) => r.content_type).sort()).toEqual(["activity", "activity", "course", "course", "course"]);
    const names = rows.map((r) => r.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect((await admin.get(`${P}${await programId("PRG-SAFE")}/content/`)).body).toMatchObject({ count: 0 });
    expect((await admin.get(`${P}999999/content/`)).status).toBe(404);
  });

  it("creates, renames and deletes a program; a code is unique and a name required, refusals write nothing", async () => {
    const made = await admin.post(P, { name: "Sales Academy", code: "PRG-SALES", desc: "Selling, step by step." });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ name: "Sales Academy", code: "PRG-SALES", count_content: 0 });
    await writesNothing(async () => {
      expect((await admin.post(P, { name: "Again", code: "prg-sales" })).body).toEqual({
        code: [MSG.code_already_used],
      });
      expect((await admin.post(P, { name: " ", code: "PRG-X" })).body).toEqual({ name: [MSG.required] });
      expect((await admin.patch(`${P}${made.body.id}/`, { code: "PRG-MGR" })).body).toEqual({
        code: [MSG.code_already_used],
      });
    });
    const renamed = await admin.patch(`${P}${made.body.id}/`, { name: "Sales Academy 2027" });
    expect(renamed.body).toMatchObject({ name: "Sales Academy 2027", code: "PRG-SALES" });
    expect((await admin.delete(`${P}${made.body.id}/`)).status).toBe(204);
    expect((await admin.get(`${P}${made.body.id}/`)).status).toBe(404);
  });

  it("lets a content name its program, refuses one that does not exist, and keeps a program in use", async () => {
    const program = await admin.post(P, { name: "Onboarding Basics", code: "PRG-BASICS" });
    const refs = await contentRefs(admin);
    const course = await admin.post("/api/dashboard/course/", {
      name: "Welcome",
      code: "PRG-WELCOME",
      ...refs,
      program: program.body.id,
    });
    expect(course.status, JSON.stringify(course.body)).toBe(201);
    expect(course.body.program).toBe(program.body.id);
    expect((await admin.get(`${P}${program.body.id}/content/`)).body.results).toMatchObject([
      { id: course.body.id, content_type: "course", name: "Welcome", code: "PRG-WELCOME" },
    ]);
    await writesNothing(async () => {
      const unknown = await admin.patch(`/api/dashboard/course/${course.body.id}/`, { program: 999999 });
      expect(unknown.body).toEqual({ program: [MSG.invalid_choice] });
      const kept = await admin.delete(`${P}${program.body.id}/`);
      expect([kept.status, kept.body]).toEqual([424, { detail: MSG.cannot_delete_because_dependency }]);
    });
    // Leaving the program (no program) frees it.
    expect((await admin.patch(`/api/dashboard/course/${course.body.id}/`, { program: null })).body.program).toBeNull();
    expect((await admin.delete(`${P}${program.body.id}/`)).status).toBe(204);
  });

  it("needs the learning_program flags", async () => {
    const { client } = await signedInWithout(api, "learning_program_view_learning_program");
    await writesNothing(async () => {
      expect((await api.client().get(P)).status).toBe(401);
      expect((await client.get(P)).status).toBe(403);
      expect((await client.get(`${P}${await programId("PRG-MGR")}/content/`)).status).toBe(403);
      expect((await client.post(P, { name: "Nope" })).status).toBe(403);
    });
  });

  it("finds contents by an index on `program` in every content table (a new table indexes its own)", async () => {
    const tables = [...new Set(CONTENT_DEFINITIONS.map((d) => d.resource.table))];
    const indexed = async (table: string) => {
      const rows =
        api.dialect === "postgres"
          ? await sql<{ def: string }>`select indexdef as def from pg_indexes where tablename = ${table}`.execute(
              api.db,
            )
          : await sql<{
              def: string;
            }>`select sql as def from sqlite_master where type = 'index' and tbl_name = ${table} and sql is not null`.execute(
              api.db,
            );
      return rows.rows.some((r) => /\(\s*"?program"?\s*\)/.test(r.def));
    };
    const missing = [];
    for (const table of tables) if (!(await indexed(table))) missing.push(table);
    expect(missing).toEqual([]);
  });
});
