import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "../../contract/messages";
import { startTestApi, type Client, type TestApi } from "./harness";
import { accountId, newUser, snapshot, changedRows } from "./people-kit";

/**
 * A user's supervisor (spec 001 §3 "User: supervisor", issue 15; docs/decisions/034 amendment):
 * an existing account, not the user itself, and active when chosen — one already held may stay
 * after it is deactivated. And the picker's call: the user list searched among active accounts,
 * the chosen one named by id_list.
 */
let api: TestApi;
let admin: Client;
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.signedIn("admin");
});
afterAll(() => api.close());

const U = "/api/dashboard/user/";
const setActive = (id: number, on: boolean) =>
  api.db
    .updateTable("account")
    .set({ is_active: on ? 1 : 0 })
    .where("id", "=", id)
    .execute();
const supervisorOf = async (id: number) =>
  (await api.db.selectFrom("account").select("supervisor_id").where("id", "=", id).executeTakeFirstOrThrow())
    .supervisor_id;

describe("the supervisor rule", () => {
  it("refuses the user itself, an unknown account and an inactive one, writing nothing", async () => {
    const id = await accountId(api, "learner011");
    const inactive = await accountId(api, "learner012");
    await setActive(inactive, false);
    try {
      const before = await snapshot(api);
      for (const [supervisor, message] of [
        [id, MSG.supervisor_is_self],
        [99_999_999, MSG.invalid_choice],
        [inactive, MSG.supervisor_inactive],
      ] as const) {
        const res = await admin.patch(`${U}${id}/`, { supervisor });
        expect(res.status, String(supervisor)).toBe(400);
        expect(res.body).toEqual({ supervisor: [message] });
      }
      const created = await admin.post(U, newUser({ supervisor: inactive }));
      expect(created).toMatchObject({ status: 400, body: { supervisor: [MSG.supervisor_inactive] } });
      expect(changedRows(before, await snapshot(api))).toEqual([]);
    } finally {
      await setActive(inactive, true);
    }
  });

  it("sets an active account and answers it; null clears it", async () => {
    const id = await accountId(api, "learner013");
    const boss = await accountId(api, "manager");
    const res = await admin.patch(`${U}${id}/`, { supervisor: boss });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.supervisor).toMatchObject({ id: boss, username: "manager" });
    expect(await supervisorOf(id)).toBe(boss);
    expect((await admin.patch(`${U}${id}/`, { supervisor: null })).body.supervisor).toBeNull();
    expect(await supervisorOf(id)).toBeNull();
  });

  it("keeps a supervisor deactivated since: the form saved again as it is", async () => {
    const id = await accountId(api, "learner014");
    const boss = await accountId(api, "learner015");
    expect((await admin.patch(`${U}${id}/`, { supervisor: boss })).status).toBe(200);
    await setActive(boss, false);
    try {
      const res = await admin.patch(`${U}${id}/`, { supervisor: boss, first_name: "Kept" });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(await supervisorOf(id)).toBe(boss);
      // Another user may not take the inactive account as a new supervisor.
      const other = await accountId(api, "learner016");
      expect((await admin.patch(`${U}${other}/`, { supervisor: boss })).body).toEqual({
        supervisor: [MSG.supervisor_inactive],
      });
    } finally {
      await setActive(boss, true);
    }
  });
});

describe("the picker's call", () => {
  it("searches active accounts only and names a chosen one by id_list, whatever its state", async () => {
    const gone = await accountId(api, "learner017");
    await setActive(gone, false);
    try {
      const found = (await admin.get(`${U}?is_active=1&search=learner01&page_size=50`)).body;
      const names = (found.results as { username: string; is_active: boolean }[]).map((r) => r.username);
      expect(names).toContain("learner018");
      expect(names).not.toContain("learner017");
      expect(found.results.every((r: { is_active: boolean }) => r.is_active)).toBe(true);
      const named = (await admin.get(`${U}?id_list=${gone}&page_size=1`)).body;
      expect(named.results.map((r: { username: string }) => r.username)).toEqual(["learner017"]);
    } finally {
      await setActive(gone, true);
    }
  });
});
