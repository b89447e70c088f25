import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { acceptPendingTerms, DEMO_PASSWORD, signIn } from "./helpers";
import { e2eDb, setConfig } from "./db";

/**
 * Password expiry and the inactivity lock through the sign-in page (issue 33 R118,
 * docs/decisions/082). The settings are turned on at ten years, so only the accounts this spec
 * ages are touched; both projects set the same values, so running them side by side is safe.
 */
// Learners no other spec signs in with (the seed has learner001–learner060), two per project.
const accounts = (info: TestInfo) =>
  info.project.name === "js-on"
    ? { expiring: "learner031", idle: "learner032" }
    : { expiring: "learner033", idle: "learner034" };
const TEN_YEARS = 3650;

function aged(username: string, column: "datetime_password_change" | "last_active") {
  const db = e2eDb();
  try {
    db.prepare(`update account set ${column} = '2010-01-01T00:00:00.000Z' where username = ?`).run(username);
  } finally {
    db.close();
  }
}
function row(username: string) {
  const db = e2eDb();
  try {
    return db
      .prepare("select id, is_active, datetime_locked, datetime_password_change from account where username = ?")
      .get(username) as {
      id: number;
      is_active: number;
      datetime_locked: string | null;
      datetime_password_change: string;
    };
  } finally {
    db.close();
  }
}
async function typeSignIn(page: Page, username: string, password: string, language = "en") {
  await page.goto(`/dashboard/account/signin?language=${language}`);
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[type="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
}

test("an expired password leads from sign-in to the reset page, which wants a different one", async ({
  page,
}, info) => {
  const { expiring } = accounts(info);
  setConfig("password-period-days", TEN_YEARS);
  aged(expiring, "datetime_password_change");
  await signIn(page, expiring);
  await expect(page).toHaveURL(/\/dashboard\/account\/reset-password\?token=.+&reason=expired$/);
  await expect(page.getByRole("status")).toHaveText("Your password has expired. Please choose a new one to sign in.");
  await page.getByLabel("New password", { exact: true }).fill(DEMO_PASSWORD);
  await page.getByLabel("Confirm new password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("The new password must be different from the old one.")).toBeVisible();
  const fresh = `Renewed-${info.project.name}7!`;
  await page.getByLabel("New password", { exact: true }).fill(fresh);
  await page.getByLabel("Confirm new password").fill(fresh);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page).toHaveURL(/\/account\/changedpass/);
  // The change is dated now, so the new password is good for the period again.
  expect(Date.now() - Date.parse(row(expiring).datetime_password_change)).toBeLessThan(10 * 60_000);
  await typeSignIn(page, expiring, fresh);
  await page.waitForURL((u) => !u.pathname.includes("/account/signin"));
  await expect(page).not.toHaveURL(/reset-password/);
});

test("an account unused too long is locked, says so in both languages, and an administrator's activation unlocks it", async ({
  page,
}, info) => {
  const { idle } = accounts(info);
  setConfig("iden-inactivity-lock-days", TEN_YEARS);
  aged(idle, "last_active");
  await typeSignIn(page, idle, DEMO_PASSWORD);
  await expect(
    page.getByText(
      "This account is locked because nobody has signed in to it for a long time. Please contact the administrator.",
    ),
  ).toBeVisible();
  expect(row(idle)).toMatchObject({ is_active: 0 });
  expect(row(idle).datetime_locked).not.toBeNull();
  await typeSignIn(page, idle, DEMO_PASSWORD, "th");
  await expect(page.getByText("บัญชีนี้ถูกล็อกเนื่องจากไม่มีการเข้าสู่ระบบเป็นเวลานาน กรุณาติดต่อผู้ดูแลระบบ")).toBeVisible();

  // The administrator finds it inactive on its profile and activates it.
  const { id } = row(idle);
  await page.goto("/dashboard/account/signin?language=en"); // back to English for the helper's labels
  await signIn(page, "admin", `/dashboard/user/${id}/profile`);
  await page.waitForURL((u) => !u.pathname.includes("/account/signin"));
  await acceptPendingTerms(page);
  if (!page.url().includes(`/user/${id}/profile`)) await page.goto(`/dashboard/user/${id}/profile`);
  await expect(page.getByText("Inactive", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Activate" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The account is active." })).toBeVisible();
  expect(row(idle)).toMatchObject({ is_active: 1, datetime_locked: null });

  await page.context().clearCookies();
  await typeSignIn(page, idle, DEMO_PASSWORD);
  await page.waitForURL((u) => !u.pathname.includes("/account/signin"));
});
