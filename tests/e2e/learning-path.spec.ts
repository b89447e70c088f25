import { expect, test } from "@playwright/test";
import { acceptPendingTerms, signIn } from "./helpers";
import { isJs, one } from "./course-fixtures";
import { addContent, rowNames, tag, toast } from "./sequence-kit";

/**
 * Learning paths (issue 36 §1, docs/decisions/098), with JavaScript on and off: a scheduled path
 * is created with its learning period, its curriculum is built from a course, a class and an
 * activity, reordered, given a dependency (a circle is refused, naming its contents), and it is
 * found on the scheduled list, whose /schedule/{id} address leads back to it; its enrollment
 * offers the scheduled kind's cancel types. Both projects share one database, so each works on
 * a path and contents of its own.
 */

test.beforeEach(async ({ page }) => {
  await signIn(page, "admin", "/dashboard/learning-path");
  await acceptPendingTerms(page);
});

test("a scheduled path is built from a course, a class and an activity, reordered and given a dependency", async ({
  page,
}, info) => {
  const code = `LP-E2E-${tag(info)}`;
  const name = `Team Lead Path ${tag(info)}`;
  await page.goto("/dashboard/learning-path/create");
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(name);
  await page.getByRole("textbox", { name: "Code", exact: true }).fill(code);
  await page.getByRole("combobox", { name: "Category" }).selectOption({ index: 1 });
  await page.getByRole("combobox", { name: "Provider" }).selectOption({ index: 1 });
  await page.getByLabel("Kind").selectOption({ label: "Scheduled" });
  // Without JavaScript the choice's fields come with the form drawn again.
  if (!isJs(info)) await page.getByRole("button", { name: "Show the fields of this choice" }).click();
  await page.getByLabel("Learning starts").fill("2027-03-01T09:00");
  await page.getByLabel("Learning ends").fill("2027-02-01T09:00");
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.getByText("The end must be after the start.")).toBeVisible();
  await page.getByLabel("Learning ends").fill("2027-05-31T17:00");
  await page.getByRole("button", { name: "Create" }).click();
  await expect(toast(page, "Created.")).toBeVisible();
  const path = one<{ id: number }>("select id from learning_path where code = ?", code).id;

  // One of each, a different one for each project.
  const offset = isJs(info) ? 0 : 1;
  const pick = (table: string) =>
    one<{ name: string; code: string }>(`select name, code from ${table} order by id limit 1 offset ?`, offset + 2);
  const [c, k, a] = [pick("course"), pick("class"), pick("activity")];
  const [course, cls, activity] = [c.name, k.name, a.name];
  await page.goto(`/dashboard/learning-path/${path}/curriculum`);
  await expect(page.getByText("The learning path has no content yet.")).toBeVisible();
  await addContent(page, "Course", c);
  await addContent(page, "Class", k);
  await addContent(page, "Activity", a);
  expect(await rowNames(page)).toEqual([course, cls, activity]);

  await page.getByRole("button", { name: `Move ${activity} up` }).click();
  await expect(toast(page, "Saved")).toBeVisible();
  expect(await rowNames(page)).toEqual([course, activity, cls]);

  // The class opens once the course is completed.
  await page.getByRole("link", { name: `Edit ${cls}` }).click();
  await page
    .getByRole("group", { name: "Completed first" })
    .getByRole("checkbox", { name: `1. ${course}` })
    .check();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Saved")).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(cls) })).toContainText(course);
  // The course depending on the class would go round in a circle: refused, naming it.
  await page.getByRole("link", { name: `Edit ${course}` }).click();
  await page
    .getByRole("group", { name: "Completed first" })
    .getByRole("checkbox", { name: `3. ${cls}` })
    .check();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: `The circle: ${course} → ${cls} → ${course}.` }),
  ).toBeVisible();

  // Each content leads to its own page.
  await page.getByRole("link", { name: course, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: course })).toBeVisible();

  // The scheduled list has it; /schedule/{id} leads to it; its cancel types are the scheduled kind's.
  await page.goto(`/dashboard/learning-path/schedule?search=${code}`);
  await expect(page.getByRole("link", { name, exact: true })).toBeVisible();
  await page.goto(`/dashboard/learning-path/schedule/${path}`);
  await expect(page).toHaveURL(new RegExp(`/dashboard/learning-path/${path}(/information)?$`));
  await page.goto(`/dashboard/learning-path/online?search=${code}`);
  await expect(page.getByRole("link", { name, exact: true })).toHaveCount(0);
});

test("a learner completing the path's course completes the path (the chain reaction)", async ({ page }, info) => {
  // LP-DATA holds one course, which its seeded learners have not started. One learner per project: each
  // takes its own place among those still at 0, so the two never pick the same one.
  const { path, course, username } = one<{ path: number; course: number; username: string }>(
    `select p.id as path, c.content_id as course, a.username
       from learning_path p
       join content_sequence c on c.holder_id = p.id
         and c.holder_type_id = (select id from content_type where code = 'learning_path')
       join content_enrollment e on e.content_id = p.id
         and e.content_type_id = (select id from content_type where code = 'learning_path')
       join account a on a.id = e.account_id
      where p.code = 'LP-DATA' and e.status = 0
      order by a.username limit 1 offset ?`,
    isJs(info) ? 0 : 1,
  );
  const rowOf = (text: string) => page.locator("tbody tr").filter({ hasText: text });
  await page.goto(`/dashboard/learning-path/${path}/overall/progress?search=${username}`);
  await expect(rowOf(username)).toContainText("Not started");

  // The course's own progress page: the administrator completes the learner.
  await page.goto(`/dashboard/course/${course}/overall/progress?search=${username}`);
  await rowOf(username).getByRole("combobox").selectOption({ label: "Completed" });
  await rowOf(username)
    .getByRole("button", { name: /Change the status of/ })
    .click();
  await expect(toast(page, "Status changed.")).toBeVisible();

  // The path follows: completed, and its history says why.
  await page.goto(`/dashboard/learning-path/${path}/overall/progress?search=${username}`);
  await expect(rowOf(username)).toContainText("Completed");
  await rowOf(username)
    .getByRole("link", { name: /^Progress history of/ })
    .click();
  await expect(page.getByText("Chain reaction")).toBeVisible();
});

test("the curriculum in Thai", async ({ page }) => {
  const path = one<{ id: number }>("select id from learning_path where code = 'LP-ONLINE'").id;
  await page.goto(`/dashboard/learning-path/${path}/curriculum?language=th`);
  await expect(page.getByRole("heading", { level: 1, name: "Onboarding Essentials Path" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "เพิ่มเนื้อหา" })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "ต้องเรียนจบก่อน" })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("curriculum-th.png"), fullPage: true });
});
