import fs from "node:fs";
import ExcelJS from "exceljs";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { acceptPendingTerms, signIn } from "./helpers";
import { analyse } from "./axe";
import { all, enrol, freshCourse as newCourse, one, statusOf } from "./course-fixtures";

/**
 * Learners and progress of a course (issue 6 items 5–7), with JS on and off: enrolling by learner,
 * by department and by file (a bad row refused and said why), the manual progress change offering
 * only what the transition table allows, the bulk change with its counts shown before confirming,
 * and both exports. Both projects share one database, so every test works on a course of its own.
 */

const enrolledCount = (courseId: number) =>
  one<{ n: number }>(
    "select count(*) as n from content_enrollment where content_type_id = (select id from content_type where code = 'course') and content_id = ?",
    courseId,
  ).n;

const base = (id: number) => `/dashboard/course/${id}`;
async function signInAdmin(page: Page, next: string) {
  await signIn(page, "admin", next);
  await page.waitForURL((u) => !u.pathname.includes("/account/signin"));
  // The terms documents, in their order (each accept is a navigation; wait for it with JS on too).
  for (let i = 0; i < 3 && /privacy-data/.test(page.url()); i++) {
    const before = page.url();
    await page.getByRole("button", { name: /^accept$/i }).click();
    await page.waitForURL((u) => u.toString() !== before);
  }
  await acceptPendingTerms(page);
  if (!page.url().includes(next)) await page.goto(next);
}
const toast = (page: Page, text: string | RegExp) => page.getByRole("status").filter({ hasText: text });
const rowOf = (page: Page, text: string) => page.locator("tbody tr").filter({ hasText: text });

test("enrol by learner: search, tick, enrol; the learner list shows them", async ({ page }, info) => {
  const id = freshCourse(info, "LIST");
  await signInAdmin(page, `${base(id)}/overall/learner`);
  await expect(page.getByRole("heading", { name: "Learners" })).toBeVisible();
  await expect(page.getByText(/No learners match/)).toBeVisible();
  await page.getByRole("link", { name: "Enrol learners" }).click();
  await expect(page).toHaveURL(/\/overall\/learner\/enroll$/);
  await page.getByLabel("Find learners by name, username or email").fill("learner04");
  await page.getByLabel("Find learners by name, username or email").press("Enter");
  await expect(page).toHaveURL(/\?q=learner04$/);
  const byLearner = page.getByRole("region", { name: "By learner" });
  await byLearner.getByRole("checkbox", { name: /learner041/ }).check();
  await byLearner.getByRole("checkbox", { name: /learner042/ }).check();
  await byLearner.getByRole("button", { name: "Enrol selected learners" }).click();
  const result = page.getByRole("region", { name: "Enrolment result", exact: true });
  await expect(result.getByText("Enrolled 2, already enrolled 0, not found 0.")).toBeVisible();
  await expect(result.locator("tbody tr")).toHaveCount(2);
  // Once enrolled, they are ticked and cannot be picked again.
  await expect(byLearner.getByRole("checkbox", { name: /learner041/ })).toBeDisabled();
  expect(statusOf(id, "learner041")).toBe(0);

  await page.getByRole("link", { name: "Back to learners" }).click();
  await expect(page.locator("tbody tr")).toHaveCount(2);
  await expect(rowOf(page, "learner042")).toContainText("Not started");
  await expect(rowOf(page, "learner042")).toContainText("Learner list");
  // Search and the status groups filter the list.
  await page.getByRole("searchbox", { name: "Search" }).fill("learner041");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.locator("tbody tr")).toHaveCount(1);
  await page.getByRole("navigation", { name: "Status group" }).getByRole("link", { name: "Done" }).click();
  await expect(page).toHaveURL(/status_group=done/);
  await expect(page.getByText(/No learners match/)).toBeVisible();
});

