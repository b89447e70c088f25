import { expect, test, type Page } from "@playwright/test";
import { all, isJs, one } from "./course-fixtures";
import { signInAs } from "./helpers";

/**
 * Verifying a test's fill-in answers (issue 18 §1 "verify a fill-in answer and see the learner's
 * score change"; docs/decisions/065), with JS on and off, on the seeded attempts: the verify queue
 * lists a waiting answer, its verify page marks it, the attempt's score moves and, once nothing
 * waits, the attempt and the learner's progress are decided (30); an attempt waiting for approval
 * is approved after its confirmation step; the pages in Thai once. The two
 * projects share one database, so each takes its own seeded learner's attempt.
 */

type Waiting = { test_id: number; attempt_id: number; enrollment_id: number; score: number; username: string };

/** Seeded attempts of tests decided automatically (result setting 0) with exactly one answer waiting. */
const waitingAttempts = () =>
  all<Waiting>(
    `select t.test_id, t.id as attempt_id, t.enrollment_id, t.score, a.username
       from test_attempt t join test x on x.id = t.test_id join account a on a.id = t.account_id
      where t.status = 22 and x.result_setting = 0
        and (select count(*) from test_attempt_answer w where w.attempt_id = t.id and w.score is null) = 1
      order by t.id`,
  );
const waitingAnswer = (attemptId: number) =>
  one<{ id: number; section_id: number; question_id: number; max_score: number; answer: string }>(
    "select id, section_id, question_id, max_score, answer from test_attempt_answer where attempt_id = ? and score is null",
    attemptId,
  );
const enrollmentStatus = (id: number) =>
  one<{ status: number }>("select status from content_enrollment where id = ?", id).status;
const toast = (page: Page, text: string | RegExp) => page.getByRole("status").filter({ hasText: text });

test("mark a waiting fill-in answer: the attempt's score and the learner's progress change", async ({ page }, info) => {
  // The seed leaves two learners per test waiting (docs/decisions/065): one for each project.
  const found = waitingAttempts().find((a) => a.username === (isJs(info) ? "student0004" : "student0005"));
  expect(found, "a seeded attempt waiting for one answer").toBeTruthy();
  const mine = found!;
  const answer = waitingAnswer(mine.attempt_id);
  const base = `/dashboard/test/${mine.test_id}`;
  const before = mine.score;

  // The queue of its section lists it, and leads to its verify page.
  await signInAs(page, "admin", `${base}/overall/verify/${answer.section_id}`);
  await expect(page.getByRole("heading", { level: 2, name: /Verify/ })).toBeVisible();
  const row = page.locator("tbody tr").filter({ hasText: answer.answer.slice(0, 40) });
  await expect(row.first()).toBeVisible();
  await page.goto(`${base}/overall/slot/${answer.section_id}/verify/${answer.question_id}?answer=${answer.id}`);
  await expect(page.getByText(answer.answer.slice(0, 40)).first()).toBeVisible();

  // Mark it in full: the attempt is decided (passed) and so is the learner's progress.
  await page.getByLabel("Score", { exact: true }).fill(String(answer.max_score));
  await page.getByLabel("Feedback for the learner").fill("Clear and complete.");
  await page.getByRole("button", { name: "Save the mark" }).click();
  await expect(toast(page, /passed the test|did not pass/)).toBeVisible();
  const after = one<{ score: number; status: number }>(
    "select score, status from test_attempt where id = ?",
    mine.attempt_id,
  );
  expect(after.score).toBe(before + answer.max_score);
  expect([30, -5]).toContain(after.status);
  expect(enrollmentStatus(mine.enrollment_id)).toBe(after.status);

  // The log shows the attempt with its new score and status.
  await page.goto(`${base}/log/${mine.attempt_id}`);
  await expect(page.getByText(`${after.score} /`).first()).toBeVisible();
  await expect(page.getByText(after.status === 30 ? "Completed" : "Failed").first()).toBeVisible();
  await expect(page.getByRole("cell", { name: "Clear and complete." })).toBeVisible();
});

test("an attempt waiting for approval is decided only after its confirmation step", async ({ page }, info) => {
  // The seed leaves three attempts of an admin-approved test (result setting 1) marked and waiting: one for each project.
  const mine = one<{ id: number; test_id: number; name: string }>(
    `select t.id, t.test_id, a.first_name || ' ' || a.last_name as name
       from test_attempt t join test x on x.id = t.test_id join account a on a.id = t.account_id
      where t.status = 22 and x.result_setting = 1 and a.username = ?`,
    isJs(info) ? "student0001" : "student0002",
  );
  await signInAs(page, "admin", `/dashboard/test/${mine.test_id}/overall/approval`);
  // A decision moves the learner's progress, so it asks first (docs/decisions/076); cancelling writes nothing.
  await page.getByRole("link", { name: `Approve the attempt of ${mine.name}` }).click();
  const confirm = page.getByRole("dialog", { name: "Approve this attempt?" });
  await expect(confirm).toContainText(`${mine.name}’s attempt is decided by its score`);
  await confirm.getByRole("link", { name: "Cancel" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  expect(one<{ status: number }>("select status from test_attempt where id = ?", mine.id).status).toBe(22);
  await page.getByRole("link", { name: `Approve the attempt of ${mine.name}` }).click();
  await confirm.getByRole("button", { name: "Approve" }).click();
  await expect(toast(page, new RegExp(`${mine.name} (passed|did not pass) the test.`))).toBeVisible();
  expect([30, -5]).toContain(one<{ status: number }>("select status from test_attempt where id = ?", mine.id).status);
});

test("the test's attempt pages in Thai", async ({ page }, info) => {
  test.skip(!isJs(info), "one pass is enough for the texts");
  const any = one<{ test_id: number; id: number }>(
    "select test_id, id from test_attempt where status <> 21 order by id limit 1",
  );
  await signInAs(page, "admin", `/dashboard/test/${any.test_id}/overall/section?language=th`);
  await expect(page.getByRole("columnheader", { name: "อัตราการผ่าน" })).toBeVisible();
  await page.goto(`/dashboard/test/${any.test_id}/log?language=th`);
  await expect(page.getByRole("columnheader", { name: "ผู้เรียน" })).toBeVisible();
  await page.goto(`/dashboard/test/${any.test_id}/overall/slot/verify?language=th`);
  await expect(page.getByRole("heading", { level: 2, name: "ตรวจคำตอบ" })).toBeVisible();
});
