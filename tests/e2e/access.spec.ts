import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { acceptPendingTerms, signIn } from "./helpers";
import { isJs, all as rows, one } from "./course-fixtures";
import { analyse } from "./axe";

/**
 * Enrollment and permission of a course (issue 6 items 2 and 3), with JS on and off. Both projects
 * share one database, so each test takes its own seeded course: odd ids for one project, even
 * ids for the other, a different one per test.
 */

const DAY = 86_400;

const COURSE_TYPE = "(select id from content_type where code = 'course')";

type Course = { id: number; name: string; code: string };
/** The n-th seeded course of this project's half (by id parity) matching `where`. */
function course(info: TestInfo, n: number, where = "1 = 1"): Course {
  const found = rows<Course>(
    `select id, name, code from course where code like 'CRS-%' and id % 2 = ? and (${where}) order by id`,
    isJs(info) ? 1 : 0,
  );
  expect(found.length, `seeded courses where ${where}`).toBeGreaterThan(n);
  return found[n];
}
const noSettings = `not exists (select 1 from content_enrollment_setting s where s.content_type_id = ${COURSE_TYPE} and s.content_id = course.id)`;
const settingsOf = (id: number) =>
  one<Record<string, unknown> | undefined>(
    `select * from content_enrollment_setting where content_type_id = ${COURSE_TYPE} and content_id = ?`,
    id,
  );

const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });

test.beforeEach(async ({ page }) => {
  await signIn(page, "admin", "/dashboard/course");
  await page.waitForURL((url) => !url.pathname.includes("/account/signin"));
  for (let i = 0; i < 3 && page.url().includes("/privacy-data/"); i++) {
    const here = page.url();
    await page.getByRole("button", { name: "Accept" }).click();
    await page.waitForURL((url) => url.href !== here);
  }
  await acceptPendingTerms(page);
  await expect(page).toHaveURL(/\/dashboard\/course\/?$/);
});

test("enrollment settings: cancel type 7 is typed in days, stored in seconds and shown back in days", async ({
  page,
}, info) => {
  const c = course(info, 0, noSettings);
  await page.goto(`/dashboard/course/${c.id}/enrollment`);
  await expect(page.getByRole("heading", { name: "Enrollment settings" })).toBeVisible();
  await expect(page.getByText("These are the default settings")).toBeVisible();
  // The tab's sub-pages.
  const sub = page.getByRole("navigation", { name: "Sub-pages" });
  await expect(sub.getByRole("link", { name: "Identification" })).toBeVisible();
  await expect(sub.getByRole("link", { name: "Prerequisite" })).toBeVisible();
  // Only the types a course allows are offered (spec 001 §4: [2, 7]).
  const cancel = page.getByRole("group", { name: "Learners may cancel", exact: true });
  await expect(cancel.getByRole("radio")).toHaveCount(2);
  await expect(page.getByLabel("Minimum learners a session")).toHaveValue("0");
  await expect(page.getByLabel("Maximum learners a session")).toHaveValue("10");

  await page.getByLabel("Capacity").fill("25");
  await page.getByLabel("Learners may cancel their enrollment").check();
  await cancel.getByLabel("Within a number of days after enrolling").check();
  await page.getByLabel("Number of days", { exact: true }).fill("5");
  await page.getByLabel("Enrollment opens").fill("2026-09-01T09:00");
  await page.getByLabel("Enrollment closes").fill("2026-09-30T17:30");
  await page.getByRole("button", { name: "Save" }).click();

  await expect(toast(page, "Enrollment settings saved.")).toBeVisible();
  await expect(page.getByLabel("Number of days", { exact: true })).toHaveValue("5");
  await expect(cancel.getByLabel("Within a number of days after enrolling")).toBeChecked();
  await expect(page.getByLabel("Capacity")).toHaveValue("25");
  await expect(page.getByLabel("Enrollment closes")).toHaveValue("2026-09-30T17:30");
  const saved = settingsOf(c.id)!;
  expect(saved).toMatchObject({ cancel_type: 7, cancel_duration: 5 * DAY, capacity: 25, is_user_canceled: 1 });
  // Typed in the organisation's zone (UTC+7), stored in UTC.
  expect(saved.enroll_datetime_end).toBe("2026-09-30T10:30:00.000Z");
});

