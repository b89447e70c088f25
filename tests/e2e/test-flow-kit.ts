import { expect, type APIRequestContext, type Page, type PlaywrightWorkerArgs } from "@playwright/test";
import { API_ORIGIN } from "./helpers";
import { cookie, signIn as apiSignIn } from "./route-values";
import { one } from "./course-fixtures";

/**
 * The steps of a test's life as the people in it take them (issue 33 item 5, docs/decisions/076),
 * for stories that join them: an administrator's published test (through the API), a learner
 * enrolled (the step an enrolment or approval flow stands in for), the learner taking it through
 * the calls the learner front makes, an instructor marking the written answer in the dashboard,
 * and an administrator reviewing it under "Verify answers" → "All answers". Each step is one
 * function; the dashboard steps work with JavaScript on and off.
 */

/** An API session of `username` (signed in through the API, CSRF echoed on every write). */
export type ApiSession = {
  ctx: APIRequestContext;
  call: <T = Record<string, unknown>>(
    method: "GET" | "POST" | "PATCH",
    path: string,
    data?: Record<string, unknown>,
  ) => Promise<T>;
};

export async function apiSession(
  playwright: PlaywrightWorkerArgs["playwright"],
  username: string,
): Promise<ApiSession> {
  const ctx = await playwright.request.newContext();
  await apiSignIn(ctx, username);
  const call = async <T>(method: "GET" | "POST" | "PATCH", path: string, data?: Record<string, unknown>) => {
    const res = await ctx.fetch(`${API_ORIGIN}/api/${path}`, {
      method,
      data,
      headers: { "x-csrftoken": (await cookie(ctx, "csrftoken")) ?? "" },
    });
    expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
    return (await res.json()) as T;
  };
  return { ctx, call };
}

/** The test a story takes: a choice question (right: "Exit B") worth 2 and a written one worth 5, in one section. */
export type StoryTest = {
  type: "test";
  id: number;
  name: string;
  section: { id: number; name: string };
  written: { id: number; desc: string };
};

/** A published test of the seeded provider, built and published through the administrator's API. */
export async function publishedTest(admin: ApiSession, label: string): Promise<StoryTest> {
  const refs = {
    category: one<{ id: number }>("select id from category order by id").id,
    provider: one<{ id: number }>("select id from provider order by id").id,
  };
  const name = `Evacuation drill review ${label}`;
  const { id } = await admin.call<{ id: number }>("POST", "dashboard/test/", { name, code: `EVR-${label}`, ...refs });
  const sectionName = "Drill questions";
  const section = await admin.call<{ id: number }>("POST", `dashboard/test/${id}/section/`, {
    name: sectionName,
    full_score: "7",
    pass_score: "4",
  });
  const questions = `dashboard/test/${id}/section/${section.id}/question/`;
  const choice = await admin.call<{ number: number }>("POST", questions, {
    desc: "Which exit is nearest to the kitchen?",
    type: 1,
  });
  const asked = await admin.call<{ choice_list: { id: number }[] }>("PATCH", `${questions}${choice.number}/`, {
    desc: "Which exit is nearest to the kitchen?",
    score: "2",
  });
  await admin.call("PATCH", `${questions}${choice.number}/choice/${asked.choice_list[0].id}/`, {
    desc: "Exit A",
    is_answer: false,
  });
  await admin.call("PATCH", `${questions}${choice.number}/choice/${asked.choice_list[1].id}/`, {
    desc: "Exit B",
    is_answer: true,
  });
  const writtenDesc = "Describe what you do when the fire alarm sounds.";
  const written = await admin.call<{ number: number; id: number }>("POST", questions, { desc: writtenDesc, type: 4 });
  await admin.call("PATCH", `${questions}${written.number}/`, {
    desc: writtenDesc,
    score: "5",
    desc_evaluation: "Leave by the nearest exit, do not use the lift, gather at the assembly point.",
  });
  await admin.call("PATCH", `dashboard/test/${id}/`, { is_display: true });
  return {
    type: "test",
    id,
    name,
    section: { id: section.id, name: sectionName },
    written: { id: written.id, desc: writtenDesc },
  };
}

/** The learner enrolled by an administrator (what an enrolment or its approval leads to). */
export async function enrol(admin: ApiSession, test: StoryTest, username: string) {
  const learner = one<{ id: number }>("select id from account where username = ?", username);
  await admin.call("POST", `dashboard/test/${test.id}/enroll/`, { account_list: [learner.id] });
}

