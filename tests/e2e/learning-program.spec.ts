import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { acceptPendingTerms, signIn } from "./helpers";
import { isJs, one } from "./course-fixtures";

/**
 * Learning programs (issue 36 §3, docs/decisions/097), with JavaScript on and off: a program is
 * created, a course joins it from the program field of its own information form, the program's
 * contents page lists the course and its link leads to it, and the course leaves the program the
 * same way. Both projects share one database, so each works on a program and a course of its own.
 */

const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });
const tag = (info: TestInfo) => (isJs(info) ? "N" : "F");

test.beforeEach(async ({ page }) => {
  await signIn(page, "admin", "/dashboard/learning-program");
  await acceptPendingTerms(page);
});

test("a course joins a new program from its own form, and the program lists it", async ({ page }, info) => {
  const name = `Field Sales Program ${tag(info)}`;
  const code = `PRG-E2E-${tag(info)}`;
  await page.goto("/dashboard/learning-program/create");
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(name);
  await page.getByRole("textbox", { name: "Code", exact: true }).fill(code);
  await page.getByRole("textbox", { name: "Description" }).fill("Selling in the field, from the first visit on.");
  await page.getByRole("button", { name: "Create" }).click();
  await expect(toast(page, "Created.")).toBeVisible();
  const program = one<{ id: number }>("select id from learning_program where code = ?", code).id;

  await page.goto(`/dashboard/learning-program/${program}/content`);
  await expect(page.getByText("No content names this program yet.")).toBeVisible();

  // A course of no program, a different one for each project.
  const course = one<{ id: number; name: string }>(
    "select id, name from course where program is null and is_library = 0 order by id limit 1 offset ?",
    isJs(info) ? 0 : 1,
  );
  await page.goto(`/dashboard/course/${course.id}/information`);
  await page.getByLabel("Learning program", { exact: true }).selectOption({ label: name });
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(toast(page, "Saved.")).toBeVisible();
  expect(one<{ program: number }>("select program from course where id = ?", course.id).program).toBe(program);

  await page.goto(`/dashboard/learning-program/${program}/content`);
  const row = page.getByRole("row").filter({ hasText: course.name });
  await expect(row.getByRole("cell", { name: "Course", exact: true })).toBeVisible();
  await row.getByRole("link", { name: course.name }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/course/${course.id}(/information)?/?$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(course.name);
  await expect(page.getByLabel("Learning program", { exact: true })).toHaveValue(String(program));

  // Leaving: no program on the form, and the program's list is empty again.
  await page.getByLabel("Learning program", { exact: true }).selectOption("");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(toast(page, "Saved.")).toBeVisible();
  expect(one<{ program: number | null }>("select program from course where id = ?", course.id).program).toBeNull();
  await page.goto(`/dashboard/learning-program/${program}/content?language=th`);
  await expect(page.locator("main").getByRole("heading", { level: 2 })).toHaveText("เนื้อหา");
  await expect(page.getByText("ยังไม่มีเนื้อหาในโปรแกรมนี้")).toBeVisible();
});
