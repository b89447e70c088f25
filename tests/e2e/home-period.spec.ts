import { expect, test, type Page } from "@playwright/test";
import { e2eDb } from "./db";
import { signInAs } from "./helpers";

/**
 * The home's period cards (issue 33 item 13; docs/decisions/086), JS on and off: "Enrollments this
 * period" and "Completions this period" count the list they open — the period's list of
 * enrolments across contents, for the home's days — and that list says the same number; a row's
 * content opens its learners. A viewer without the enrollment view flag sees neither card.
 */

const period = (page: Page) => page.getByRole("region", { name: "In this period" });
const card = (page: Page, name: RegExp) => period(page).getByRole("link", { name });

/** The number a card shows (after its label). */
async function countOf(page: Page, name: RegExp) {
  const text = (await card(page, name).innerText()).replace(/[^\d\n]/g, "").trim();
  return Number(text.split("\n").pop());
}

/** One enrolment made now and one learning completed now, so each card has something to count. */
function makeToday() {
  const db = e2eDb();
  try {
    const at = new Date().toISOString();
    const typeId = (db.prepare("select id from content_type where code = 'course'").get() as { id: number }).id;
    const free = db
      .prepare(
        "select a.id as account, c.id as course from account a cross join course c where a.username like 'student%' and a.is_active = 1 and not exists (select 1 from content_enrollment e where e.account_id = a.id and e.content_type_id = ? and e.content_id = c.id) order by c.id, a.id limit 2",
      )
      .all(typeId) as { account: number; course: number }[];
    const insert = db.prepare(
      "insert into content_enrollment (account_id, content_type_id, content_id, status, add_method, added_by, datetime_enroll, datetime_complete, datetime_update) values (?, ?, ?, ?, 1, 1, ?, ?, ?)",
    );
    insert.run(free[0].account, typeId, free[0].course, 21, at, null, at);
    insert.run(free[1].account, typeId, free[1].course, 30, at, at, at);
  } finally {
    db.close();
  }
}
test.beforeAll(() => makeToday());

for (const [label, event, heading] of [
  [/Enrollments this period/, "enrolled", "Enrollments in the period"],
  [/Completions this period/, "completed", "Completions in the period"],
] as const) {
  test(`"${event}": the card counts the list it opens, and a row's content opens its learners`, async ({ page }) => {
    await signInAs(page, "admin", "/dashboard/");
    await expect(page.getByRole("heading", { level: 1, name: "Learning overview" })).toBeVisible();
    const n = await countOf(page, label);
    expect(n).toBeGreaterThan(0);
    await card(page, label).click();
    await expect(page).toHaveURL(
      new RegExp(
        `/dashboard/enrollment/period\\?event=${event}&date_from=\\d{4}-\\d{2}-\\d{2}&date_to=\\d{4}-\\d{2}-\\d{2}$`,
      ),
    );
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    // The pager says the list's count: the card's number.
    await expect(page.getByRole("navigation", { name: "Pages" })).toContainText(`of ${n.toLocaleString("en-GB")}`);
    await expect(page.locator("main tbody tr")).toHaveCount(Math.min(n, 50));
    const link = page.locator("main tbody tr").first().getByRole("link").first();
    const href = await link.getAttribute("href");
    expect(href).toMatch(/\/overall(\/learner)?$/);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${href!.replace(/[/?]/g, (c) => `\\${c}`)}$`));
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });
}

test("the period's filters: a day that is not a date is told, in words; the other list keeps the days; the export", async ({
  page,
}) => {
  await signInAs(page, "admin", "/dashboard/enrollment/period?event=enrolled&date_from=2026-02-30&date_to=2026-03-01");
  await expect(page.getByText("Enter a real date as YYYY-MM-DD.")).toBeVisible();
  await page.goto("/dashboard/enrollment/period?event=enrolled&date_from=2026-01-01&date_to=2026-01-31");
  await page
    .getByRole("navigation", { name: "Enrollments or completions" })
    .getByRole("link", { name: "Completed" })
    .click();
  await expect(page).toHaveURL(/event=completed/);
  await expect(page).toHaveURL(/date_from=2026-01-01&date_to=2026-01-31/);
  // The export link streams the same list as a file.
  const csv = await page.request.get("/dashboard/enrollment/period/export?event=enrolled&format_type=csv");
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-disposition"]).toMatch(/enrollment-enrolled-.*\.csv/);
  expect(await csv.text()).toContain("Username");
});

test("no period cards for a viewer who may not open the list; Thai texts", async ({ page }) => {
  await signInAs(page, "viewer", "/dashboard/");
  await expect(page.getByRole("heading", { level: 1, name: "Learning overview" })).toBeVisible();
  await expect(period(page)).toHaveCount(0);
  // …and the list and its export refuse it (the guard's 403, which also signs it out: each afresh).
  for (const path of ["/dashboard/enrollment/period", "/dashboard/enrollment/period/export?format_type=csv"]) {
    await signInAs(page, "viewer", "/dashboard/");
    const res = await page.request.get(path, { maxRedirects: 0 });
    expect(
      res.status() === 403 || /\/error\/403/.test(res.headers()["location"] ?? ""),
      `${path}: ${res.status()} ${res.headers()["location"]}`,
    ).toBe(true);
  }
  await signInAs(page, "admin", "/dashboard/?lng=th");
  await expect(page.getByRole("region", { name: "ในช่วงเวลานี้" })).toBeVisible();
  await page.getByRole("link", { name: /การเรียนจบในช่วงเวลานี้/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "การเรียนจบในช่วงเวลา" })).toBeVisible();
});
