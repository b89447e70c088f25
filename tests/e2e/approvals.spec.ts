import fs from "node:fs";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { acceptPendingTerms, signIn } from "./helpers";
import { analyse } from "./axe";
import { isJs, all, one } from "./course-fixtures";

/**
 * Enrollment approvals and budgets (issue 17 §3–4; docs/decisions/054, 055), JS on and off: two
 * waiting learners approved at once through the confirmation page, then found on the approved
 * page; once (JS on) a learner without enough credit refused, the Thai pages and axe on each
 * kind of page. Both projects share one database: each approves its own pair of the seeded
 * course's waiting learners (those who can pay).
 */
type Learner = { id: number; username: string; first_name: string; last_name: string };
const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });

const seededCourse = () =>
  one<{ id: number; name: string }>("select id, name from course where is_display = 1 order by id");
const courseType = () => one<{ id: number }>("select id from content_type where code = 'course'").id;
/** The seeded course's waiting learners whose credit covers its 1,500 baht (or, `poor`, does not). */
function waiting(poor = false): (Learner & { enrollment: number })[] {
  return all(
    `select e.id as enrollment, a.id, a.username, a.first_name, a.last_name from content_enrollment e
       join account a on a.id = e.account_id left join account_credit c on c.account_id = a.id
      where e.content_type_id = ? and e.content_id = ? and e.status = 1 and coalesce(c.balance_minor, 0) ${poor ? "between 1 and 149999" : ">= 150000"}
      order by e.id`,
    courseType(),
    seededCourse().id,
  );
}
const statusOf = (enrollment: number) =>
  one<{ status: number }>("select status from content_enrollment where id = ?", enrollment).status;

test.beforeEach(async ({ page }) => {
  await signIn(page, "admin", "/dashboard/enrollment/waiting");
  await page.waitForURL((url) => !url.pathname.includes("/account/signin"));
  await acceptPendingTerms(page);
});

test("approve two waiting enrollments at once, then see them on the approved page", async ({
  page,
}, info: TestInfo) => {
  const course = seededCourse();
  const [a, b] = waiting().slice(isJs(info) ? 0 : 2);
  expect(b, "the seed leaves enough waiting learners who can pay").toBeTruthy();
  await page.goto(`/dashboard/enrollment/waiting?content_type=course&content=${course.id}`);
  await expect(page.getByRole("heading", { name: "Enrollments waiting for approval", level: 1 })).toBeVisible();
  const row = (l: Learner) => page.getByRole("row").filter({ hasText: l.username });
  await expect(row(a)).toContainText("Costs 1,500.00 baht");
  for (const l of [a, b])
    await page
      .getByRole("checkbox", { name: `Select ${l.first_name} ${l.last_name} (${l.username}) in ${course.name}` })
      .check();
  await page.getByRole("button", { name: "Approve", exact: true }).click();

  // The confirmation page: both, with their credit; confirming decides them.
  await expect(page.getByRole("heading", { name: "Approve these enrollments?", level: 1 })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: a.username })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: b.username })).toBeVisible();
  await page.getByRole("button", { name: "Approve 2", exact: true }).click();
  await expect(toast(page, "Approved: 2")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/enrollment\/waiting\?/);
  await expect(row(a)).toHaveCount(0);
  expect([statusOf(a.enrollment), statusOf(b.enrollment)]).toEqual([0, 0]);

  await page.getByRole("link", { name: "Approved", exact: true }).click();
  await page.getByRole("searchbox", { name: "Search" }).fill(a.username);
  await page.getByRole("button", { name: "Apply", exact: true }).click();
  await expect(row(a)).toContainText("admin");
  await expect(row(a)).toContainText("Not started");
});

