import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { signInAs } from "./helpers";
import { isJs, one } from "./course-fixtures";

/**
 * Surveys (issue 18 §4, docs/decisions/062), with JavaScript on and off: a likert survey created
 * (field errors first), a section and a scale question added through the one form builder, the
 * survey found in the list by its type; the domain saved; a course's survey tab links to the
 * survey's page; the pages in Thai once. Both projects share one database: each its own rows.
 */

const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });
const tag = (info: TestInfo) => (isJs(info) ? "N" : "F");

test("a likert survey is created, given a section and a scale question, and listed", async ({ page }, info) => {
  const name = `Trainer feedback ${tag(info)}`;
  await signInAs(page, "admin", "/dashboard/survey/create");
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.getByText("This field is required.").first()).toBeVisible();
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(name);
  await page.getByRole("textbox", { name: "Code", exact: true }).fill(`SVE-${tag(info)}`);
  await page.getByLabel("Survey type").selectOption({ label: "Likert scale" });
  await page.getByLabel("Category").selectOption({ index: 1 });
  await page.getByLabel("Provider").selectOption({ index: 1 });
  await page.getByRole("button", { name: "Create" }).click();
  await expect(toast(page, "Created.")).toBeVisible();
  const id = one<{ id: number }>("select id from survey where name = ?", name).id;

  await page.goto(`/dashboard/survey/${id}/section`);
  const addSection = page.getByRole("region", { name: "Add a section" });
  await addSection.getByLabel("Section").fill("Teaching");
  await addSection.getByRole("button", { name: "Add a section" }).click();
  await expect(toast(page, "Section added.")).toBeVisible();
  await page.getByRole("link", { name: "Teaching", exact: true }).click();

  const add = page.getByRole("region", { name: "Add a question" });
  // A likert survey's new question is a scale from 1 to 4 (spec 001 §3 defaults).
  await expect(add.getByLabel("Answer type")).toHaveValue("1");
  await expect(add.getByLabel("Scale from")).toHaveValue("1");
  await expect(add.getByLabel("Scale to")).toHaveValue("4");
  await add.getByLabel("Question").fill("The trainer explained clearly");
  await add.getByLabel("Scale from").fill("5");
  await add.getByLabel("Scale to").fill("2");
  await add.getByRole("button", { name: "Add a question" }).click();
  await expect(add.getByText("The scale must end above where it starts.")).toBeVisible();
  await add.getByLabel("Scale from").fill("1");
  await add.getByLabel("Scale to").fill("5");
  await add.getByLabel("Label of the lowest value").fill("Disagree");
  await add.getByLabel("Label of the highest value").fill("Agree");
  await add.getByRole("button", { name: "Add a question" }).click();
  await expect(toast(page, "Question added.")).toBeVisible();
  await expect(page.getByRole("cell", { name: "1 (Disagree) – 5 (Agree)" })).toBeVisible();
  expect(
    one<{ value_min: number; value_max: number; max_select: number }>(
      "select q.value_min, q.value_max, q.max_select from form_question q join form_section s on s.id = q.section_id join survey v on v.form_id = s.form_id where v.id = ?",
      id,
    ),
  ).toEqual({ value_min: 1, value_max: 5, max_select: 1 });

  await page.goto(`/dashboard/survey?survey_type=2&search=${encodeURIComponent(name)}`);
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("Likert scale");
  await expect(row).toContainText("1");

  await page.goto(`/dashboard/survey/${id}/domain`);
  await page.getByLabel("Asks about").selectOption({ label: "The system" });
  await page.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Domain saved")).toBeVisible();
  expect(one<{ target_type: number }>("select target_type from survey where id = ?", id).target_type).toBe(2);
});

test("a course's survey tab links to the survey's page; the survey pages in Thai", async ({ page }, info) => {
  test.skip(!isJs(info), "one pass is enough for the link and the texts");
  const row = one<{ content_id: number; survey_id: number; name: string }>(
    "select cs.content_id, cs.survey_id, s.name from content_survey cs join survey s on s.id = cs.survey_id join content_type ct on ct.id = cs.content_type_id where ct.code = 'course' order by cs.id limit 1",
  );
  await signInAs(page, "admin", `/dashboard/course/${row.content_id}/survey`);
  await page.getByRole("link", { name: row.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/survey/${row.survey_id}`));
  await page.goto(`/dashboard/survey/${row.survey_id}/domain?language=th`);
  await expect(page.getByRole("heading", { name: "ขอบเขต" })).toBeVisible();
  await expect(page.getByText("ใช้โดย")).toBeVisible();
  await page.goto("/dashboard/survey?language=th");
  await expect(page.getByRole("columnheader", { name: "ประเภทแบบสำรวจ" })).toBeVisible();
  await expect(page.getByRole("cell", { name: "มาตราส่วนลิเคิร์ต" }).first()).toBeVisible();
});

test("a survey is started from a template: its questions are copied (docs/decisions/067)", async ({ page }, info) => {
  const name = `From template ${tag(info)}`;
  const template = one<{ id: number; name: string; form_id: number }>(
    "select id, name, form_id from survey where code = 'SV-TPL'",
  );
  await signInAs(page, "admin", "/dashboard/survey/create");
  await page.getByLabel("Start from a template").selectOption({ label: template.name });
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(name);
  await page.getByRole("textbox", { name: "Code", exact: true }).fill(`SVT-${tag(info)}`);
  await page.getByLabel("Category").selectOption({ index: 1 });
  await page.getByLabel("Provider").selectOption({ index: 1 });
  await page.getByRole("button", { name: "Create" }).click();
  await expect(toast(page, "Created.")).toBeVisible();
  const copy = one<{ id: number; form_id: number; is_template: number }>(
    "select id, form_id, is_template from survey where name = ?",
    name,
  );
  expect(copy.is_template).toBe(0);
  const questions = (formId: number) =>
    one<{ n: number }>(
      "select count(*) as n from form_question q join form_section s on s.id = q.section_id where s.form_id = ?",
      formId,
    ).n;
  expect(questions(copy.form_id)).toBe(questions(template.form_id));
  await page.goto(`/dashboard/survey/${copy.id}/section`);
  await expect(page.getByRole("link", { name: "About the course", exact: true })).toBeVisible();
});

test("a seeded likert survey's results: counts per point and the average, in a table; in Thai once", async ({
  page,
}, info) => {
  const survey = one<{ id: number; form_id: number }>("select id, form_id from survey where code = 'SV-INS'");
  const section = one<{ id: number }>(
    "select id from form_section where form_id = ? order by sort limit 1",
    survey.form_id,
  );
  await signInAs(page, "admin", `/dashboard/survey/${survey.id}/section/${section.id}`);
  const results = page.getByRole("region", { name: "Results" });
  await expect(results.getByText(/people have answered the survey/)).toBeVisible();
  const first = results.getByRole("article").first();
  await expect(first.getByText(/average \d\.\d\d/)).toBeVisible();
  await expect(first.getByRole("columnheader", { name: "Point of the scale" })).toBeVisible();
  await expect(first.getByRole("row")).toHaveCount(6);
  // The question form offers the survey's own settings.
  await expect(page.getByRole("region", { name: "Add a question" }).getByLabel("Show the average")).toBeChecked();
  if (!isJs(info)) return;
  await page.goto(`/dashboard/survey/${survey.id}/section/${section.id}?language=th`);
  await expect(page.getByRole("heading", { name: "ผลการสำรวจ" })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "ระดับคะแนน" }).first()).toBeVisible();
});
