import { expect, test, type TestInfo } from "@playwright/test";
import { isJs, one } from "./course-fixtures";
import { API_ORIGIN, signInAs } from "./helpers";
import { cookie } from "./route-values";
import {
  ENROL_FLOW,
  approveOnList,
  approveStep,
  askForApproval,
  learnerEnrols,
  openRequest,
  rowOf,
  standOf,
} from "./enrol-approval-kit";
import { apiSession, markWrittenAnswer, publishedTest, reviewAllAnswers, takeTest } from "./test-flow-kit";

/**
 * Issue 33's "Done when": one whole organisation flow, as the people in it take it, with
 * JavaScript on and off (each project its own test and learner: they share one database):
 *
 * 1. an administrator publishes a test and, on its enrollment tab, asks for the approval flow and
 *    the enrollment form (a test is content with an enrollment tab, so it needs no course around
 *    it: docs/decisions/074);
 * 2. the learner requests it through the learner site's enrol call, answering the form: they wait
 *    at step 1 of the flow;
 * 3. Ian Inspector, named on step 1, opens the request from the approval list and approves it;
 * 4. Somsak Staff, named on step 2, approves it on the approval list: the learner is enrolled;
 * 5. the learner takes the test through the learner front's calls: the choice is marked at once,
 *    the written answer waits;
 * 6. the instructor marks the written answer in the dashboard: the attempt passes;
 * 7. the administrator reviews it under "Verify answers" → "All answers", every link on the way
 *    answering.
 *
 * The steps are the kits' (enrol-approval-kit.ts, test-flow-kit.ts), which the two halves' own
 * stories use too (flow-enrol-approval.spec.ts, flow-test-review.spec.ts).
 */

const label = (info: TestInfo) => (isJs(info) ? "ORG-ON" : "ORG-OFF");
// Learners no other spec touches (the seed has learner001–learner060).
const learnerOf = (info: TestInfo) => (isJs(info) ? "learner038" : "learner039");

test("a learner requests a test that needs approval, the deciders approve it, the learner takes it, it is marked and reviewed", async ({
  page,
  playwright,
}, info) => {
  test.setTimeout(180_000);
  const who = one<{ username: string; first_name: string; last_name: string }>(
    "select username, first_name, last_name from account where username = ?",
    learnerOf(info),
  );
  const learnerName = `${who.first_name} ${who.last_name}`;
  const written = "I leave by the nearest exit, skip the lift and wait at the assembly point.";
  const feedback = "Calm and complete; name the assembly point next time.";

  // 1. The test, waiting for the approval flow with the enrollment form.
  const admin = await apiSession(playwright, "admin");
  const testItem = await publishedTest(admin, label(info));
  await askForApproval(page, testItem);

  // 2. The learner requests it: no place yet, a request at step 1 of 2.
  const learner = await apiSession(playwright, who.username);
  expect(await learnerEnrols(learner, testItem)).toMatchObject({
    case: "waiting_approve",
    enrollment: { status: 1 },
    request: { step: 1, count_step: 2 },
  });
  // Not enrolled: the test cannot be started while the request waits.
  const early = await learner.ctx.post(`${API_ORIGIN}/api/test/${testItem.id}/attempt/`, {
    headers: { "x-csrftoken": (await cookie(learner.ctx, "csrftoken")) ?? "" },
    data: {},
  });
  expect(early.status(), await early.text()).toBeGreaterThanOrEqual(400);
  expect(early.status()).toBeLessThan(500);

  // 3. Step 1: the inspector, named on it, approves from the request's page.
  await openRequest(page, ENROL_FLOW.step1, testItem, who, 1);
  await approveStep(page, 1, "Needed for the fire warden role.");
  // 4. Step 2: Somsak Staff approves on the list; the learner is enrolled, not started.
  await approveOnList(page, ENROL_FLOW.step2, testItem, who);
  expect(await standOf(learner, testItem)).toMatchObject({
    case: "enrolled_not_start",
    enrollment: { status: 0 },
    request: { status: 30, step: 2 },
  });
  await signInAs(page, "admin", `/dashboard/enrollment/waiting?content_type=test&content=${testItem.id}`);
  await expect(rowOf(page, who.username)).toHaveCount(0);

  // 5. The learner takes the test: the choice marked at once (2), the written answer waits (22).
  const { attemptId } = await takeTest(learner, testItem, written);
  expect(
    one<{ status: number; score: number }>("select status, score from test_attempt where id = ?", attemptId),
  ).toEqual({ status: 22, score: 2 });

  // 6. The instructor marks the written answer in the dashboard: the attempt passes with 6.
  await signInAs(page, "instructor", `/dashboard/test/${testItem.id}`);
  await markWrittenAnswer(page, testItem, learnerName, { score: 4, feedback });
  expect(
    one<{ status: number; score: number }>("select status, score from test_attempt where id = ?", attemptId),
  ).toEqual({ status: 30, score: 6 });

  // 7. The administrator reviews it under "Verify answers" → "All answers".
  await signInAs(page, "admin", `/dashboard/test/${testItem.id}`);
  await reviewAllAnswers(page, testItem, learnerName, { answer: written, score: "4 / 5", feedback });

  await Promise.all([admin.ctx.dispose(), learner.ctx.dispose()]);
});