test("tick all on the page; a rejection asks its reason first; the list exports as csv (issue 33 items 12, 14)", async ({
  page,
}) => {
  const course = seededCourse();
  await page.goto(`/dashboard/enrollment/waiting?content_type=course&content=${course.id}`);
  const boxes = page.locator("tbody").getByRole("checkbox");
  const n = await boxes.count();
  expect(n, "the seed leaves learners waiting").toBeGreaterThan(2);
  await page.getByRole("link", { name: "Tick all on this page" }).click();
  for (let i = 0; i < n; i++) await expect(boxes.nth(i)).toBeChecked();
  await expect(page.getByRole("link", { name: "Untick all" })).toBeVisible();

  // Rejecting goes to its confirmation page, which will not reject without a reason.
  await page.getByRole("button", { name: "Reject", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Reject these enrollments?", level: 1 })).toBeVisible();
  await expect(page.locator("tbody tr")).toHaveCount(n);
  await page.getByRole("button", { name: `Reject ${n}`, exact: true }).click();
  await expect(page.getByText("Give the reason: the learner is shown it.")).toBeVisible();
  expect(waiting().every((w) => statusOf(w.enrollment) === 1)).toBe(true);

  await page.goto(`/dashboard/enrollment/waiting?content_type=course&content=${course.id}`);
  const [csv] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export CSV" }).click(),
  ]);
  const lines = fs
    .readFileSync(await csv.path(), "utf8")
    .trim()
    .split("\r\n");
  expect(lines[0]).toContain("Username");
  expect(lines).toHaveLength(n + 1);
});

test.describe("once", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "runs once, in the js-on project");

  test("a learner without enough credit is refused, and nothing changes for them", async ({ page }) => {
    const course = seededCourse();
    const [poor] = waiting(true);
    expect(poor, "the seed has a learner who cannot pay").toBeTruthy();
    await page.goto(`/dashboard/enrollment/waiting?content_type=course&content=${course.id}`);
    await expect(page.getByRole("row").filter({ hasText: poor.username })).toContainText("Not enough credit");
    await page
      .getByRole("checkbox", {
        name: `Select ${poor.first_name} ${poor.last_name} (${poor.username}) in ${course.name}`,
      })
      .check();
    await page.getByRole("button", { name: "Approve", exact: true }).click();
    const results = page.getByRole("status").filter({ hasText: "Some enrollments could not be decided" });
    await expect(results).toContainText("not enough credit");
    expect(statusOf(poor.enrollment)).toBe(1);
  });

  test("every kind of page in Thai passes axe", async ({ page }, info) => {
    test.setTimeout(120_000);
    const course = seededCourse();
    const [w1, w2] = waiting();
    const category = one<{ id: number }>("select id from budget_category order by id");
    const pages: [string, string][] = [
      ["/dashboard/enrollment/waiting", "การลงทะเบียนที่รออนุมัติ"],
      ["/dashboard/enrollment/approved", "การลงทะเบียนที่อนุมัติแล้ว"],
      ["/dashboard/enrollment/rejected", "การลงทะเบียนที่ถูกปฏิเสธ"],
      [
        `/dashboard/enrollment/confirm?decision=approve&enrollment=${w1.enrollment}&enrollment=${w2.enrollment}`,
        "อนุมัติการลงทะเบียนเหล่านี้หรือไม่",
      ],
      // A rejection's confirmation asks its reason (issue 33 item 12).
      [`/dashboard/enrollment/confirm?decision=reject&enrollment=${w1.enrollment}`, "ปฏิเสธการลงทะเบียนเหล่านี้หรือไม่"],
      ["/dashboard/enrollmentOld", "การลงทะเบียน (รายการเดียว)"],
      ["/dashboard/budget", "งบประมาณ"],
      [`/dashboard/budget/course-${course.id}`, `งบประมาณของ ${course.name}`],
      ["/dashboard/budget-category", "หมวดงบประมาณ"],
      [`/dashboard/budget-category/${category.id}/information`, ""],
    ];
    await page.goto("/dashboard/?language=th");
    await expect(page.locator("html")).toHaveAttribute("lang", "th");
    for (const [url, heading] of pages) {
      await page.goto(url);
      if (heading) await expect(page.getByRole("heading", { level: 1 }).first(), url).toContainText(heading);
      const { violations } = await analyse(page, info);
      const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      expect(
        serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
        url,
      ).toEqual([]);
    }
    await page.goto("/dashboard/?language=en");
  });
});
