import { expect, test } from "@playwright/test";
import { acceptPendingTerms, signIn } from "./helpers";
import { all, enrol, freshCourse, isJs } from "./course-fixtures";

/**
 * Shift-click range selection in a table with row checkboxes (spec 002 §9), on the progress
 * list. JS on only: without JavaScript every checkbox is ticked on its own, as before.
 */

test("shift-click ticks, then unticks, the range since the last click", async ({ page }, info) => {
  test.skip(!isJs(info), "range selection is a JavaScript enhancement");
  const id = freshCourse(info, "RNG", "SH", "Range");
  const learners = all<{ username: string }>(
    "select username from account where username like 'learner%' order by username limit 5",
  );
  enrol(
    id,
    learners.map((l) => [l.username, 0]),
  );
  const next = `/dashboard/course/${id}/overall/progress`;
  await signIn(page, "admin", next);
  await acceptPendingTerms(page);
  if (!page.url().includes(next)) await page.goto(next);

  const boxes = page.getByRole("checkbox", { name: /^Select / });
  await expect(boxes).toHaveCount(5);
  const ticked = async () => Promise.all([0, 1, 2, 3, 4].map((i) => boxes.nth(i).isChecked()));
  await boxes.nth(0).click();
  await boxes.nth(3).click({ modifiers: ["Shift"] });
  expect(await ticked()).toEqual([true, true, true, true, false]);
  // Unticking with shift unticks from the last click (row 4) up to this one (row 2).
  await boxes.nth(1).click({ modifiers: ["Shift"] });
  expect(await ticked()).toEqual([true, false, false, false, false]);
});
