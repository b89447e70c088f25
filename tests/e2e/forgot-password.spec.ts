import Database from "better-sqlite3";
import { expect, test, type Page } from "@playwright/test";
import { DEMO_PASSWORD } from "./helpers";
import { LANE } from "./lane";

// Each project changes the password of its own account, as on its first sign-in (its accepted
// documents cleared first); the account gets its password back afterwards (other tests sign in
// as staff1 and staff2: the approval walk of tests/e2e/requests).
const accounts = { "js-on": "staff1", "js-off": "staff2" } as const;
const dataFile = () => `${LANE.dataDir}/lms.sqlite`;
type Saved = { password_hash: string; datetime_password_change: string | null };
let saved: { username: string; row: Saved } | null = null;

test.beforeEach(() => {
  const username = accounts[test.info().project.name as keyof typeof accounts];
  const db = new Database(dataFile(), { fileMustExist: true });
  try {
    saved = {
      username,
      row: db
        .prepare("select password_hash, datetime_password_change from account where username = ?")
        .get(username) as Saved,
    };
    db.prepare("delete from term_acceptance where account_id = (select id from account where username = ?)").run(
      username,
    );
  } finally {
    db.close();
  }
});

test.afterEach(() => {
  if (!saved) return;
  const db = new Database(dataFile(), { fileMustExist: true });
  try {
    db.prepare("update account set password_hash = ?, datetime_password_change = ? where username = ?").run(
      saved.row.password_hash,
      saved.row.datetime_password_change,
      saved.username,
    );
  } finally {
    db.close();
    saved = null;
  }
});
const NEW_PASSWORD = "Fresh-Start9?";
const FORGOT = "/dashboard/account/forgot-password";

/** The one-time code as the user reads it: the newest outbox message to this address (read-only). */
function latestCode(recipient: string): { id: number; code: string } {
  const db = new Database(dataFile(), { readonly: true, fileMustExist: true });
  try {
    const row = db
      .prepare("select id, body from outbox where recipient = ? order by id desc limit 1")
      .get(recipient) as { id: number; body: string } | undefined;
    const code = row && /password is (\d{6})/.exec(row.body)?.[1];
    if (!row || !code) throw new Error(`no code for ${recipient}`);
    return { id: row.id, code };
  } finally {
    db.close();
  }
}
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

async function signInWith(page: Page, username: string, password: string) {
  await page.goto("/dashboard/account/signin");
  await page.getByLabel(/username or email/i).fill(username);
  await page.getByLabel(/^password$/i).fill(password);
  await page.getByRole("button", { name: /^sign in$/i }).click();
}

