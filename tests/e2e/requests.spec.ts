import { expect, test, type Page, type PlaywrightWorkerArgs, type TestInfo } from "@playwright/test";
import { API_ORIGIN, signInAs } from "./helpers";
import { cookie, signIn as apiSignIn } from "./route-values";
import { isJs, one } from "./course-fixtures";
import { analyse } from "./axe";

/**
 * Forms, approval flows and requests (issue 17 §4, docs/decisions/056–058), with JavaScript on
 * and off: a learner's request walked through its flow's two steps by their two approvers
 * (staff1, then staff2), seen on the decided list, its learning result's progress changed; a
 * small request form built (field errors, a section, questions, order); the pages in Thai and
 * axe once per page kind. Both projects share one database, so each works on rows of its own.
 */

const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });
const tag = (info: TestInfo) => (isJs(info) ? "N" : "F");

/** The learner asks through the API (the learner site's call): 9,000 baht takes the two-step flow. Answers the request's id. */
async function learnerAsks(playwright: PlaywrightWorkerArgs["playwright"], name: string) {
  const learner = await playwright.request.newContext();
  await apiSignIn(learner, "learner");
  const made = await learner.post(`${API_ORIGIN}/api/learning-request/`, {
    data: {
      kind: 1,
      name,
      provider: "NIDA Executive",
      cost: 9000,
      datetime_start: "2026-08-03",
      datetime_end: "2026-08-05",
    },
    headers: { "x-csrftoken": (await cookie(learner, "csrftoken")) ?? "" },
  });
  expect(made.status()).toBe(201);
  const id = ((await made.json()) as { id: number }).id;
  await learner.dispose();
  return id;
}

test("a learning request goes through two approval steps, then its learning result moves on", async ({
  page,
  playwright,
}, info) => {
  const name = `Negotiation masterclass ${tag(info)}`;
  const id = await learnerAsks(playwright, name);

  await signInAs(page, "staff1", "/dashboard/learning-request");
  await expect(page.getByRole("heading", { level: 1, name: "Learning requests" })).toBeVisible();
  await page.getByRole("link", { name }).click();
  await expect(page.getByText("Step 1 of 2")).toBeVisible();
  await page.getByLabel("Note").fill("Within this year's plan.");
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(toast(page, "Approved.")).toBeVisible();
  await expect(page.getByText("Step 2 of 2")).toBeVisible();
  // Step 2 is staff2's: staff1 has nothing more to decide here.
  await expect(page.getByRole("button", { name: "Approve" })).toHaveCount(0);
  expect(one<{ step: number; status: number }>("select step, status from learning_request where id = ?", id)).toEqual({
    step: 2,
    status: 1,
  });

  await signInAs(page, "staff2", "/dashboard/learning-request/waiting");
  await page.getByRole("link", { name }).click();
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(toast(page, "Approved.")).toBeVisible();
  const history = page.getByRole("table", { name: "Decisions" });
  await expect(history.getByRole("row")).toHaveCount(3);
  await expect(history.getByRole("cell", { name: "Within this year's plan." })).toBeVisible();
  expect(one<{ status: number }>("select status from learning_request where id = ?", id).status).toBe(30);

  await page.goto("/dashboard/learning-request/approval-result");
  await expect(page.getByRole("link", { name })).toBeVisible();
  await page.goto(`/dashboard/learning-request/${id}`);
  await page.getByRole("link", { name: "Learning result" }).click();
  await page.getByLabel("New progress").selectOption({ label: "Completed" });
  await page.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Progress saved.")).toBeVisible();
  await expect(
    page.getByRole("table", { name: "Progress changes" }).getByRole("cell", { name: "Not started → Completed" }),
  ).toBeVisible();
});

test("the learner's supervisor, holding no request flag, opens the request and rejects it with its reason (issue 33 items 1, 12)", async ({
  page,
  playwright,
}, info) => {
  const name = `Public speaking workshop ${tag(info)}`;
  const id = await learnerAsks(playwright, name);
  // Mana Manager supervises the learner: step 1 waits for the supervisor at level 1 or staff1.
  await signInAs(page, "manager", "/dashboard/learning-request/waiting");
  await page.getByRole("link", { name }).click();
  await expect(page.getByText("Step 1 of 2")).toBeVisible();
  await page.getByRole("link", { name: "Reject", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Reject the request", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Reject", exact: true }).click();
  await expect(page.getByText("Give the reason: the learner is shown it.")).toBeVisible();
  expect(one<{ status: number }>("select status from learning_request where id = ?", id).status).toBe(1);
  await page.getByLabel("Reason for the rejection").fill("Not in this year's plan.");
  await page.getByRole("button", { name: "Reject", exact: true }).click();
  await expect(toast(page, "Rejected.")).toBeVisible();
  expect(one<{ status: number }>("select status from learning_request where id = ?", id).status).toBe(-3);
  await expect(
    page.getByRole("table", { name: "Decisions" }).getByRole("cell", { name: "Not in this year's plan." }),
  ).toBeVisible();
});

