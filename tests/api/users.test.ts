import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "../../contract/messages";
import { flag } from "../../contract/permissions";
import { startTestApi, type Client, type TestApi } from "./harness";
import {
  GOOD_PASSWORD,
  THAI_IDS,
  accountId,
  departmentId,
  newUser,
  signedInWithout,
  snapshot,
  changedRows,
} from "./people-kit";

/** Users: list, create, read, update, and every rule of spec 001 §5 "Accounts" (issue 15 §1). */

let api: TestApi;
let admin: Client;
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.signedIn("admin");
});
afterAll(() => api.close());

const U = "/api/dashboard/user/";
type Row = { id: number; username: string; department: { id: number; name: string } | null; is_active: boolean };
const usernames = (body: { results: Row[] }) => body.results.map((r) => r.username);

/** POST a user that must be refused with exactly `errors`, writing nothing. */
async function refusedCreate(body: Record<string, unknown>, errors: Record<string, string[]>) {
  const before = await snapshot(api);
  const res = await admin.post(U, body);
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body).toEqual(errors);
  expect(changedRows(before, await snapshot(api)), "a refused create wrote").toEqual([]);
}

describe("permission", () => {
  it("needs a session and the account flags; a refusal writes nothing", async () => {
    expect((await api.client().get(U)).status).toBe(401);
    const learner = await api.signedIn("learner");
    expect((await learner.get(U)).status).toBe(403);
    const { client: staff } = await signedInWithout(api, flag("account", "view"));
    const target = await accountId(api, "learner001");
    const before = await snapshot(api);
    for (const res of [
      await staff.get(U),
      await staff.get(`${U}${target}/`),
      await staff.get(`${U}${target}/history/`),
      await staff.post(U, newUser()),
      await staff.patch(`${U}${target}/`, { first_name: "Hacked" }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ detail: MSG.permission_denied });
    }
    expect(changedRows(before, await snapshot(api))).toEqual([]);
  });

  it("keeps a superuser's account out of a plain administrator's hands", async () => {
    const staff = await api.signedIn("staff1"); // the administrator role: every flag, no superuser
    const superuser = await accountId(api, "admin");
    const before = await snapshot(api);
    const res = await staff.patch(`${U}${superuser}/`, { email: "taken-over@example.test" });
    expect(res.status).toBe(403);
    expect(changedRows(before, await snapshot(api))).toEqual([]);
    expect((await staff.patch(`${U}${await accountId(api, "learner002")}/`, { middle_name: "Mid" })).status).toBe(200);
  });
});

