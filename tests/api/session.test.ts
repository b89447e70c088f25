import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_IDLE_SECONDS } from "../../contract/http";
import { startTestApi, DEMO_PASSWORD, type TestApi } from "./harness";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

describe("sign-in and session", () => {
  it("is-authenticated answers false without a session and sets the csrftoken cookie", async () => {
    const c = api.client();
    const res = await c.get("/api/account/is-authenticated/?format=json");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ is_authenticated: false });
    expect(c.cookies.get("csrftoken")).toMatch(/^[\w-]{20,}$/);
    const setCookie = String(res.headers["set-cookie"]);
    expect(setCookie).toContain("SameSite=Lax");
    expect(setCookie).not.toContain("HttpOnly");
  });

  it("signs in by username and answers the user record of spec 000 §3", async () => {
    const c = api.client();
    const res = await c.login("admin");
    expect(Object.keys(res.body).sort()).toEqual(
      [
        "id",
        "language",
        "first_name",
        "last_name",
        "department",
        "position",
        "email",
        "last_active",
        "image",
        "datetime_login_as_expire",
        "is_dashboard_permission",
        "is_store_permission",
        "is_verified_email",
        "is_superuser",
        "is_accepted_privacy",
        "is_accepted_term",
        "is_accepted_data_consent",
        "is_system_user",
        "is_login_as",
      ].sort(),
    );
    expect(res.body.is_superuser).toBe(true);
    expect(res.body.department).toEqual({ id: expect.any(Number), name: "Head Office" });
    const sessionCookie = (res.headers["set-cookie"] as string[]).find((h) => h.startsWith("sessionid="))!;
    expect(sessionCookie).toContain("HttpOnly");
    expect(sessionCookie).toContain("SameSite=Lax");
    expect(sessionCookie).not.toContain("Secure");
    expect((await c.get("/api/account/is-authenticated/")).body).toEqual({ is_authenticated: true });
  });

  it("signs in by email, on the dashboard path too", async () => {
    const c = api.client();
    const res = await c.post("/api/dashboard/account/login", {
      username: "Manager@demo.lms.local",
      password: DEMO_PASSWORD,
    });
    expect(res.status).toBe(200);
    expect(res.body.first_name).toBe("Mana");
  });

  it("marks the session cookie Secure when the dashboard says the client came over TLS", async () => {
    const c = api.client("203.0.113.9");
    await c.get("/api/account/is-authenticated/");
    const res = await c.post(
      "/api/account/login/",
      { username: "admin", password: DEMO_PASSWORD },
      { "x-forwarded-proto": "https" },
    );
    const sessionCookie = (res.headers["set-cookie"] as string[]).find((h) => h.startsWith("sessionid="))!;
    expect(sessionCookie).toContain("Secure");
  });

  it("believes X-Forwarded-Proto from nobody but the dashboard", async () => {
    const c = api.client();
    await c.get("/api/account/is-authenticated/");
    const res = await c.post(
      "/api/account/login/",
      { username: "admin", password: DEMO_PASSWORD },
      { "x-forwarded-proto": "https" },
    );
    const sessionCookie = (res.headers["set-cookie"] as string[]).find((h) => h.startsWith("sessionid="))!;
    expect(sessionCookie).not.toContain("Secure");
  });

  it("refuses wrong credentials with the catalogue's message and makes no session", async () => {
    const c = api.client();
    const res = await c.post("/api/account/login/", { username: "admin", password: "wrong-password" });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: "incorrect_email_or_password" });
    expect(c.cookies.has("sessionid")).toBe(false);
    const unknown = await c.post("/api/account/login/", { username: "nobody", password: "x" });
    expect(unknown.body).toEqual({ detail: "incorrect_email_or_password" });
  });

  it("answers field errors for bad input and writes nothing", async () => {
    const c = api.client();
    const before = await api.db
      .selectFrom("login_attempt")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    const res = await c.post("/api/account/login/", { username: "  ", password: "" });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ username: ["required"], password: ["required"] });
    const after = await api.db
      .selectFrom("login_attempt")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("refuses an unsafe method without the CSRF header, and with a wrong one", async () => {
    const c = api.client();
    await c.get("/api/account/is-authenticated/");
    const missing = await c.post(
      "/api/account/login/",
      { username: "admin", password: DEMO_PASSWORD },
      { "x-csrftoken": "" },
    );
    expect(missing.status).toBe(403);
    expect(missing.body).toEqual({ detail: "csrf_failed" });
    const wrong = await c.post(
      "/api/account/login/",
      { username: "admin", password: DEMO_PASSWORD },
      { "x-csrftoken": "forged" },
    );
    expect(wrong.status).toBe(403);
    expect(c.cookies.has("sessionid")).toBe(false);
  });

  it("rotates the CSRF token at sign-in", async () => {
    const c = api.client();
    await c.get("/api/account/is-authenticated/");
    const before = c.cookies.get("csrftoken");
    await c.login("admin");
    expect(c.cookies.get("csrftoken")).not.toBe(before);
  });

  it("gives an inactive user its own message", async () => {
    await api.db.updateTable("account").set({ is_active: 0 }).where("username", "=", "inspector").execute();
    const res = await api.client().post("/api/account/login/", { username: "inspector", password: DEMO_PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: "user_inactive" });
    await api.db.updateTable("account").set({ is_active: 1 }).where("username", "=", "inspector").execute();
  });

  it("expires a session after 15 idle minutes, but not while it is used", async () => {
    const c = api.client();
    await c.login("manager");
    api.advance((SESSION_IDLE_SECONDS - 60) * 1000);
    expect((await c.get("/api/account/profile/")).status).toBe(200);
    api.advance((SESSION_IDLE_SECONDS - 60) * 1000);
    expect((await c.get("/api/account/profile/")).status).toBe(200);
    api.advance((SESSION_IDLE_SECONDS + 1) * 1000);
    const res = await c.get("/api/account/profile/");
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: "session_expired" });
    expect((await c.get("/api/account/is-authenticated/")).body).toEqual({ is_authenticated: false });
    expect((await c.get("/api/account/profile/")).body).toEqual({ detail: "not_authenticated" });
  });

  it("ends a session at its absolute lifetime (12 h), however busy it was", async () => {
    const c = api.client();
    await c.login("manager");
    for (let i = 0; i < 12 * 6; i++) {
      api.advance(10 * 60_000); // a request every ten minutes keeps it from going idle…
      expect((await c.get("/api/account/profile/")).status).toBe(200);
    }
    api.advance(60_000); // …until it is twelve hours old.
    const res = await c.get("/api/account/profile/");
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: "session_expired" });
  });

  it("signs out", async () => {
    const c = api.client();
    await c.login("admin");
    // A GET (an <img> on any page could send one) changes nothing: only the POST signs out.
    const get = await c.get("/api/account/logout/");
    expect(get.status).toBe(405);
    expect(get.headers.allow).toBe("POST");
    expect((await c.get("/api/account/profile/")).status).toBe(200);
    expect((await c.post("/api/account/logout/")).status).toBe(200);
    expect((await c.get("/api/account/profile/")).status).toBe(401);
  });

  it("rejects a forged session cookie", async () => {
    const c = api.client();
    c.cookies.set("sessionid", "forged.value");
    expect((await c.get("/api/account/profile/")).status).toBe(401);
  });
});

