import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "../../contract/messages";
import { flag } from "../../contract/permissions";
import { DEMO_PASSWORD, startTestApi, type Client, type TestApi } from "./harness";
import { GOOD_PASSWORD, accountId, departmentId, signedInWithout, snapshot, changedRows } from "./people-kit";

/** Activation, bulk password reset and the account history (issue 15 §1). */

let api: TestApi;
let admin: Client;
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.signedIn("admin");
});
afterAll(() => api.close());

const U = "/api/dashboard/user/";
const RESET = `${U}reset-password/`;
const sessionsOf = async (id: number) =>
  (await api.db.selectFrom("session").select("key_hash").where("account_id", "=", id).execute()).length;

describe("activate and deactivate", () => {
  it("deactivating ends every session of the user at once, and it is recorded", async () => {
    const id = await accountId(api, "learner010");
    const phone = await api.signedIn("learner010");
    const laptop = await api.signedIn("learner010");
    expect(await sessionsOf(id)).toBe(2);
    const res = await admin.post(`${U}${id}/deactivate/`);
    expect(res.status).toBe(200);
    expect(res.body.is_active).toBe(false);
    expect(await sessionsOf(id)).toBe(0);
    for (const c of [phone, laptop]) expect((await c.get("/api/account/profile/")).status).toBe(401);
    const again = await api.client().post("/api/account/login/", { username: "learner010", password: DEMO_PASSWORD });
    expect(again.body).toEqual({ detail: MSG.user_inactive });

    expect((await admin.post(`${U}${id}/activate/`)).body.is_active).toBe(true);
    await api.client().login("learner010");
    const history = (await admin.get(`${U}${id}/history/`)).body.results;
    expect(history.map((h: { action: string }) => h.action)).toEqual(["activate", "deactivate"]);
    expect(history[1]).toMatchObject({ changes: { is_active: [true, false] }, created_by: { username: "admin" } });
  });

  it("records nothing when the user already is so", async () => {
    const id = await accountId(api, "learner011");
    const before = await snapshot(api);
    expect((await admin.post(`${U}${id}/activate/`)).status).toBe(200);
    expect(changedRows(before, await snapshot(api))).toEqual([]);
  });

  it("refuses one's own account, a superuser's to a plain administrator, and staff without the flag", async () => {
    const before = await snapshot(api);
    const own = await admin.post(`${U}${await accountId(api, "admin")}/deactivate/`);
    expect(own.status).toBe(400);
    expect(own.body).toEqual({ detail: MSG.cannot_deactivate_self });
    const staff = await api.signedIn("staff1");
    expect((await staff.post(`${U}${await accountId(api, "admin")}/deactivate/`)).status).toBe(403);
    const { client } = await signedInWithout(api, flag("account", "change"));
    expect((await client.post(`${U}${await accountId(api, "learner012")}/deactivate/`)).status).toBe(403);
    expect((await admin.post(`${U}99999999/deactivate/`)).status).toBe(404);
    expect(changedRows(before, await snapshot(api))).toEqual([]);
  });
});

