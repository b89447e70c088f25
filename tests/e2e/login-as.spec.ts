import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { acceptPendingTerms, signIn } from "./helpers";
import { analyse } from "./axe";

/**
 * Login as (issue 15 §6, docs/decisions/033), with JS on and off: the administrator finds a user,
 * acts as them (the banner says whom and until when, the menu is theirs), makes a change, returns
 * from the banner, and the log lists both accounts and the change; a refused duration is said
 * on the form; the pages in Thai. Both projects share one database, so each acts as a user of
 * its own and reads the log by that user.
 */

const TARGET = {
  "js-on": { username: "manager", name: "Mana Manager" },
  "js-off": { username: "provider", name: "" },
} as const;
const targetOf = (info: TestInfo) => TARGET[info.project.name as keyof typeof TARGET];

async function signInAdmin(page: Page, next: string) {
  await signIn(page, "admin", next);
  await page.waitForURL((u) => !u.pathname.includes("/account/signin"));
  await acceptPendingTerms(page);
  if (!page.url().includes(next)) await page.goto(next);
}
const menu = (page: Page) => page.getByRole("navigation", { name: "Main menu" });
const banner = (page: Page, name = "Acting as another user") => page.getByRole("region", { name });
const seriousOf = (violations: { impact?: string | null; id: string }[]) =>
  violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id);

/** The target's full name, as the page lists it (the js-off project's user is read from the row). */
async function findTarget(page: Page, info: TestInfo) {
  const { username } = targetOf(info);
  await page.getByRole("searchbox", { name: /Search by username/ }).fill(username);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`search=${username}`));
  const row = page.locator("tbody tr").filter({ has: page.getByText(username, { exact: true }) });
  await expect(row).toHaveCount(1);
  return { row, name: (await row.locator("td").first().innerText()).trim() };
}

