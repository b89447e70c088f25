import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { acceptPendingTerms, signIn } from "./helpers";
import { analyse } from "./axe";
import { freshCourse, isJs, one, run } from "./course-fixtures";

/**
 * Assignment (issue 17 §1–§3; docs/decisions/051–053), JS on and off: assign a course to a group —
 * contents, the group, the preview's counts, then the learner page opening by itself about a
 * second after saving (a timer with JavaScript, a meta refresh without). Both projects share one
 * database, so each makes its own course, group and assignment. Thai and axe once per page kind.
 */
const tag = (info: TestInfo) => (isJs(info) ? "ON" : "OFF");
const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });

test.beforeEach(async ({ page }) => {
  await signIn(page, "admin", "/dashboard/assignment");
  await page.waitForURL((url) => !url.pathname.includes("/account/signin"));
  await acceptPendingTerms(page);
  await expect(page).toHaveURL(/\/dashboard\/assignment\/?$/);
});

/** A group of two students of this project's own (no other test names them). */
function freshGroup(info: TestInfo): { id: number; name: string } {
  const name = `E2E assign group ${tag(info)} ${Date.now() % 100000}`;
  return run((db) => {
    const id = Number(
      db.prepare("insert into account_group (name, code, type, \"desc\") values (?, null, 'ACCOUNT', '')").run(name)
        .lastInsertRowid,
    );
    const students = db
      .prepare(
        "select id from account where username like 'student%' and is_active = 1 order by id desc limit 2 offset ?",
      )
      .all(isJs(info) ? 0 : 2) as { id: number }[];
    for (const s of students)
      db.prepare("insert into account_group_member (group_id, account_id) values (?, ?)").run(id, s.id);
    return { id, name };
  });
}