describe("bulk reset-password", () => {
  const body = (ids: number[], over: Record<string, unknown> = {}) => ({
    id_list: ids,
    new_password: GOOD_PASSWORD,
    confirm_password: GOOD_PASSWORD,
    ...over,
  });

  it("refuses each rule with its own message and writes nothing", async () => {
    const ids = [await accountId(api, "learner020"), await accountId(api, "learner021")];
    const before = await snapshot(api);
    for (const [sent, errors] of [
      [{}, { id_list: [MSG.required], new_password: [MSG.required], confirm_password: [MSG.required] }],
      [body([]), { id_list: [MSG.required] }],
      [body([...ids, 99999999]), { id_list: [MSG.invalid_choice] }],
      [body(ids, { new_password: "Sh0rt!", confirm_password: "Sh0rt!" }), { new_password: [MSG.password_length] }],
      [
        body(ids, { new_password: "nouppercase1!", confirm_password: "nouppercase1!" }),
        { new_password: [MSG.password_kinds] },
      ],
      [body(ids, { confirm_password: "Other-Pass9" }), { confirm_password: [MSG.password_not_match] }],
      // The demo password is learner021's current one: the new one must differ from the old.
      [
        body(ids, { new_password: DEMO_PASSWORD, confirm_password: DEMO_PASSWORD }),
        { new_password: [MSG.password_must_differ] },
      ],
    ] as const) {
      const res = await admin.post(RESET, sent);
      expect(res.status, JSON.stringify(sent)).toBe(400);
      expect(res.body).toEqual(errors);
    }
    const { client } = await signedInWithout(api, flag("account", "change"));
    expect((await client.post(RESET, body(ids))).status).toBe(403);
    expect((await (await api.signedIn("staff1")).post(RESET, body([await accountId(api, "sysadmin")]))).status).toBe(
      403,
    );
    expect(changedRows(before, await snapshot(api))).toEqual([]);
  });

  it("sets the new password, ends the sessions, flags a forced change and records each account", async () => {
    const ids = [await accountId(api, "learner030"), await accountId(api, "learner031")];
    const session = await api.signedIn("learner030");
    const res = await admin.post(RESET, body(ids, { is_force_reset_password: true }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ id_list: ids, count: 2 });
    expect((await session.get("/api/account/profile/")).status).toBe(401);
    for (const username of ["learner030", "learner031"]) {
      const old = await api.client().post("/api/account/login/", { username, password: DEMO_PASSWORD });
      expect(old.body).toEqual({ detail: MSG.incorrect_email_or_password });
    }
    const rows = await api.db
      .selectFrom("account")
      .select(["is_force_reset_password", "password_hash"])
      .where("id", "in", ids)
      .execute();
    expect(rows.map((r) => r.is_force_reset_password)).toEqual([1, 1]);
    expect(rows[0].password_hash).not.toBe(rows[1].password_hash); // each its own salt
    const history = (await admin.get(`${U}history/?action=reset_password`)).body.results;
    expect(history.map((h: { account: { id: number } }) => h.account.id).sort()).toEqual([...ids].sort());
    expect(history[0].changes).toEqual({ is_force_reset_password: [false, true] });
  });

  it("a forced change: the right password gets a reset token, not a session; the new password clears the flag (decision 038)", async () => {
    const id = await accountId(api, "learner032");
    expect((await admin.post(RESET, body([id], { is_force_reset_password: true }))).status).toBe(200);
    const wrong = await api.client().post("/api/account/login/", { username: "learner032", password: DEMO_PASSWORD });
    expect(wrong.body).toEqual({ detail: MSG.incorrect_email_or_password }); // no token for a wrong password
    const visitor = api.client();
    const asked = await visitor.post("/api/account/login/", { username: "learner032", password: GOOD_PASSWORD });
    expect(asked.status).toBe(400);
    expect(asked.body).toEqual({ detail: MSG.password_change_required, token: expect.any(String) });
    expect((await visitor.get("/api/account/profile/")).status).toBe(401);
    // The same password again is refused; a new one clears the flag and signs in.
    const same = await visitor.post("/api/account/forgot-password/reset/", {
      token: asked.body.token,
      password: GOOD_PASSWORD,
      confirm_password: GOOD_PASSWORD,
    });
    expect(same.body).toEqual({ password: [MSG.password_must_differ] });
    const NEW = "Chosen-Pass7!";
    expect(
      (
        await visitor.post("/api/account/forgot-password/reset/", {
          token: asked.body.token,
          password: NEW,
          confirm_password: NEW,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await api.db
          .selectFrom("account")
          .select("is_force_reset_password")
          .where("id", "=", id)
          .executeTakeFirstOrThrow()
      ).is_force_reset_password,
    ).toBe(0);
    await api.client().login("learner032", NEW);
  });

  it("keeps the caller's own session when the caller is in the list", async () => {
    const staff = await api.signedIn("staff2");
    const other = await api.signedIn("staff2");
    const id = await accountId(api, "staff2");
    expect((await staff.post(RESET, body([id]))).status).toBe(200);
    expect((await staff.get("/api/account/profile/")).status).toBe(200);
    expect((await other.get("/api/account/profile/")).status).toBe(401);
  });
});

describe("account expiry (decision 038)", () => {
  it("an account signs in through its expiry date and not after", async () => {
    const id = await accountId(api, "learner033");
    const setExpiry = (date: string | null) =>
      api.db.updateTable("account").set({ expired_date: date }).where("id", "=", id).execute();
    await setExpiry("2026-06-01");
    await api.client().login("learner033");
    await setExpiry("2026-05-31");
    const refused = await api.client().post("/api/account/login/", { username: "learner033", password: DEMO_PASSWORD });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ detail: MSG.account_expired });
    // A wrong password never says whether the account has expired.
    const wrong = await api.client().post("/api/account/login/", { username: "learner033", password: "Wrong-Pass1!" });
    expect(wrong.body).toEqual({ detail: MSG.incorrect_email_or_password });
    await setExpiry(null);
    await api.client().login("learner033");
  });
});

describe("history lists", () => {
  it("lists every account's changes, newest first, filtered by action and account, searchable", async () => {
    const id = await accountId(api, "learner040");
    const it = await departmentId(api, "Information Technology");
    const from = (
      await api.db.selectFrom("account").select("department_id").where("id", "=", id).executeTakeFirstOrThrow()
    ).department_id;
    await admin.patch(`${U}${id}/`, { department: it });
    const moves = await admin.get(`${U}history/?action=department&account=${id}`);
    expect(moves.status).toBe(200);
    expect(moves.body.results).toEqual([
      expect.objectContaining({
        action: "department",
        account: expect.objectContaining({ username: "learner040" }),
        department_to: { id: it, name: "Information Technology" },
      }),
    ]);
    expect(moves.body.results[0].department_from?.id ?? null).toBe(from === it ? null : from);
    expect(
      (await admin.get(`${U}history/?search=learner040`)).body.results.every(
        (r: { account: { username: string } }) => r.account.username === "learner040",
      ),
    ).toBe(true);
    const bad = await admin.get(`${U}history/?action=delete&account=x`);
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ action: [MSG.invalid_choice], account: [MSG.invalid_choice] });
    expect((await admin.get(`${U}99999999/history/`)).status).toBe(404);
  });
});