test("a material request shows what the learner entered: the provider and the price (issue 33 item 15)", async ({
  page,
}) => {
  const id = one<{ id: number }>(
    "select id from learning_request where name = 'Thai business writing handbook (e-book)'",
  ).id;
  await signInAs(page, "admin", `/dashboard/material-request/${id}`);
  const facts = page.locator("dl").first();
  await expect(facts.getByText("Amarin Publishing")).toBeVisible();
  await expect(facts.getByText("450.00")).toBeVisible();
});

test("a small request form is built: field errors, a section, questions in order", async ({ page }, info) => {
  const name = `Conference request ${tag(info)}`;
  await signInAs(page, "admin", "/dashboard/request-form/create");
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.getByText("This field is required.").first()).toBeVisible();
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(name);
  await page.getByLabel("Request type").selectOption({ label: "Learning request" });
  await page.getByRole("button", { name: "Create" }).click();
  await expect(toast(page, "Created.")).toBeVisible();
  const formId = one<{ id: number }>("select id from request_form where name = ?", name).id;

  await page.goto(`/dashboard/request-form/${formId}/section`);
  const addSection = page.getByRole("region", { name: "Add a section" });
  await addSection.getByLabel("Section").fill("The event");
  await addSection.getByRole("button", { name: "Add a section" }).click();
  await expect(toast(page, "Section added.")).toBeVisible();
  await page.getByRole("link", { name: "The event", exact: true }).click();

  const add = page.getByRole("region", { name: "Add a question" });
  await add.getByLabel("Question").fill("Which format?");
  await add.getByLabel("Answer type").selectOption({ label: "One choice" });
  await add.getByLabel("Choices").fill("On site");
  await add.getByRole("button", { name: "Add a question" }).click();
  await expect(add.getByText("Give at least two choices.")).toBeVisible();
  await add.getByLabel("Choices").fill("On site\nOnline");
  await add.getByLabel("Required").check();
  await add.getByRole("button", { name: "Add a question" }).click();
  await expect(toast(page, "Question added.")).toBeVisible();
  await expect(page.getByRole("cell", { name: "Which format?", exact: true })).toBeVisible();
  await add.getByLabel("Question").fill("Event website");
  await add.getByRole("button", { name: "Add a question" }).click();
  await expect(page.getByRole("cell", { name: "Event website", exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Move up: Event website" }).click();
  await expect(toast(page, "Order changed.")).toBeVisible();
  const questions = page.getByRole("table", { name: /Questions of The event/ });
  await expect(questions.getByRole("row").nth(1)).toContainText("Event website");
  await expect(questions.getByRole("row").nth(2)).toContainText("On site, Online");

  await page.goto(`/dashboard/request-form/${formId}/report`);
  await expect(page.getByRole("heading", { name: "2. Which format?" })).toBeVisible();
});

test("the request pages in Thai, and axe once per page kind", async ({ page }, info) => {
  test.setTimeout(120_000);
  test.skip(!isJs(info), "one pass is enough for the texts and axe");
  const flow = one<{ id: number }>("select id from approval_flow where code = 'AF-TRAIN'").id;
  const form = one<{ id: number }>("select id from request_form where code = 'REQ-TRAIN'").id;
  const section = one<{ id: number }>("select id from form_section where form_id = ? order by sort limit 1", form).id;
  const request = one<{ id: number }>("select id from learning_request where name = 'Leadership Essentials'").id;
  const result = one<{ id: number }>("select id from learning_result order by id limit 1").id;
  await signInAs(page, "admin", "/dashboard/learning-request?language=th");
  await expect(page.getByRole("heading", { level: 1, name: "คำขอเรียน" })).toBeVisible();
  await page.goto(`/dashboard/approval-flow/${flow}/step?language=th`);
  await expect(page.getByRole("heading", { name: "ขั้นตอน", exact: true })).toBeVisible();
  await page.goto("/dashboard/learning-request?language=en");
  const pages = [
    "/dashboard/approval-flow",
    `/dashboard/approval-flow/${flow}/step`,
    "/dashboard/enrollment-form",
    `/dashboard/request-form/${form}/section`,
    `/dashboard/request-form/${form}/section/${section}`,
    `/dashboard/request-form/${form}/result`,
    `/dashboard/request-form/${form}/report`,
    "/dashboard/learning-request/waiting",
    `/dashboard/learning-request/${request}`,
    // A rejection's own page, and an enrolment waiting in its flow with its answers (docs/decisions/074).
    `/dashboard/learning-request/${request}/reject`,
    `/dashboard/enrollment/request/${one<{ id: number }>("select id from learning_request where kind = 3 order by id limit 1").id}`,
    `/dashboard/learning-request/${request}/request-form/${form}/section`,
    "/dashboard/learning-request/learning-result",
    `/dashboard/learning-request/learning-result/${result}`,
    "/dashboard/material-request/approval-result",
  ];
  for (const url of pages) {
    await page.goto(url);
    const { violations } = await analyse(page, info);
    const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(
      serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
      url,
    ).toEqual([]);
  }
});
