import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { acceptPendingTerms, signIn } from "./helpers";
import { isJs, one } from "./course-fixtures";

/**
 * Issue 33 R350 and R355 (docs/decisions/083), JavaScript on and off: a user's job family, work
 * shift, location and English score are edited on the user's form and shown on the profile; a
 * condition group's condition then names them (typed lists, the locations list, the English score
 * range) and matches that user; a bad score is a translated field error with nothing saved. A
 * budget category's type is chosen, listed and changed. Both projects share one database, so
 * each works on rows of its own.
 */

const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });
const tag = (info: TestInfo) => (isJs(info) ? "N" : "F");
const userId = (username: string) => one<{ id: number }>("select id from account where username = ?", username).id;

test.beforeEach(async ({ page }) => {
  await signIn(page, "admin", "/dashboard/group");
  await page.waitForURL((url) => !url.pathname.includes("/account/signin"));
  await acceptPendingTerms(page);
});

test("a learner's new fields, then a condition on them that matches that learner", async ({ page }, info) => {
  // Learners no other spec edits (users.spec.ts takes 013–018 and 022–027).
  const username = isJs(info) ? "learner035" : "learner040";
  const family = `E2E-FAM-${tag(info)}`;
  const id = userId(username);

  await page.goto(`/dashboard/user/${id}/information`);
  // The seed leaves some learners' gender unset, which the form requires.
  await page.getByRole("combobox", { name: "Gender", exact: true }).selectOption({ label: "Female" });
  await page.getByRole("textbox", { name: "Job family", exact: true }).fill(family);
  await page.getByRole("textbox", { name: "Work shift", exact: true }).fill("Night");
  await page
    .getByRole("combobox", { name: "Location", exact: true })
    .selectOption({ label: "Chiang Mai Training Centre" });
  await page.getByRole("spinbutton", { name: "English score", exact: true }).fill("815");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(toast(page, "Saved.")).toBeVisible();
  expect(one("select job_family, work_shift, english_score from account where id = ?", id)).toEqual({
    job_family: family,
    work_shift: "Night",
    english_score: 815,
  });
  await page.goto(`/dashboard/user/${id}/profile`);
  const organisation = page.locator("main");
  await expect(organisation).toContainText(family);
  await expect(organisation).toContainText("Chiang Mai Training Centre");
  await expect(organisation).toContainText("815");

  await page.goto("/dashboard/group/create");
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(`Night shift ${tag(info)}`);
  await page.getByLabel("Kind of group").selectOption({ label: "By condition" });
  await page.getByRole("button", { name: "Create" }).click();
  await expect(toast(page, "Created.")).toBeVisible();
  const group = Number(/\/group\/(\d+)\//.exec(page.url())![1]);
  await page.goto(`/dashboard/group/${group}/condition`);

  // A score above the scale: a field error, nothing saved.
  await page.getByLabel("Job families", { exact: true }).fill(`${family.toLowerCase()}, Nobody-family`);
  await page.getByLabel("English score from").fill("1200");
  await page.getByRole("button", { name: "Save condition" }).click();
  await expect(page.getByText("This value is not valid.")).toBeVisible();
  expect(
    one<{ n: number }>(
      "select count(*) as n from account_group_condition where group_id = ? and job_family <> ''",
      group,
    ).n,
  ).toBe(0);

  await page.getByLabel("English score from").fill("800");
  await page.getByLabel("English score to").fill("");
  await page.getByLabel("Work shifts", { exact: true }).fill("night");
  await page.getByLabel("Chiang Mai Training Centre", { exact: true }).check();
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Matches 1 user now." })).toBeVisible();
  await page.getByRole("button", { name: "Save condition" }).click();
  await expect(toast(page, "Condition saved.")).toBeVisible();
  expect(
    one(
      "select job_family, work_shift, english_score_gte, english_score_lte from account_group_condition where group_id = ?",
      group,
    ),
  ).toEqual({
    job_family: `|${family.toLowerCase()}|Nobody-family|`,
    work_shift: "|night|",
    english_score_gte: 800,
    english_score_lte: -1,
  });
  expect(
    one<{ n: number }>(
      "select count(*) as n from account_group_condition_item where group_id = ? and field = 'location'",
      group,
    ).n,
  ).toBe(1);
  // The saved condition shows again as it was typed.
  await expect(page.getByLabel("Job families", { exact: true })).toHaveValue(`${family.toLowerCase()}, Nobody-family`);
  await expect(page.getByLabel("English score from")).toHaveValue("800");
  await expect(page.getByText(/The group has 1 members? now\./)).toBeVisible();
});

test("a budget category's type: chosen, listed, changed", async ({ page }, info) => {
  const code = `BT-${tag(info)}`;
  await page.goto("/dashboard/budget-category/create");
  await page.getByLabel("Name in budget planning").fill(`Type test ${tag(info)}`);
  await page.getByLabel("Name in actual cost").fill(`Type test ${tag(info)} cost`);
  await page.getByRole("textbox", { name: "Code", exact: true }).fill(code);
  await page.getByRole("combobox", { name: "Used in", exact: true }).selectOption({ label: "Planning only" });
  await page.getByRole("button", { name: "Create" }).click();
  await expect(toast(page, "Created.")).toBeVisible();
  const row = one<{ id: number; type: number }>("select id, type from budget_category where code = ?", code);
  expect(row.type).toBe(1);

  await page.goto(`/dashboard/budget-category?search=${code}`);
  await expect(page.getByRole("table").getByRole("row").filter({ hasText: code })).toContainText("Planning only");

  await page.goto(`/dashboard/budget-category/${row.id}/information`);
  await expect(page.getByRole("combobox", { name: "Used in", exact: true })).toHaveValue("1");
  await page.getByRole("combobox", { name: "Used in", exact: true }).selectOption({ label: "Actual cost only" });
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(toast(page, "Saved.")).toBeVisible();
  expect(one<{ type: number }>("select type from budget_category where id = ?", row.id).type).toBe(2);
});

test("in Thai: the new condition fields and the budget category type", async ({ page }) => {
  const group = one<{ id: number }>("select id from account_group where code = 'G4'").id;
  await page.goto(`/dashboard/group/${group}/condition?language=th`);
  await expect(page.locator("html")).toHaveAttribute("lang", "th");
  await expect(page.getByLabel("กลุ่มงาน", { exact: true })).toBeVisible();
  await expect(page.getByLabel("กะการทำงาน", { exact: true })).toBeVisible();
  await expect(page.getByLabel("รหัสบริษัท", { exact: true })).toBeVisible();
  await expect(page.getByRole("group", { name: /คะแนนภาษาอังกฤษ/ })).toBeVisible();
  await page.goto("/dashboard/budget-category/create?language=th");
  await expect(
    page.getByRole("combobox", { name: "ใช้ใน", exact: true }).locator("option", { hasText: "การวางแผนเท่านั้น" }),
  ).toHaveCount(1);
  await page.goto("/dashboard/budget-category?language=en");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
});
