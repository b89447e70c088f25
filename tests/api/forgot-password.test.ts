import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApi } from "../../api/server";
import { Client, DEMO_PASSWORD, startTestApi, type TestApi } from "./harness";

const BASE = "/api/account/forgot-password";
const NEW_PASSWORD = "Fresh-Start9?";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const count = async (table: "password_reset" | "outbox") =>
  Number(
    (
      await api.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
const account = (username: string) =>
  api.db.selectFrom("account").selectAll().where("username", "=", username).executeTakeFirstOrThrow();
const resetRow = (referenceId: string) =>
  api.db.selectFrom("password_reset").selectAll().where("reference_id", "=", referenceId).executeTakeFirstOrThrow();

/** The code as the user reads it: from the newest outbox message of this reference. */
async function codeFromOutbox(referenceId: string): Promise<string> {
  const row = await api.db
    .selectFrom("outbox")
    .selectAll()
    .where("body", "like", `%${referenceId}%`)
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  return /password is (\d{6})/.exec(row.body)![1];
}
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

/** identify → send by email; answers the reference and the code that was sent. */
async function requestCode(c: Client, ident: string) {
  const identify = await c.post(`${BASE}/identify/`, { username_or_email: ident });
  expect(identify.status).toBe(200);
  const referenceId: string = identify.body.reference_id;
  const send = await c.post(`${BASE}/send/`, { reference_id: referenceId, send_method: 0 });
  expect(send.status).toBe(200);
  return { referenceId, code: await codeFromOutbox(referenceId), identify, send };
}

/** Up to the token: identify → send → verify. */
async function tokenFor(c: Client, ident: string): Promise<string> {
  const { referenceId, code } = await requestCode(c, ident);
  const verify = await c.post(`${BASE}/verify/`, { reference_id: referenceId, otp: code });
  expect(verify.status).toBe(200);
  return verify.body.token;
}

describe("forgot password: the whole way", () => {
  it("identifies, sends a code, verifies it, resets the password, and only the new one signs in", async () => {
    const signedIn = api.client();
    await signedIn.login("instructor");
    const c = api.client();

    const identify = await c.post(`${BASE}/identify/`, { username_or_email: "Instructor@Demo.LMS.local" });
    expect(identify.status).toBe(200);
    expect(identify.body).toEqual({
      reference_id: expect.stringMatching(/^[\w-]{40,}$/),
      send_method_list: [0],
      email: "i***r@demo.lms.local",
      phone: null,
    });
    const referenceId = identify.body.reference_id;

    const send = await c.post(`${BASE}/send/`, { reference_id: referenceId, send_method: 0 });
    expect(send.status).toBe(200);
    expect(send.body).toEqual({
      reference_id: referenceId,
      send_method: 0,
      datetime_expire: new Date(api.clock.now.getTime() + 60_000).toISOString(),
    });
    const mail = await api.db
      .selectFrom("outbox")
      .selectAll()
      .where("body", "like", `%${referenceId}%`)
      .executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ channel: "email", recipient: "instructor@demo.lms.local", datetime_sent: null });
    const code = await codeFromOutbox(referenceId);
    const stored = await resetRow(referenceId);
    expect(stored.otp_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.otp_hash).not.toContain(code);

    const verify = await c.post(`${BASE}/verify/`, { reference_id: referenceId, otp: code });
    expect(verify.status).toBe(200);
    expect(verify.body).toEqual({ token: expect.stringMatching(/^[\w-]{40,}$/) });
    expect((await resetRow(referenceId)).otp_hash).toBeNull();

    const reset = await c.post(`${BASE}/reset/`, {
      token: verify.body.token,
      password: NEW_PASSWORD,
      confirm_password: NEW_PASSWORD,
    });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ detail: "password_reset_done" });
    expect((await account("instructor")).datetime_password_change).toBe(api.clock.now.toISOString());
    expect((await resetRow(referenceId)).datetime_used).toBe(api.clock.now.toISOString());

    // Sessions opened with the old password are gone.
    expect((await signedIn.get("/api/account/profile/")).status).toBe(401);
    const fresh = api.client();
    expect((await fresh.login("instructor", NEW_PASSWORD)).body.first_name).toBe("Somchai");
    const old = await api.client().post("/api/account/login/", { username: "instructor", password: DEMO_PASSWORD });
    expect(old.status).toBe(400);
    expect(old.body).toEqual({ detail: "incorrect_email_or_password" });
  });

  it("sends by SMS when the configuration allows it and the account has a phone", async () => {
    await api.db.updateTable("config").set({ value: "true" }).where("key", "=", "iden-otp-sms-display").execute();
    await api.db.updateTable("account").set({ phone: "081-234-5678" }).where("username", "=", "manager").execute();
    try {
      const c = api.client();
      const identify = await c.post(`${BASE}/identify/`, { username_or_email: "manager" });
      expect(identify.body).toMatchObject({
        send_method_list: [0, 1],
        email: "m***r@demo.lms.local",
        phone: "***-***-5678",
      });
      const send = await c.post(`${BASE}/send/`, { reference_id: identify.body.reference_id, send_method: 1 });
      expect(send.status).toBe(200);
      const sms = await api.db.selectFrom("outbox").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
      expect(sms).toMatchObject({ channel: "sms", recipient: "081-234-5678" });
      expect(sms.body).toContain(identify.body.reference_id);
    } finally {
      await api.db.updateTable("config").set({ value: "false" }).where("key", "=", "iden-otp-sms-display").execute();
    }
  });

  it("marks the mail sent when SMTP is configured", async () => {
    const sent: { to: string; body: string }[] = [];
    const app = await buildApi({
      db: api.db,
      now: () => api.clock.now,
      secret: "another-secret",
      mediaDir: api.mediaDir,
      sendMail: async (to, _subject, body) => {
        sent.push({ to, body });
        return true;
      },
    });
    try {
      const { referenceId, code } = await requestCode(new Client(app), "learner");
      expect(sent).toEqual([{ to: "learner@demo.lms.local", body: expect.stringContaining(code) }]);
      const mail = await api.db
        .selectFrom("outbox")
        .selectAll()
        .where("body", "like", `%${referenceId}%`)
        .executeTakeFirstOrThrow();
      expect(mail.datetime_sent).toBe(api.clock.now.toISOString());
    } finally {
      await app.close();
    }
  });
});

