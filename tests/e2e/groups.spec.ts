import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { acceptPendingTerms, signIn } from "./helpers";
import { all as rows, isJs, one } from "./course-fixtures";
import { analyse } from "./axe";

/**
 * Groups and the master data screens around them (issue 15 §4–§5, docs/decisions/030, 035), with
 * JavaScript on and off: a condition group built, previewed ("matches N users", nothing saved)
 * and saved, its members then computed; a group of users whose member is added and removed; a
 * provider's administrator and highlight; a category's permission rules with their conditions;
 * a Thai page. Both projects share one database, so each works on rows of its own.
 */

const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });
const tag = (info: TestInfo) => (isJs(info) ? "N" : "F");
const idOf = (table: "provider" | "category" | "account_group", code: string) =>
  one<{ id: number }>(`select id from ${table} where code = ?`, code).id;
/** Active accounts in Human Resources and the departments below it: whom "HR with its sub-departments" matches. */
const hrWithSubs = () =>
  one<{ n: number }>(
    `with recursive d(id) as (select id from department where code = 'HR' union all select x.id from department x join d on x.parent_id = d.id)
     select count(*) as n from account where is_active = 1 and department_id in (select id from d)`,
  ).n;

test.beforeEach(async ({ page }) => {
  await signIn(page, "admin", "/dashboard/group");
  await page.waitForURL((url) => !url.pathname.includes("/account/signin"));
  await acceptPendingTerms(page);
  await expect(page).toHaveURL(/\/dashboard\/group\/?$/);
});