test("forgot password: identify, choose email, a wrong code, a new code, bad passwords, reset, then sign in", async ({
  page,
}, info) => {
  const username = accounts[info.project.name as keyof typeof accounts];
  const email = `${username}@demo.lms.local`;

  await page.goto("/dashboard/account/signin");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(new RegExp(`${FORGOT}$`));
  await expect(page.getByRole("heading", { name: "Forgot password", level: 1 })).toBeVisible();
  await page.getByLabel("Username or email").fill(username);
  await page.getByRole("button", { name: "Continue" }).click();

  // choose-identify: the masked address, email checked.
  await expect(page).toHaveURL(new RegExp(`${FORGOT}/choose-identify$`));
  const byEmail = page.getByLabel(`Email to s***${username.slice(-1)}@demo.lms.local`);
  await expect(byEmail).toBeChecked();
  await page.getByRole("button", { name: "Send code" }).click();

  // otp: the check-mail notice and the code's lifetime.
  await expect(page).toHaveURL(new RegExp(`${FORGOT}/otp$`));
  await expect(page.getByText("Check your email")).toBeVisible();
  await expect(page.getByText(/valid for 1 minute/)).toBeVisible();
  const first = latestCode(email);

  await page.getByLabel("6-digit code").fill("12ab");
  await page.getByRole("button", { name: "Verify code" }).click();
  await expect(page.getByText("Enter the 6 digits of the code.")).toBeVisible();
  await expect(page.getByLabel("6-digit code")).toHaveAttribute("aria-invalid", "true");

  await page.getByLabel("6-digit code").fill(otherCode(first.code));
  await page.getByRole("button", { name: "Verify code" }).click();
  await expect(page.getByText("The OTP is not correct. Please request a new one.")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${FORGOT}/otp$`));

  await page.getByRole("button", { name: "Send a new code" }).click();
  await expect(page.getByText("A new code has been sent.")).toBeVisible();
  await expect.poll(() => latestCode(email).id).toBeGreaterThan(first.id);
  await page.getByLabel("6-digit code").fill(latestCode(email).code);
  await page.getByRole("button", { name: "Verify code" }).click();

  // reset: the rule is shown; the dashboard's and the API's refusals land on the right field.
  await expect(page).toHaveURL(new RegExp(`${FORGOT}/reset$`));
  await expect(page.getByText("be 8 to 32 characters long")).toBeVisible();
  const newPassword = page.getByLabel("New password", { exact: true });
  const confirm = page.getByLabel("Confirm new password");
  const submit = page.getByRole("button", { name: "Change password" });
  // Each refusal comes back as a new form state (the passwords hidden). Fill and submit again until
  // this answer is on screen; a click lost to a busy button once failed CI (see use-submitting.ts).
  const refusedWith = async (password: string, confirmation: string, message: string) => {
    await expect(async () => {
      await newPassword.fill(password);
      await confirm.fill(confirmation);
      await submit.click();
      await expect(page.getByText(message)).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 20_000 });
  };
  await refusedWith("short", "short", "The password must be 8 to 32 characters long.");
  await expect(newPassword).toHaveAttribute("aria-invalid", "true");
  await refusedWith(NEW_PASSWORD, "Fresh-Start9!", "The passwords do not match.");
  await expect(confirm).toHaveAttribute("aria-invalid", "true");
  await refusedWith(DEMO_PASSWORD, DEMO_PASSWORD, "The new password must be different from the old one.");
  await newPassword.fill(NEW_PASSWORD);
  await confirm.fill(NEW_PASSWORD);
  await submit.click();

  await expect(page).toHaveURL(/\/dashboard\/account\/changedpass$/);
  await expect(page.getByRole("heading", { name: "Your password has been changed" })).toBeVisible();
  // The state is gone: the reset step cannot be reopened.
  await page.goto(`${FORGOT}/reset`);
  await expect(page).toHaveURL(new RegExp(`${FORGOT}$`));

  await signInWith(page, username, DEMO_PASSWORD);
  await expect(page.getByText("Incorrect email or password.")).toBeVisible();
  await signInWith(page, username, NEW_PASSWORD);
  // A first sign-in: the three documents, in order, then home.
  for (const doc of ["privacy-notice", "terms", "consent"]) {
    await expect(page).toHaveURL(new RegExp(`privacy-data/${doc}`));
    await page.getByRole("button", { name: "Accept" }).click();
  }
  await expect(page).toHaveURL(/\/dashboard\/$/);
});

test("forgot password: an unknown account is refused on its field; later steps cannot be skipped to", async ({
  page,
}) => {
  await page.goto(`${FORGOT}/otp`);
  await expect(page).toHaveURL(new RegExp(`${FORGOT}$`));
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("This field is required.")).toBeVisible();
  await page.getByLabel("Username or email").fill("nobody-here");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("Account not found.")).toBeVisible();
  await expect(page.getByLabel("Username or email")).toHaveAttribute("aria-invalid", "true");
  expect((await page.goto(`${FORGOT}/no-such-step`))?.status()).toBe(404);
});

test("forgot password: a reference spent elsewhere sends the user back to the first step with 'token expired'", async ({
  page,
  browser,
}, info) => {
  const username = accounts[info.project.name as keyof typeof accounts];
  await page.goto(FORGOT);
  await page.getByLabel("Username or email").fill(username);
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page).toHaveURL(new RegExp(`${FORGOT}/otp$`));
  const code = latestCode(`${username}@demo.lms.local`).code;
  // The same flow in another browser (its cookies copied) uses the code first.
  const other = await browser.newContext({ javaScriptEnabled: info.project.use.javaScriptEnabled });
  try {
    await other.addCookies(await page.context().cookies());
    const tab = await other.newPage();
    await tab.goto(`${FORGOT}/otp`);
    await tab.getByLabel("6-digit code").fill(code);
    await tab.getByRole("button", { name: "Verify code" }).click();
    await expect(tab).toHaveURL(new RegExp(`${FORGOT}/reset$`));
  } finally {
    await other.close();
  }
  await page.getByLabel("6-digit code").fill(code);
  await page.getByRole("button", { name: "Verify code" }).click();
  await expect(page).toHaveURL(new RegExp(`${FORGOT}$`));
  await expect(page.getByText("This link has expired. Please start again.")).toBeVisible();
});

test("a reset link with a dead token says so after the form is checked", async ({ page }) => {
  await page.goto("/dashboard/account/reset-password?token=not-a-real-token");
  await expect(page.getByRole("heading", { name: "Set a new password" })).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel("Confirm new password").fill("something-else");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("The passwords do not match.")).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel("Confirm new password").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("This link has expired. Please start again.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Start again" })).toHaveAttribute("href", FORGOT);
});

test("the single-sign-on return never signs in on a GET, and refuses an unknown token", async ({ page }) => {
  await page.goto("/dashboard/account/validate?token=not-a-real-token");
  await expect(page.getByRole("heading", { name: "Single sign-on" })).toBeVisible();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("SSO token expired or user not found.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign in with a password" })).toBeVisible();
  await page.goto("/dashboard/account/validate");
  await expect(page.getByText("SSO token expired or user not found.")).toBeVisible();
  await page.goto("/dashboard/account/checkmail");
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
});
