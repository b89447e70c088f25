import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { acceptPendingTerms, signIn } from "./helpers";
import { isJs, all as rows, one } from "./course-fixtures";

/**
 * The extra tabs and overall pages of a course (issue 6 items 4 and 6, docs/decisions/012), one
 * flow each, with JS on and off. Both projects share one database, so each picks its own courses
 * by id parity (odd for js-on, even for js-off).
 */

const parity = (info: TestInfo) => (isJs(info) ? 1 : 0);

/** A demo course without seeded extras (CRS-0031 onwards), of this project's half. */
const plainCourse = (info: TestInfo, offset = 0) =>
  rows<{ id: number; name: string }>(
    "select id, name from course where code > 'CRS-0030' and code like 'CRS-%' and id % 2 = ? order by id",
    parity(info),
  )[offset];

/** The rows of one course in a content_* table: its content type and its id (the `?`). */
const COURSE_TYPE = "(select id from content_type where code = 'course')";
const OF_COURSE = `content_type_id = ${COURSE_TYPE} and content_id = ?`;

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

test("competency: add one with a required level within its scale", async ({ page }, info) => {
  const course = plainCourse(info, 0);
  const digital = one<{ id: number }>("select id from competency where code = 'CMP-DIG'");
  await page.goto(`/dashboard/course/${course.id}/competency`);
  await expect(page.getByRole("heading", { name: "Competency", level: 2 })).toBeVisible();
  await expect(page.getByText("No competencies yet.")).toBeVisible();
  const add = page.getByRole("region", { name: "Add a competency" });
  await add.getByLabel("Competency").selectOption(String(digital.id));
  await add.getByLabel("Required level").fill("4");
  await add.getByRole("button", { name: "Add" }).click();
  // Digital skills has levels 1–3: the API refuses 4, the form says why and keeps the choice.
  await expect(add.getByText("The required level must be from 1 to the competency's highest level.")).toBeVisible();
  await expect(add.getByLabel("Competency")).toHaveValue(String(digital.id));
  await add.getByLabel("Required level").fill("3");
  await add.getByRole("button", { name: "Add" }).click();
  await expect(toast(page, "Competency added.")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: "Digital skills" });
  await expect(row).toContainText("CMP-DIG");
  await expect(row).toContainText("3 of 3");
  expect(
    one<{ level: number }>(
      `select level from content_competency where ${OF_COURSE} and competency_id = ?`,
      course.id,
      digital.id,
    ).level,
  ).toBe(3);
});

test("budget: save a price, then a planning record with the currency and exchange rate defaults", async ({
  page,
}, info) => {
  const course = plainCourse(info, 1);
  await page.goto(`/dashboard/course/${course.id}/budget/price`);
  await expect(
    page.getByRole("navigation", { name: "Sub-pages" }).getByRole("link", { name: "Price" }),
  ).toHaveAttribute("aria-current", "page");
  await page.getByRole("textbox", { name: "Price", exact: true }).fill("1,500.50");
  await page.getByLabel("Discount price").fill("2000");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("The discount price must not be higher than the price.")).toBeVisible();
  expect(rows(`select * from content_budget where ${OF_COURSE}`, course.id)).toHaveLength(0);
  await page.getByLabel("Discount price").fill("1200");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Saved.")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Price", exact: true })).toHaveValue("1500.5");
  expect(one(`select price_minor, price_discount_minor from content_budget where ${OF_COURSE}`, course.id)).toEqual({
    price_minor: 150050,
    price_discount_minor: 120000,
  });

  // Planning: a new record starts in baht at rate 1.
  await page.getByRole("navigation", { name: "Sub-pages" }).getByRole("link", { name: "Budget" }).click();
  await expect(page.getByRole("heading", { name: "Budget planning" })).toBeVisible();
  await page.getByLabel("Number of learners").fill("25");
  await page.getByRole("button", { name: "Add a record" }).click();
  const record = page.getByRole("group", { name: "Record 1" });
  await expect(record.getByLabel("Currency")).toHaveValue("thb");
  await expect(record.getByLabel("Exchange rate to baht")).toHaveValue("1");
  // What was typed before adding the row is still there.
  await expect(page.getByLabel("Number of learners")).toHaveValue("25");
  const venue = one<{ id: number }>("select id from budget_category where code = 'BC-VEN'");
  await record.getByLabel("Budget category").selectOption(String(venue.id));
  await record.getByLabel("Units").fill("2");
  await record.getByLabel("Cost per unit").fill("8000");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Saved.")).toBeVisible();
  await expect(page.getByRole("group", { name: /Record 1/ })).toContainText("Total 16,000.00 THB");
  await expect(page.getByText("Total: 16,000.00 THB")).toBeVisible();
  expect(
    one(
      `select unit, cost_minor, currency, exchange_rate_micro from content_budget_record where ${OF_COURSE} and kind = 'plan'`,
      course.id,
    ),
  ).toEqual({
    unit: 2,
    cost_minor: 800000,
    currency: "thb",
    exchange_rate_micro: 1_000_000,
  });
  expect(
    one<{ count_learner: number }>(`select count_learner from content_budget where ${OF_COURSE}`, course.id)
      .count_learner,
  ).toBe(25);
});

