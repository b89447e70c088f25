import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_IDLE_SECONDS } from "../../contract/http";
import { MSG } from "../../contract/messages";
import { DASHBOARD_FLAG, flag } from "../../contract/permissions";
import { LOGIN_AS_MINUTES, type LoginAsLogRow } from "../../contract/schemas/login-as";
import { startTestApi, type Client, type TestApi } from "./harness";
import { accountId, signedInWithout } from "./people-kit";

/** Login as (issue 15 §6, docs/decisions/033): acting, its expiry, leaving, refusals and the log. */

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const START = "/api/dashboard/login-as/";
const LEAVE = "/api/dashboard/login-as/leave/";
const LOG = "/api/dashboard/login-as/log/";
const MINUTE = 60_000;

/** Start acting as `username`; the answer must be the 201 of the contract. */
async function actAs(client: Client, username: string, duration?: number) {
  const res = await client.post(START, {
    account: await accountId(api, username),
    ...(duration === undefined ? {} : { duration }),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; is_login_as: boolean; datetime_login_as_expire: string };
}
const logRows = async () => api.db.selectFrom("login_as").selectAll().orderBy("id").execute();
const latestLog = async () => (await logRows()).at(-1)!;
const flagsOf = async (client: Client) =>
  (await client.get("/api/dashboard/account/permission/")).body.permission as Record<string, boolean>;
const profileOf = async (client: Client) =>
  (await client.get("/api/account/profile/")).body as {
    id: number;
    is_login_as: boolean;
    datetime_login_as_expire: string | null;
  };

describe("acting as another account", () => {
  it("acts with the target's record and flags until it leaves, recording every write with both accounts", async () => {
    const staff = await api.signedIn("staff1");
    const [staffId, instructorId] = [await accountId(api, "staff1"), await accountId(api, "instructor")];
    expect((await flagsOf(staff))[flag("account", "view")]).toBe(true);

    const started = await actAs(staff, "instructor");
    expect(started).toMatchObject({
      id: instructorId,
      is_login_as: true,
      datetime_login_as_expire: new Date(api.clock.now.getTime() + LOGIN_AS_MINUTES.default * MINUTE).toISOString(),
    });
    expect(await profileOf(staff)).toMatchObject({
      id: instructorId,
      is_login_as: true,
      datetime_login_as_expire: started.datetime_login_as_expire,
    });
    // Every call now sees the instructor's flags, not the administrator's.
    const flags = await flagsOf(staff);
    expect(flags[flag("account", "view")]).toBe(false);
    expect(flags[DASHBOARD_FLAG]).toBe(true);
    expect((await staff.get("/api/dashboard/user/")).status).toBe(403);

    // A write that goes through is recorded; a refused one wrote nothing and is not.
    expect((await staff.patch("/api/account/profile/", { language: "th" })).status).toBe(200);
    expect((await staff.post("/api/dashboard/user/", { username: "nobody" })).status).toBe(403);
    const log = await latestLog();
    expect(log).toMatchObject({
      administrator_id: staffId,
      account_id: instructorId,
      duration_minutes: 30,
      datetime_end: null,
      end_reason: null,
    });
    const admin = await api.signedIn("admin");
    const writes = (await admin.get(`${LOG}${log.id}/write/`)).body;
    // What changed (issue 33 §15): the row the answer named and the fields sent, never their values.
    expect(writes.results).toEqual([
      {
        id: expect.any(Number),
        method: "PATCH",
        path: "/api/account/profile/",
        status: 200,
        datetime_create: api.clock.now.toISOString(),
        target_name: "Somchai Jaidee",
        fields: ["language"],
      },
    ]);
    const row = (await admin.get(`${LOG}${log.id}/`)).body as LoginAsLogRow;
    expect(row).toMatchObject({
      administrator: { id: staffId, username: "staff1" },
      account: { id: instructorId, username: "instructor" },
      is_active: true,
      count_write: 1,
      end_reason: null,
    });
    // The write changed the instructor's record, not the administrator's.
    expect(
      (await api.db.selectFrom("account").select("language").where("id", "=", instructorId).executeTakeFirstOrThrow())
        .language,
    ).toBe("th");

    // Nesting is refused, whatever flags the target holds.
    const nested = await staff.post(START, { account: await accountId(api, "manager") });
    expect(nested).toMatchObject({ status: 400, body: { detail: MSG.login_as_nested } });

    api.advance(2 * MINUTE);
    const left = await staff.post(LEAVE, {});
    expect(left.status).toBe(200);
    expect(left.body).toMatchObject({ id: staffId, is_login_as: false, datetime_login_as_expire: null });
    expect(await profileOf(staff)).toMatchObject({ id: staffId, is_login_as: false });
    expect((await flagsOf(staff))[flag("account", "view")]).toBe(true);
    expect(await latestLog()).toMatchObject({ datetime_end: api.clock.now.toISOString(), end_reason: "leave" });
    const ended = (await admin.get(`${LOG}${log.id}/`)).body as LoginAsLogRow;
    expect(ended).toMatchObject({ is_active: false, end_reason: "leave", duration_seconds: 120, count_write: 1 });
    // Leaving is no write of the target's; leaving twice has nothing to leave.
    expect((await admin.get(`${LOG}${log.id}/write/`)).body.count).toBe(1);
    expect(await staff.post(LEAVE, {})).toMatchObject({ status: 400, body: { detail: MSG.login_as_not_acting } });
  });

  it("records what a write changed: the row's name from the answer, the fields sent; none for a delete", async () => {
    const acting = await api.signedIn("staff2");
    await actAs(acting, "staff1");
    const created = await acting.post("/api/dashboard/department/", { name: "Audit Trail Team", code: "AUD-TT" });
    expect(created.status).toBe(201);
    expect((await acting.delete(`/api/dashboard/department/${created.body.id}/`)).status).toBe(204);
    const log = await latestLog();
    const reader = await api.signedIn("admin");
    const writes = (await reader.get(`${LOG}${log.id}/write/`)).body.results;
    expect(
      writes.map((w: { method: string; target_name: string | null; fields: string[] }) => [
        w.method,
        w.target_name,
        w.fields,
      ]),
    ).toEqual([
      ["POST", "Audit Trail Team", ["name", "code"]],
      ["DELETE", null, []],
    ]);
    await acting.post(LEAVE, {});
  });

  it("returns to the administrator by itself when its time is up", async () => {
    const staff = await api.signedIn("staff1");
    const started = await actAs(staff, "manager", 5);
    api.advance(5 * MINUTE - 1000);
    expect((await profileOf(staff)).is_login_as).toBe(true);
    api.advance(1000);
    expect(await profileOf(staff)).toMatchObject({
      id: await accountId(api, "staff1"),
      is_login_as: false,
      datetime_login_as_expire: null,
    });
    expect(await latestLog()).toMatchObject({ end_reason: "expired", datetime_end: started.datetime_login_as_expire });
    // The session itself lives on, as the administrator's.
    expect((await flagsOf(staff))[flag("account", "view")]).toBe(true);
  });

  it("shows an acting nobody saw end as ended at its expiry", async () => {
    const staff = await api.signedIn("staff1");
    const started = await actAs(staff, "viewer", 5);
    api.advance(6 * MINUTE);
    const admin = await api.signedIn("admin");
    const row = (await admin.get(`${LOG}${(await latestLog()).id}/`)).body as LoginAsLogRow;
    expect(row).toMatchObject({
      is_active: false,
      end_reason: "expired",
      datetime_end: started.datetime_login_as_expire,
      duration_seconds: 300,
    });
  });

  it("ends with the session: signed out, or dead of idleness", async () => {
    const staff = await api.signedIn("staff1");
    await actAs(staff, "provider");
    expect((await staff.post("/api/account/logout/", {})).status).toBe(200);
    expect(await latestLog()).toMatchObject({ end_reason: "logout", datetime_end: api.clock.now.toISOString() });
    expect((await staff.get("/api/account/profile/")).status).toBe(401);

    const again = await api.signedIn("staff1");
    await actAs(again, "provider");
    api.advance((SESSION_IDLE_SECONDS + 1) * 1000);
    expect((await again.get("/api/account/profile/")).status).toBe(401);
    expect(await latestLog()).toMatchObject({ end_reason: "session_end", datetime_end: api.clock.now.toISOString() });
  });

  it("ends when the target is deactivated meanwhile", async () => {
    const staff = await api.signedIn("staff1");
    const admin = await api.signedIn("admin");
    const target = await accountId(api, "learner003");
    await actAs(staff, "learner003");
    expect((await admin.post(`/api/dashboard/user/${target}/deactivate/`, {})).status).toBe(200);
    expect(await profileOf(staff)).toMatchObject({ id: await accountId(api, "staff1"), is_login_as: false });
    expect(await latestLog()).toMatchObject({ end_reason: "account_inactive" });
    expect((await admin.post(`/api/dashboard/user/${target}/activate/`, {})).status).toBe(200);
  });
});

describe("refusals", () => {
  it("refuses oneself, an inactive account, a superuser to a non-superuser, a bad duration; writing nothing", async () => {
    const staff = await api.signedIn("staff1");
    const admin = await api.signedIn("admin");
    const inactive = await accountId(api, "learner004");
    expect((await admin.post(`/api/dashboard/user/${inactive}/deactivate/`, {})).status).toBe(200);
    const before = (await logRows()).length;
    const refused = async (client: Client, body: Record<string, unknown>, errors: Record<string, string[]>) => {
      const res = await client.post(START, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual(errors);
    };
    const instructor = await accountId(api, "instructor");
    await refused(staff, { account: await accountId(api, "staff1") }, { account: [MSG.login_as_self] });
    await refused(staff, { account: inactive }, { account: [MSG.login_as_inactive] });
    await refused(staff, { account: await accountId(api, "admin") }, { account: [MSG.login_as_superuser] });
    await refused(staff, { account: 99_999_999 }, { account: [MSG.account_not_found] });
    await refused(staff, { account: "x" }, { account: [MSG.invalid] });
    for (const duration of [LOGIN_AS_MINUTES.min - 1, LOGIN_AS_MINUTES.max + 1, "ten", 7.5]) {
      await refused(staff, { account: instructor, duration }, { duration: [MSG.login_as_duration] });
    }
    expect(await logRows()).toHaveLength(before);
    expect((await profileOf(staff)).is_login_as).toBe(false);
    // A superuser may act as another superuser; the bounds themselves are allowed.
    await actAs(admin, "sysadmin", LOGIN_AS_MINUTES.max);
    expect((await admin.post(LEAVE, {})).status).toBe(200);
    await actAs(staff, "instructor", LOGIN_AS_MINUTES.min);
    expect((await staff.post(LEAVE, {})).status).toBe(200);
  });

  it("needs a session and the login-as flags; a refusal writes nothing", async () => {
    const before = (await logRows()).length;
    const anonymous = api.client();
    for (const res of [
      await anonymous.get(`${START}account/`),
      await anonymous.post(START, { account: 1 }),
      await anonymous.post(LEAVE, {}),
      await anonymous.get(LOG),
    ]) {
      expect(res.status).toBe(401);
    }
    const learner = await api.signedIn("learner");
    expect((await learner.post(START, { account: await accountId(api, "learner001") })).status).toBe(403);
    const { client: noAdd } = await signedInWithout(api, flag("login_as", "add"));
    expect((await noAdd.get(`${START}account/`)).status).toBe(403);
    expect((await noAdd.post(START, { account: await accountId(api, "learner001") })).status).toBe(403);
    const { client: noView } = await signedInWithout(api, flag("login_as", "view"));
    expect((await noView.get(LOG)).status).toBe(403);
    expect((await noView.get(`${LOG}1/`)).status).toBe(403);
    expect((await noView.get(`${LOG}1/write/`)).status).toBe(403);
    expect(await logRows()).toHaveLength(before);
  });
});

describe("choosing the account", () => {
  it("lists the active accounts one may act as, with whether each can use the dashboard", async () => {
    const staff = await api.signedIn("staff1");
    type Row = { username: string; can_use_dashboard: boolean };
    const all: Row[] = [];
    for (let page = 1; ; page++) {
      const res = await staff.get(`${START}account/?page_size=200&page=${page}`);
      expect(res.status).toBe(200);
      all.push(...res.body.results);
      if (!res.body.next) break;
    }
    const names = all.map((r) => r.username);
    expect(names).not.toContain("staff1");
    expect(names).not.toContain("admin");
    expect(names).not.toContain("sysadmin");
    expect(names).not.toContain("learner004"); // deactivated above
    expect(all.find((r) => r.username === "instructor")?.can_use_dashboard).toBe(true);
    expect(all.find((r) => r.username === "learner")?.can_use_dashboard).toBe(false);
    const admin = await api.signedIn("admin");
    const found = (await admin.get(`${START}account/?search=SYSADMIN`)).body.results as Row[];
    expect(found.map((r) => r.username)).toEqual(["sysadmin"]);
    expect(found[0].can_use_dashboard).toBe(true);
    expect((await admin.get(`${START}account/?ordering=password_hash`)).status).toBe(400);
  });
});

describe("the log", () => {
  it("lists who acted as whom, newest first, with search, filters and paging", async () => {
    const admin = await api.signedIn("admin");
    const res = await admin.get(`${LOG}?page_size=2`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["count", "next", "page", "page_size", "results"]);
    const count = (await logRows()).length;
    expect(res.body.count).toBe(count);
    const first = res.body.results[0] as LoginAsLogRow;
    expect(first.id).toBe((await latestLog()).id);
    expect(Object.keys(first).sort()).toEqual(
      [
        "id",
        "administrator",
        "account",
        "duration_minutes",
        "datetime_start",
        "datetime_expire",
        "datetime_end",
        "end_reason",
        "duration_seconds",
        "is_active",
        "count_write",
        "ip",
      ].sort(),
    );
    const instructor = await accountId(api, "instructor");
    const byAccount = (await admin.get(`${LOG}?account=${instructor}`)).body.results as LoginAsLogRow[];
    expect(byAccount.length).toBeGreaterThan(0);
    expect(byAccount.every((r) => r.account.id === instructor)).toBe(true);
    const admins = (await admin.get(`${LOG}?administrator=${await accountId(api, "admin")}`)).body
      .results as LoginAsLogRow[];
    expect(admins.map((r) => r.account.username)).toEqual(["sysadmin"]);
    const searched = (await admin.get(`${LOG}?search=SYSADMIN`)).body.results as LoginAsLogRow[];
    expect(searched.map((r) => r.account.username)).toEqual(["sysadmin"]);
    const oldest = (await admin.get(`${LOG}?ordering=datetime_start&page_size=1`)).body.results[0] as LoginAsLogRow;
    expect(oldest.id).toBe((await logRows())[0].id);
    expect((await admin.get(`${LOG}?ordering=ip`)).body).toEqual({ ordering: [MSG.invalid_choice] });
    expect((await admin.get(`${LOG}?account=abc`)).body).toEqual({ account: [MSG.invalid_choice] });
    expect((await admin.get(`${LOG}99999999/`)).status).toBe(404);
    expect((await admin.get(`${LOG}99999999/write/`)).status).toBe(404);
  });
  it("exports the list as csv and xlsx, its search and ordering kept, every row; needs the export flag", async () => {
    const admin = await api.signedIn("admin");
    await actAs(await api.signedIn("staff1"), "instructor");
    await actAs(await api.signedIn("admin"), "sysadmin");
    const download = async (client: Client, query: string) => {
      const res = await api.app.inject({
        method: "GET",
        url: `${LOG}export/?${query}`,
        headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
      });
      return { status: res.statusCode, headers: res.headers, raw: res.rawPayload };
    };
    const csv = await download(admin, "format_type=csv&ordering=datetime_start");
    expect(csv.status).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers["content-disposition"]).toMatch(/^attachment; filename="login-as-log-\d{8}\.csv"/);
    const lines = csv.raw.toString("utf8").slice(1).trim().split("\r\n");
    expect(lines[0].split(",").slice(0, 3)).toEqual(["No.", "Administrator", "Administrator · Username"]);
    const all = await logRows();
    expect(lines).toHaveLength(all.length + 1);
    // Oldest first, as asked; the accounts by name and username.
    const [oldest] = (await admin.get(`${LOG}?ordering=datetime_start&page_size=1`)).body.results as LoginAsLogRow[];
    expect(lines[1].split(",").slice(0, 5)).toEqual([
      "1",
      `${oldest.administrator.first_name} ${oldest.administrator.last_name}`,
      oldest.administrator.username,
      `${oldest.account.first_name} ${oldest.account.last_name}`,
      oldest.account.username,
    ]);
    const searched = (await download(admin, "format_type=csv&search=SYSADMIN")).raw
      .toString("utf8")
      .trim()
      .split("\r\n");
    expect(searched).toHaveLength((await admin.get(`${LOG}?search=SYSADMIN`)).body.count + 1);
    expect(searched.slice(1).every((l) => l.includes(",sysadmin,"))).toBe(true);
    const xlsx = await download(admin, "format_type=xlsx");
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers["content-type"]).toMatch(/spreadsheetml/);
    expect([...xlsx.raw.subarray(0, 2)]).toEqual([0x50, 0x4b]);
    expect((await download(admin, "format_type=pdf")).status).toBe(400);
    const { client: refused } = await signedInWithout(api, flag("login_as", "export"));
    expect((await download(refused, "format_type=csv")).status).toBe(403);
  });
});
