import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { acceptPendingTerms, signIn } from "./helpers";
import { analyse } from "./axe";
import { enrol, freshCourse as newCourse, one, run, statusOf } from "./course-fixtures";

/**
 * The "Course complete" gaps (docs/decisions/017), with JS on and off: a learner's progress
 * history after a manual change (English and Thai); the enrol page's learner picker searched past
 * its first page, a tick kept across pages, both enrolled; an enrolment into a full course refused
 * with the reason; and axe on these pages, in English and Thai. Both projects share one database,
 * so every test works on a course of its own.
 */

/** The course's enrollment settings: a capacity and an access type, the rest at their defaults. */
function setCapacity(courseId: number, capacity: number, typeAccess: number) {
  run((db) =>
    db
      .prepare(
        `insert into content_enrollment_setting (content_type_id, content_id, capacity, type_access, type_waiting, cancel_type, datetime_update)
         values ((select id from content_type where code = 'course'), ?, ?, ?, 0, 2, ?)
         on conflict (content_type_id, content_id) do update set capacity = excluded.capacity, type_access = excluded.type_access`,
      )
      .run(courseId, capacity, typeAccess, new Date().toISOString()),
  );
}

const base = (id: number) => `/dashboard/course/${id}`;
async function signInAdmin(page: Page, next: string) {
  await signIn(page, "admin", next);
  await page.waitForURL((u) => !u.pathname.includes("/account/signin"));
  for (let i = 0; i < 3 && /privacy-data/.test(page.url()); i++) {
    const before = page.url();
    await page.getByRole("button", { name: /^accept$/i }).click();
    await page.waitForURL((u) => u.toString() !== before);
  }
  await acceptPendingTerms(page);
  if (!page.url().includes(next)) await page.goto(next);
}
const rowOf = (page: Page, text: string) => page.locator("tbody tr").filter({ hasText: text });

test("progress history: a manual change is listed with when, from → to, the action and who, in English and Thai", async ({
  page,
}, info) => {
  const id = freshCourse(info, "HIS");
  enrol(id, [
    ["learner056", 0],
    ["learner057", 21],
  ]);
  await signInAdmin(page, `${base(id)}/overall/progress`);
  const row = rowOf(page, "learner056");
  await row.getByRole("combobox").selectOption({ label: "Verifying" });
  await row.getByRole("button", { name: /Change the status of/ }).click();
  await expect(page.getByRole("status").filter({ hasText: "Status changed." })).toBeVisible();
  expect(statusOf(id, "learner056")).toBe(22);

  await rowOf(page, "learner056")
    .getByRole("link", { name: /^Progress history of/ })
    .click();
  await expect(page).toHaveURL(/\/overall\/progress\/\d+\/history$/);
  await expect(page.getByRole("heading", { name: /^Progress history of/ })).toBeVisible();
  await expect(page.getByText(/\(learner056\), now Verifying/)).toBeVisible();
  const entries = page.locator("tbody tr");
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText("Not started");
  await expect(entries.first()).toContainText("Verifying");
  await expect(entries.first()).toContainText("Changed by hand");
  await expect(entries.first()).toContainText("admin");

  // The same page in Thai.
  await page.goto(`${page.url()}?language=th`);
  await expect(page.locator("html")).toHaveAttribute("lang", "th");
  await expect(page.getByRole("heading", { name: /^ประวัติความคืบหน้าของ/ })).toBeVisible();
  await expect(page.locator("tbody tr").first()).toContainText("เปลี่ยนโดยผู้ดูแล");
  await page.goto(`${base(id)}/overall/progress?language=en`);

  // A learner with no recorded change (enrolled before the history was kept) says so.
  await rowOf(page, "learner057")
    .getByRole("link", { name: /^Progress history of/ })
    .click();
  await expect(page.getByText(/No change recorded yet/)).toBeVisible();
  await page.getByRole("link", { name: "Back to progress" }).click();
  await expect(page).toHaveURL(/\/overall\/progress$/);
});