type LearnerAttempt = {
  id: number;
  status: number;
  answers: { id: number; question_id: number; question_type: number; choices: { id: number; desc: string }[] }[];
};

/** The learner takes the test as the learner front does: starts an attempt, answers both questions right, submits. */
export async function takeTest(learner: ApiSession, test: StoryTest, writtenAnswer: string) {
  const attempt = await learner.call<LearnerAttempt>("POST", `test/${test.id}/attempt/`, {});
  const answer_list = attempt.answers.map((a) =>
    a.question_type === 1
      ? { id: a.id, choice_list: a.choices.filter((c) => c.desc === "Exit B").map((c) => c.id) }
      : { id: a.id, answer: writtenAnswer },
  );
  const submitted = await learner.call<LearnerAttempt>("POST", `test/${test.id}/attempt/${attempt.id}/submit/`, {
    answer_list,
  });
  // The choice is marked at once; the written answer waits for a person (22).
  expect(submitted.status).toBe(22);
  return { attemptId: attempt.id };
}

/** The test's page, then one of its overall pages by the tab bar's link. */
async function openOverall(page: Page, test: StoryTest, label: string) {
  await page.goto(`/dashboard/test/${test.id}`);
  await page.getByRole("navigation", { name: "Tabs" }).getByRole("link", { name: label, exact: true }).click();
}

/** An instructor marks the learner's written answer from the "Verify" queue: its score and feedback. */
export async function markWrittenAnswer(
  page: Page,
  test: StoryTest,
  learnerName: string,
  mark: { score: number; feedback: string },
) {
  await openOverall(page, test, "Verify");
  await page.getByRole("link", { name: test.section.name }).click();
  await page.getByRole("row").filter({ hasText: learnerName }).getByRole("link", { name: "Verify" }).click();
  await expect(page.getByRole("heading", { level: 3, name: new RegExp(learnerName) })).toBeVisible();
  await page.getByLabel("Score", { exact: true }).fill(String(mark.score));
  await page.getByLabel("Feedback for the learner").fill(mark.feedback);
  await page.getByRole("button", { name: "Save the mark" }).click();
  await expect(page.getByRole("status").filter({ hasText: `${learnerName} passed the test.` })).toBeVisible();
}

/**
 * An administrator reviews the marked answer: "Verify answers" → the section → the question →
 * "All answers", where the learner's answer shows with its score and feedback. Every link of each
 * page on the way is followed and answers (no 404, no redirect loop).
 */
export async function reviewAllAnswers(
  page: Page,
  test: StoryTest,
  learnerName: string,
  expected: { answer: string; score: string; feedback: string },
) {
  const checked = new Set<string>();
  await openOverall(page, test, "Verify answers");
  await expect(page.getByRole("heading", { level: 2, name: "Verify answers" })).toBeVisible();
  await everyLinkAnswers(page, checked);
  await page.getByRole("link", { name: test.section.name }).click();
  await everyLinkAnswers(page, checked);
  await page.getByRole("link", { name: test.written.desc }).click();
  await everyLinkAnswers(page, checked);
  await page.getByRole("navigation", { name: "Which answers" }).getByRole("link", { name: "All answers" }).click();
  await expect(page).toHaveURL(
    new RegExp(`/dashboard/test/${test.id}/overall/slot/${test.section.id}/verify/${test.written.id}/all$`),
  );
  await expect(page.getByRole("link", { name: "All answers" })).toHaveAttribute("aria-current", "page");
  const row = page.getByRole("row").filter({ hasText: learnerName });
  await expect(row).toContainText(expected.answer);
  await expect(row).toContainText(expected.score);
  await everyLinkAnswers(page, checked);
  await row.getByRole("link", { name: learnerName }).click();
  // The marked answer's feedback as given (the mark form below holds it too, to change it).
  await expect(page.getByRole("definition").filter({ hasText: expected.feedback })).toBeVisible();
}

/** Each link of the page's main part answers a page (redirects followed), each URL requested once. */
async function everyLinkAnswers(page: Page, checked: Set<string>) {
  const hrefs = await page
    .locator("main a[href]")
    .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
  for (const href of new Set(hrefs)) {
    const url = new URL(href);
    if (url.origin !== new URL(page.url()).origin || checked.has(url.pathname + url.search)) continue;
    checked.add(url.pathname + url.search);
    const res = await page.request.get(href);
    expect(res.status(), `${href} from ${page.url()}`).toBe(200);
  }
}
