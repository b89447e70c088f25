import { expect, test, type Page } from "@playwright/test";
import { acceptPendingTerms, signIn } from "./helpers";
import { all as rows, isJs, one } from "./course-fixtures";

/**
 * Permission by content (docs/decisions/100), JavaScript on and off: a condition group whose
 * members are the learners who completed a course — chosen in the "By content" section, previewed
 * with the count the database gives, saved, counted again; the dates the wrong way round refused
 * on their field with the section open and nothing saved; the section in Thai. Each project works
 * on a group of its own.
 */

const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });

/** The course with the most completions, and how many active accounts completed it. */
function busyCourse() {
  return one<{ id: number; n: number }>(
    `select e.content_id as id, count(distinct e.account_id) as n
       from content_enrollment e join account a on a.id = e.account_id and a.is_active = 1
      where e.content_type_id = (select id from content_type where code = 'course') and e.status in (30, 31)
      group by e.content_id order by n desc, e.content_id limit 1`,
  );
}

test.beforeEach(async ({ page }) => {
  await signIn(page, "admin", "/dashboard/group");
  await page.waitForURL((url) => !url.pathname.includes("/account/signin"));
  await acceptPendingTerms(page);
});

test("a condition group of the learners who completed a course: chosen, previewed, saved; wrong dates refused", async ({
  page,
}, info) => {
  await page.goto("/dashboard/group/create");
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(`Completed ${isJs(info) ? "N" : "F"}`);
  await page.getByLabel("Kind of group").selectOption({ label: "By condition" });
  await page.getByRole("button", { name: "Create" }).click();
  await expect(toast(page, "Created.")).toBeVisible();
  const id = Number(/\/group\/(\d+)\//.exec(page.url())![1]);
  await page.goto(`/dashboard/group/${id}/condition`);

  const course = busyCourse();
  expect(course.n).toBeGreaterThan(0);
  // Folded until something is filled; a native <details> opens without JavaScript.
  const section = page.locator("details").filter({ hasText: "By content" });
  await expect(section.getByLabel("Course: contents", { exact: true })).toBeHidden();
  await section.getByText("By content", { exact: true }).click();
  // Each type folded too, until it is filled.
  await section.locator("summary", { hasText: /^Course$/ }).click();
  await section.getByLabel("Course: contents", { exact: true }).selectOption(String(course.id));
  await section.getByLabel("Course: progress status", { exact: true }).selectOption(["30", "31"]);

  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Matches ${course.n} users now.` })).toBeVisible();
  expect(one<{ n: number }>("select count(*) as n from account_group_condition_item where group_id = ?", id).n).toBe(0);

  await page.getByRole("button", { name: "Save condition" }).click();
  await expect(toast(page, "Condition saved. The group's members follow it.")).toBeVisible();
  await expect(page.getByText(`The group has ${course.n} members now.`)).toBeVisible();
  expect(
    rows<{ field: string; ref_id: number }>(
      "select field, ref_id from account_group_condition_item where group_id = ? order by field, ref_id",
      id,
    ),
  ).toEqual([
    { field: "content_course", ref_id: course.id },
    { field: "progress_status_course", ref_id: 30 },
    { field: "progress_status_course", ref_id: 31 },
  ]);

  // Saved, the section is open with what it holds.
  await expect(section.getByLabel("Course: contents", { exact: true })).toHaveValues([String(course.id)]);
  await section.locator("summary", { hasText: /^Class$/ }).click();
  await section.getByLabel("Class: completed from").fill("2026-05-02");
  await section.getByLabel("Class: completed to").fill("2026-05-01");
  await page.getByRole("button", { name: "Save condition" }).click();
  await expect(section.getByText("The end must not be before the start.")).toBeVisible();
  expect(
    one<{ n: number }>(
      "select count(*) as n from account_group_condition_item where group_id = ? and field like 'content_event_%'",
      id,
    ).n,
  ).toBe(0);

  await page.goto(`/dashboard/group/${id}/condition?language=th`);
  await expect(
    page.locator("details").filter({ hasText: "ตามเนื้อหา" }).getByLabel("หลักสูตร: เนื้อหา", { exact: true }),
  ).toBeVisible();
  await page.goto(`/dashboard/group/${id}/condition?language=en`);
});