test("enrol with the add method chosen: enrolled unless said, the one chosen kept (R149)", async ({ page }, info) => {
  const id = freshCourse(info, "ADD");
  await signInAdmin(page, `${base(id)}/overall/learner/enroll?q=learner059`);
  const byLearner = page.getByRole("region", { name: "By learner" });
  const method = byLearner.getByLabel("Add method");
  await expect(method.locator("option")).toHaveText(["Enrolled", "Assigned", "Auto-assigned"]);
  await expect(method).toHaveValue("0");
  await method.selectOption({ label: "Assigned" });
  await byLearner.getByRole("checkbox", { name: /learner059/ }).check();
  await byLearner.getByRole("button", { name: "Enrol selected learners" }).click();
  await expect(
    page
      .getByRole("region", { name: "Enrolment result", exact: true })
      .getByText("Enrolled 1, already enrolled 0, not found 0."),
  ).toBeVisible();
  const kept = one<{ add_method: number }>(
    "select add_method from content_enrollment where content_type_id = (select id from content_type where code = 'course') and content_id = ? and account_id = (select id from account where username = 'learner059')",
    id,
  );
  expect(kept.add_method).toBe(1);
});

test("enrol by department, sub-departments included", async ({ page }, info) => {
  const id = freshCourse(info, "DEP");
  const expected = one<{ n: number }>(
    "select count(*) as n from account where is_active = 1 and department_id in (select id from department where code in ('HR', 'HR-REC', 'HR-TD'))",
  ).n;
  await signInAdmin(page, `${base(id)}/overall/learner/enroll`);
  const byDepartment = page.getByRole("region", { name: "By department" });
  await byDepartment.getByRole("checkbox", { name: "Human Resources" }).check();
  await expect(byDepartment.getByRole("checkbox", { name: "Include sub-departments" })).toBeChecked();
  await byDepartment.getByRole("button", { name: "Enrol these departments" }).click();
  await expect(
    page
      .getByRole("region", { name: "Enrolment result", exact: true })
      .getByText(`Enrolled ${expected.toLocaleString("en-GB")}, already enrolled 0, not found 0.`),
  ).toBeVisible();
  expect(enrolledCount(id)).toBe(expected);
  expect(
    one<{ n: number }>(
      "select count(*) as n from content_enrollment where content_type_id = (select id from content_type where code = 'course') and content_id = ? and added_by = 2",
      id,
    ).n,
  ).toBe(expected);
  // Nothing chosen: the form says so and nothing is written.
  await page.getByRole("region", { name: "By group" }).getByRole("button", { name: "Enrol these groups" }).click();
  await expect(
    page.getByRole("region", { name: "By group" }).getByText("Choose learners, departments or groups to enrol."),
  ).toBeVisible();
  expect(enrolledCount(id)).toBe(expected);
});

test("enrol by file: the good rows enrolled, the bad ones refused with the reason", async ({ page }, info) => {
  const id = freshCourse(info, "FILE");
  enrol(id, [["learner045", 21]]);
  const file = info.outputPath("learners.csv");
  fs.writeFileSync(
    file,
    "\uFEFFusername,ชื่อ\r\nlearner043,สมชาย\r\nnobody-at-all,ไม่มี\r\nlearner044,\r\nlearner043,ซ้ำ\r\nlearner045,เดิม\r\n",
  );
  await signInAdmin(page, `${base(id)}/overall/learner/enroll`);
  const byFile = page.getByRole("region", { name: "By file" });
  await byFile.getByLabel("CSV or Excel (xlsx) file").setInputFiles(file);
  await byFile.getByRole("button", { name: "Upload and enrol" }).click();
  const result = page.getByRole("region", { name: "File import result", exact: true });
  await expect(
    result.getByText("Enrolled 2, already enrolled 1, refused 2. Refused rows were not imported."),
  ).toBeVisible();
  await expect(result.locator("tbody tr").filter({ hasText: "nobody-at-all" })).toContainText(
    "Refused: Account not found",
  );
  await expect(result.locator("tbody tr").filter({ hasText: "Refused: Listed twice in the file" })).toContainText("5");
  await expect(result.locator("tbody tr").filter({ hasText: "learner045" })).toContainText("Already enrolled");
  expect(statusOf(id, "learner043")).toBe(0);
  expect(statusOf(id, "learner044")).toBe(0);
  expect(statusOf(id, "learner045")).toBe(21);
  expect(enrolledCount(id)).toBe(3);
  // A file without a username or email column is refused whole.
  fs.writeFileSync(file, "name\r\nsomeone\r\n");
  await byFile.getByLabel("CSV or Excel (xlsx) file").setInputFiles(file);
  await byFile.getByRole("button", { name: "Upload and enrol" }).click();
  await expect(
    page.getByRole("region", { name: "By file" }).getByText("The file needs a column named username or email."),
  ).toBeVisible();
  expect(enrolledCount(id)).toBe(3);
});