describe("forgot password: refusals write nothing", () => {
  it("answers account_not_found for an unknown or inactive account, and required for nothing", async () => {
    const c = api.client();
    const before = await count("password_reset");
    const unknown = await c.post(`${BASE}/identify/`, { username_or_email: "nobody@nowhere.test" });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ username_or_email: ["account_not_found"] });
    await api.db.updateTable("account").set({ is_active: 0 }).where("username", "=", "inspector").execute();
    const inactive = await c.post(`${BASE}/identify/`, { username_or_email: "inspector" });
    await api.db.updateTable("account").set({ is_active: 1 }).where("username", "=", "inspector").execute();
    expect(inactive.body).toEqual({ username_or_email: ["account_not_found"] });
    const empty = await c.post(`${BASE}/identify/`, { username_or_email: "  " });
    expect(empty.body).toEqual({ username_or_email: ["required"] });
    expect(await count("password_reset")).toBe(before);
  });

  it("refuses an unknown reference and a send method the account does not have", async () => {
    const c = api.client();
    const identify = await c.post(`${BASE}/identify/`, { username_or_email: "sysadmin" });
    const before = await count("outbox");
    const unknown = await c.post(`${BASE}/send/`, { reference_id: "not-a-reference", send_method: 0 });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ reference_id: ["token_expired"] });
    const sms = await c.post(`${BASE}/send/`, { reference_id: identify.body.reference_id, send_method: 1 });
    expect(sms.body).toEqual({ send_method: ["invalid_choice"] });
    const both = await c.post(`${BASE}/send/`, { reference_id: identify.body.reference_id, send_method: 99 });
    expect(both.body).toEqual({ send_method: ["invalid_choice"] });
    expect(await count("outbox")).toBe(before);
    expect((await resetRow(identify.body.reference_id)).otp_hash).toBeNull();
  });

  it("counts a wrong code, and the right one still works within the limit", async () => {
    const c = api.client();
    const { referenceId, code } = await requestCode(c, "sysadmin");
    const wrong = await c.post(`${BASE}/verify/`, { reference_id: referenceId, otp: otherCode(code) });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ otp: ["otp_not_correct"] });
    expect((await resetRow(referenceId)).otp_attempts).toBe(1);
    const notDigits = await c.post(`${BASE}/verify/`, { reference_id: referenceId, otp: "12ab" });
    expect(notDigits.body).toEqual({ otp: ["otp_not_correct"] });
    expect((await resetRow(referenceId)).otp_attempts).toBe(1);
    const right = await c.post(`${BASE}/verify/`, { reference_id: referenceId, otp: code });
    expect(right.status).toBe(200);
  });

  it("refuses an expired code without counting it; a new code works", async () => {
    const c = api.client();
    const { referenceId, code } = await requestCode(c, "sysadmin");
    api.advance(61_000);
    const late = await c.post(`${BASE}/verify/`, { reference_id: referenceId, otp: code });
    expect(late.status).toBe(400);
    expect(late.body).toEqual({ otp: ["otp_not_correct"] });
    const row = await resetRow(referenceId);
    expect(row.otp_attempts).toBe(0);
    expect(row.token_hash).toBeNull();
    expect((await c.post(`${BASE}/send/`, { reference_id: referenceId, send_method: 0 })).status).toBe(200);
    const again = await c.post(`${BASE}/verify/`, {
      reference_id: referenceId,
      otp: await codeFromOutbox(referenceId),
    });
    expect(again.status).toBe(200);
  });

  it("kills a code after five wrong attempts, even for the right code; a new code revives the reference", async () => {
    const c = api.client();
    const { referenceId, code } = await requestCode(c, "sysadmin");
    for (let i = 0; i < 5; i++) {
      const res = await c.post(`${BASE}/verify/`, { reference_id: referenceId, otp: otherCode(code) });
      expect(res.body).toEqual({ otp: ["otp_not_correct"] });
    }
    const right = await c.post(`${BASE}/verify/`, { reference_id: referenceId, otp: code });
    expect(right.status).toBe(400);
    expect(right.body).toEqual({ otp: ["otp_not_correct"] });
    const row = await resetRow(referenceId);
    expect(row.otp_attempts).toBe(5);
    expect(row.token_hash).toBeNull();
    await c.post(`${BASE}/send/`, { reference_id: referenceId, send_method: 0 });
    expect((await resetRow(referenceId)).otp_attempts).toBe(0);
    expect(
      (await c.post(`${BASE}/verify/`, { reference_id: referenceId, otp: await codeFromOutbox(referenceId) })).status,
    ).toBe(200);
  });

  it("uses a token once, and not after 15 minutes", async () => {
    const c = api.client();
    const { referenceId, code } = await requestCode(c, "learner");
    const { token } = (await c.post(`${BASE}/verify/`, { reference_id: referenceId, otp: code })).body;
    // The reference has moved on to its token: no second code, no second token.
    expect((await c.post(`${BASE}/verify/`, { reference_id: referenceId, otp: code })).body).toEqual({
      reference_id: ["token_expired"],
    });
    expect(
      (await c.post(`${BASE}/reset/`, { token, password: NEW_PASSWORD, confirm_password: NEW_PASSWORD })).status,
    ).toBe(200);
    const hash = (await account("learner")).password_hash;
    const reuse = await c.post(`${BASE}/reset/`, { token, password: "Other-Pass7#", confirm_password: "Other-Pass7#" });
    expect(reuse.status).toBe(400);
    expect(reuse.body).toEqual({ token: ["token_expired"] });
    expect((await account("learner")).password_hash).toBe(hash);

    const late = await tokenFor(c, "learner");
    api.advance(15 * 60_000 + 1000);
    const expired = await c.post(`${BASE}/reset/`, {
      token: late,
      password: "Other-Pass7#",
      confirm_password: "Other-Pass7#",
    });
    expect(expired.body).toEqual({ token: ["token_expired"] });
    expect((await account("learner")).password_hash).toBe(hash);
    const forged = await c.post(`${BASE}/reset/`, {
      token: "forged",
      password: "Other-Pass7#",
      confirm_password: "Other-Pass7#",
    });
    expect(forged.body).toEqual({ token: ["token_expired"] });
  });

  it("applies the password rules, changes nothing on a refusal, and keeps the token for the next try", async () => {
    const c = api.client();
    const token = await tokenFor(c, "admin");
    const before = await account("admin");
    const cases: [string, string, Record<string, string[]>][] = [
      ["Ab1!", "Ab1!", { password: ["password_length"] }],
      ["alllowercase1!", "alllowercase1!", { password: ["password_kinds"] }],
      ["NoSymbols123", "NoSymbols123", { password: ["password_kinds"] }],
      [NEW_PASSWORD, "Fresh-Start9!", { confirm_password: ["password_not_match"] }],
      [DEMO_PASSWORD, DEMO_PASSWORD, { password: ["password_must_differ"] }],
    ];
    for (const [password, confirm, errors] of cases) {
      const res = await c.post(`${BASE}/reset/`, { token, password, confirm_password: confirm });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(errors);
    }
    const missing = await c.post(`${BASE}/reset/`, { token });
    expect(missing.body).toEqual({ password: ["required"], confirm_password: ["required"] });
    const after = await account("admin");
    expect(after.password_hash).toBe(before.password_hash);
    expect(after.datetime_password_change).toBe(before.datetime_password_change);
    const ok = await c.post(`${BASE}/reset/`, { token, password: NEW_PASSWORD, confirm_password: NEW_PASSWORD });
    expect(ok.status).toBe(200);
    await api.client().login("admin", NEW_PASSWORD);
  });
});