describe("profile", () => {
  it("saves the language with PATCH and refuses an unknown one without writing", async () => {
    const c = api.client();
    await c.login("instructor");
    const ok = await c.patch("/api/account/profile/", { language: "th" });
    expect(ok.status).toBe(200);
    expect(ok.body.language).toBe("th");
    const bad = await c.patch("/api/account/profile/", { language: "xx" });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ language: ["invalid_choice"] });
    expect((await c.get("/api/account/profile/")).body.language).toBe("th");
  });

  it("needs a session", async () => {
    const res = await api.client().patch("/api/account/profile/", { language: "th" });
    expect(res.status).toBe(401);
  });
});

describe("account lock", () => {
  it("locks after the configured number of failures and answers the lock data, no session", async () => {
    const c = api.client();
    for (let i = 0; i < 4; i++) {
      const res = await c.post("/api/account/login/", { username: "provider", password: "nope" });
      expect(res.status).toBe(400);
    }
    const fifth = await c.post("/api/account/login/", { username: "provider", password: "nope" });
    expect(fifth.status).toBe(200);
    expect(fifth.body).toMatchObject({ is_lock_login: true, lock: { count_attempt: 5, max_attempt: 5 } });
    expect(fifth.body.lock.datetime_unlock).toBe(
      new Date(Date.parse(fifth.body.lock.datetime_lock) + 30 * 60_000).toISOString(),
    );
    // Even the right password makes no session while locked.
    const right = await c.post("/api/account/login/", { username: "provider", password: DEMO_PASSWORD });
    expect(right.body.is_lock_login).toBe(true);
    expect(c.cookies.has("sessionid")).toBe(false);
    // Auto-unlock after the configured minutes.
    api.advance(31 * 60_000);
    const after = await c.post("/api/account/login/", { username: "provider", password: DEMO_PASSWORD });
    expect(after.status).toBe(200);
    expect(after.body.first_name).toBe("Pim");
  });

  it("limits login attempts per account and address", async () => {
    const limited = await startTestApi({ loginLimits: { perAccountPerMinute: 3, perAddressPerMinute: 100 } });
    try {
      const c = limited.client();
      for (let i = 0; i < 3; i++)
        expect((await c.post("/api/account/login/", { username: "ghost", password: "x" })).status).toBe(400);
      const res = await c.post("/api/account/login/", { username: "ghost", password: "x" });
      expect(res.status).toBe(429);
      expect(res.body).toMatchObject({ detail: "too_many_requests" });
    } finally {
      await limited.close();
    }
  });
});

describe("social sign-in", () => {
  it("refuses clearly when no provider is configured", async () => {
    const res = await api.client().post("/api/account/login/social/", { social_type: "google", token: "abc" });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ social_type: ["social_login_not_configured"] });
  });
});
