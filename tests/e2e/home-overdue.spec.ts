import { expect, test, type Page } from "@playwright/test";
import { e2eDb } from "./db";
import { signInAs } from "./helpers";

/**
 * The home's overdue card (issue 33 item 13; docs/decisions/080), JS on and off: it counts the
 * assignments with an overdue learner, links to the assignment list filtered to them (as many rows
 * as the count), and an assignment's learner tab filtered the same lists exactly its overdue learner.
 */

const name = `Overdue e2e ${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}`;

/** An assigned assignment whose one learner is in progress past a day of expiry long gone. */
function makeOverdue() {
  const db = e2eDb();
  try {
    const at = new Date().toISOString();
    const typeId = (db.prepare("select id from content_type where code = 'course'").get() as { id: number }).id;
    const pair = db
      .prepare(
        "select a.id as account, c.id as course from account a cross join course c where a.username like 'student%' and a.is_active = 1 and not exists (select 1 from content_enrollment e where e.account_id = a.id and e.content_type_id = ? and e.content_id = c.id) order by c.id, a.id limit 1",
      )
      .get(typeId) as { account: number; course: number };
    const asg = db
      .prepare(
        "insert into assignment (type, name, status, datetime_assign, type_expire, datetime_expire, datetime_create, datetime_update) values (0, ?, 1, '2020-01-01', 1, '2020-02-01', ?, ?) returning id",
      )
      .get(name, at, at) as { id: number };
    const e = db
      .prepare(
        "insert into content_enrollment (account_id, content_type_id, content_id, status, add_method, added_by, datetime_enroll, datetime_update) values (?, ?, ?, 21, 1, 1, ?, ?) returning id",
      )
      .get(pair.account, typeId, pair.course, at, at) as { id: number };
    db.prepare(
      "insert into assignment_result (assignment_id, account_id, content_type_id, content_id, result, enrollment_id, datetime_expire, datetime_create, datetime_update) values (?, ?, ?, ?, 1, ?, '2020-02-01', ?, ?)",
    ).run(asg.id, pair.account, typeId, pair.course, e.id, at, at);
    const username = (db.prepare("select username from account where id = ?").get(pair.account) as { username: string })
      .username;
    return { id: asg.id, username };
  } finally {
    db.close();
  }
}

const card = (page: Page, label: RegExp) =>
  page.getByRole("region", { name: "Waiting for you" }).getByRole("link", { name: label });
async function countOf(page: Page, label: RegExp) {
  const text = (await card(page, label).innerText()).replace(/[^\d\n]/g, "").trim();
  return Number(text.split("\n").pop());
}

let made: { id: number; username: string };
test.beforeAll(() => {
  made = makeOverdue();
});

test("the overdue card counts the assignments listed where it leads; the learner tab lists the overdue learner", async ({
  page,
}) => {
  await signInAs(page, "staff1", "/dashboard/");
  const label = /Assignments with overdue learners/;
  const n = await countOf(page, label);
  expect(n).toBeGreaterThan(0);
  await card(page, label).click();
  await expect(page).toHaveURL(/\/dashboard\/assignment\?learners=overdue$/);
  await expect(page.locator("main tbody tr")).toHaveCount(n);
  await expect(page.locator("main tbody")).toContainText(name);
  // That assignment's overdue learners: exactly the one made.
  await page.goto(`/dashboard/assignment/${made.id}/learner?learners=overdue`);
  await expect(page.getByRole("link", { name: "Overdue learners" })).toHaveAttribute("aria-current", "page");
  await expect(page.locator("main tbody tr")).toHaveCount(1);
  await expect(page.locator("main tbody")).toContainText(made.username);
  await page.getByRole("link", { name: "All learners" }).click();
  await expect(page).not.toHaveURL(/learners=overdue/);
});

test("Thai: the overdue card", async ({ page }) => {
  await signInAs(page, "staff1", "/dashboard/?lng=th");
  await expect(page.getByRole("link", { name: /งานมอบหมายที่มีผู้เรียนเกินกำหนด/ })).toBeVisible();
});
