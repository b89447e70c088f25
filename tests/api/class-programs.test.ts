import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentRefs, startTestApi, type Client, type TestApi } from "./harness";

/**
 * Class programs (issue 16 §5, docs/decisions/044): a content type whose classes are classes
 * naming it — created inside it, listed by it (its own call and the class list's filter), refused
 * when the program does not exist, and left standing when the program is removed. Who may do what.
 */
const P = "/api/dashboard/class_program";
const C = "/api/dashboard/class";
let api: TestApi;
let admin: Client;
let viewer: Client;
let refs: { category: number; provider: number };
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.signedIn("admin");
  viewer = await api.signedIn("viewer");
  refs = await contentRefs(admin);
});
afterAll(() => api.close());

const create = async (path: string, body: Record<string, unknown>) => {
  const res = await admin.post(`${path}/`, { ...refs, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number } & Record<string, unknown>;
};

describe("class programs", () => {
  it("lists the seeded programs with their class counts", async () => {
    const rows = (await admin.get(`${P}/?search=CPG-&page_size=50`)).body.results as {
      code: string;
      class_count: number;
    }[];
    expect(rows.find((r) => r.code === "CPG-MGR")?.class_count).toBe(2);
    expect(rows.find((r) => r.code === "CPG-DATA")?.class_count).toBe(0);
  });

  it("holds the classes that name it, listed by its own call and by the class list's filter", async () => {
    const program = await create(P, { name: "Sales Academy", code: "CPG-T1" });
    const inside = await create(C, { name: "Negotiation", code: "CLS-T1", class_program: program.id });
    await create(C, { name: "Standalone", code: "CLS-T2" });
    expect(inside.class_program).toEqual({ id: program.id, name: "Sales Academy" });
    const own = await admin.get(`${P}/${program.id}/class/`);
    expect(own.status).toBe(200);
    expect(own.body.results.map((r: { code: string }) => r.code)).toEqual(["CLS-T1"]);
    // The program is fixed: a query naming another program does not widen the list.
    const other = (await admin.get(`${P}/?search=CPG-MGR`)).body.results[0].id;
    expect((await admin.get(`${P}/${program.id}/class/?class_program=${other}`)).body.count).toBe(1);
    expect((await admin.get(`${C}/?class_program=${program.id}`)).body.count).toBe(1);
    // Its own filters still apply (status 1 upcoming: a class without sessions is being planned).
    expect((await admin.get(`${P}/${program.id}/class/?status=1`)).body.count).toBe(1);
    expect((await admin.get(`${P}/${program.id}/class/?status=2`)).body.count).toBe(0);
    expect((await admin.get(`${P}/${program.id}/class/?status=9`)).status).toBe(400);
    expect((await admin.get(`${P}/999999/class/`)).status).toBe(404);
  });

  it("refuses a program that does not exist, and moves a class between programs or out", async () => {
    const bad = await admin.post(`${C}/`, { ...refs, name: "Nowhere", code: "CLS-T3", class_program: 999999 });
    expect(bad.status).toBe(400);
    expect(bad.body.class_program).toEqual(["invalid_choice"]);
    expect((await admin.get(`${C}/?search=CLS-T3`)).body.count).toBe(0);
    const a = await create(P, { name: "Program A", code: "CPG-T2" });
    const b = await create(P, { name: "Program B", code: "CPG-T3" });
    const cls = await create(C, { name: "Mover", code: "CLS-T4", class_program: a.id });
    expect((await admin.patch(`${C}/${cls.id}/`, { class_program: b.id })).body.class_program.id).toBe(b.id);
    expect((await admin.get(`${P}/${a.id}/class/`)).body.count).toBe(0);
    expect((await admin.patch(`${C}/${cls.id}/`, { class_program: null })).body.class_program).toBeNull();
  });

  it("removing a program leaves its classes standing on their own", async () => {
    const program = await create(P, { name: "Short-lived", code: "CPG-T4" });
    const cls = await create(C, { name: "Survivor", code: "CLS-T5", class_program: program.id });
    expect((await admin.delete(`${P}/${program.id}/`)).status).toBe(204);
    const after = await admin.get(`${C}/${cls.id}/`);
    expect(after.status).toBe(200);
    expect(after.body.class_program).toBeNull();
  });

  it("needs the class program's flags: a viewer reads, changes nothing", async () => {
    const program = (await viewer.get(`${P}/?search=CPG-MGR`)).body.results[0];
    expect(program).toBeDefined();
    expect((await viewer.get(`${P}/${program.id}/class/`)).status).toBe(200);
    expect((await viewer.post(`${P}/`, { ...refs, name: "No", code: "CPG-NO" })).status).toBe(403);
    expect((await viewer.patch(`${P}/${program.id}/`, { name: "Renamed" })).status).toBe(403);
  });
});
