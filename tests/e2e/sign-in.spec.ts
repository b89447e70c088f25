import { expect, test } from "@playwright/test";
import { acceptPendingTerms, API_ORIGIN, signInWithForm as signIn, DEMO_PASSWORD } from "./helpers";
import { e2eDb } from "./db";
import { formatInstant } from "../../app/lms/format";
import { DEFAULT_ZONE_OFFSET_MINUTES } from "../../contract/time-zone";

// Each project (JS on, JS off) uses its own accounts, so both see the first-sign-in path.
const accounts = {
  "js-on": { staff: "manager", other: "provider" },
  "js-off": { staff: "instructor", other: "inspector" },
} as const;

test("the site root and the dashboard send a visitor to sign-in with next kept", async ({ page }) => {
  await page.goto("/");
  // spec 002 §8: profile failure → the login page, default /account/login, with next kept.
  await expect(page).toHaveURL(/\/dashboard\/account\/login\/\?next=%2Fdashboard%2F$/);
  await expect(page.getByRole("heading", { name: "Sign in to the dashboard" })).toBeVisible();
});

test("wrong credentials show the catalogue's message and keep the user out", async ({ page }) => {
  await page.goto("/dashboard/account/signin");
  await page.getByLabel(/username or email/i).fill("admin");
  await page.getByLabel(/^password$/i).fill("not-the-password");
  await page.getByRole("button", { name: /^sign in$/i }).click();
  await expect(page.getByText("Incorrect email or password.")).toBeVisible();
  await page.goto("/dashboard/");
  await expect(page).toHaveURL(/account\/login\/\?next=/);
});

test("empty fields get translated field errors from the server", async ({ page }) => {
  await page.goto("/dashboard/account/signin");
  await page.getByRole("button", { name: /^sign in$/i }).click();
  await expect(page.getByText("This field is required.")).toHaveCount(2);
});

test("a first sign-in accepts privacy, terms and consent in order, then lands on next", async ({ page }, info) => {
  const { staff } = accounts[info.project.name as keyof typeof accounts];
  // Other specs may have signed this account in already: start from "nothing accepted yet".
  const db = e2eDb();
  db.prepare("delete from term_acceptance where account_id = (select id from account where username = ?)").run(staff);
  db.close();
  await signIn(page, staff, "/dashboard/");
  await expect(page).toHaveURL(/privacy-data\/privacy-notice/);
  await expect(page.getByRole("heading", { name: "Privacy notice" })).toBeVisible();
  await page.getByRole("button", { name: "Accept" }).click();
  await expect(page).toHaveURL(/privacy-data\/terms/);
  await page.getByRole("button", { name: "Accept" }).click();
  await expect(page).toHaveURL(/privacy-data\/consent/);
  await page.getByRole("button", { name: "Accept" }).click();
  await expect(page).toHaveURL(/\/dashboard\/$/);
  await expect(page.getByRole("navigation", { name: "Main menu" })).toBeAttached();
  // A second visit to the sign-in page with a live session goes straight on.
  await page.goto("/dashboard/account/signin?next=/dashboard/");
  await expect(page).toHaveURL(/\/dashboard\/$/);
  // Sign out (in the user menu, a <details>) ends the session.
  await page.locator("summary", { hasText: /user menu/i }).click();
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/account\/login\/$/);
  await page.goto("/dashboard/");
  await expect(page).toHaveURL(/account\/login\/\?next=/);
});

test("a learner without dashboard permission is signed out to the 403 page", async ({ page }) => {
  await signIn(page, "learner");
  await expect(page).toHaveURL(/\/dashboard\/error\/403$/);
  await expect(page.getByRole("heading", { name: "No permission" })).toBeVisible();
  await page.goto("/dashboard/");
  await expect(page).toHaveURL(/account\/login\/\?next=/);
});

test("an off-site next address is never followed", async ({ page }, info) => {
  const { other } = accounts[info.project.name as keyof typeof accounts];
  await signIn(page, other, "https://evil.example/steal");
  await acceptPendingTerms(page);
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/dashboard\/$/);
});

test("unknown routes answer 404 'This page could not be found'", async ({ page }) => {
  const res = await page.goto("/dashboard/no/such/page");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "This page could not be found" })).toBeVisible();
  expect(DEMO_PASSWORD).toBeTruthy();
});

