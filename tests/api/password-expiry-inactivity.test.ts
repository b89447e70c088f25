import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MSG } from "../../contract/messages";
import { DEMO_PASSWORD, startTestApi, type TestApi } from "./harness";

/**
 * Password expiry and the inactivity lock (issue 33 R118, docs/decisions/082): both off at 0, both
 * counted in days of the organisation's zone (+7 h by default) from the injected clock
 * (2026-06-01T08:00Z, 15:00 in Bangkok).
 */
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const NEW_PASSWORD = "Fresh-Pass2!";
const login = (username: string, password = DEMO_PASSWORD) =>
  api.client().post("/api/account/login/", { username, password });
async function setConfig(key: string, value: unknown) {
  await api.db.deleteFrom("config").where("key", "=", key).execute();
  await api.db
    .insertInto("config")
    .values({ key, value: JSON.stringify(value), url: null, datetime_update: api.clock.now.toISOString() })
    .execute();
}
const account = (username: string) =>
  api.db.selectFrom("account").selectAll().where("username", "=", username).executeTakeFirstOrThrow();
const setAccount = (
  username: string,
  values: { datetime_password_change?: string | null; last_active?: string | null },
) => api.db.updateTable("account").set(values).where("username", "=", username).execute();

beforeEach(async () => {
  await setConfig("password-period-days", 0);
  await setConfig("iden-inactivity-lock-days", 0);
});

describe("password expiry", () => {
  it("is off at 0 however old the password", async () => {
    await setAccount("instructor", { datetime_password_change: "2020-01-01T00:00:00.000Z" });
    expect((await login("instructor")).status).toBe(200);
  });

  it("sends an old password to the reset page, which takes only a different one and records the change", async () => {
    await setConfig("password-period-days", 30);
    // Changed 2026-05-02T18:00Z: 3 May in Bangkok, 29 days before 1 June there (30 in UTC): still good.
    await setAccount("manager", { datetime_password_change: "2026-05-02T18:00:00.000Z" });
    expect((await login("manager")).status).toBe(200);
    // Changed on 2 May in Bangkok: 30 days, expired. No session, a reset token, the spec's message.
    await setAccount("manager", { datetime_password_change: "2026-05-02T10:00:00.000Z" });
    const refused = await login("manager");
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ detail: MSG.password_expired });
    expect(typeof refused.body.token).toBe("string");
    // A wrong password learns nothing of it.
    expect((await login("manager", "Wrong-Pass1!")).body).toMatchObject({ detail: MSG.incorrect_email_or_password });

    const reset = api.client();
    const same = await reset.post("/api/account/forgot-password/reset/", {
      token: refused.body.token,
      password: DEMO_PASSWORD,
      confirm_password: DEMO_PASSWORD,
    });
    expect(same.status).toBe(400);
    expect(same.body).toMatchObject({ password: [MSG.password_must_differ] });
    const done = await reset.post("/api/account/forgot-password/reset/", {
      token: refused.body.token,
      password: NEW_PASSWORD,
      confirm_password: NEW_PASSWORD,
    });
    expect(done.status).toBe(200);
    expect((await account("manager")).datetime_password_change).toBe(api.clock.now.toISOString());
    expect((await login("manager", NEW_PASSWORD)).status).toBe(200);
  });

  it("counts a password never changed from the account's creation", async () => {
    await setConfig("password-period-days", 10);
    await setAccount("provider", { datetime_password_change: null });
    await api.db
      .updateTable("account")
      .set({ datetime_create: "2026-05-01T00:00:00.000Z" })
      .where("username", "=", "provider")
      .execute();
    expect((await login("provider")).body).toMatchObject({ detail: MSG.password_expired });
  });

  it("reads a setting that is not a whole positive number as off", async () => {
    await setConfig("password-period-days", "soon");
    await setAccount("inspector", { datetime_password_change: "2020-01-01T00:00:00.000Z" });
    expect((await login("inspector")).status).toBe(200);
  });
});

describe("inactivity lock", () => {
  it("locks an account unused for the configured days until an administrator activates it", async () => {
    const admin = await api.signedIn("admin");
    await setConfig("iden-inactivity-lock-days", 90);
    // Last signed in 89 days ago (Bangkok days): fine, and that sign-in counts as activity again.
    await setAccount("viewer", { last_active: "2026-03-04T08:00:00.000Z" });
    expect((await login("viewer")).status).toBe(200);
    // 90 days ago: locked, with the spec's message, and no session.
    await setAccount("viewer", { last_active: "2026-03-03T08:00:00.000Z" });
    const refused = await login("viewer");
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ detail: MSG.account_locked_inactive });
    const locked = await account("viewer");
    expect(locked.is_active).toBe(0);
    expect(locked.datetime_locked).toBe(api.clock.now.toISOString());
    // Still locked on the next try; a wrong password says only that it is wrong.
    expect((await login("viewer")).body).toEqual({ detail: MSG.account_locked_inactive });
    expect((await login("viewer", "Wrong-Pass1!")).body).toMatchObject({ detail: MSG.incorrect_email_or_password });
    // The history shows the system's deactivation.
    const history = await api.db
      .selectFrom("account_history")
      .select(["action", "created_by"])
      .where("account_id", "=", locked.id)
      .execute();
    expect(history).toContainEqual({ action: "deactivate", created_by: null });

    // The administrator activates it: unlocked, and the activation counts as activity.
    const activated = await admin.post(`/api/dashboard/user/${locked.id}/activate/`);
    expect(activated.status).toBe(200);
    expect((await account("viewer")).datetime_locked).toBeNull();
    expect((await login("viewer")).status).toBe(200);
  });

  it("says an account the administrator deactivated is inactive, not locked", async () => {
    await setConfig("iden-inactivity-lock-days", 90);
    await api.db
      .updateTable("account")
      .set({ is_active: 0, last_active: "2020-01-01T00:00:00.000Z" })
      .where("username", "=", "staff1")
      .execute();
    expect((await login("staff1")).body).toEqual({ detail: MSG.user_inactive });
  });

  it("is off at 0", async () => {
    await setAccount("learner", { last_active: "2020-01-01T00:00:00.000Z" });
    expect((await login("learner")).status).toBe(200);
  });
});