describe("list", () => {
  it("answers the paged shape of user rows", async () => {
    const res = await admin.get(`${U}?page_size=5`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["count", "next", "page", "page_size", "results"]);
    expect(res.body.results).toHaveLength(5);
    expect(res.body.results[0]).toMatchObject({
      id: expect.any(Number),
      username: expect.any(String),
      is_active: true,
    });
  });

  it("searches username, names, email and employee code", async () => {
    expect(usernames((await admin.get(`${U}?search=ADMIN`)).body)).toContain("admin");
    expect(usernames((await admin.get(`${U}?search=somchai`)).body)).toEqual(["instructor"]);
    expect(usernames((await admin.get(`${U}?search=manager@demo`)).body)).toEqual(["manager"]);
    // id_list (spec 002 §7): the accounts a bulk form has chosen, with any search beside it.
    const ids = await Promise.all(["staff1", "manager"].map((u) => accountId(api, u)));
    expect(usernames((await admin.get(`${U}?id_list=${ids.join(",")},99999999`)).body)).toEqual(["manager", "staff1"]);
    expect(usernames((await admin.get(`${U}?id_list=${ids.join(",")}&search=staff`)).body)).toEqual(["staff1"]);
  });

  it("filters by department with its sub-departments, level, position and status", async () => {
    const hr = await departmentId(api, "Human Resources");
    const subtree = [hr, await departmentId(api, "Recruitment"), await departmentId(api, "Training and Development")];
    const expected = (
      await api.db.selectFrom("account").select("username").where("department_id", "in", subtree).execute()
    )
      .map((r) => r.username)
      .sort();
    const direct = await api.db.selectFrom("account").select("id").where("department_id", "=", hr).execute();
    expect(expected.length).toBeGreaterThan(direct.length); // the sub-departments add people
    const res = await admin.get(`${U}?department=${hr}&page_size=1000`);
    expect(res.body.count).toBe(expected.length);
    expect(usernames(res.body).every((u) => expected.includes(u))).toBe(true);

    const level = (
      await api.db.selectFrom("level").select("id").where("name", "=", "Manager").executeTakeFirstOrThrow()
    ).id;
    const byLevel = await admin.get(`${U}?level=${level}&page_size=1000`);
    const levelCount = (await api.db.selectFrom("account").select("id").where("level_id", "=", level).execute()).length;
    expect(byLevel.body.count).toBe(levelCount);
    const position = (
      await api.db.selectFrom("position").select("id").where("name", "=", "Engineer").executeTakeFirstOrThrow()
    ).id;
    expect(usernames((await admin.get(`${U}?position=${position}&search=instructor`)).body)).toEqual(["instructor"]);

    await api.db.updateTable("account").set({ is_active: 0 }).where("username", "=", "learner003").execute();
    expect(usernames((await admin.get(`${U}?is_active=false&page_size=1000`)).body)).toContain("learner003");
    expect(usernames((await admin.get(`${U}?is_active=true&page_size=1000`)).body)).not.toContain("learner003");
    expect((await admin.get(`${U}?is_active=all`)).status).toBe(200);
    await api.db.updateTable("account").set({ is_active: 1 }).where("username", "=", "learner003").execute();
  });

  it("refuses a filter value that is no id, and an unknown ordering", async () => {
    const res = await admin.get(`${U}?department=abc&is_active=maybe&ordering=password_hash`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      department: [MSG.invalid_choice],
      is_active: [MSG.invalid_choice],
      ordering: [MSG.invalid_choice],
    });
  });

  it("orders by the whitelisted keys", async () => {
    const res = await admin.get(`${U}?ordering=-username&search=staff`);
    expect(usernames(res.body)).toEqual(["staff2", "staff1"]);
  });
});

