import { expect, test, type Page } from "@playwright/test";
import { signInAs } from "./helpers";

/**
 * The learning home counts what waits for the viewer (issue 33 item 13, docs/decisions/079), JS
 * on and off: each count is a link to the list it counts, filtered as counted (the page lists as
 * many rows as the count said), and a viewer who may open no such list sees no count. The
 * inspector decides steps of enrolment flows without the enrollment flags: it sees the
 * enrolments at its steps, the same number on the home and on the list.
 */

const waiting = (page: Page) => page.getByRole("region", { name: "Waiting for you" });
const card = (page: Page, name: RegExp) => waiting(page).getByRole("link", { name });

/** The number a card shows (after its label). */
async function countOf(page: Page, name: RegExp) {
  const text = (await card(page, name).innerText()).replace(/[^\d\n]/g, "").trim();
  return Number(text.split("\n").pop());
}

test("a decider's waiting enrolments: counted on the home, listed on the page the count opens", async ({ page }) => {
  await signInAs(page, "inspector", "/dashboard/");
  await expect(page.getByRole("heading", { level: 1, name: "Learning overview" })).toBeVisible();
  const enrolments = card(page, /Enrollments waiting for approval/);
  await expect(enrolments).toBeVisible();
  const n = await countOf(page, /Enrollments waiting for approval/);
  expect(n).toBeGreaterThan(0);
  // The inspector holds no material request flag and decides no such flow: no count of them.
  await expect(card(page, /Material requests waiting/)).toHaveCount(0);
  await enrolments.click();
  await expect(page).toHaveURL(/\/dashboard\/enrollment\/waiting$/);
  await expect(page.locator("main tbody tr")).toHaveCount(n);
});

test("every count links to its filtered list, and says the same number", async ({ page }) => {
  await signInAs(page, "staff1", "/dashboard/");
  for (const [name, url] of [
    [/Enrollments waiting for approval/, /\/dashboard\/enrollment\/waiting$/],
    [/Learning requests waiting/, /\/dashboard\/learning-request\/waiting$/],
    [/Material requests waiting/, /\/dashboard\/material-request$/],
  ] as const) {
    await page.goto("/dashboard/");
    const n = await countOf(page, name);
    await card(page, name).click();
    await expect(page).toHaveURL(url);
    // The seed's waiting lists fit one page: the list shows exactly the counted rows.
    await expect(page.locator("main tbody tr")).toHaveCount(n);
  }
});

test("a viewer who may open none of the lists sees no count; Thai texts", async ({ page }) => {
  await signInAs(page, "instructor", "/dashboard/");
  await expect(page.getByRole("heading", { level: 1, name: "Learning overview" })).toBeVisible();
  await expect(waiting(page)).toHaveCount(0);
  await signInAs(page, "staff1", "/dashboard/?lng=th");
  await expect(page.getByRole("region", { name: "รายการที่รอคุณดำเนินการ" })).toBeVisible();
  await expect(page.getByRole("link", { name: /การลงทะเบียนที่รออนุมัติ/ })).toBeVisible();
});
