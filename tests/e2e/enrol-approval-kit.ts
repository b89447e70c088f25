import fs from "node:fs";
import { expect, type Page, type PlaywrightWorkerArgs, type TestInfo } from "@playwright/test";
import { signInAs } from "./helpers";
import { freshCourse, one, run } from "./course-fixtures";
import { apiSession, type ApiSession } from "./test-flow-kit";

/**
 * The steps of an enrolment that needs approval, as the people in it take them (issue 33 items 1,
 * 2, 12; docs/decisions/074), for stories that join them (the enrolment is where a learner's
 * assigned test begins: test-flow-kit.ts): an administrator asks a content — a course, a test, any
 * type with an enrollment tab — for its approval flow and its enrollment form on that tab; the
 * learner enrols through the call the learner site makes, answering the form; each decider of the flow signs in and decides its step on the
 * approval pages (the demo flow "Course enrolment approval": step 1 the learner's supervisor or
 * Ian Inspector, step 2 Somsak Staff); the learner's place is read back. The dashboard steps work
 * with JavaScript on and off.
 */

/** The demo enrolment flow (api/db/seed-requests.ts) and the deciders of its two steps. */
export const ENROL_FLOW = { name: "Course enrolment approval", step1: "inspector", step2: "staff2" } as const;
/** The demo enrollment form and the answers a learner gives it. */
export const ENROL_FORM = { name: "Course pre-enrollment questionnaire", role: "Team lead" } as const;

/**
 * The content a learner asks to enrol in: any type with an enrollment tab (a course, a test…),
 * `type` its registry key, which is both its dashboard path and its API path.
 */
export type FlowItem = { type: string; id: number; name: string };

/** A shown course of this project, new and empty (its code and name carry `label`). */
export function flowCourse(info: TestInfo, label: string): FlowItem {
  const id = freshCourse(info, "EAF", label, "Leading a team");
  run((db) =>
    db.prepare("update course set is_display = 1, datetime_first_publish = datetime_create where id = ?").run(id),
  );
  return { type: "course", ...one<{ id: number; name: string }>("select id, name from course where id = ?", id) };
}

/** The administrator asks the content to wait for the approval flow, with the demo enrollment form (the enrollment tab). */
export async function askForApproval(page: Page, course: FlowItem) {
  await signInAs(page, "admin", `/dashboard/${course.type}/${course.id}/enrollment`);
  await page.getByLabel("Access", { exact: true }).selectOption({ label: "Waiting for the approval flow" });
  await page.getByLabel("Enrollment form", { exact: true }).selectOption({ label: `${ENROL_FORM.name} (ENR-Q1)` });
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Enrollment settings saved." })).toBeVisible();
}

/** Where a learner stands with a content (GET {type}/{id}/enroll/, the learner site's call). */
export type Stand = {
  case: string;
  enrollment: { status: number } | null;
  request: { id: number; step: number; count_step: number; status: number } | null;
  reason: string | null;
  form: {
    id: number;
    sections: { questions: { id: number; text: string; choices: { id: number; text: string }[] }[] }[];
  } | null;
};

/** The learner's API session (the learner site's calls). */
export const learnerSession = (playwright: PlaywrightWorkerArgs["playwright"], username: string) =>
  apiSession(playwright, username);

/** The learner enrols in the content, answering its enrollment form as the learner site would. */
export async function learnerEnrols(learner: ApiSession, course: FlowItem): Promise<Stand> {
  const before = await learner.call<Stand>("GET", `${course.type}/${course.id}/enroll/`);
  expect(before.case).toBe("un_enrolled_open");
  const questions = before.form!.sections.flatMap((s) => s.questions);
  const role = questions.find((q) => q.text === "Your current role")!;
  const how = questions.find((q) => q.text === "How do you prefer to learn?")!;
  return learner.call<Stand>("POST", `${course.type}/${course.id}/enroll/`, {
    answers: { [role.id]: ENROL_FORM.role, [how.id]: [String(how.choices[1].id)] },
  });
}

/** Where the learner stands now. */
export const standOf = (learner: ApiSession, course: FlowItem) =>
  learner.call<Stand>("GET", `${course.type}/${course.id}/enroll/`);

/** A list's row of one learner (their username shown on its own: the header's "Learner" is not one). */
export const rowOf = (page: Page, username: string) =>
  page.getByRole("row").filter({ has: page.getByText(username, { exact: true }) });

/** The waiting approval list, narrowed to one content (as its content link does). */
export const waitingPage = (course: FlowItem) =>
  `/dashboard/enrollment/waiting?content_type=${course.type}&content=${course.id}`;

/** A decider signs in and opens the learner's enrolment request from the approval list (its step shown there). */
export async function openRequest(
  page: Page,
  decider: string,
  course: FlowItem,
  learner: { username: string },
  step: number,
) {
  await signInAs(page, decider, waitingPage(course));
  const row = rowOf(page, learner.username);
  await expect(row).toContainText(`${ENROL_FLOW.name}: step ${step} of 2`);
  await row.getByRole("link", { name: /^Open the request of / }).click();
  await expect(page.getByRole("heading", { name: course.name, level: 1 })).toBeVisible();
}

/** On the request page: the form's answers shown, the step approved with a note. */
export async function approveStep(page: Page, step: number, note: string) {
  await expect(page.getByText(ENROL_FORM.role, { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: `Your decision on step ${step}` })).toBeVisible();
  await page.getByLabel("Note", { exact: true }).fill(note);
  await page.getByRole("button", { name: "Approve", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Approved." })).toBeVisible();
}

/** A decider ticks the learner's enrolment on the approval list and approves it there (one: at once). */
export async function approveOnList(
  page: Page,
  decider: string,
  course: FlowItem,
  learner: { username: string; first_name: string; last_name: string },
) {
  await signInAs(page, decider, waitingPage(course));
  await page
    .getByRole("checkbox", {
      name: `Select ${learner.first_name} ${learner.last_name} (${learner.username}) in ${course.name}`,
    })
    .check();
  await page.getByRole("button", { name: "Approve", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Approved: 1" })).toBeVisible();
}

/** The enrollment form's results exported as csv from its result tab (signed in as one who may): its lines. */
export async function formResultLines(page: Page): Promise<string[]> {
  const form = one<{ id: number }>("select id from request_form where code = 'ENR-Q1'");
  await page.goto(`/dashboard/enrollment-form/${form.id}/result`);
  const [csv] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export CSV" }).click(),
  ]);
  return fs
    .readFileSync(await csv.path(), "utf8")
    .trim()
    .split("\r\n");
}