describe("create", () => {
  it("makes the account, answers it in full, records it, and the user can sign in", async () => {
    const hr = await departmentId(api, "Human Resources");
    const res = await admin.post(
      U,
      newUser({
        username: "Kanya.P",
        email: "kanya@example.test",
        code: "EMP-0001",
        id_card: "1-1017-00230-70-8",
        phone: "+66 81-234-5678",
        department: hr,
        title: "Ms.",
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      username: "Kanya.P",
      email: "kanya@example.test",
      code: "EMP-0001",
      id_card: THAI_IDS[0],
      gender: "female",
      title: "Ms.",
      department: { id: hr, name: "Human Resources" },
      department_path: [{ name: "Head Office" }, { id: hr, name: "Human Resources" }],
      is_active: true,
      is_superuser: false,
      role_list: [],
      progress_summary: [],
      supervisor: null,
    });
    // In Human Resources, so the condition group "HR team" holds the new account at once.
    expect(res.body.group_list).toEqual([expect.objectContaining({ name: "HR team", type: "CONDITION" })]);
    expect(JSON.stringify(res.body)).not.toMatch(/password_hash|Fresh-Pass9/);
    const history = await admin.get(`${U}${res.body.id}/history/`);
    expect(history.body.results).toHaveLength(1);
    expect(history.body.results[0]).toMatchObject({
      action: "create",
      created_by: { username: "admin" },
      changes: { username: [null, "Kanya.P"] },
    });
    expect(JSON.stringify(history.body)).not.toContain(GOOD_PASSWORD);
    await api.client().login("kanya.p", GOOD_PASSWORD);
  });

  it("refuses each missing required field with required", async () => {
    const errors = Object.fromEntries(
      ["username", "first_name", "last_name", "gender", "email", "password", "confirm_password"].map((f) => [
        f,
        [MSG.required],
      ]),
    );
    await refusedCreate({}, errors);
    await refusedCreate(newUser({ first_name: "   ", gender: "" }), {
      first_name: [MSG.required],
      gender: [MSG.required],
    });
  });

  it("refuses a username outside 4–32 characters or with other characters", async () => {
    await refusedCreate(newUser({ username: "abc" }), { username: [MSG.username_length] });
    await refusedCreate(newUser({ username: "a".repeat(33) }), { username: [MSG.username_length] });
    await refusedCreate(newUser({ username: "two words" }), { username: [MSG.username_characters] });
    expect((await admin.post(U, newUser({ username: "abcd" }))).status).toBe(201);
    expect((await admin.post(U, newUser({ username: "ก".repeat(32) }))).status).toBe(201);
  });

  it("refuses a password outside the configured rule, and a confirmation that differs", async () => {
    await refusedCreate(newUser({ password: "Sh0rt!", confirm_password: "Sh0rt!" }), {
      password: [MSG.password_length],
    });
    await refusedCreate(newUser({ password: `Aa1!${"x".repeat(29)}`, confirm_password: `Aa1!${"x".repeat(29)}` }), {
      password: [MSG.password_length],
    });
    for (const weak of ["alllower1!", "ALLUPPER1!", "NoDigits!!", "NoSymbol12"]) {
      await refusedCreate(newUser({ password: weak, confirm_password: weak }), { password: [MSG.password_kinds] });
    }
    await refusedCreate(newUser({ confirm_password: "Other-Pass9" }), { confirm_password: [MSG.password_not_match] });
  });

  it("follows the configuration's password rule", async () => {
    await api.db.updateTable("config").set({ value: "false" }).where("key", "=", "password-require-symbol").execute();
    expect((await admin.post(U, newUser({ password: "NoSymbol12", confirm_password: "NoSymbol12" }))).status).toBe(201);
    await api.db.updateTable("config").set({ value: "true" }).where("key", "=", "password-require-symbol").execute();
  });

  it("refuses bad email, phone, ID card and gender formats", async () => {
    await refusedCreate(newUser({ email: "not-an-email" }), { email: [MSG.invalid_email] });
    await refusedCreate(newUser({ phone: "12345" }), { phone: [MSG.invalid_phone] });
    await refusedCreate(newUser({ phone: "08x-123-4567" }), { phone: [MSG.invalid_phone] });
    await refusedCreate(newUser({ id_card: "1101700230709" }), { id_card: [MSG.invalid_id_card] }); // wrong check digit
    await refusedCreate(newUser({ id_card: "110170023070" }), { id_card: [MSG.invalid_id_card] });
    await refusedCreate(newUser({ gender: "other" }), { gender: [MSG.invalid_choice] });
    await refusedCreate(newUser({ date_birth: "2001-02-30" }), { date_birth: [MSG.invalid] });
  });

  it("refuses a username, email, employee code or ID card already used, each with its own message", async () => {
    expect((await admin.post(U, newUser({ code: "EMP-DUP", id_card: THAI_IDS[1] }))).status).toBe(201);
    await refusedCreate(newUser({ username: "ADMIN" }), { username: [MSG.username_already_used] });
    await refusedCreate(newUser({ email: "Manager@Demo.LMS.local" }), { email: [MSG.email_already_used] });
    await refusedCreate(newUser({ code: "emp-dup" }), { code: [MSG.employee_code_already_used] });
    await refusedCreate(newUser({ id_card: THAI_IDS[1] }), { id_card: [MSG.id_card_already_used] });
    await refusedCreate(newUser({ username: "admin", email: "admin@demo.lms.local" }), {
      username: [MSG.username_already_used],
      email: [MSG.email_already_used],
    });
  });

  it("refuses references to rows that do not exist", async () => {
    await refusedCreate(newUser({ department: 999999, level: 999999, position: 999999, supervisor: 999999 }), {
      department: [MSG.invalid_choice],
      position: [MSG.invalid_choice],
      level: [MSG.invalid_choice],
      supervisor: [MSG.invalid_choice],
    });
  });
});

describe("one user", () => {
  it("shows the profile with roles, groups and a summary of enrollments", async () => {
    const res = await admin.get(`${U}${await accountId(api, "learner")}/`);
    expect(res.status).toBe(200);
    expect(res.body.group_list).toEqual([expect.objectContaining({ name: "New Joiners 2026", type: "ACCOUNT" })]);
    const staff = await admin.get(`${U}${await accountId(api, "staff1")}/`);
    expect(staff.body.role_list).toEqual([{ id: 1, name: "Administrator", code: "administrator" }]);
    const enrolled = await api.db
      .selectFrom("content_enrollment")
      .select("account_id")
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const learner = await admin.get(`${U}${enrolled.account_id}/`);
    const counted = await api.db
      .selectFrom("content_enrollment")
      .select("id")
      .where("account_id", "=", enrolled.account_id)
      .execute();
    expect(learner.body.progress_summary.reduce((n: number, s: { count: number }) => n + s.count, 0)).toBe(
      counted.length,
    );
    expect((await admin.get(`${U}99999999/`)).status).toBe(404);
  });

  it("lists the condition groups the user matches now, by the group evaluator", async () => {
    const id = (await admin.post(U, newUser({ username: "joiner.hr", email: "joiner.hr@example.test" }))).body.id;
    const names = async () => (await admin.get(`${U}${id}/`)).body.group_list.map((g: { name: string }) => g.name);
    expect(await names()).not.toContain("HR team");
    // "HR team": everyone in Human Resources and its sub-departments (api/db/seed-groups.ts).
    expect((await admin.patch(`${U}${id}/`, { department: await departmentId(api, "Recruitment") })).status).toBe(200);
    expect(await names()).toContain("HR team");
  });
});

describe("update", () => {
  it("changes the fields given, records them, and a move of department as its own history row", async () => {
    const id = (await admin.post(U, newUser({ username: "mover", email: "mover@example.test" }))).body.id;
    const sales = await departmentId(api, "Sales");
    const res = await admin.patch(`${U}${id}/`, {
      first_name: "Moved",
      department: sales,
      phone: "0812345678",
      is_subscribe: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      first_name: "Moved",
      last_name: "Newcomer",
      department: { id: sales, name: "Sales" },
      phone: "0812345678",
      is_subscribe: true,
    });
    const history = (await admin.get(`${U}${id}/history/`)).body.results;
    // Newest first (the same moment here: the later row first).
    expect(history.map((h: { action: string }) => h.action)).toEqual(["department", "update", "create"]);
    expect(history.find((h: { action: string }) => h.action === "update").changes).toEqual({
      first_name: ["Nadia", "Moved"],
      phone: [null, "0812345678"],
      is_subscribe: [false, true],
    });
    expect(history.find((h: { action: string }) => h.action === "department")).toMatchObject({
      department_from: null,
      department_to: { id: sales, name: "Sales" },
    });
    // The same values again change nothing and record nothing.
    const before = await snapshot(api);
    expect((await admin.patch(`${U}${id}/`, { first_name: "Moved", department: sales })).status).toBe(200);
    expect(changedRows(before, await snapshot(api))).toEqual([]);
  });

  it("refuses what create refuses, against other accounts only, and writes nothing", async () => {
    const id = await accountId(api, "learner004");
    const own = await api.db
      .selectFrom("account")
      .select(["username", "email"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect((await admin.patch(`${U}${id}/`, { username: own.username.toUpperCase(), email: own.email })).status).toBe(
      200,
    );
    const before = await snapshot(api);
    for (const [body, errors] of [
      [{ username: "manager" }, { username: [MSG.username_already_used] }],
      [{ email: "" }, { email: [MSG.required] }],
      [{ supervisor: id }, { supervisor: [MSG.supervisor_is_self] }],
      [
        { gender: "x", phone: "1" },
        { gender: [MSG.invalid_choice], phone: [MSG.invalid_phone] },
      ],
    ] as const) {
      const res = await admin.patch(`${U}${id}/`, body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(errors);
    }
    expect(changedRows(before, await snapshot(api))).toEqual([]);
    expect((await admin.patch(`${U}99999999/`, { first_name: "Nobody" })).status).toBe(404);
  });
});