test("act as a user: banner, their menu, a change recorded with both accounts, back to one's own account", async ({
  page,
}, info) => {
  const { username } = targetOf(info);
  await signInAdmin(page, "/dashboard/login-as");
  await expect(page.getByRole("heading", { level: 1, name: "Log in as another user" })).toBeVisible();
  await expect(menu(page).getByRole("link", { name: "Login as", exact: true })).toBeVisible();
  expect(seriousOf((await analyse(page, info)).violations)).toEqual([]);

  const { row, name } = await findTarget(page, info);
  await page.getByLabel("Duration").fill("15");
  await row.getByRole("button", { name: `Log in as ${name}` }).click();

  // The dashboard's home, as the user: the banner says whom and until when, the menu is theirs.
  await expect(page).toHaveURL(/\/dashboard\/$/);
  await expect(page.getByRole("status").filter({ hasText: `You are now acting as ${name}.` })).toBeVisible();
  await expect(banner(page)).toContainText(new RegExp(`You are acting as ${name} until \\d{2}:\\d{2}\\.`));
  await expect(menu(page).getByRole("link", { name: "Login as", exact: true })).toHaveCount(0);
  await expect(menu(page).getByRole("link", { name: "Login-as log" })).toHaveCount(0);
  await expect(page.locator("header summary")).toContainText(name);
  expect(seriousOf((await analyse(page, info)).violations)).toEqual([]);

  // A change made as the user (the language saved on their profile), then undone: two writes.
  await page.getByRole("button", { name: "ไทย" }).click();
  await expect(banner(page, "กำลังใช้งานในนามผู้ใช้อื่น")).toContainText(
    new RegExp(`คุณกำลังใช้งานในนาม ${name} จนถึงเวลา \\d{2}:\\d{2} น\\.`),
  );
  await expect(banner(page, "กำลังใช้งานในนามผู้ใช้อื่น").getByRole("button", { name: "กลับสู่บัญชีของฉัน" })).toBeVisible();
  await page.getByRole("button", { name: "EN" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");

  await banner(page).getByRole("button", { name: "Return to my account" }).click();
  await expect(page.getByRole("status").filter({ hasText: "You are back in your own account." })).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
  await expect(menu(page).getByRole("link", { name: "Login as", exact: true })).toBeVisible();

  // The log: who, as whom, how it ended, and the changes made meanwhile.
  await menu(page).getByRole("link", { name: "Login-as log" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Login-as log" })).toBeVisible();
  await page.getByRole("searchbox", { name: /Search by either user/ }).fill(username);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  const entry = page.locator("tbody tr").first();
  await expect(entry).toContainText("Ada Admin");
  await expect(entry).toContainText(name);
  await expect(entry).toContainText("Returned");
  // The list as a spreadsheet, searched as shown (issue 33 item 14).
  const csvLink = page.getByRole("link", { name: "Export CSV" });
  await expect(csvLink).toHaveAttribute("href", new RegExp(`search=${username}`));
  const csv = await page.request.get((await csvLink.getAttribute("href"))!);
  expect(csv.status()).toBe(200);
  const lines = (await csv.text()).trim().split("\r\n");
  expect(lines.length).toBeGreaterThan(1);
  expect(lines.slice(1).every((l) => l.includes(`,${username},`))).toBe(true);
  await entry.getByRole("link", { name: `2 changes made as ${username}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Ada Admin as ${name}` })).toBeVisible();
  const writes = page.getByRole("region", { name: "Changes made meanwhile" }).locator("tbody tr");
  await expect(writes).toHaveCount(2);
  // What changed, not only the address (issue 33 §15): the kind, the thing, its name, the fields sent.
  await expect(writes.first()).toContainText(`Changed account › profile “${name}”`);
  await expect(writes.first()).toContainText("language");
  await expect(writes.first()).toContainText("PATCH /api/account/profile/");
  expect(seriousOf((await analyse(page, info)).violations)).toEqual([]);
});

test("a duration out of bounds is refused on the form, and nobody is acted as", async ({ page }, info) => {
  await signInAdmin(page, "/dashboard/login-as");
  const { row, name } = await findTarget(page, info);
  await page.getByLabel("Duration").fill("500");
  await row.getByRole("button", { name: `Log in as ${name}` }).click();
  await expect(page.getByText("Choose a duration from 5 to 240 minutes.")).toBeVisible();
  await expect(page.getByLabel("Duration")).toHaveAttribute("aria-invalid", "true");
  await expect(banner(page)).toHaveCount(0);
  // A user who cannot use the dashboard is listed, without a button.
  await page.getByRole("searchbox", { name: /Search by username/ }).fill("learner");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.locator("tbody tr").filter({ has: page.getByText("learner", { exact: true }) })).toContainText(
    "Cannot use the dashboard",
  );
});

test("the pages in Thai", async ({ page }, info) => {
  await signInAdmin(page, "/dashboard/login-as?language=th");
  await expect(page.locator("html")).toHaveAttribute("lang", "th");
  await expect(page.getByRole("heading", { level: 1, name: "เข้าสู่ระบบในนามผู้ใช้อื่น" })).toBeVisible();
  await expect(page.getByLabel("ระยะเวลา")).toHaveValue("30");
  await expect(page.getByText("ตั้งแต่ 5 ถึง 240 นาที")).toBeVisible();
  expect(seriousOf((await analyse(page, info)).violations)).toEqual([]);
  await page.goto(`/dashboard/login-as/log?search=${targetOf(info).username}`);
  await expect(page.getByRole("heading", { level: 1, name: "ประวัติการเข้าสู่ระบบในนามผู้ใช้อื่น" })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "ใช้งานในนาม" })).toBeVisible();
  await expect(page.locator("tbody tr").first()).toContainText("กลับสู่บัญชีเดิมแล้ว");
  expect(seriousOf((await analyse(page, info)).violations)).toEqual([]);
  // Back to English for whatever runs next in this browser.
  await page.goto("/dashboard/?language=en");
});