test("progress: the manual change offers only the statuses allowed from the learner's", async ({ page }, info) => {
  const id = freshCourse(info, "PRG");
  enrol(id, [
    ["learner046", 0],
    ["learner047", 21],
    ["learner048", -2],
  ]);
  await signInAdmin(page, `${base(id)}/overall/progress`);
  await expect(page.getByRole("heading", { name: "Progress" })).toBeVisible();
  const notStarted = rowOf(page, "learner046");
  const select = notStarted.getByRole("combobox");
  await expect(select.locator("option")).toHaveText(["Verifying", "Completed", "Failed"]);
  await expect(rowOf(page, "learner047").getByRole("combobox").locator("option")).toHaveText([
    "Verifying",
    "Completed",
    "Failed",
  ]);
  // Expired has no manual change in the course row of the table.
  await expect(rowOf(page, "learner048")).toContainText("No manual change");
  await expect(rowOf(page, "learner048").getByRole("combobox")).toHaveCount(0);
  await select.selectOption({ label: "Completed" });
  await notStarted.getByRole("button", { name: /Change the status of/ }).click();
  await expect(toast(page, "Status changed.")).toBeVisible();
  await expect(rowOf(page, "learner046")).toContainText("Completed");
  await expect(rowOf(page, "learner046").getByRole("combobox").locator("option")).toHaveText([
    "In progress",
    "Verifying",
    "Failed",
  ]);
  expect(statusOf(id, "learner046")).toBe(30);
});

test("bulk change: the confirmation page shows how many each choice affects, then applies", async ({ page }, info) => {
  const id = freshCourse(info, "BULK");
  enrol(id, [
    ["learner049", 0],
    ["learner050", 0],
    ["learner051", 21],
    ["learner052", 22],
    ["learner053", -5],
    ["learner054", 30],
    ["learner055", -2],
  ]);
  await signInAdmin(page, `${base(id)}/overall/progress`);
  await page.getByRole("combobox", { name: "Bulk status change" }).selectOption({ label: "Completed" });
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/overall\/progress\/bulk\?target=30$/);
  await expect(page.getByRole("heading", { name: "Change learners to “Completed”?" })).toBeVisible();
  await expect(page.getByText("All 7 learners of this course are considered.")).toBeVisible();
  // To completed: not started, in progress, verifying, expired — failed and completed unaffected.
  await expect(page.getByText("5 learners will change to Completed; 2 stay as they are.")).toBeVisible();
  const table = page.getByRole("table", { name: "Learners by current status" });
  await expect(table.locator("tr").filter({ hasText: "Failed" })).toContainText("Unaffected");
  await expect(table.locator("tr").filter({ hasText: "Not started" })).toContainText("2");
  await expect(table.locator("tr").filter({ hasText: "Not started" })).toContainText("Changes to Completed");
  const choices = page.getByRole("navigation", { name: "How many learners each choice changes" });
  await expect(choices.getByRole("link")).toHaveText([
    "Completed: 5 learners",
    "In progress: 3 learners",
    "Expired: 5 learners",
    "Re-submit: 4 learners",
  ]);
  // Nothing changed yet.
  expect(statusOf(id, "learner049")).toBe(0);
  await choices.getByRole("link", { name: "In progress: 3 learners" }).click();
  await expect(page.getByText("3 learners will change to In progress; 4 stay as they are.")).toBeVisible();
  await page.getByRole("button", { name: "Change 3 learners to In progress" }).click();
  await expect(page).toHaveURL(new RegExp(`${base(id)}/overall/progress$`));
  await expect(toast(page, "Status changed for 3 learners.")).toBeVisible();
  expect(
    all<{ username: string; status: number }>(
      "select a.username, e.status from content_enrollment e join account a on a.id = e.account_id where e.content_type_id = (select id from content_type where code = 'course') and e.content_id = ? order by a.username",
      id,
    ),
  ).toEqual([
    { username: "learner049", status: 0 },
    { username: "learner050", status: 0 },
    { username: "learner051", status: 21 },
    { username: "learner052", status: 22 },
    { username: "learner053", status: 21 },
    { username: "learner054", status: 21 },
    { username: "learner055", status: 21 },
  ]);
  // Ticked learners only: the change considers just them.
  await rowOf(page, "learner049").getByRole("checkbox").check();
  await page.getByRole("combobox", { name: "Bulk status change" }).selectOption({ label: "Completed" });
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("The 1 learners you ticked are considered.")).toBeVisible();
  await page.getByRole("button", { name: "Change 1 learners to Completed" }).click();
  await expect(toast(page, "Status changed for 1 learners.")).toBeVisible();
  expect(statusOf(id, "learner049")).toBe(30);
  expect(statusOf(id, "learner050")).toBe(0);
});

