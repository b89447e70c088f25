import { expect, test } from "@playwright/test";
import { signInAs } from "./helpers";
import { isJs, one } from "./course-fixtures";
import {
  ENROL_FLOW,
  ENROL_FORM,
  approveOnList,
  formResultLines,
  approveStep,
  askForApproval,
  flowCourse,
  learnerEnrols,
  learnerSession,
  openRequest,
  rowOf,
  standOf,
  waitingPage,
} from "./enrol-approval-kit";

/**
 * The organisation's flow from a learner's request to their enrolment (issue 33 "Done when",
 * items 1, 2, 12; docs/decisions/074), JS on and off, each project on a course of its own:
 *
 * 1. an administrator asks the course for its approval flow and its enrollment form;
 * 2. the learner enrols (the learner site's call), answering the form: they wait at step 1;
 * 3. Ian Inspector — named on step 1, holding no enrollment flag — reads the answers and approves;
 * 4. Somsak Staff, named on step 2, approves it on the approval list (in Thai with JS on);
 * 5. the learner is enrolled: not started, on the course's learner list; their answers are among
 *    the form's results, which export as csv.
 *
 * And a rejection: the learner's supervisor (Mana Manager) rejects on the rejection's own page,
 * which will not take it without a reason; the learner is shown that reason.
 */

const learner = () =>
  one<{ username: string; first_name: string; last_name: string }>(
    "select username, first_name, last_name from account where username = 'learner'",
  );

test("a learner requests a course that needs approval, the flow's deciders decide step by step, the learner is enrolled", async ({
  page,
  playwright,
}, info) => {
  test.setTimeout(120_000);
  const course = flowCourse(info, "OK");
  const who = learner();

  await askForApproval(page, course);

  const session = await learnerSession(playwright, who.username);
  const requested = await learnerEnrols(session, course);
  expect(requested).toMatchObject({
    case: "waiting_approve",
    enrollment: { status: 1 },
    request: { step: 1, count_step: 2 },
  });

  // Step 1: the inspector holds no enrollment flag; being named on the step is what lets it decide.
  await openRequest(page, ENROL_FLOW.step1, course, who, 1);
  await approveStep(page, 1, "Good fit for the team.");
  await expect(page.getByText("Step 2 of 2", { exact: false })).toBeVisible();

  // Step 2, on the list; with JS on the decider works in Thai.
  if (isJs(info)) {
    await signInAs(page, ENROL_FLOW.step2, `${waitingPage(course)}&language=th`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("การลงทะเบียนที่รออนุมัติ");
    await expect(rowOf(page, who.username)).toContainText(`${ENROL_FLOW.name}: ขั้นตอนที่ 2 จาก 2`);
    await page.goto(`${waitingPage(course)}&language=en`);
  }
  await approveOnList(page, ENROL_FLOW.step2, course, who);

  expect(await standOf(session, course)).toMatchObject({
    case: "enrolled_not_start",
    enrollment: { status: 0 },
    request: { status: 30, step: 2 },
  });
  await signInAs(page, "admin", `/dashboard/course/${course.id}/overall/learner`);
  await expect(rowOf(page, who.username)).toContainText("Not started");
  // The answers the learner gave are among the form's results, which export as csv.
  const lines = await formResultLines(page);
  expect(lines[0]).toContain("Your current role");
  expect(lines.some((l) => l.includes(who.username) && l.includes(course.name) && l.includes(ENROL_FORM.role))).toBe(
    true,
  );
  await session.ctx.dispose();
});

test("a rejection asks its reason on a page of its own, and the learner is shown it", async ({
  page,
  playwright,
}, info) => {
  test.setTimeout(90_000);
  const course = flowCourse(info, "NO");
  const who = learner();
  await askForApproval(page, course);
  const session = await learnerSession(playwright, who.username);
  await learnerEnrols(session, course);

  // The learner's supervisor decides step 1 too (spec 001 §3 step_supervisor 1).
  await openRequest(page, "manager", course, who, 1);
  await page.getByRole("link", { name: "Reject", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Reject the request", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Reject", exact: true }).click();
  await expect(page.getByText("Give the reason: the learner is shown it.")).toBeVisible();
  expect((await standOf(session, course)).case).toBe("waiting_approve");

  const reason = "The team's training budget is spent this quarter.";
  await page.getByLabel("Reason for the rejection").fill(reason);
  await page.getByRole("button", { name: "Reject", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Rejected." })).toBeVisible();
  expect(await standOf(session, course)).toMatchObject({ case: "rejected", reason, enrollment: { status: -3 } });

  // The rejected page shows who rejected and why.
  await signInAs(page, "admin", `/dashboard/enrollment/rejected?content_type=course&content=${course.id}`);
  await expect(rowOf(page, who.username)).toContainText(reason);
  await session.ctx.dispose();
});