test("e-certificate: save one with a download period in days", async ({ page }, info) => {
  const course = plainCourse(info, 2);
  await page.goto(`/dashboard/course/${course.id}/ecertificate`);
  await expect(page.getByText("No certificate has been set up for this course yet.", { exact: false })).toBeVisible();
  // The name starts as the course's.
  await expect(page.getByLabel("Name on the certificate")).toHaveValue(course.name);
  await page.getByLabel("Name on the certificate").fill("Certificate of Data Skills");
  await page.getByLabel("Download period").fill("0");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("The number of days must not be 0.")).toBeVisible();
  await page.getByLabel("Download period").fill("45");
  await page.getByRole("radio", { name: "Modern" }).check();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Saved.")).toBeVisible();
  await expect(page.getByLabel("Download period")).toHaveValue("45");
  await expect(page.getByRole("radio", { name: "Modern" })).toBeChecked();
  expect(
    one(`select name, download_days, type_template from content_certificate where ${OF_COURSE}`, course.id),
  ).toEqual({ name: "Certificate of Data Skills", download_days: 45, type_template: 2 });
});

test("gamification: add a criterion; one a learner has earned cannot be edited or deleted", async ({ page }, info) => {
  const course = plainCourse(info, 3);
  await page.goto(`/dashboard/course/${course.id}/gamification`);
  const add = page.getByRole("region", { name: "Add a criterion" });
  await add.getByLabel("Criterion").fill("Finish the final quiz");
  await add.getByLabel("Points").fill("0");
  await add.getByRole("button", { name: "Add" }).click();
  await expect(add.getByText("Give points, an achievement or a challenge.")).toBeVisible();
  await add.getByLabel("Points").fill("20");
  await add.getByRole("button", { name: "Add" }).click();
  await expect(toast(page, "Criterion added.")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "Finish the final quiz" })).toContainText("Not used yet");

  const used = one<{ id: number; course_id: number; name: string }>(
    `select g.id, g.content_id as course_id, g.name from content_gamification g where g.content_type_id = ${COURSE_TYPE} and g.content_id % 2 = ? and exists (select 1 from content_gamification_earned e where e.criteria_id = g.id) order by g.id`,
    parity(info),
  );
  await page.goto(`/dashboard/course/${used.course_id}/gamification`);
  const row = page.getByRole("row").filter({ hasText: used.name });
  await expect(row).toContainText("In use");
  // Editing is refused on the form…
  await page.getByRole("link", { name: `Edit ${used.name}` }).click();
  const edit = page.getByRole("region", { name: `Edit ${used.name}` });
  await edit.getByLabel("Points").fill("999");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(
    edit.getByText("This criterion is in use: learners have earned it, so it cannot be edited or deleted."),
  ).toBeVisible();
  // …and deleting with the warning dialog.
  await page.goto(`/dashboard/course/${used.course_id}/gamification`);
  await page.getByRole("link", { name: `Delete: ${used.name}` }).click();
  const confirm = page.getByRole("dialog", { name: "Delete this item?" });
  await confirm.getByRole("button", { name: "Delete" }).click();
  const warning = page.getByRole("dialog", { name: "Warning" });
  await expect(warning).toContainText(
    "This criterion is in use: learners have earned it, so it cannot be edited or deleted.",
  );
  await warning.getByRole("link", { name: "OK" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  expect(one<{ point: number }>("select point from content_gamification where id = ?", used.id).point).not.toBe(999);
});

test("survey: attach one as required", async ({ page }, info) => {
  const course = plainCourse(info, 4);
  const survey = one<{ id: number; name: string }>("select id, name from survey where code = 'SV-INS'");
  await page.goto(`/dashboard/course/${course.id}/survey`);
  const add = page.getByRole("region", { name: "Attach a survey" });
  await add.getByLabel("Survey").selectOption(String(survey.id));
  await add.getByLabel("Required to complete the course").check();
  await add.getByRole("button", { name: "Attach" }).click();
  await expect(toast(page, "Survey attached.")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: survey.name });
  await expect(row).toContainText("Likert scale");
  await expect(row).toContainText("Required");
  expect(
    one(`select is_required from content_survey where ${OF_COURSE} and survey_id = ?`, course.id, survey.id),
  ).toEqual({ is_required: 1 });
  // Attached surveys are no longer offered.
  await expect(add.getByLabel("Survey").locator(`option[value="${survey.id}"]`)).toHaveCount(0);
});