test("sign-out is a POST: its address opened by GET asks first, and the API ignores a GET", async ({
  page,
  request,
}, info) => {
  const { other } = accounts[info.project.name as keyof typeof accounts];
  await signIn(page, other, "/dashboard/");
  await acceptPendingTerms(page);
  // Any page could make the browser GET this address (an <img>): it only shows the question.
  await page.goto("/dashboard/account/logout");
  await expect(page.getByRole("heading", { name: "Sign out" })).toBeVisible();
  await page.goto("/dashboard/");
  await expect(page).toHaveURL(/\/dashboard\/$/);
  // The API's own GET does not sign out either (it is the spec's call, refused as unsafe).
  const cookies = await page.context().cookies();
  const header = cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  expect((await request.get(`${API_ORIGIN}/api/account/logout/`, { headers: { cookie: header } })).status()).toBe(405);
  await page.goto("/dashboard/");
  await expect(page).toHaveURL(/\/dashboard\/$/);
  // The confirmation's button signs out, with JS on or off.
  await page.goto("/dashboard/account/logout");
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/account\/login\/?$/);
  await page.goto("/dashboard/");
  await expect(page).toHaveURL(/account\/login\/\?next=/);
});

test("the client address cannot be forged through the dashboard", async ({ browser }) => {
  const context = await browser.newContext({
    extraHTTPHeaders: { "X-Forwarded-For": "10.66.66.66", "X-Lms-Client-Address": "10.77.77.77" },
  });
  const page = await context.newPage();
  const who = `forger-${Date.now()}`;
  await page.goto("/dashboard/account/signin");
  await page.getByLabel(/username or email/i).fill(who);
  await page.getByLabel(/^password$/i).fill("whatever-1");
  await page.getByRole("button", { name: /^sign in$/i }).click();
  await expect(page.getByText("Incorrect email or password.")).toBeVisible();
  const db = e2eDb();
  const row = db.prepare("select ip from login_attempt where username = ?").get(who) as { ip: string };
  db.close();
  // What the dashboard's server saw on the socket, not what the browser wrote.
  expect(row.ip).toBe("127.0.0.1");
  await context.close();
});

test("a locked sign-in says so, with its times in the organisation's zone and the page's language", async ({
  page,
}, info) => {
  // An identifier no account has: the guard locks it as any other (nothing tells which exist).
  const identifier = `nobody.${info.project.name}`;
  for (let i = 0; i < 5; i++) {
    await page.goto("/dashboard/account/signin?language=th");
    await page.locator("input[name=username]").fill(identifier);
    await page.locator("input[name=password]").fill("Wrong-Pass1!");
    await page.locator("form button[type=submit]").click();
    await page.waitForLoadState("networkidle");
  }
  const db = e2eDb();
  const row = db
    .prepare("select max(datetime_locked) as datetime_locked from login_guard where identifier = ?")
    .get(identifier) as { datetime_locked: string | null };
  db.close();
  expect(row.datetime_locked).toBeTruthy();
  // The one date formatter, the configured zone (UTC+7 in the demo), Thai.
  const at = formatInstant("dateTime", "th", row.datetime_locked!, DEFAULT_ZONE_OFFSET_MINUTES);
  await expect(page.getByRole("alert").first()).toContainText(`ใช้ไปแล้ว 5 จาก 5 ครั้ง ล็อกเมื่อ ${at}`);
});

test("an account asked for a new password goes from sign-in to the reset page, and signs in with the new one; an expired account is refused (decision 038)", async ({
  page,
}, info) => {
  // Learners no other spec signs in with, one per project.
  const username = info.project.name === "js-on" ? "learner019" : "learner020";
  const db = e2eDb();
  const set = (sql: string) => db.prepare(`update account set ${sql} where username = ?`).run(username);
  try {
    set("is_force_reset_password = 1");
    await signIn(page, username);
    await expect(page).toHaveURL(/\/dashboard\/account\/reset-password\?token=.+&reason=required$/);
    await expect(page.getByRole("status")).toHaveText(
      "Your administrator asks you to choose a new password before you sign in.",
    );
    await page.getByLabel("New password", { exact: true }).fill(DEMO_PASSWORD);
    await page.getByLabel("Confirm new password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("The new password must be different from the old one.")).toBeVisible();
    const fresh = `Chosen-${info.project.name}9!`;
    await page.getByLabel("New password", { exact: true }).fill(fresh);
    await page.getByLabel("Confirm new password").fill(fresh);
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page).toHaveURL(/\/account\/changedpass/);
    expect(db.prepare("select is_force_reset_password as f from account where username = ?").get(username)).toEqual({
      f: 0,
    });

    // Past its last day the account is refused, in the page's language.
    set("expired_date = '2000-01-01'");
    await page.goto("/dashboard/account/signin?language=th");
    await page.getByLabel(/ชื่อผู้ใช้|username/i).fill(username);
    await page.locator('input[type="password"]').fill(fresh);
    await page.locator('button[type="submit"]').click();
    await expect(page.getByText("บัญชีนี้หมดอายุแล้ว กรุณาติดต่อผู้ดูแลระบบ")).toBeVisible();
  } finally {
    set("expired_date = null");
    db.close();
  }
});
