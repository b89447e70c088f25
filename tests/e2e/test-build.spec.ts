import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { signInAs } from "./helpers";
import { isJs, one, run } from "./course-fixtures";
import { apiSession } from "./test-flow-kit";

/**
 * Building a test (issue 18 §1–§2, docs/decisions/064), with JavaScript on and off: a test is
 * created, refused publishing without questions, given a section (pass above full refused), a
 * question with a choice, and a draw rule from a bank (a range out of the bank refused, saying
 * how many questions it has), then published; the pages in Thai once. Both projects share one
 * database: each its own rows.
 */

const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });
const tag = (info: TestInfo) => (isJs(info) ? "N" : "F");

test("a test is built from a section, a question with a choice and a draw from a bank, then published", async ({
  page,
}, info) => {
  const name = `Fire safety check ${tag(info)}`;
  await signInAs(page, "admin", "/dashboard/test/create");
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(name);
  await page.getByRole("textbox", { name: "Code", exact: true }).fill(`TSE-${tag(info)}`);
  await page.getByLabel("Category").selectOption({ index: 1 });
  // The seeded banks' provider: a test of another provider draws from them only once a usage request is approved (testbank.spec.ts).
  await page.getByLabel("Provider").selectOption({ label: "Internal Academy" });
  await page.getByRole("button", { name: "Create" }).click();
  await expect(toast(page, "Created.")).toBeVisible();
  const id = one<{ id: number }>("select id from test where name = ?", name).id;

  // No questions yet: publishing is refused.
  await page.goto(`/dashboard/test/${id}/information`);
  await page.getByRole("button", { name: "Publish now" }).click();
  await expect(toast(page, "Add questions to a section (or draw them from a bank) before publishing.")).toBeVisible();

  await page.goto(`/dashboard/test/${id}/section`);
  await page.getByRole("button", { name: "Add section" }).click();
  await expect(toast(page, "Section added.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Untitled Section" })).toBeVisible();
  await page.getByLabel("Full score").fill("10");
  await page.getByLabel("Pass score").fill("12");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("The pass score cannot be higher than the full score.")).toBeVisible();
  await page.getByLabel("Section name").fill("Evacuation");
  await page.getByLabel("Pass score").fill("6");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Section saved.")).toBeVisible();
  const section = one<{ id: number; full_score: number; pass_score: number }>(
    "select id, full_score, pass_score from test_section where test_id = ?",
    id,
  );
  expect(section).toMatchObject({ full_score: 10, pass_score: 6 });

  await page.getByRole("link", { name: "Questions: 0" }).click();
  await page.getByLabel("Question", { exact: true }).fill("Which exit is nearest to the kitchen?");
  await page.getByLabel("Question type").selectOption({ label: "Multiple choice" });
  await page.getByRole("button", { name: "Add question" }).click();
  await expect(toast(page, "Question added.")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/section/${section.id}/question/1$`));
  // spec 001 "Questions": a new multiple-choice question has two "Untitled Choice" choices.
  await expect(page.getByRole("textbox", { name: "Choice 1", exact: true })).toHaveValue("Untitled Choice");
  await expect(page.getByRole("textbox", { name: "Choice 2", exact: true })).toHaveValue("Untitled Choice");
  await page.getByLabel("New choice").fill("Exit B, beside the lift");
  await page.getByRole("checkbox", { name: "Correct answer" }).last().check();
  await page.getByRole("button", { name: "Add choice" }).click();
  await expect(toast(page, "Choice added.")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Choice 3", exact: true })).toHaveValue("Exit B, beside the lift");
  expect(
    one<{ n: number }>(
      "select count(*) as n from test_choice c join test_question q on q.id = c.question_id where q.section_id = ? and c.is_answer = 1",
      section.id,
    ).n,
  ).toBe(1);

  // A matching question (type 2, docs/decisions/070): each prompt is paired with one of its answers.
  const matching = run((db) => {
    const at = new Date().toISOString();
    const q = Number(
      db
        .prepare(
          `insert into test_question (section_id, bank_id, number, type, "desc", datetime_create, datetime_update) values (?, null, 2, 2, 'Match each room with its exit', ?, ?)`,
        )
        .run(section.id, at, at).lastInsertRowid,
    );
    const choice = (sort: number, desc: string, isAnswer: number) =>
      Number(
        db
          .prepare(`insert into test_choice (question_id, sort, "desc", is_answer) values (?, ?, ?, ?)`)
          .run(q, sort, desc, isAnswer).lastInsertRowid,
      );
    return {
      kitchen: choice(1, "Kitchen", 0),
      lobby: choice(2, "Lobby", 0),
      exitA: choice(3, "Exit A", 1),
      exitB: choice(4, "Exit B", 1),
    };
  });
  await page.goto(`/dashboard/test/${id}/section/${section.id}/question/2`);
  await expect(page.getByText("A matching question:")).toBeVisible();
  await page.getByRole("combobox", { name: "Matches the answer" }).first().selectOption({ label: "Exit B" });
  await page.getByRole("button", { name: "Save: Choice 1" }).click();
  await expect(toast(page, "Choice saved.")).toBeVisible();
  expect(one<{ pair_id: number }>("select pair_id from test_choice where id = ?", matching.kitchen).pair_id).toBe(
    matching.exitB,
  );
  await expect(page.getByRole("combobox", { name: "Matches the answer" }).first()).toHaveValue(String(matching.exitB));

  await page.goto(`/dashboard/test/${id}/section/${section.id}/testbank`);
  await page.getByLabel("Test bank").selectOption({ label: "Information security basics (TB-SEC)" });
  await page.getByLabel("Number of questions").fill("3");
  await page.getByLabel("Range").fill("1-5, 40");
  await page.getByRole("button", { name: "Save" }).click();
  const held = one<{ n: number }>(
    "select count(*) as n from test_question q join testbank b on b.id = q.bank_id where b.code = 'TB-SEC' and q.is_hide = 0",
  ).n;
  await expect(
    page.getByText(`The range names questions the bank does not have: it has ${held} questions.`),
  ).toBeVisible();
  expect(one<{ n: number }>("select count(*) as n from test_section_draw where section_id = ?", section.id).n).toBe(0);
  await page.getByLabel("Range").fill("1-5, 3-8");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Draw saved.")).toBeVisible();
  expect(
    one<{ range: string; number: number }>(
      "select range, number from test_section_draw where section_id = ?",
      section.id,
    ),
  ).toEqual({ range: "1-8", number: 3 });
  await expect(page.getByRole("cell", { name: "1-8" })).toBeVisible();
  // The rule's page shows what it would draw: 3 of the 8 questions in its range, anew per attempt.
  await expect(page.getByText("The random method picks 3 of these 8 questions anew at each attempt:")).toBeVisible();
  await expect(page.getByRole("list", { name: "Questions by number" }).getByRole("listitem")).toHaveCount(8);

  // Not ready yet (issue 33 item 5, docs/decisions/076): the matching question's "Lobby" is not
  // paired, and the questions give 5 (1 + 1 + three drawn of 1) against a full score of 10.
  await page.goto(`/dashboard/test/${id}/information`);
  await page.getByRole("button", { name: "Publish now" }).click();
  await expect(
    toast(
      page,
      "Question 2 of “Evacuation” has no correct answer: mark its correct choice (or pair every prompt) before publishing.",
    ),
  ).toBeVisible();
  await page.goto(`/dashboard/test/${id}/section/${section.id}`);
  const notice = page.getByRole("note").filter({ hasText: "Not ready to publish" });
  await expect(notice).toContainText("Its questions give 5, but its full score is 10: publishing needs them to agree.");
  await notice.getByRole("link", { name: "Question 2 of “Evacuation”" }).click();
  await expect(page.getByRole("note").filter({ hasText: "A prompt is not paired with an answer" })).toBeVisible();
  await page.getByRole("combobox", { name: "Matches the answer" }).nth(1).selectOption({ label: "Exit A" });
  await page.getByRole("button", { name: "Save: Choice 2" }).click();
  await expect(toast(page, "Choice saved.")).toBeVisible();
  await page.goto(`/dashboard/test/${id}/information`);
  await page.getByRole("button", { name: "Publish now" }).click();
  await expect(
    toast(
      page,
      "Section “Evacuation” has a full score of 10, but its questions give 5: make them agree before publishing.",
    ),
  ).toBeVisible();
  await page.goto(`/dashboard/test/${id}/section/${section.id}`);
  await page.getByLabel("Full score").fill("5");
  await page.getByLabel("Pass score").fill("3");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Section saved.")).toBeVisible();
  await expect(page.getByRole("note").filter({ hasText: "Not ready to publish" })).toHaveCount(0);

  await page.goto(`/dashboard/test/${id}/information`);
  await page.getByRole("button", { name: "Publish now" }).click();
  await expect(toast(page, "Published")).toBeVisible();
  expect(one<{ is_display: number }>("select is_display from test where id = ?", id).is_display).toBe(1);
});

test("deleting a question, a choice or a section asks to confirm first, on a page of its own", async ({
  page,
  playwright,
}, info) => {
  const name = `Deletion check ${tag(info)}`;
  const admin = await apiSession(playwright, "admin");
  const refs = {
    category: one<{ id: number }>("select id from category order by id").id,
    provider: one<{ id: number }>("select id from provider order by id").id,
  };
  const { id } = await admin.call<{ id: number }>("POST", "dashboard/test/", {
    name,
    code: `TSD-${tag(info)}`,
    ...refs,
  });
  await admin.ctx.dispose();
  await signInAs(page, "admin", `/dashboard/test/${id}/section`);
  await page.getByRole("button", { name: "Add section" }).click();
  await expect(toast(page, "Section added.")).toBeVisible();
  const section = one<{ id: number }>("select id from test_section where test_id = ?", id).id;
  await page.goto(`/dashboard/test/${id}/section/${section}/question`);
  for (const desc of ["Where is the assembly point?", "Who calls the fire brigade?"]) {
    await page.getByLabel("Question", { exact: true }).fill(desc);
    await page.getByLabel("Question type").selectOption({ label: "Multiple choice" });
    await page.getByRole("button", { name: "Add question" }).click();
    await expect(toast(page, "Question added.")).toBeVisible();
    await page.goto(`/dashboard/test/${id}/section/${section}/question`);
  }
  const questions = () => one<{ n: number }>("select count(*) as n from test_question where section_id = ?", section).n;

  // A choice: the link opens its confirmation; cancelling writes nothing.
  await page.goto(`/dashboard/test/${id}/section/${section}/question/1`);
  const choices = () =>
    one<{ n: number }>(
      "select count(*) as n from test_choice c join test_question q on q.id = c.question_id where q.section_id = ? and q.number = 1",
      section,
    ).n;
  await page.getByRole("link", { name: "Delete: Choice 2" }).click();
  const choiceDialog = page.getByRole("dialog", { name: "Delete this choice?" });
  await choiceDialog.getByRole("link", { name: "Cancel" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  expect(choices()).toBe(2);
  await page.getByRole("link", { name: "Delete: Choice 2" }).click();
  await choiceDialog.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Choice deleted.")).toBeVisible();
  expect(choices()).toBe(1);

  // The first question: confirmed, the second moves up to number 1.
  await page.getByRole("link", { name: "Delete question" }).click();
  const questionDialog = page.getByRole("dialog", { name: "Delete question 1?" });
  await expect(questionDialog).toContainText("the questions after it move up one number");
  expect(questions()).toBe(2);
  await questionDialog.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Question deleted.")).toBeVisible();
  expect(
    one<{ desc: string }>('select "desc" from test_question where section_id = ? and number = 1', section).desc,
  ).toBe("Who calls the fire brigade?");

  // The section, with what goes with it named.
  await page.goto(`/dashboard/test/${id}/section`);
  await page.getByRole("link", { name: "Delete: Untitled Section" }).click();
  const sectionDialog = page.getByRole("dialog", { name: "Delete this section?" });
  await expect(sectionDialog).toContainText("Section “Untitled Section” will be deleted with its questions (1)");
  expect(one<{ n: number }>("select count(*) as n from test_section where test_id = ?", id).n).toBe(1);
  await sectionDialog.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Section deleted.")).toBeVisible();
  expect(one<{ n: number }>("select count(*) as n from test_section where test_id = ?", id).n).toBe(0);
});

test("a bank's questions open in the same editor; the test pages in Thai", async ({ page }, info) => {
  test.skip(!isJs(info), "one pass is enough for the texts");
  const bank = one<{ id: number }>("select id from testbank where code = 'TB-SEC'").id;
  await signInAs(page, "admin", `/dashboard/testbank/${bank}/question/1`);
  await expect(page.getByRole("heading", { name: /Question 1/ })).toBeVisible();
  // A bank's new question takes the bank's type, and the bank's log records it.
  await expect(page.getByLabel("Question type")).toHaveValue("1");
  await page.getByLabel("Question", { exact: true }).fill("What does a VPN protect?");
  await page.getByRole("button", { name: "Add question" }).click();
  await expect(toast(page, "Question added.")).toBeVisible();
  const added = one<{ number: number }>(
    "select number from test_question where bank_id = ? and \"desc\" = 'What does a VPN protect?'",
    bank,
  ).number;
  expect(
    one<{ action: string }>(
      "select action from testbank_log where testbank_id = ? and number = ? order by id desc limit 1",
      bank,
      added,
    ).action,
  ).toBe("question_create");
  const test_ = one<{ id: number }>("select id from test where code = 'TST-SAF-01'").id;
  const section = one<{ id: number }>("select id from test_section where test_id = ? order by sort limit 1", test_).id;
  await page.goto(`/dashboard/test/${test_}/section?language=th`);
  await expect(page.getByRole("heading", { name: "ส่วน" })).toBeVisible();
  await page.goto(`/dashboard/test/${test_}/section/${section}/question/1?language=th`);
  await expect(page.getByRole("heading", { name: /คำถามที่ 1/ })).toBeVisible();
  await page.goto(`/dashboard/test/${test_}/setting?language=th`);
  await expect(page.getByRole("heading", { name: "การตั้งค่า" })).toBeVisible();
});
