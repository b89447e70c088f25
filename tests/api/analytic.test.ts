import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "./harness";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

async function sessionCount() {
  const row = await api.db
    .selectFrom("analytic_session")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe("analytic/session/", () => {
  it("records an anonymous learner-site visit with address and user agent", async () => {
    const c = api.client();
    const res = await c.post("/api/analytic/session/", { source: 0 }, { "user-agent": "TestBrowser/1.0" });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number), source: 0 });
    const row = await api.db
      .selectFrom("analytic_session")
      .selectAll()
      .where("id", "=", res.body.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      account_id: null,
      source: 0,
      ip: "127.0.0.1",
      user_agent: "TestBrowser/1.0",
      datetime_create: api.clock.now.toISOString(),
    });
  });

  it("records a signed-in dashboard visit with its account", async () => {
    const c = api.client();
    await c.login("admin");
    const res = await c.post("/api/analytic/session/", { source: 10 });
    expect(res.status).toBe(201);
    expect(res.body.source).toBe(10);
    const admin = await api.db
      .selectFrom("account")
      .select("id")
      .where("username", "=", "admin")
      .executeTakeFirstOrThrow();
    const row = await api.db
      .selectFrom("analytic_session")
      .selectAll()
      .where("id", "=", res.body.id)
      .executeTakeFirstOrThrow();
    expect(row.account_id).toBe(admin.id);
    expect(row.source).toBe(10);
  });

  it("accepts a form-encoded source", async () => {
    const c = api.client();
    await c.get("/api/account/is-authenticated/");
    const res = await api.app.inject({
      method: "POST",
      url: "/api/analytic/session/",
      payload: "source=10",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        cookie: `csrftoken=${c.cookies.get("csrftoken")}`,
        "x-csrftoken": c.cookies.get("csrftoken")!,
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ source: 10 });
  });

  it("refuses a bad or missing source with a field error and writes nothing", async () => {
    const c = api.client();
    await c.login("learner");
    const before = await sessionCount();
    for (const body of [{ source: 5 }, { source: "abc" }, { source: 1 }, {}]) {
      const res = await c.post("/api/analytic/session/", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual({ source: ["invalid_choice"] });
    }
    expect(await sessionCount()).toBe(before);
  });

  it("refuses a post without the CSRF header and writes nothing", async () => {
    const c = api.client();
    await c.get("/api/account/is-authenticated/");
    const before = await sessionCount();
    const res = await c.post("/api/analytic/session/", { source: 0 }, { "x-csrftoken": "forged" });
    expect(res.status).toBe(403);
    expect(await sessionCount()).toBe(before);
  });

  it("has no GET", async () => {
    expect((await api.client().get("/api/analytic/session/")).status).toBe(404);
  });
});