test("discussion: hide a reply, then delete the thread", async ({ page }, info) => {
  // A thread with a shown reply whose title is unique in its course (so the links name it alone).
  const thread = one<{ id: number; course: number; title: string }>(
    `select t.id, t.content_id as course, t.title from discussion_thread t
     where t.content_id % 2 = ? and exists (select 1 from discussion_reply r where r.thread_id = t.id and r.is_hidden = 0)
       and (select count(*) from discussion_thread o where o.content_id = t.content_id and o.title = t.title) = 1
     order by t.id`,
    parity(info),
  );
  const reply = one<{ id: number; body: string }>(
    "select id, body from discussion_reply where thread_id = ? and is_hidden = 0 order by datetime_create, id",
    thread.id,
  );
  const excerpt = reply.body.length > 60 ? `${reply.body.slice(0, 60)}…` : reply.body;
  await page.goto(`/dashboard/course/${thread.course}/overall/discussion`);
  await page.getByRole("link", { name: thread.title, exact: true }).click();
  const article = page.getByRole("article", { name: thread.title });
  await expect(article).toBeVisible();
  await article
    .getByRole("button", { name: `Hide ${excerpt}`, exact: true })
    .first()
    .click();
  await expect(toast(page, "Hidden.")).toBeVisible();
  await expect(
    page
      .getByRole("article", { name: thread.title })
      .getByRole("button", { name: `Show ${excerpt}`, exact: true })
      .first(),
  ).toBeVisible();
  expect(one("select is_hidden from discussion_reply where id = ?", reply.id)).toEqual({ is_hidden: 1 });

  await page.getByRole("link", { name: `Delete ${thread.title}`, exact: true }).click();
  const confirm = page.getByRole("dialog", { name: "Delete this item?" });
  await expect(confirm).toContainText("and all its replies will be deleted");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Deleted.")).toBeVisible();
  await expect(page.getByRole("link", { name: thread.title, exact: true })).toHaveCount(0);
  expect(rows("select id from discussion_thread where id = ?", thread.id)).toHaveLength(0);
  expect(rows("select id from discussion_reply where thread_id = ?", thread.id)).toHaveLength(0);
});

test("identification log: filter by method and result, and search a learner", async ({ page }, info) => {
  const course = one<{ id: number }>(
    "select content_id as id from identification_attempt where content_id % 2 = ? group by content_id having sum(method = 2 and status = 'failed') > 0 order by content_id",
    parity(info),
  );
  const total = one<{ n: number }>(
    "select count(*) as n from identification_attempt where content_id = ?",
    course.id,
  ).n;
  const failedPhotos = one<{ n: number }>(
    "select count(*) as n from identification_attempt where content_id = ? and method = 2 and status = 'failed'",
    course.id,
  ).n;
  await page.goto(`/dashboard/course/${course.id}/overall/identification`);
  await expect(page.getByText(new RegExp(`of ${total}$`))).toBeVisible();
  const filters = page.getByRole("search");
  await filters.getByLabel("Method").selectOption({ label: "Photo" });
  await filters.getByLabel("Result").selectOption({ label: "Failed" });
  await filters.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/method=2/);
  await expect(page).toHaveURL(/status=failed/);
  await expect(page.getByText(`1–${failedPhotos} of ${failedPhotos}`)).toBeVisible();
  const body = page.locator("tbody tr");
  await expect(body).toHaveCount(failedPhotos);
  for (const text of await body.allTextContents()) {
    expect(text).toContain("Photo");
    expect(text).toContain("Failed");
  }
  // Search a learner among all attempts.
  const learner = one<{ username: string; n: number }>(
    "select a.username, count(*) as n from identification_attempt i join account a on a.id = i.account_id where i.content_id = ? group by a.username order by n desc, a.username",
    course.id,
  );
  await page.getByRole("link", { name: "Clear" }).click();
  await filters.getByLabel("Search").fill(learner.username);
  await filters.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(new RegExp(`search=${learner.username}`));
  const like = `%${learner.username}%`;
  const found = one<{ n: number }>(
    "select count(*) as n from identification_attempt i join account a on a.id = i.account_id where i.content_id = ? and (lower(a.username) like ? or lower(a.email) like ? or lower(a.first_name || ' ' || a.last_name) like ?)",
    course.id,
    like,
    like,
    like,
  ).n;
  await expect(body).toHaveCount(found);
});