test("enrollment settings: a cancel type a course does not allow is refused, nothing written", async ({
  page,
}, info) => {
  const c = course(info, 1, noSettings);
  await page.goto(`/dashboard/course/${c.id}/enrollment`);
  // A form posted with type 5 (before_xx_start: allowed for events, not for a course).
  const csrf = await page.locator('input[name="csrf"]').first().inputValue();
  const res = await page.request.post(page.url(), {
    form: {
      csrf,
      intent: "save",
      "content_period_cancel.type": "5",
      "content_period_cancel.duration": "3",
      maximum_session_enrollment: "10",
    },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(400);
  expect(await res.text()).toContain("This cancel type is not allowed for this kind of content.");
  expect(settingsOf(c.id)).toBeUndefined();
});

test("enrollment settings: a minimum above the maximum is refused on its field, nothing written", async ({
  page,
}, info) => {
  const c = course(info, 2, noSettings);
  await page.goto(`/dashboard/course/${c.id}/enrollment`);
  await page.getByLabel("Minimum learners a session").fill("12");
  await page.getByLabel("Maximum learners a session").fill("10");
  await page.getByLabel("Retrain every").fill("0");
  await page.getByRole("button", { name: "Save" }).click();
  const min = page.getByLabel("Minimum learners a session");
  await expect(min).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("The minimum must not be greater than the maximum.")).toBeVisible();
  await expect(page.getByText("This value must not be 0.")).toBeVisible();
  // What was typed stays in the form.
  await expect(min).toHaveValue("12");
  expect(settingsOf(c.id)).toBeUndefined();
});

test("enrollment identification: the lock duration is typed in minutes and stored in seconds", async ({
  page,
}, info) => {
  const c = course(info, 3);
  await page.goto(`/dashboard/course/${c.id}/enrollment/identification`);
  await page.getByLabel("Ask for identification").check();
  await page.getByLabel("Identification method").selectOption({ label: "Photo" });
  await page.getByLabel("Lock for a while").check();
  await page.getByLabel("Failed tries allowed").fill("3");
  await page.getByLabel("Lock for", { exact: true }).fill("15");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Identification settings saved.")).toBeVisible();
  await expect(page.getByLabel("Lock for", { exact: true })).toHaveValue("15");
  expect(
    one(
      `select is_enabled, identification, attempt, duration_lock from content_enrollment_identification where content_type_id = ${COURSE_TYPE} and content_id = ?`,
      c.id,
    ),
  ).toEqual({
    is_enabled: 1,
    identification: 2,
    attempt: 3,
    duration_lock: 900,
  });
});

test("prerequisites: chosen among other courses; a cycle is refused; removed again", async ({ page }, info) => {
  const noPrerequisite = `not exists (select 1 from content_prerequisite p where p.content_type_id = ${COURSE_TYPE} and (p.content_id = course.id or p.prerequisite_id = course.id))`;
  const a = course(info, 4, noPrerequisite);
  const b = course(info, 5, noPrerequisite);
  await page.goto(`/dashboard/course/${a.id}/enrollment/prerequisite`);
  await expect(page.getByText("No prerequisites.")).toBeVisible();
  await page.getByRole("searchbox", { name: "Find a course" }).fill(b.code);
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("button", { name: `Add ${b.name}` }).click();
  await expect(toast(page, "Prerequisite added.")).toBeVisible();
  await expect(page.getByRole("table", { name: "Prerequisites" }).getByText(b.name)).toBeVisible();
  expect(
    rows(
      `select prerequisite_id as id from content_prerequisite where content_type_id = ${COURSE_TYPE} and content_id = ?`,
      a.id,
    ),
  ).toEqual([{ id: b.id }]);

  // b cannot require a: a already requires b.
  await page.goto(`/dashboard/course/${b.id}/enrollment/prerequisite?search=${encodeURIComponent(a.code)}`);
  await page.getByRole("button", { name: `Add ${a.name}` }).click();
  await expect(toast(page, "A content cannot require itself, directly or through its prerequisites.")).toBeVisible();
  expect(
    rows(
      `select prerequisite_id from content_prerequisite where content_type_id = ${COURSE_TYPE} and content_id = ?`,
      b.id,
    ),
  ).toEqual([]);

  await page.goto(`/dashboard/course/${a.id}/enrollment/prerequisite`);
  await page.getByRole("button", { name: `Remove ${b.name}` }).click();
  await expect(toast(page, "Prerequisite removed.")).toBeVisible();
  await expect(page.getByText("No prerequisites.")).toBeVisible();
  expect(
    rows(
      `select prerequisite_id from content_prerequisite where content_type_id = ${COURSE_TYPE} and content_id = ?`,
      a.id,
    ),
  ).toEqual([]);
});

test("permission: a department rule with departments and an age range", async ({ page }, info) => {
  const c = course(info, 6);
  const before = one<{ n: number }>(
    `select count(*) as n from content_permission where content_type_id = ${COURSE_TYPE} and content_id = ?`,
    c.id,
  ).n;
  await page.goto(`/dashboard/course/${c.id}/permission`);
  await expect(page.getByRole("heading", { name: "Who may see and enrol" })).toBeVisible();
  const add = page.getByRole("region", { name: "Add a rule" });
  await add.getByLabel("Who").selectOption({ label: "By department and other criteria" });
  await add.getByLabel("Access").selectOption({ label: "View and enrol" });
  await add.getByRole("button", { name: "Add rule" }).click();

  await expect(toast(page, "Rule added. Now set who it is for.")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/dashboard/course/${c.id}/permission/\\d+/condition$`));
  const ruleId = Number(/permission\/(\d+)\/condition/.exec(page.url())![1]);
  await page.getByLabel("Head Office › Human Resources", { exact: true }).check();
  await page.getByLabel("Head Office › Information Technology", { exact: true }).check();
  // A reversed range is refused on its upper bound, and what was chosen stays chosen.
  await page.getByLabel("Age from").fill("50");
  await page.getByLabel("Age to").fill("40");
  await page.getByRole("button", { name: "Save condition" }).click();
  await expect(page.getByText("The upper bound must not be below the lower bound.")).toBeVisible();
  await expect(page.getByLabel("Head Office › Human Resources", { exact: true })).toBeChecked();
  expect(
    one<{ n: number }>("select count(*) as n from content_permission_item where permission_id = ?", ruleId).n,
  ).toBe(0);

  await page.getByLabel("Age from").fill("25");
  await page.getByLabel("Age to").fill("45");
  await page.getByRole("button", { name: "Save condition" }).click();
  await expect(toast(page, "Condition saved.")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/dashboard/course/${c.id}/permission$`));
  await expect(page.getByRole("link", { name: `Condition of rule ${before + 1}` })).toHaveText("2 criteria");

  expect(one("select mode, permission, age_gte, age_lte from content_permission where id = ?", ruleId)).toEqual({
    mode: 2,
    permission: 2,
    age_gte: 25,
    age_lte: 45,
  });
  const departments = rows<{ name: string }>(
    "select d.name from content_permission_item i join department d on d.id = i.ref_id where i.permission_id = ? and i.field = 'department' order by d.name",
    ruleId,
  ).map((d) => d.name);
  expect(departments).toEqual(["Human Resources", "Information Technology"]);
  // Shown back: unset bounds stay empty.
  await page.getByRole("link", { name: `Condition of rule ${before + 1}` }).click();
  await expect(page.getByLabel("Age from")).toHaveValue("25");
  await expect(page.getByLabel("Years of service from")).toHaveValue("");
});