describe("forgot password and the account lock", () => {
  it("releases a lock: the new password signs in at once", async () => {
    const c = api.client();
    for (let i = 0; i < 5; i++) await c.post("/api/account/login/", { username: "provider", password: "nope" });
    const locked = await c.post("/api/account/login/", { username: "provider", password: DEMO_PASSWORD });
    expect(locked.body.is_lock_login).toBe(true);
    const token = await tokenFor(c, "provider");
    expect(
      (await c.post(`${BASE}/reset/`, { token, password: NEW_PASSWORD, confirm_password: NEW_PASSWORD })).status,
    ).toBe(200);
    expect(await api.db.selectFrom("login_guard").selectAll().where("identifier", "=", "provider").execute()).toEqual(
      [],
    );
    expect((await c.login("provider", NEW_PASSWORD)).body.first_name).toBe("Pim");
  });
});

describe("forgot password rate limit", () => {
  it("limits each step per address", async () => {
    const limited = await startTestApi();
    try {
      const c = limited.client();
      for (let i = 0; i < 30; i++)
        expect((await c.post(`${BASE}/identify/`, { username_or_email: "ghost" })).status).toBe(400);
      const res = await c.post(`${BASE}/identify/`, { username_or_email: "ghost" });
      expect(res.status).toBe(429);
      expect(res.body).toEqual({ detail: "too_many_requests" });
    } finally {
      await limited.close();
    }
  });
});