test("exports: csv with a BOM and Thai intact, xlsx readable", async ({ page }, info) => {
  const id = freshCourse(info, "EXP");
  const thai = all<{ username: string; first_name: string }>(
    "select username, first_name from account where username like 'student%' order by id limit 200",
  )
    .filter((a) => /[\u0E00-\u0E7F]/.test(a.first_name))
    .slice(0, 2);
  expect(thai).toHaveLength(2);
  enrol(id, [
    [thai[0].username, 30],
    [thai[1].username, 21],
    ["learner056", 0],
  ]);
  await signInAdmin(page, `${base(id)}/overall/learner`);
  const [csv] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export CSV" }).click(),
  ]);
  expect(csv.suggestedFilename()).toMatch(/^E[NF]-EXP-\d+-learner-\d{8}\.csv$/);
  const bytes = fs.readFileSync(await csv.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.toString("utf8");
  expect(text).toContain(thai[0].first_name);
  expect(text).toContain("Completed");
  expect(text.trim().split("\r\n")).toHaveLength(4);

  await page.goto(`${base(id)}/overall/progress`);
  const [xlsx] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export XLSX" }).click(),
  ]);
  expect(xlsx.suggestedFilename()).toMatch(/-progress-\d{8}\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await xlsx.path());
  const sheet = book.worksheets[0];
  expect(sheet.rowCount).toBe(4);
  expect(sheet.getRow(1).getCell(2).value).toBe("Username");
  const names = [2, 3, 4].map((r) => String(sheet.getRow(r).getCell(3).value));
  expect(names.some((n) => n.startsWith(thai[0].first_name))).toBe(true);
});

test("the learner, enrolment, progress and bulk pages pass axe, in English and Thai", async ({ page }, info) => {
  test.setTimeout(180_000);
  const id = freshCourse(info, "AXE");
  enrol(id, [
    ["learner057", 0],
    ["learner058", 30],
    ["learner059", -2],
  ]);
  await signInAdmin(page, `${base(id)}/overall/learner`);
  for (const language of ["en", "th"]) {
    for (const path of [
      "overall/learner",
      "overall/learner/enroll?q=learner05",
      "overall/progress",
      "overall/progress/bulk?target=30",
    ]) {
      await page.goto(`${base(id)}/${path}${path.includes("?") ? "&" : "?"}language=${language}`);
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      const { violations } = await analyse(page, info);
      const serious = violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
      expect(serious, `${path} (${language})`).toEqual([]);
    }
  }
  // With results shown: an upload with a refused row.
  const file = info.outputPath("axe.csv");
  fs.writeFileSync(file, "username\r\nlearner060\r\nnobody-here\r\n");
  await page.goto(`${base(id)}/overall/learner/enroll?language=en`);
  await page.getByRole("region", { name: "By file" }).getByLabel("CSV or Excel (xlsx) file").setInputFiles(file);
  await page.getByRole("region", { name: "By file" }).getByRole("button", { name: "Upload and enrol" }).click();
  await expect(page.getByRole("region", { name: "File import result", exact: true })).toBeVisible();
  const { violations } = await analyse(page, info);
  expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
});

/** A new, empty course of this project (the seed enrols nobody in it). */
const freshCourse = (info: TestInfo, label: string) => newCourse(info, "E", label, "Enrolment e2e");