test("permission: a course administrator is added and removed", async ({ page }, info) => {
  const c = course(
    info,
    7,
    `not exists (select 1 from content_admin a where a.content_type_id = ${COURSE_TYPE} and a.content_id = course.id)`,
  );
  await page.goto(`/dashboard/course/${c.id}/permission`);
  await page.getByRole("navigation", { name: "Sub-pages" }).getByRole("link", { name: "Administrators" }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/course/${c.id}/permission/admin$`));
  await expect(page.getByText("No administrators of this course yet.")).toBeVisible();
  await page.getByLabel("Staff account").selectOption({ label: "Sunee Staff (staff1)" });
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(toast(page, "Administrator added.")).toBeVisible();
  await expect(
    page.getByRole("table", { name: "Administrators of this course" }).getByText("staff1", { exact: true }),
  ).toBeVisible();
  // Someone listed is no longer offered.
  await expect(page.getByLabel("Staff account").locator("option", { hasText: "(staff1)" })).toHaveCount(0);
  expect(
    rows(`select account_id from content_admin where content_type_id = ${COURSE_TYPE} and content_id = ?`, c.id),
  ).toHaveLength(1);

  await page.getByRole("button", { name: "Remove Sunee Staff" }).click();
  await expect(toast(page, "Administrator removed.")).toBeVisible();
  await expect(page.getByText("No administrators of this course yet.")).toBeVisible();
  expect(
    rows(`select account_id from content_admin where content_type_id = ${COURSE_TYPE} and content_id = ?`, c.id),
  ).toEqual([]);
});

test("the enrollment and permission pages pass axe in English and Thai, errors shown", async ({ page }, info) => {
  // axe on eleven pages (and, without JS, a JS-enabled copy of each): slower than a flow.
  test.setTimeout(300_000);
  const check = async (what: string) => {
    const { violations } = await analyse(page, info);
    const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(
      serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
      `${what} (${page.url()})`,
    ).toEqual([]);
  };
  const c = course(info, 8);
  const rule = one<{ id: number } | undefined>(
    `select id from content_permission where content_type_id = ${COURSE_TYPE} and mode = 2 order by id`,
  );
  const ruleCourse = rule
    ? one<{ content_id: number }>("select content_id from content_permission where id = ?", rule.id).content_id
    : null;
  // Every page in English; in Thai the ones with the most text (labels, errors, the editor).
  for (const language of ["en", "th"] as const) {
    const all = language === "en";
    await page.goto(`/dashboard/course/${c.id}/enrollment?language=${language}`);
    await expect(page.locator("html")).toHaveAttribute("lang", language);
    if (all) await check("enrollment");
    await page.locator('input[name="minimum_session_enrollment"]').fill("30");
    await page.locator('form:has(input[name="intent"][value="save"]) button[type="submit"]').click();
    await expect(page.locator('input[name="minimum_session_enrollment"]')).toHaveAttribute("aria-invalid", "true");
    await check("enrollment with errors");
    if (all) {
      await page.goto(`/dashboard/course/${c.id}/enrollment/identification`);
      await check("identification");
      await page.goto(`/dashboard/course/${c.id}/enrollment/prerequisite?search=a`);
      await check("prerequisite");
      await page.goto(`/dashboard/course/${c.id}/permission/admin`);
      await check("admin");
    }
    await page.goto(`/dashboard/course/${c.id}/permission`);
    await check("permission");
    if (rule && ruleCourse) {
      if (all) {
        await page.goto(`/dashboard/course/${ruleCourse}/permission?edit=${rule.id}`);
        await check("permission, a rule being edited");
      }
      await page.goto(`/dashboard/course/${ruleCourse}/permission/${rule.id}/condition`);
      await check("condition");
    }
  }
});
