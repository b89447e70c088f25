import fs from "node:fs";
import ExcelJS from "exceljs";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { acceptPendingTerms, signIn } from "./helpers";
import { all, enrol, freshCourse, one, run } from "./course-fixtures";

/** The user list's export and a course survey's results with individual answers (docs/decisions/081). */

async function signInAdmin(page: Page, next: string) {
  await signIn(page, "admin", next);
  await page.waitForURL((u) => !u.pathname.includes("/account/signin"));
  await acceptPendingTerms(page);
  if (!page.url().includes(next)) await page.goto(next);
}

test("the user list exports every row it lists, as searched and ordered", async ({ page }) => {
  await signInAdmin(page, "/dashboard/user?search=learner00&ordering=username");
  const expected = all<{ username: string }>(
    "select username from account where lower(username) like '%learner00%' or lower(first_name) like '%learner00%' or lower(last_name) like '%learner00%' or lower(email) like '%learner00%' or lower(coalesce(code, '')) like '%learner00%' order by lower(username), id",
  ).map((r) => r.username);
  expect(expected.length).toBeGreaterThan(2);
  const [csv] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export CSV" }).click(),
  ]);
  expect(csv.suggestedFilename()).toMatch(/^users-\d{8}\.csv$/);
  const lines = fs
    .readFileSync(await csv.path(), "utf8")
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n");
  expect(lines[0].split(",").slice(0, 3)).toEqual(["No.", "Username", "Name"]);
  expect(lines.slice(1).map((l) => l.split(",")[1])).toEqual(expected);

  const [xlsx] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export XLSX" }).click(),
  ]);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await xlsx.path());
  const sheet = book.worksheets[0];
  expect(sheet.rowCount).toBe(expected.length + 1);
  expect(String(sheet.getRow(2).getCell(2).value)).toBe(expected[0]);
});

/** A course with a named, answered survey attached and two of its respondents enrolled. */
function courseWithSurvey(info: TestInfo) {
  const survey = one<{ id: number; name: string; form_id: number }>(
    "select s.id, s.name, s.form_id from survey s join form_submission fs on fs.form_id = s.form_id where s.is_anonymous = 0 group by s.id having count(fs.id) >= 3 order by s.id limit 1",
  );
  const respondents = all<{ username: string; first_name: string }>(
    "select a.username, a.first_name from form_submission fs join account a on a.id = fs.account_id where fs.form_id = ? order by fs.id limit 2",
    survey.form_id,
  );
  const id = freshCourse(info, "SVR", "RES", "Survey results");
  enrol(
    id,
    respondents.map((r) => [r.username, 1]),
  );
  run((db) =>
    db
      .prepare(
        "insert into content_survey (content_type_id, content_id, survey_id, is_required, sort) values ((select id from content_type where code = 'course'), ?, ?, 0, 1)",
      )
      .run(id, survey.id),
  );
  return { id, survey, respondents };
}

test("a course's survey tab opens the survey's results among its learners, with their answers and an export", async ({
  page,
}, info) => {
  const { id, survey, respondents } = courseWithSurvey(info);
  await signInAdmin(page, `/dashboard/course/${id}/survey`);
  await page.getByRole("link", { name: `Results of ${survey.name}` }).click();
  await expect(page.getByRole("heading", { name: `Results of ${survey.name}` })).toBeVisible();
  const table = page.getByRole("table", { name: "Individual answers" });
  await expect(table.locator("tbody tr")).toHaveCount(2);
  for (const r of respondents) await expect(table).toContainText(r.username);

  const [csv] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export CSV" }).click(),
  ]);
  expect(csv.suggestedFilename()).toMatch(/^survey-\d+-answers-\d{8}\.csv$/);
  const lines = fs
    .readFileSync(await csv.path(), "utf8")
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n");
  expect(lines).toHaveLength(3);
  expect(lines[0].startsWith("No.,Respondent,Username,Answered,")).toBe(true);
  expect(
    lines
      .slice(1)
      .map((l) => l.split(",")[2])
      .sort(),
  ).toEqual(respondents.map((r) => r.username).sort());
});

test("the results page and the user list in Thai", async ({ page }, info) => {
  const { id, survey } = courseWithSurvey(info);
  await signInAdmin(page, `/dashboard/course/${id}/survey?language=th`);
  await page.getByRole("link", { name: `ผลของ ${survey.name}` }).click();
  await expect(page.getByRole("heading", { name: "คำตอบรายบุคคล" })).toBeVisible();
  await expect(page.getByRole("link", { name: "ส่งออก CSV" })).toBeVisible();
  await page.screenshot({ path: `/tmp/h2-survey-results-${info.project.name}.png`, fullPage: true });
  await page.goto("/dashboard/user");
  await expect(page.getByRole("link", { name: "ส่งออก XLSX" })).toBeVisible();
  await page.screenshot({ path: `/tmp/h2-user-list-${info.project.name}.png` });
  await page.goto("/dashboard/?language=en");
});