test("enrol picker: a search past its first page, a tick kept across pages, both enrolled", async ({ page }, info) => {
  const id = freshCourse(info, "PICK");
  await signInAdmin(page, `${base(id)}/overall/learner/enroll`);
  const byLearner = page.getByRole("region", { name: "By learner" });
  const pages = byLearner.getByRole("navigation", { name: "Pages of learners found" });
  // Every active account is listed before any search, 50 a page.
  await expect(pages).toContainText(/^1–50 of /);
  await byLearner.getByLabel("Find learners by name, username or email").fill("student0");
  await byLearner.getByLabel("Find learners by name, username or email").press("Enter");
  await expect(page).toHaveURL(/\?q=student0$/);
  await expect(pages).toContainText(/^1–50 of /);
  await byLearner.getByRole("checkbox", { name: /student0002/ }).check();
  await pages.getByRole("button", { name: "Page 2", exact: true }).click();
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  await expect(page).toHaveURL(/[?&]picked=\d+/);
  await expect(pages).toContainText(/^51–100 of /);
  // Page 1's tick is kept, listed apart (and could be unticked there).
  const kept = byLearner.getByRole("group", { name: "Ticked on other pages (1)" });
  await expect(kept.getByRole("checkbox", { name: /student0002/ })).toBeChecked();
  await byLearner.getByRole("checkbox", { name: /student0077/ }).check();
  await byLearner.getByRole("button", { name: "Enrol selected learners" }).click();
  const result = page.getByRole("region", { name: "Enrolment result", exact: true });
  await expect(result.getByText("Enrolled 2, already enrolled 0, not found 0.")).toBeVisible();
  await expect(result.locator("tbody tr")).toHaveCount(2);
  expect(statusOf(id, "student0002")).toBe(0);
  expect(statusOf(id, "student0077")).toBe(0);
  // Enrolled now: no longer listed as ticked elsewhere, and not pickable on this page.
  await expect(byLearner.getByRole("group", { name: /Ticked on other pages/ })).toHaveCount(0);
  await expect(byLearner.getByRole("checkbox", { name: /student0077/ })).toBeDisabled();
});

test("enrolment into a full course: the learner is refused as course full, the page says why", async ({
  page,
}, info) => {
  const id = freshCourse(info, "FULL");
  setCapacity(id, 1, 1); // close enrollment when full
  enrol(id, [["learner050", 21]]);
  await signInAdmin(page, `${base(id)}/overall/learner/enroll`);
  await expect(page.getByText("Seats taken: 1 of 1. When the course is full, enrolment is refused.")).toBeVisible();
  const byLearner = page.getByRole("region", { name: "By learner" });
  await byLearner.getByLabel("Find learners by name, username or email").fill("learner051");
  await byLearner.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\?q=learner051$/);
  await byLearner.getByRole("checkbox", { name: /learner051/ }).check();
  await byLearner.getByRole("button", { name: "Enrol selected learners" }).click();
  const result = page.getByRole("region", { name: "Enrolment result", exact: true });
  await expect(
    result.getByText("Enrolled 0, already enrolled 0, not found 0. The course is full (capacity 1): 1 not enrolled."),
  ).toBeVisible();
  await expect(result.locator("tbody tr").filter({ hasText: "learner051" })).toContainText("Course full");
  expect(statusOf(id, "learner051")).toBeUndefined();
  expect(
    one<{ n: number }>(
      "select count(*) as n from content_enrollment where content_type_id = (select id from content_type where code = 'course') and content_id = ?",
      id,
    ).n,
  ).toBe(1);
});

test("the history page and the enrol page with seats and ticks kept pass axe, in English and Thai", async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  const id = freshCourse(info, "AXE");
  setCapacity(id, 30, 0); // waiting list when full
  enrol(id, [["learner058", 22]]);
  const enrollment = one<{ id: number }>(
    "select e.id from content_enrollment e join account a on a.id = e.account_id where e.content_type_id = (select id from content_type where code = 'course') and e.content_id = ? and a.username = 'learner058'",
    id,
  ).id;
  run((db) =>
    db
      .prepare(
        "insert into content_progress_log (enrollment_id, from_status, to_status, action_type, is_bulk, created_by, datetime_create) values (?, 0, 22, 'override', 1, (select id from account where username = 'admin'), ?)",
      )
      .run(enrollment, new Date().toISOString()),
  );
  const picked = one<{ id: number }>("select id from account where username = 'student0002'").id;
  await signInAdmin(page, `${base(id)}/overall/progress`);
  for (const language of ["en", "th"]) {
    for (const path of [
      `overall/progress/${enrollment}/history`,
      `overall/learner/enroll?q=student0&page=2&picked=${picked}`,
    ]) {
      await page.goto(`${base(id)}/${path}${path.includes("?") ? "&" : "?"}language=${language}`);
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      await expect(page.locator("main")).toContainText(
        path.includes("history") ? (language === "en" ? "Bulk change" : "เปลี่ยนแบบกลุ่ม") : "student0002",
      );
      const { violations } = await analyse(page, info);
      const serious = violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
      expect(serious, `${path} (${language})`).toEqual([]);
    }
  }
});

/** A new, empty course of this project. */
const freshCourse = (info: TestInfo, label: string) => newCourse(info, "K", label, "Capacity e2e");
