import { expect, test, type TestInfo } from "@playwright/test";
import { isJs, one } from "./course-fixtures";
import { signInAs } from "./helpers";
import { apiSession, enrol, markWrittenAnswer, publishedTest, reviewAllAnswers, takeTest } from "./test-flow-kit";

/**
 * The end of issue 33's cross-area flow (item 5, docs/decisions/076), with JavaScript on and off:
 * … → an assigned test taken and marked → the result reviewed under "All answers". An
 * administrator publishes a test and enrols a learner (where the enrolment-approval flow will join
 * this story), the learner takes it through the learner front's calls, the instructor marks the
 * written answer in the dashboard, and the administrator reviews it under "Verify answers" → "All
 * answers", every link on the way answering. Both projects share one database: each its own test
 * and learner.
 */

const label = (info: TestInfo) => (isJs(info) ? "ON" : "OFF");
// Learners no other spec touches (the seed has learner001–learner060).
const learnerOf = (info: TestInfo) => (isJs(info) ? "learner036" : "learner037");

test("a learner's test is taken, marked by the instructor and reviewed under All answers", async ({
  page,
  playwright,
}, info) => {
  test.setTimeout(120_000);
  const username = learnerOf(info);
  const learnerName = ((r) => `${r.first_name} ${r.last_name}`)(
    one<{ first_name: string; last_name: string }>(
      "select first_name, last_name from account where username = ?",
      username,
    ),
  );
  const written = "I leave by the nearest exit, skip the lift and wait at the assembly point.";

  // An administrator publishes the test and enrols the learner.
  const admin = await apiSession(playwright, "admin");
  const testItem = await publishedTest(admin, label(info));
  await enrol(admin, testItem, username);

  // The learner takes it: the choice is marked at once, the written answer waits.
  const learner = await apiSession(playwright, username);
  const { attemptId } = await takeTest(learner, testItem, written);
  expect(
    one<{ status: number; score: number }>("select status, score from test_attempt where id = ?", attemptId),
  ).toEqual({ status: 22, score: 2 });

  // The instructor marks the written answer in the dashboard: the attempt passes.
  await signInAs(page, "instructor", `/dashboard/test/${testItem.id}`);
  await markWrittenAnswer(page, testItem, learnerName, {
    score: 4,
    feedback: "Calm and complete; name the assembly point next time.",
  });
  expect(
    one<{ status: number; score: number }>("select status, score from test_attempt where id = ?", attemptId),
  ).toEqual({ status: 30, score: 6 });

  // The administrator reviews it under "Verify answers" → "All answers".
  await signInAs(page, "admin", `/dashboard/test/${testItem.id}`);
  await reviewAllAnswers(page, testItem, learnerName, {
    answer: written,
    score: "4 / 5",
    feedback: "Calm and complete; name the assembly point next time.",
  });

  await Promise.all([admin.ctx.dispose(), learner.ctx.dispose()]);
});