async function createGroup(page: Page, name: string, kind: string): Promise<number> {
  await page.goto("/dashboard/group/create");
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(name);
  await page.getByLabel("Kind of group").selectOption({ label: kind });
  await page.getByRole("button", { name: "Create" }).click();
  await expect(toast(page, "Created.")).toBeVisible();
  return Number(/\/group\/(\d+)\//.exec(page.url())![1]);
}

test("a condition group: a department with its sub-departments, previewed, saved, its members computed", async ({
  page,
}, info) => {
  const id = await createGroup(page, `HR people ${tag(info)}`, "By condition");
  await page.getByRole("navigation", { name: "Tabs" }).getByRole("link", { name: "Condition" }).click();
  await expect(page.getByRole("heading", { name: "Condition of the group" })).toBeVisible();
  await expect(page.getByText("The group has 0 members now.")).toBeVisible();
  // What the API refuses is not offered: no level-group years.
  await expect(page.getByLabel("Years in their level group from")).toHaveCount(0);
  await page.getByLabel("Head Office › Human Resources", { exact: true }).check();
  await page.getByLabel("Include their sub-departments").check();

  const expected = hrWithSubs();
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Matches ${expected} users now.` })).toBeVisible();
  // Previewed, not saved; the form still shows what was previewed.
  expect(one<{ n: number }>("select count(*) as n from account_group_condition_item where group_id = ?", id).n).toBe(0);
  await expect(page.getByLabel("Head Office › Human Resources", { exact: true })).toBeChecked();
  await expect(page.getByLabel("Include their sub-departments")).toBeChecked();

  await page.getByRole("button", { name: "Save condition" }).click();
  await expect(toast(page, "Condition saved. The group's members follow it.")).toBeVisible();
  await expect(page.getByText(`The group has ${expected} members now.`)).toBeVisible();
  expect(one("select is_include_sub_department as sub from account_group_condition where group_id = ?", id)).toEqual({
    sub: 1,
  });
  expect(rows<{ field: string }>("select field from account_group_condition_item where group_id = ?", id)).toEqual([
    { field: "department" },
  ]);

  await page.getByRole("link", { name: "See who they are" }).click();
  await expect(page.getByRole("heading", { name: "Members" })).toContainText(`${expected} members now`);
  await expect(page.getByText("The condition decides who is in this group")).toBeVisible();
  // Read-only: nothing to add or remove by hand.
  await expect(page.getByText("Add members")).toHaveCount(0);
  await expect(page.getByRole("link", { name: /^Remove / })).toHaveCount(0);
  await page.getByRole("searchbox", { name: "Find a member by name, username or email" }).fill("learner003");
  await page
    .getByRole("search", { name: "Find a member by name, username or email" })
    .getByRole("button", { name: "Search" })
    .click();
  await expect(page.getByRole("table", { name: "Members" }).getByText("learner003", { exact: true })).toBeVisible();
});

test("a group of users: a member added from a search, then removed after confirming", async ({ page }, info) => {
  const id = await createGroup(page, `Mentors ${tag(info)}`, "List of users");
  await page.goto(`/dashboard/group/${id}/member`);
  await expect(page.getByText("No members yet: add some below.")).toBeVisible();
  await page.getByText("Add members").click();
  await page.getByRole("searchbox", { name: "Find users by name, username or email" }).fill("learner");
  await page
    .getByRole("search", { name: "Find users by name, username or email" })
    .getByRole("button", { name: "Search" })
    .click();
  await page.getByRole("checkbox", { name: "Lek Learner (learner)", exact: true }).check();
  await page.getByRole("button", { name: "Add the chosen users" }).click();
  await expect(toast(page, "1 member added.")).toBeVisible();
  await expect(page.getByRole("table", { name: "Members" }).getByText("learner", { exact: true })).toBeVisible();
  expect(
    rows(
      "select a.username from account_group_member m join account a on a.id = m.account_id where m.group_id = ?",
      id,
    ),
  ).toEqual([{ username: "learner" }]);
  // Someone in the group is no longer offered.
  await expect(page.getByRole("checkbox", { name: "Lek Learner (learner)", exact: true })).toHaveCount(0);

  await page.getByRole("link", { name: "Remove Lek Learner" }).click();
  const dialog = page.getByRole("dialog", { name: "Remove this member?" });
  await expect(dialog).toContainText("Lek Learner will no longer be a member of this group.");
  await dialog.getByRole("button", { name: "Remove" }).click();
  await expect(toast(page, "Member removed.")).toBeVisible();
  await expect(page.getByText("No members yet: add some below.")).toBeVisible();
  expect(rows("select account_id from account_group_member where group_id = ?", id)).toEqual([]);
  // A group of users has no condition: its page says so.
  await page.goto(`/dashboard/group/${id}/condition`);
  await expect(page.getByText("This group is a list of users chosen by hand, so it has no condition.")).toBeVisible();
});

test("a provider's administrator is added and removed on the engine's administrators page", async ({ page }, info) => {
  // The seed gives Bangkok Learning Co. its administrator (the provider account); these have none.
  const provider = idOf("provider", isJs(info) ? "ACAD" : "GSP");
  await page.goto(`/dashboard/provider/${provider}/admin`);
  await expect(page.getByText("No administrators of this provider yet.")).toBeVisible();
  await page.getByLabel("Staff account").selectOption({ label: "Sunee Staff (staff1)" });
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(toast(page, "Administrator added.")).toBeVisible();
  await expect(
    page.getByRole("table", { name: "Administrators of this provider" }).getByText("staff1", { exact: true }),
  ).toBeVisible();
  expect(
    rows(
      "select s.ref_id from account_role_scope s join account a on a.id = s.account_id where s.kind = 'provider' and a.username = 'staff1'",
    ),
  ).toContainEqual({ ref_id: provider });
  await page.getByRole("button", { name: "Remove Sunee Staff" }).click();
  await expect(toast(page, "Administrator removed.")).toBeVisible();
  await expect(page.getByText("No administrators of this provider yet.")).toBeVisible();
});

test("a provider's highlight: refused without a target, added, edited, its picture uploaded and removed, deleted", async ({
  page,
}, info) => {
  const provider = idOf("provider", isJs(info) ? "BLC" : "GSP");
  const course = one<{ name: string }>(
    "select name from course where provider_id = ? order by name limit 1",
    provider,
  ).name;
  const title = `Spring picks ${tag(info)}`;
  await page.goto(`/dashboard/provider/${provider}/highlight`);
  const add = page.getByRole("region", { name: "Add a highlight" });
  await add.getByLabel("Title").fill(title);
  await add.getByRole("button", { name: "Add highlight" }).click();
  await expect(page.getByText("Choose a content or give a link for the highlight.")).toBeVisible();

  await add.getByLabel("Shows").selectOption({ label: `Course › ${course}` });
  await add.getByLabel("Sort").fill("5");
  await add.getByRole("button", { name: "Add highlight" }).click();
  await expect(toast(page, "Highlight added.")).toBeVisible();
  await expect(page.getByRole("table", { name: "Highlights" }).getByText(`Course › ${course}`)).toBeVisible();
  const hid = one<{ id: number }>(
    "select id from provider_highlight where provider_id = ? and title = ?",
    provider,
    title,
  ).id;

  await page.getByRole("link", { name: `Edit ${title}` }).click();
  const edit = page.getByRole("region", { name: `Edit ${title}` });
  await edit.getByLabel("Shows").selectOption({ label: "The external link below" });
  await edit.getByLabel("External link").fill("https://example.com/spring");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Highlight saved.")).toBeVisible();
  expect(one("select content_id, external_link, sort from provider_highlight where id = ?", hid)).toEqual({
    content_id: null,
    external_link: "https://example.com/spring",
    sort: 5,
  });

  await page.goto(`/dashboard/provider/${provider}/highlight?edit=${hid}`);
  await page.getByLabel("Choose a picture").setInputFiles({ name: "spring.png", mimeType: "image/png", buffer: PNG });
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(toast(page, "Picture saved.")).toBeVisible();
  expect(one<{ image: string | null }>("select image from provider_highlight where id = ?", hid).image).toBeTruthy();
  await page.getByRole("button", { name: "Remove the picture" }).click();
  await expect(toast(page, "Picture removed.")).toBeVisible();
  expect(one<{ image: string | null }>("select image from provider_highlight where id = ?", hid).image).toBeNull();

  await page.goto(`/dashboard/provider/${provider}/highlight`);
  await page.getByRole("link", { name: `Delete: ${title}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Highlight deleted.")).toBeVisible();
  expect(one<{ n: number }>("select count(*) as n from provider_highlight where id = ?", hid).n).toBe(0);
});

test("a category's permission rules: departments with their sub-departments, and named users", async ({
  page,
}, info) => {
  const category = idOf("category", isJs(info) ? "SOFT-COM" : "SOFT-LEA");
  const addRule = async (who: string) => {
    await page.goto(`/dashboard/category/${category}/permission`);
    const add = page.getByRole("region", { name: "Add a rule" });
    await add.getByLabel("Who").selectOption({ label: who });
    await add.getByRole("button", { name: "Add rule" }).click();
    await expect(toast(page, "Rule added. Now set who it is for.")).toBeVisible();
    return Number(/permission\/(\d+)\/condition/.exec(page.url())![1]);
  };
  const department = await addRule("By department and other criteria");
  await expect(page.getByLabel("Years in their level group from")).toHaveCount(0);
  await page.getByLabel("Head Office › Human Resources", { exact: true }).check();
  await page.getByLabel("Include their sub-departments").check();
  await page.getByRole("button", { name: "Save condition" }).click();
  await expect(toast(page, "Condition saved.")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/dashboard/category/${category}/permission$`));
  expect(one("select is_include_sub_department as sub from category_permission where id = ?", department)).toEqual({
    sub: 1,
  });

  // A user rule picks among the accounts the category's own permission/account/ lists, found by a search.
  const user = await addRule("Named users");
  // A few matches show as checkboxes (many as a multi-select).
  const users = page.getByRole("group", { name: "Users" }).getByRole("checkbox");
  const find = async (text: string) => {
    await page.getByRole("searchbox", { name: "Find users by name, username or email" }).fill(text);
    await page
      .getByRole("search", { name: "Find users by name, username or email" })
      .getByRole("button", { name: "Search" })
      .click();
    await expect(page).toHaveURL(new RegExp(`[?&]find=${text}`));
  };
  await find("learner05");
  await expect(users).toHaveCount(10);
  for (let i = 0; i < 10; i++) await expect(users.nth(i)).toHaveAccessibleName(new RegExp(`\\(learner05${i}\\)$`));
  await page.getByRole("checkbox", { name: /\(learner053\)$/ }).check();
  const chosen = one<{ id: number }>("select id from account where username = 'learner053'").id;
  await page.getByRole("button", { name: "Save condition" }).click();
  await expect(toast(page, "Condition saved.")).toBeVisible();
  expect(
    rows(
      "select i.ref_id as id from category_permission_item i where i.permission_id = ? and i.field = 'account'",
      user,
    ),
  ).toEqual([{ id: chosen }]);
  // Searched for someone else, the rule's chosen account is still offered first, and still ticked.
  await page.goto(`/dashboard/category/${category}/permission/${user}/condition`);
  await find("learner01");
  await expect(users.first()).toHaveAccessibleName(/\(learner053\)$/);
  await expect(users.first()).toBeChecked();
  await expect(page.getByRole("checkbox", { checked: true })).toHaveCount(1);
});

test("the group pages in Thai: the condition previewed without saving, the members", async ({ page }) => {
  const hr = idOf("account_group", "G4");
  await page.goto(`/dashboard/group/${hr}/condition?language=th`);
  await expect(page.locator("html")).toHaveAttribute("lang", "th");
  await expect(page.getByRole("heading", { name: "เงื่อนไขของกลุ่ม" })).toBeVisible();
  await expect(page.getByLabel("รวมหน่วยงานย่อยด้วย")).toBeChecked();
  await page.getByRole("button", { name: "ดูตัวอย่าง" }).click();
  await expect(page.getByRole("status").filter({ hasText: `ขณะนี้ตรงกับผู้ใช้ ${hrWithSubs()} คน` })).toBeVisible();
  await page.getByRole("navigation").getByRole("link", { name: "สมาชิก", exact: true }).click();
  await expect(page.getByRole("heading", { name: /สมาชิก/ })).toContainText(`ขณะนี้มีสมาชิก ${hrWithSubs()} คน`);
  await page.goto(`/dashboard/group/${hr}/member?language=en`);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
});

test("the group and provider pages pass axe", async ({ page }, info) => {
  test.setTimeout(120_000);
  const hr = idOf("account_group", "G4");
  const list = idOf("account_group", "G1");
  const provider = idOf("provider", "BLC");
  for (const url of [
    `/dashboard/group/${hr}/condition`,
    `/dashboard/group/${hr}/member`,
    `/dashboard/group/${list}/member?find=learner`,
    `/dashboard/group/${list}/admin`,
    `/dashboard/provider/${provider}/highlight`,
  ]) {
    await page.goto(url);
    const { violations } = await analyse(page, info);
    const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(
      serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
      url,
    ).toEqual([]);
  }
});

/** A 1×1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

test("a group's administrator without the group flags manages that group only, never who administers it (decision 041)", async ({
  browser,
}, info) => {
  // The manager holds no group flag; the seed lists it among the Leadership Track's administrators.
  const ctx = await browser.newContext({ baseURL: info.project.use.baseURL, javaScriptEnabled: isJs(info) });
  const page = await ctx.newPage();
  try {
    await signIn(page, "manager", "/dashboard/group");
    await page.waitForURL((url) => !url.pathname.includes("/account/signin"));
    await acceptPendingTerms(page);
    if (!/\/dashboard\/group\/?$/.test(new URL(page.url()).pathname)) await page.goto("/dashboard/group");
    await expect(
      page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Group", exact: true }),
    ).toBeVisible();
    // Its own groups only, and nothing to create.
    await expect(page.locator("tbody tr")).toHaveCount(1);
    await expect(page.locator("tbody tr")).toContainText("Leadership Track");
    await expect(page.getByRole("link", { name: "Create" })).toHaveCount(0);

    const track = idOf("account_group", "G2");
    await page.goto(`/dashboard/group/${track}/information`);
    const tabs = page.getByRole("navigation", { name: /tabs/i });
    for (const name of ["Information", "Members", "Condition"])
      await expect(tabs.getByRole("link", { name, exact: true })).toBeVisible();
    await expect(tabs.getByRole("link", { name: "Administrators" })).toHaveCount(0);
    const desc = `Managed by its administrator (${info.project.name})`;
    await page.getByLabel("Description").fill(desc);
    await page.getByRole("button", { name: "Save" }).click();
    await expect(toast(page, "Saved.")).toBeVisible();
    expect(one<{ desc: string }>("select desc from account_group where id = ?", track).desc).toBe(desc);

    // Another group is not there for it; who administers its own is not its business.
    expect((await page.goto(`/dashboard/group/${idOf("account_group", "G1")}/information`))?.status()).toBe(404);
    await page.goto(`/dashboard/group/${track}/admin`);
    await expect(page).toHaveURL(/\/dashboard\/error\/403/);
  } finally {
    await ctx.close();
  }
});