test("assign a course to a group: contents, learners, the preview, then the learner page opens", async ({
  page,
}, info) => {
  test.setTimeout(90_000);
  const courseId = freshCourse(info, "ASG", "E2E", "Assigned course");
  const course = one<{ name: string; code: string }>("select name, code from course where id = ?", courseId);
  const group = freshGroup(info);
  const name = `Onboarding ${tag(info)}`;

  await page.goto("/dashboard/assignment/create");
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(name);
  await page.getByRole("combobox", { name: "Period of doing", exact: true }).selectOption("2");
  // A choice's fields come with it (issue 33 §15): without JavaScript, by its "show the fields" button.
  if (!isJs(info)) await page.getByRole("button", { name: "Show the fields of this choice" }).first().click();
  await page.getByRole("spinbutton", { name: "Days to complete", exact: true }).fill("30");
  await page.getByRole("button", { name: "Create", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/assignment\/\d+\/condition\/?$/);
  const id = Number(/assignment\/(\d+)\//.exec(page.url())![1]);
  const base = `/dashboard/assignment/${id}`;

  await page.goto(`${base}/content`);
  await page.getByRole("combobox", { name: "Type", exact: true }).selectOption({ label: "Course" });
  await page.getByRole("searchbox", { name: "Name or code", exact: true }).fill(course.code);
  await page.getByRole("button", { name: "Show contents" }).click();
  await page.getByRole("checkbox", { name: new RegExp(course.code) }).check();
  await page.getByRole("button", { name: "Add the chosen contents" }).click();
  await expect(toast(page, "Contents added")).toBeVisible();
  await expect(
    page.getByRole("table", { name: "Contents" }).getByRole("row").filter({ hasText: course.name }),
  ).toBeVisible();

  await page.goto(`${base}/learner`);
  await page.getByRole("checkbox", { name: group.name, exact: true }).check();
  await page.getByRole("button", { name: "Save groups and departments" }).click();
  await expect(toast(page, "Learners saved")).toBeVisible();
  await expect(page.getByRole("checkbox", { name: group.name, exact: true })).toBeChecked();

  await page.goto(`${base}/summary`);
  await expect(page.getByText("Adds 2 learnings")).toBeVisible();
  await expect(page.getByText("2 learners named")).toBeVisible();
  await expect(page.getByText("30 days")).toBeVisible();
  await page.screenshot({ path: info.outputPath("summary.png"), fullPage: true });
  await page.getByRole("button", { name: "Assign", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "The learner page opens" })).toBeVisible();
  await page.waitForURL(/\/learner\/?\?contentName=.+&backPath=%2Fdashboard%2Fassignment$/, { timeout: 10_000 });
  await expect(page.getByRole("heading", { name: `Results: ${course.name}` })).toBeVisible();
  const results = page.getByRole("table", { name: "Results" });
  await expect(results.getByRole("row").filter({ hasText: "Assigned" })).toHaveCount(2);
  await page.screenshot({ path: info.outputPath("learner.png"), fullPage: true });
  await expect(page.getByRole("link", { name: "Back" })).toHaveAttribute("href", "/dashboard/assignment");
  const rows = one<{ n: number }>(
    "select count(*) as n from content_enrollment where content_id = ? and content_type_id = (select id from content_type where code = 'course') and add_method = 1 and added_by = 5",
    courseId,
  );
  expect(rows.n).toBe(2);
});

/**
 * Issue 36 §5: a programme is assigned like a course — a learning path (JS on) or an onboarding
 * plan (JS off; the same form) is offered by its type, found by its code and added.
 */
test("a learning path or an onboarding plan is added to an assignment by its type", async ({ page }, info) => {
  const [type, code, table] = isJs(info)
    ? ["Learning path", "LP-SCHED", "learning_path"]
    : ["Onboarding", "ONB-NEW", "onboard"];
  const programme = one<{ name: string }>(`select name from ${table} where code = ?`, code);
  await page.goto("/dashboard/assignment/create");
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(`Programme ${tag(info)}`);
  await page.getByRole("combobox", { name: "Period of doing", exact: true }).selectOption("2");
  if (!isJs(info)) await page.getByRole("button", { name: "Show the fields of this choice" }).first().click();
  await page.getByRole("spinbutton", { name: "Days to complete", exact: true }).fill("30");
  await page.getByRole("button", { name: "Create", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/assignment\/\d+\/condition\/?$/);
  await page.goto(page.url().replace(/condition\/?$/, "content"));
  await page.getByRole("combobox", { name: "Type", exact: true }).selectOption({ label: type });
  await page.getByRole("searchbox", { name: "Name or code", exact: true }).fill(code);
  await page.getByRole("button", { name: "Show contents" }).click();
  await page.getByRole("checkbox", { name: new RegExp(code) }).check();
  await page.getByRole("button", { name: "Add the chosen contents" }).click();
  await expect(toast(page, "Contents added")).toBeVisible();
  const row = page.getByRole("table", { name: "Contents" }).getByRole("row").filter({ hasText: programme.name });
  await expect(row).toContainText(type);
});

/** A seeded item of each kind: the pages to read in Thai and under axe. */
const seeded = () => ({
  assignment: one<{ id: number }>("select id from assignment where name = 'Result codes (demo)'").id,
  auto: one<{ id: number }>("select id from assignment where type = 1 order by id").id,
  round: one<{ id: number }>(
    "select r.id from assignment_round r join assignment a on a.id = r.assignment_id where a.type = 1 order by r.id",
  ).id,
  suggestion: one<{ id: number }>("select id from assignment where type = 2 order by id").id,
});

test("the result codes page in Thai", async ({ page }) => {
  const s = seeded();
  await page.goto(`/dashboard/assignment/${s.assignment}/learner?language=th`);
  await expect(page.locator("html")).toHaveAttribute("lang", "th");
  await expect(page.getByRole("heading", { name: "ผลการมอบหมาย", level: 2 })).toBeVisible();
  await expect(page.getByText("เครดิตไม่เพียงพอ").first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("learner-th.png"), fullPage: true });
  await page.goto(`/dashboard/assignment/${s.assignment}/learner?language=en`);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
});

test("the assignment pages pass axe", async ({ page }, info) => {
  test.skip(!isJs(info), "once: the markup is the same without JavaScript");
  test.setTimeout(180_000);
  const s = seeded();
  const urls = [
    "/dashboard/assignment",
    "/dashboard/assignment/create",
    `/dashboard/assignment/${s.assignment}/condition`,
    `/dashboard/assignment/${s.assignment}/content?ctype=${one<{ id: number }>("select id from content_type where code = 'course'").id}`,
    `/dashboard/assignment/${s.assignment}/learner?find=student`,
    `/dashboard/assignment/${s.assignment}/progress`,
    `/dashboard/assignment/${s.assignment}/summary`,
    "/dashboard/auto-assignment",
    `/dashboard/auto-assignment/${s.auto}/settings`,
    `/dashboard/auto-assignment/${s.auto}/summary`,
    `/dashboard/auto-assignment/${s.auto}/summary/${s.round}`,
    `/dashboard/suggestion/${s.suggestion}/preview`,
    `/dashboard/suggestion/${s.suggestion}/summary`,
  ];
  for (const url of urls) {
    await page.goto(url);
    const { violations } = await analyse(page, info);
    const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(
      serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
      url,
    ).toEqual([]);
  }
  await page.goto(`/dashboard/auto-assignment/${s.auto}/summary`);
  await page.screenshot({ path: info.outputPath("rounds.png"), fullPage: true });
});
