import { expect, test } from "@playwright/test";
import { acceptPendingTerms, signIn } from "./helpers";
import { isJs, one } from "./course-fixtures";
import { addContent, tag, toast } from "./sequence-kit";

/**
 * Onboarding plans (issue 36 §2, docs/decisions/099), with JavaScript on and off: a plan is
 * created, its curriculum built from a course and a survey; the survey gets its own name in the
 * plan, sits under the course and is answered anonymously; the course put under the survey is
 * refused, naming the circle; removing the course moves the survey up a level. The same page in
 * Thai. The seeded plan's inbox counts who waits and leads to the enrolment approvals filtered to
 * it and to the progress list of those to verify (a flow across areas); its rule for new employees
 * asks its first start date. Both projects share one database, so each works on a plan and
 * contents of its own.
 */

test.beforeEach(async ({ page }) => {
  await signIn(page, "admin", "/dashboard/onboard");
  await acceptPendingTerms(page);
});

test("an onboarding plan's steps get a name, a parent and anonymity; a circle of parents is refused", async ({
  page,
}, info) => {
  const code = `ONB-E2E-${tag(info)}`;
  await page.goto("/dashboard/onboard/create");
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(`Warehouse Onboarding ${tag(info)}`);
  await page.getByRole("textbox", { name: "Code", exact: true }).fill(code);
  await page.getByRole("combobox", { name: "Category" }).selectOption({ index: 1 });
  await page.getByRole("combobox", { name: "Provider" }).selectOption({ index: 1 });
  await page.getByRole("button", { name: "Create" }).click();
  await expect(toast(page, "Created.")).toBeVisible();
  const plan = one<{ id: number }>("select id from onboard where code = ?", code).id;

  const offset = isJs(info) ? 3 : 4;
  const pick = (table: string) =>
    one<{ name: string; code: string }>(`select name, code from ${table} order by id limit 1 offset ?`, offset);
  const [c, s] = [pick("course"), pick("survey")];
  await page.goto(`/dashboard/onboard/${plan}/curriculum`);
  await expect(page.getByText("The onboarding plan has no content yet.")).toBeVisible();
  await addContent(page, "Course", c);
  await addContent(page, "Survey", s);

  // The survey: its own name in the plan, under the course, answered anonymously.
  await page.getByRole("link", { name: `Edit ${s.name}` }).click();
  await page.getByRole("textbox", { name: "Name in the onboarding plan" }).fill("First-week check-in");
  await page.getByRole("combobox", { name: "Sits under" }).selectOption({ label: `1. ${c.name}` });
  await page.getByRole("checkbox", { name: "Answered anonymously" }).check();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Saved")).toBeVisible();
  const row = page.getByRole("row", { name: /First-week check-in/ });
  await expect(row).toContainText(`The content: ${s.name}`);
  await expect(row).toContainText(c.name);
  await expect(row).toContainText("Yes");

  // The course under the survey would sit under itself: refused, naming the circle.
  await page.getByRole("link", { name: `Edit ${c.name}` }).click();
  await page.getByRole("combobox", { name: "Sits under" }).selectOption({ label: "2. First-week check-in" });
  await page.getByRole("button", { name: "Save" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: `The circle: ${c.name} → First-week check-in → ${c.name}.` }),
  ).toBeVisible();
  // …and the field says why.
  await expect(page.locator("#f-edit-content-parent-error")).toHaveText(
    "A content cannot sit under one that sits under it.",
  );

  // Removing the course (a confirmation step) moves the survey up to the top level.
  await page.goto(`/dashboard/onboard/${plan}/curriculum`);
  await page.getByRole("link", { name: `Remove: ${c.name}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "The content was removed.")).toBeVisible();
  await expect(
    page
      .getByRole("row", { name: /First-week check-in/ })
      .getByRole("cell")
      .nth(4),
  ).toHaveText("—");

  // In Thai.
  await page.goto(`/dashboard/onboard/${plan}/curriculum?language=th`);
  await expect(page.getByRole("heading", { name: "เพิ่มเนื้อหา" })).toBeVisible();
  await expect(page.getByText("เนื้อหาของแผนปฐมนิเทศตามลำดับที่ผู้เรียนเรียน")).toBeVisible();
});

test("the plan's inbox shows who waits, and each box leads to where it is dealt with", async ({ page }) => {
  const plan = one<{ id: number }>("select id from onboard where code = 'ONB-NEW'").id;
  const waiting = one<{ n: number }>(
    `select count(*) as n from content_enrollment
      where content_type_id = (select id from content_type where code = 'onboard') and content_id = ? and status = 1`,
    plan,
  ).n;
  // The landing page's inbox card counts them.
  await page.goto(`/dashboard/onboard/${plan}/overall`);
  await expect(page.getByRole("listitem").filter({ hasText: "Inbox" })).toContainText(`Enrolments waiting${waiting}`);
  await page.goto(`/dashboard/onboard/${plan}/overall/inbox`);
  await expect(page.getByRole("heading", { name: `Enrolments waiting (${waiting})` })).toBeVisible();
  await expect(page.getByRole("heading", { name: /^Completions to verify \(\d+\)$/ })).toBeVisible();
  // The approvals, filtered to this plan, list the same learners.
  await page.getByRole("link", { name: "Decide them in enrolment approvals" }).click();
  await expect(page).toHaveURL(/\/dashboard\/enrollment\/waiting\?content_type=onboard&content=\d+/);
  await expect(page.locator("tbody tr")).toHaveCount(waiting);
  await page.goto(`/dashboard/onboard/${plan}/overall/inbox`);
  await page.getByRole("link", { name: "Verify them in the progress list" }).click();
  await expect(page).toHaveURL(/\/overall\/progress\?status=22$/);
  await expect(page.locator("tbody tr").first()).toContainText("Verifying");
});

test("the rule for new employees needs its first start date", async ({ page }) => {
  const plan = one<{ id: number }>("select id from onboard where code = 'ONB-EMPTY'").id;
  await page.goto(`/dashboard/onboard/${plan}/information`);
  await page.getByRole("checkbox", { name: "Enrol new employees automatically" }).check();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Choose the first start date the rule applies to.")).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "Enrol new employees automatically" })).toBeChecked();
});
