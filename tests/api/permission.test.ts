import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALL_FLAGS, DASHBOARD_FLAG, flag, viewFlag } from "../../contract/permissions";
import { startTestApi, type TestApi } from "./harness";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

describe("dashboard/account/permission/", () => {
  it("gives the superuser every flag and its role lists with the in-use entry", async () => {
    const c = api.client();
    await c.login("admin");
    const res = await c.get("/api/dashboard/account/permission/?format=json");
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.permission)).toHaveLength(ALL_FLAGS.length);
    expect(Object.values(res.body.permission).every((v) => v === true)).toBe(true);
    expect(res.body.auth_group_list).toEqual([
      { id: 1, name: "Administrator", code: "administrator", is_in_use: true },
    ]);
    expect(res.body.department_list).toEqual([
      { id: expect.any(Number), name: "Head Office", code: "HQ", is_in_use: true },
    ]);
    for (const key of ["group_list", "provider_list", "instructor_list"]) expect(res.body[key]).toEqual([]);
  });

  it("gives a staff role only its flags", async () => {
    const c = api.client();
    await c.login("instructor");
    const { body } = await c.get("/api/dashboard/account/permission/");
    expect(body.permission[DASHBOARD_FLAG]).toBe(true);
    expect(body.permission[viewFlag("course", "instructor")]).toBe(true);
    expect(body.permission[flag("course", "delete")]).toBe(false);
    expect(body.permission[flag("account", "view")]).toBe(false);
    expect(body.permission.class_inbox_class).toBe(true); // always true (spec 002 §6)
    expect(body.instructor_list).toEqual([
      { id: expect.any(Number), name: "Somchai Jaidee", code: "INS-001", is_in_use: true },
    ]);
  });

  it("refuses a learner without dashboard permission with 403", async () => {
    const c = api.client();
    await c.login("learner");
    const res = await c.get("/api/dashboard/account/permission/");
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: "permission_denied" });
  });

  it("refuses an anonymous caller with 401", async () => {
    expect((await api.client().get("/api/dashboard/account/permission/")).status).toBe(401);
  });
});

describe("contract conventions", () => {
  it("accepts paths without the trailing slash and format=json", async () => {
    const c = api.client();
    expect((await c.get("/api/health")).body).toMatchObject({
      status: "ok",
      database: "ok",
      started: expect.any(String),
    });
    expect((await c.get("/api/health/?format=json")).status).toBe(200);
  });

  it("answers an unknown path with 404 and a message key, never a stack trace", async () => {
    const res = await api.client().get("/api/no-such-thing/");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: "url_not_found" });
  });

  it("answers malformed JSON with 400 and no stack", async () => {
    const c = api.client();
    await c.get("/api/health/");
    const res = await c.post("/api/account/login/", undefined, { "content-type": "application/json" });
    expect([400, 415]).toContain(res.status);
    expect(JSON.stringify(res.body)).not.toMatch(/at .*\.ts|stack/i);
  });
});
