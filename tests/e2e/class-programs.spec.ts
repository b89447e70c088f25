import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { acceptPendingTerms, signIn } from "./helpers";
import { isJs, one } from "./course-fixtures";

/**
 * Class programs (issue 16 §5, docs/decisions/044), JS on and off: a program is created (its
 * field errors first), a class is created inside it and opens under it with every class tab,
 * the program lists it (also by status), a class of another program is not found under this
 * one, and the program's pages read in Thai. Each project works on a program of its own.
 */
const tag = (info: TestInfo) => (isJs(info) ? "ON" : "OFF");

test.beforeEach(async ({ page }) => {
  await signIn(page, "admin", "/dashboard/class-program");
  await page.waitForURL((url) => !url.pathname.includes("/account/signin"));
  await acceptPendingTerms(page);
  await expect(page).toHaveURL(/\/dashboard\/class-program\/?$/);
});

const choose = async (page: Page) => {
  await page
    .getByRole("combobox", { name: "Category", exact: true })
    .selectOption(String(one<{ id: number }>("select id from category order by id").id));
  await page
    .getByRole("combobox", { name: "Provider", exact: true })
    .selectOption(String(one<{ id: number }>("select id from provider order by id").id));
};

test("a program holds the classes created in it, each with every class tab under the program", async ({
  page,
}, info) => {
  test.setTimeout(90_000);
  const stamp = `${tag(info)}${Date.now() % 100000}`;
  await page.getByRole("link", { name: "Create", exact: true }).click();
  // Nothing filled in: each required field says so, nothing is written.
  await page.getByRole("button", { name: "Create", exact: true }).click();
  await expect(page.getByText("This field is required").first()).toBeVisible();
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(`Graduate Program ${tag(info)}`);
  await page.getByRole("textbox", { name: "Code", exact: true }).fill(`CPG-${stamp}`);
  await choose(page);
  await page.getByRole("button", { name: "Create", exact: true }).click();
  // A program opens on its classes.
  await expect(page).toHaveURL(/\/dashboard\/class-program\/\d+\/class\/?$/);
  const programId = Number(/class-program\/(\d+)\//.exec(page.url())![1]);
  await expect(page.getByRole("heading", { name: `Graduate Program ${tag(info)}` })).toBeVisible();
  // A new program has no class yet, and says so (issue 33: it said "Nothing matches").
  await expect(page.getByText("No class has been added yet.")).toBeVisible();

  // A class created from the program's list belongs to it (the program is preset) and opens under it.
  await page.getByRole("link", { name: "Create", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/class-program/${programId}/class/create$`));
  await expect(page.getByRole("combobox", { name: "Class program", exact: true })).toHaveValue(String(programId));
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(`Orientation ${tag(info)}`);
  await page.getByRole("textbox", { name: "Code", exact: true }).fill(`CLP-${stamp}`);
  await choose(page);
  await page.getByRole("button", { name: "Create", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/class-program/${programId}/class/\\d+/information$`));
  const classId = Number(/\/class\/(\d+)\//.exec(page.url())![1]);
  // Its breadcrumbs lead through the program.
  await expect(page.getByRole("link", { name: `Graduate Program ${tag(info)}`, exact: true })).toHaveAttribute(
    "href",
    `/dashboard/class-program/${programId}`,
  );
  // Every tab stays under the program: the class's own modules serve them there.
  const tabs = page.getByRole("navigation", { name: "Tabs", exact: true });
  for (const [label, path] of [
    ["Curriculum", "curriculum"],
    ["Schedule", "schedule"],
    ["Enrollment", "enrollment"],
    ["Permission", "permission"],
    ["Learners", "overall/learner"],
  ] as const) {
    await expect(tabs.getByRole("link", { name: label, exact: true })).toHaveAttribute(
      "href",
      `/dashboard/class-program/${programId}/class/${classId}/${path}`,
    );
  }
  await page.goto(`/dashboard/class-program/${programId}/class/${classId}/curriculum/create`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`Orientation ${tag(info)}`);

  // The program lists it, and by status: without sessions it is upcoming.
  await page.goto(`/dashboard/class-program/${programId}/class`);
  await expect(page.getByRole("row").filter({ hasText: `CLP-${stamp}` })).toBeVisible();
  await page.goto(`/dashboard/class-program/${programId}/class/status/upcoming`);
  await expect(page.getByRole("row").filter({ hasText: `CLP-${stamp}` })).toBeVisible();
  await page.goto(`/dashboard/class-program/${programId}/class/status/past`);
  await expect(page.getByRole("row").filter({ hasText: `CLP-${stamp}` })).toHaveCount(0);

  // A class of another program (the seeded workshop) is not found under this one.
  const other = one<{ id: number }>("select id from class where code = 'CLS-LEAD'").id;
  const res = await page.goto(`/dashboard/class-program/${programId}/class/${other}/information`);
  expect(res?.status()).toBe(404);
});

test("the program pages in Thai", async ({ page }) => {
  const program = one<{ id: number }>("select id from class_program where code = 'CPG-MGR'").id;
  await page.goto(`/dashboard/class-program/${program}/class?language=th`);
  await expect(page.getByRole("link", { name: "คลาสเรียนในโปรแกรม" }).first()).toBeVisible();
  const workshop = one<{ id: number }>("select id from class where code = 'CLS-LEAD'").id;
  await page.goto(`/dashboard/class-program/${program}/class/${workshop}/information?language=th`);
  await expect(page.getByRole("combobox", { name: "โปรแกรมคลาสเรียน", exact: true })).toHaveValue(String(program));
});
