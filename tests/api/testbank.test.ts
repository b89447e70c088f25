import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentRefs, startTestApi, type Client, type TestApi } from "./harness";

/**
 * Test banks (issue 18 §3, docs/decisions/063): the engine's list, create and item with the test
 * type its questions are written for (switched types refused while configuration has them off,
 * fixed once it has questions), usage requests (-1 rejected, 0 waiting, 1 approved) with who may
 * ask and decide, the question and bank logs, and delete refused while a test draws from it.
 * Both dialects (TEST_DATABASE_URL).
 */
const B = "/api/dashboard/testbank";
let api: TestApi;
let admin: Client;
let viewer: Client;
let instructor: Client;
let refs: { category: number; provider: number };
let security: number;
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.signedIn("admin");
  viewer = await api.signedIn("viewer");
  instructor = await api.signedIn("instructor");
  refs = await contentRefs(admin);
  security = (await api.db.selectFrom("testbank").select("id").where("code", "=", "TB-SEC").executeTakeFirstOrThrow())
    .id;
});
afterAll(() => api.close());

const count = async (table: "testbank" | "testbank_usage" | "testbank_log") =>
  Number(
    (
      await api.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
type Row = { id: number; code: string; type_question: number; count_question: number };

/** A test to ask with: the first there is, or one made for the purpose. */
async function someTest(): Promise<number> {
  const found = await api.db.selectFrom("test").select("id").orderBy("id").executeTakeFirst();
  if (found) return found.id;
  const at = new Date().toISOString();
  const row = await api.db
    .insertInto("test")
    .values({
      name: "Usage test",
      code: "TBT-USE",
      category_id: refs.category,
      provider_id: refs.provider,
      content_level: null,
      program: null,
      is_environmental: 0,
      desc: "",
      is_display: 0,
      datetime_start: null,
      datetime_first_publish: null,
      datetime_create: at,
      datetime_update: at,
      created_by: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

describe("test bank list and item", () => {
  it("lists the seeded banks with their question counts, filtered by question type", async () => {
    const all = await admin.get(`${B}/?page_size=50`);
    expect(all.status).toBe(200);
    const rows = all.body.results as Row[];
    expect(rows.find((r) => r.code === "TB-SEC")).toMatchObject({ type_question: 1, count_question: 12 });
    expect(rows.find((r) => r.code === "TB-COM")).toMatchObject({ type_question: 4, count_question: 5 });
    const essays = (await admin.get(`${B}/?type_question=4`)).body.results as Row[];
    expect(essays.length).toBeGreaterThan(0);
    expect(essays.every((r) => r.type_question === 4)).toBe(true);
    expect((await admin.get(`${B}/?type_question=5`)).status).toBe(400);
  });

  it("creates with type 1 by default and logs it; a switched-off type and bad input write nothing", async () => {
    const res = await admin.post(`${B}/`, { ...refs, name: "Fresh bank", code: "TBT-1" });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ type_question: 1, count_question: 0, count_usage_waiting: 0, count_draw: 0 });
    const log = await admin.get(`${B}/${res.body.id}/log/?scope=bank`);
    expect(log.body.results.map((e: { action: string }) => e.action)).toEqual(["create"]);
    const before = await count("testbank");
    const logs = await count("testbank_log");
    // Matching (2) is off unless configuration switches it on.
    const matching = await admin.post(`${B}/`, { ...refs, name: "Matching bank", code: "TBT-2", type_question: 2 });
    expect(matching.status).toBe(400);
    expect(matching.body.type_question).toEqual(["invalid_choice"]);
    const bad = await admin.post(`${B}/`, { ...refs, name: "", code: "TB-SEC", type_question: 5 });
    expect(bad.status).toBe(400);
    expect(bad.body.name).toEqual(["required"]);
    expect(bad.body.type_question).toEqual(["invalid_choice"]);
    expect(await count("testbank")).toBe(before);
    expect(await count("testbank_log")).toBe(logs);
  });

  it("fixes the question type once the bank has questions, and logs an information change", async () => {
    const locked = await admin.patch(`${B}/${security}/`, { type_question: 4 });
    expect(locked.status).toBe(400);
    expect(locked.body.type_question).toEqual(["tbk_msg_type_locked"]);
    const renamed = await admin.patch(`${B}/${security}/`, { desc: "Twelve questions on everyday security." });
    expect(renamed.status).toBe(200);
    const log = (await admin.get(`${B}/${security}/log/?scope=bank`)).body.results as {
      id: number;
      action: string;
      changes: Record<string, unknown>;
    }[];
    expect(log[0]).toMatchObject({ action: "update", changes: { desc: "Twelve questions on everyday security." } });
    const one = await admin.get(`${B}/${security}/log/${log[0]!.id}/`);
    expect(one.body.created_by.id).toBeGreaterThan(0);
    // An entry of another bank is not this bank's.
    const other = (
      await api.db.selectFrom("testbank").select("id").where("code", "=", "TB-SAF").executeTakeFirstOrThrow()
    ).id;
    expect((await admin.get(`${B}/${other}/log/${log[0]!.id}/`)).status).toBe(404);
  });

  it("lists the question log by number, newest first", async () => {
    const log = await admin.get(`${B}/${security}/log/`);
    expect(log.status).toBe(200);
    expect(log.body.count).toBeGreaterThanOrEqual(12);
    const numbers = (log.body.results as { number: number | null }[]).map((e) => e.number);
    expect(numbers.every((n) => n !== null && n >= 1)).toBe(true);
  });
});

describe("usage requests", () => {
  it("asks, approves and rejects; a decided request is final; each writes the log", async () => {
    const test = await someTest();
    const fresh = (await admin.post(`${B}/`, { ...refs, name: "Usage bank", code: "TBT-U" })).body.id as number;
    const asked = await admin.post(`${B}/${fresh}/usage/`, { test, note: "Please" });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    expect(asked.body.count).toEqual({ waiting: 1, approved: 0, rejected: 0 });
    const request = asked.body.results[0];
    expect(request).toMatchObject({ status: 0, note: "Please", test: { id: test } });
    // One waiting request per test and bank.
    const again = await admin.post(`${B}/${fresh}/usage/`, { test });
    expect(again.status).toBe(400);
    expect(again.body.test).toEqual(["tbk_msg_usage_pending"]);
    const approved = await admin.post(`${B}/${fresh}/usage/${request.id}/decide/`, { status: 1 });
    expect(approved.status).toBe(200);
    expect(approved.body.usage_type).toBe("approved");
    expect(approved.body.results[0]).toMatchObject({ id: request.id, status: 1 });
    expect(approved.body.results[0].decided_by.id).toBeGreaterThan(0);
    expect((await admin.post(`${B}/${fresh}/usage/${request.id}/decide/`, { status: -1 })).status).toBe(409);
    const second = (await admin.post(`${B}/${fresh}/usage/`, { test })).body.results[0];
    const rejected = await admin.post(`${B}/${fresh}/usage/${second.id}/decide/`, { status: -1, note: "Not this one" });
    expect(rejected.body.results[0]).toMatchObject({ status: -1, note: "Not this one" });
    const rejectedList = await admin.get(`${B}/${fresh}/usage/?usage_type=rejected`);
    expect(rejectedList.body.count).toEqual({ waiting: 0, approved: 1, rejected: 1 });
    const actions = ((await admin.get(`${B}/${fresh}/log/?scope=bank`)).body.results as { action: string }[]).map(
      (e) => e.action,
    );
    expect(actions).toEqual(["usage_reject", "usage_request", "usage_approve", "usage_request", "create"]);
  });

  it("refuses bad input and unknown types, writing nothing", async () => {
    const before = await count("testbank_usage");
    expect((await admin.get(`${B}/${security}/usage/?usage_type=maybe`)).status).toBe(400);
    const noTest = await admin.post(`${B}/${security}/usage/`, { note: "x" });
    expect(noTest.status).toBe(400);
    expect(noTest.body.test).toBeDefined();
    const unknown = await admin.post(`${B}/${security}/usage/`, { test: 99_999 });
    expect(unknown.body.test).toEqual(["invalid_choice"]);
    const status = await admin.post(`${B}/${security}/usage/1/decide/`, { status: 0 });
    expect(status.status).toBe(400);
    expect(await count("testbank_usage")).toBe(before);
  });

  it("needs the bank's change flag to decide and the test change flag to ask", async () => {
    const test = await someTest();
    // The viewer sees the bank and its requests but may neither ask nor decide.
    expect((await viewer.get(`${B}/${security}/usage/`)).status).toBe(200);
    expect((await viewer.post(`${B}/${security}/usage/`, { test })).status).toBe(403);
    const waiting = await api.db
      .insertInto("testbank_usage")
      .values({
        testbank_id: security,
        test_id: test,
        status: 0,
        requested_by: null,
        datetime_create: new Date().toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect((await viewer.post(`${B}/${security}/usage/${waiting.id}/decide/`, { status: 1 })).status).toBe(403);
    // A request of another bank is not found under this one.
    const other = (
      await api.db.selectFrom("testbank").select("id").where("code", "=", "TB-COM").executeTakeFirstOrThrow()
    ).id;
    expect((await admin.post(`${B}/${other}/usage/${waiting.id}/decide/`, { status: 1 })).status).toBe(404);
    // The instructor may change tests and banks (its role's flags), within what it sees.
    const seen = await instructor.get(`${B}/${security}/usage/`);
    expect([200, 404]).toContain(seen.status);
  });
});

describe("drawing from another provider's bank", () => {
  it("needs the bank's approved usage request for the test", async () => {
    const providers = (await api.db.selectFrom("provider").select("id").orderBy("id").execute()).map((p) => p.id);
    const other = providers.find((p) => p !== refs.provider)!;
    const bank = (await admin.post(`${B}/`, { ...refs, provider: other, name: "Other provider bank", code: "TBT-O" }))
      .body.id as number;
    await admin.post(`${B}/${bank}/question/`, { desc: "Borrowed question", type: 1 });
    const test = (await admin.post("/api/dashboard/test/", { ...refs, name: "Borrowing test", code: "TBT-BT" })).body
      .id as number;
    const section = (await admin.post(`/api/dashboard/test/${test}/section/`, {})).body.id as number;
    const draw = () => admin.post(`/api/dashboard/test/${test}/section/${section}/testbank/`, { bank, number: 1 });
    const refused = await draw();
    expect(refused.status).toBe(400);
    expect(refused.body.bank).toEqual(["bank_usage_not_approved"]);
    const asked = await admin.post(`${B}/${bank}/usage/`, { test });
    expect((await draw()).status).toBe(400);
    await admin.post(`${B}/${bank}/usage/${asked.body.results[0].id}/decide/`, { status: 1 });
    const drawn = await draw();
    expect(drawn.status, JSON.stringify(drawn.body)).toBeLessThan(300);
  });
});

describe("delete", () => {
  it("is refused while a test section draws from the bank", async () => {
    const test = await someTest();
    const bank = (await admin.post(`${B}/`, { ...refs, name: "Drawn bank", code: "TBT-D" })).body.id as number;
    const at = new Date().toISOString();
    const section = await api.db
      .insertInto("test_section")
      .values({ test_id: test, sort: 99, name: "Drawn" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await api.db
      .insertInto("test_section_draw")
      .values({ section_id: section.id, bank_id: bank, sort: 1, datetime_create: at })
      .execute();
    const refused = await admin.delete(`${B}/${bank}/`);
    expect(refused.status).toBe(424);
    expect(refused.body.detail).toBe("tbk_msg_in_use");
    await api.db.deleteFrom("test_section").where("id", "=", section.id).execute();
    expect((await admin.delete(`${B}/${bank}/`)).status).toBe(204);
  });
});
