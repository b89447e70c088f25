import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AccountOption } from "../../contract/schemas/content-permission";
import { startTestApi, type Client, type TestApi } from "./harness";

/**
 * The account pickers (docs/decisions/035): one query behind a user rule's accounts — a
 * content's and, now, a category's `permission/account/` — a group's new members
 * (`member/candidate/`) and the administrator candidates. Active accounts only, searched and
 * paged, who is already chosen left out, behind the access of the call they belong to.
 */

let api: TestApi;
let admin: Client;
let provider: Client;
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.signedIn("admin");
  provider = await api.signedIn("provider");
});
afterAll(() => api.close());

const D = "/api/dashboard";
const idOf = async (table: "category" | "course" | "account_group", code: string) =>
  (await api.db.selectFrom(table).select("id").where("code", "=", code).executeTakeFirstOrThrow()).id;
const accountId = async (username: string) =>
  (await api.db.selectFrom("account").select("id").where("username", "=", username).executeTakeFirstOrThrow()).id;
const usernames = (body: { results: AccountOption[] }) => body.results.map((r) => r.code);

describe("a category's user rules pick accounts as a content's do", () => {
  it("lists active accounts, searched and paged, in the content's shape; the category flag guards it", async () => {
    const category = await idOf("category", "COMP-SAF");
    const course = (await api.db.selectFrom("course").select("id").orderBy("id").executeTakeFirstOrThrow()).id;
    const own = await admin.get(`${D}/category/${category}/permission/account/?search=staff&page_size=5`);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ page: 1, page_size: 5, count: expect.any(Number) });
    expect(usernames(own.body)).toEqual(expect.arrayContaining(["staff1", "staff2"]));
    expect(own.body.results[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      code: expect.any(String),
      value: expect.any(Number),
    });
    // The same call as a course's: the same rows.
    expect((await admin.get(`${D}/course/${course}/permission/account/?search=staff&page_size=5`)).body).toEqual(
      own.body,
    );

    // id_list (spec 002 §7): the accounts a rule already names, whatever the search; unknown ids name nobody.
    const accountId = async (username: string) =>
      (await api.db.selectFrom("account").select("id").where("username", "=", username).executeTakeFirstOrThrow()).id;
    const [s1, l5] = [await accountId("staff1"), await accountId("learner005")];
    const named = await admin.get(
      `${D}/category/${category}/permission/account/?id_list=${l5},${s1},${s1},99999999&search=staff`,
    );
    expect(usernames(named.body)).toEqual(["staff1"]);
    expect(
      usernames((await admin.get(`${D}/category/${category}/permission/account/?id_list=${l5},${s1}`)).body),
    ).toEqual(["learner005", "staff1"]);
    expect((await admin.get(`${D}/category/${category}/permission/account/?id_list=1,x`)).status).toBe(400);

    // An inactive account is not offered.
    await api.db.updateTable("account").set({ is_active: 0 }).where("username", "=", "staff2").execute();
    try {
      expect(
        usernames((await admin.get(`${D}/category/${category}/permission/account/?search=staff`)).body),
      ).not.toContain("staff2");
    } finally {
      await api.db.updateTable("account").set({ is_active: 1 }).where("username", "=", "staff2").execute();
    }
    // category_change_category: the provider role reads categories but may not; no such category is a 404.
    expect((await provider.get(`${D}/category/${category}/permission/account/`)).status).toBe(403);
    expect((await admin.get(`${D}/category/999999/permission/account/`)).status).toBe(404);
  });

  it("a user rule of a category names accounts picked there", async () => {
    const R = `${D}/category/${await idOf("category", "COMP-SAF")}/permission/`;
    const rule = await admin.post(R, { mode: 3, permission: 2 });
    const picked = (await admin.get(`${R}account/?search=learner`)).body.results[0] as AccountOption;
    const saved = await admin.put(`${R}${rule.body.id}/condition/`, { account: [picked.id] });
    expect(saved.status).toBe(200);
    expect(saved.body.account).toEqual([picked.id]);
    expect((await admin.delete(`${R}${rule.body.id}/`)).status).toBe(204);
  });
});

describe("a group's new members are picked among those not in it yet", () => {
  it("leaves members out, and refuses a condition group", async () => {
    const group = await admin.post(`${D}/group/`, { name: "Pickers", code: "PICK-1" });
    const G = `${D}/group/${group.body.id}/member/`;
    const learner = await accountId("learner");
    expect(usernames((await admin.get(`${G}candidate/?search=learner`)).body)).toContain("learner");
    expect((await admin.post(G, { account_list: [learner] })).status).toBe(201);
    expect(usernames((await admin.get(`${G}candidate/?search=learner`)).body)).not.toContain("learner");
    // A condition group's members are its condition's: nothing to pick.
    const hr = await admin.get(`${D}/group/${await idOf("account_group", "G4")}/member/candidate/`);
    expect(hr.status).toBe(400);
    expect(hr.body).toEqual({ detail: "group_members_by_condition" });
    // The group's change: the read-only viewer may not.
    expect((await (await api.signedIn("viewer")).get(`${G}candidate/`)).status).toBe(403);
    expect((await admin.delete(`${D}/group/${group.body.id}/`)).status).toBe(204);
  });

  it("administrator candidates are still staff not yet listed", async () => {
    const admins = api.db.selectFrom("content_admin").select("content_id");
    const course = (
      await api.db
        .selectFrom("course")
        .select("id")
        .where("id", "not in", admins)
        .orderBy("id")
        .executeTakeFirstOrThrow()
    ).id;
    const A = `${D}/course/${course}/permission/admin/`;
    expect(usernames((await admin.get(`${A}candidate/?search=learner`)).body)).toEqual([]);
    expect((await admin.post(A, { account: await accountId("staff1") })).status).toBe(201);
    expect(usernames((await admin.get(`${A}candidate/?search=staff`)).body)).toEqual(["staff2"]);
    expect((await admin.delete(`${A}${await accountId("staff1")}/`)).status).toBe(204);
  });
});
