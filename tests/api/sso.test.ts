import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueSsoToken, SSO_TOKEN_TTL_MS } from "../../api/system/sso";
import { startTestApi, type TestApi } from "./harness";

const VALIDATE = "/api/account/sso/validate/";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const accountId = async (username: string) =>
  (await api.db.selectFrom("account").select("id").where("username", "=", username).executeTakeFirstOrThrow()).id;
const count = async (table: "session" | "login_attempt" | "sso_token") =>
  Number(
    (
      await api.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
/** What a refusal must leave untouched. */
const snapshot = async () => ({
  sessions: await count("session"),
  attempts: await count("login_attempt"),
  used: await api.db.selectFrom("sso_token").select(["token_hash", "datetime_used"]).orderBy("token_hash").execute(),
});

describe("single sign-on return: account/sso/validate/", () => {
  it("signs in once with a valid token and answers the profile", async () => {
    const token = await issueSsoToken(api.db, await accountId("manager"), api.clock.now);
    const stored = await api.db.selectFrom("sso_token").selectAll().executeTakeFirstOrThrow();
    expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.token_hash).not.toContain(token);

    const c = api.client();
    const sessions = await count("session");
    const res = await c.post(VALIDATE, { token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ first_name: "Mana", email: "manager@demo.lms.local" });
    expect(await count("session")).toBe(sessions + 1);
    const profile = await c.get("/api/account/profile/");
    expect(profile.status).toBe(200);
    expect(profile.body.first_name).toBe("Mana");
    const row = await api.db
      .selectFrom("sso_token")
      .selectAll()
      .where("token_hash", "=", stored.token_hash)
      .executeTakeFirstOrThrow();
    expect(row.datetime_used).toBe(api.clock.now.toISOString());
  });

  it("refuses a token used before, and writes nothing", async () => {
    const token = await issueSsoToken(api.db, await accountId("instructor"), api.clock.now);
    expect((await api.client().post(VALIDATE, { token })).status).toBe(200);
    const before = await snapshot();
    const c = api.client();
    const again = await c.post(VALIDATE, { token });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ detail: "sso_token_invalid" });
    expect(await snapshot()).toEqual(before);
    expect((await c.get("/api/account/profile/")).status).toBe(401);
  });

  it("refuses an expired token, and writes nothing", async () => {
    const token = await issueSsoToken(api.db, await accountId("provider"), api.clock.now);
    api.advance(SSO_TOKEN_TTL_MS);
    const before = await snapshot();
    const c = api.client();
    const res = await c.post(VALIDATE, { token });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: "sso_token_invalid" });
    expect(await snapshot()).toEqual(before);
    expect((await c.get("/api/account/profile/")).status).toBe(401);
  });

  it("refuses an unknown, empty or missing token, and writes nothing", async () => {
    const before = await snapshot();
    const c = api.client();
    for (const body of [{ token: "not-a-token" }, { token: "" }, { token: 42 }, {}]) {
      const res = await c.post(VALIDATE, body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ detail: "sso_token_invalid" });
    }
    expect(await snapshot()).toEqual(before);
    expect((await c.get("/api/account/profile/")).status).toBe(401);
  });

  it("refuses the token of an inactive user and keeps it unused", async () => {
    const id = await accountId("inspector");
    const token = await issueSsoToken(api.db, id, api.clock.now);
    await api.db.updateTable("account").set({ is_active: 0 }).where("id", "=", id).execute();
    try {
      const before = await snapshot();
      const res = await api.client().post(VALIDATE, { token });
      expect(res.body).toEqual({ detail: "sso_token_invalid" });
      expect(await snapshot()).toEqual(before);
    } finally {
      await api.db.updateTable("account").set({ is_active: 1 }).where("id", "=", id).execute();
    }
  });

  it("needs the CSRF header like every unsafe method", async () => {
    const token = await issueSsoToken(api.db, await accountId("admin"), api.clock.now);
    const res = await api.app.inject({ method: "POST", url: VALIDATE, payload: { token } });
    expect(res.statusCode).toBe(403);
    expect((await api.client().post(VALIDATE, { token })).status).toBe(200);
  });
});
