import { expect, test } from "@playwright/test";
import { acceptPendingTerms, signIn } from "./helpers";
import { ageSessions, setConfig } from "./db";

test.describe.configure({ mode: "serial" });

test("the menu shows only what the account's flags allow", async ({ page }) => {
  await signIn(page, "manager");
  await acceptPendingTerms(page);
  const menu = page.getByRole("navigation", { name: "Main menu" });
  await expect(menu.getByRole("link", { name: "Usage monitoring" })).toBeAttached();

  await page.context().clearCookies();
  await signIn(page, "instructor");
  await acceptPendingTerms(page);
  await expect(menu.getByRole("link", { name: "Learning" })).toBeAttached();
  await expect(menu.getByRole("link", { name: "Usage monitoring" })).toHaveCount(0);
  // The screen itself refuses too: a forbidden page signs out to /error/403.
  await page.goto("/dashboard/home/usage");
  await expect(page).toHaveURL(/\/dashboard\/error\/403$/);
});

test("the shell shows the footer, and switches to Thai and back", async ({ page }) => {
  await signIn(page, "admin");
  await acceptPendingTerms(page);
  await expect(page.getByText("© 2021")).toBeVisible();
  await expect(page.getByText(/V4\.9 \(build 4\.13\.432\)/)).toBeVisible();
  await page.getByRole("button", { name: "ไทย" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "th");
  await expect(page.getByRole("navigation", { name: "เมนูหลัก" })).toBeAttached();
  // The choice is saved on the profile: a new sign-in comes back in Thai.
  await page.context().clearCookies();
  await signIn(page, "admin");
  await expect(page.locator("html")).toHaveAttribute("lang", "th");
  await page.getByRole("button", { name: "EN" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("navigation", { name: "Main menu" })).toBeAttached();
});

test("?language= sets the language at start-up", async ({ page }) => {
  await page.goto("/dashboard/account/signin?language=th");
  await expect(page.getByRole("heading", { name: "เข้าสู่ระบบแดชบอร์ด" })).toBeVisible();
  await page.goto("/dashboard/account/signin?lng=en");
  await expect(page.getByRole("heading", { name: "Sign in to the dashboard" })).toBeVisible();
});

test("an expired session says so, and signing in again returns to the page", async ({ page }) => {
  await signIn(page, "admin");
  await acceptPendingTerms(page);
  ageSessions("admin");
  await page.goto("/dashboard/home/usage?days=7");
  await expect(page).toHaveURL(/\/dashboard\/account\/login\/\?next=%2Fdashboard%2Fhome%2Fusage%3Fdays%3D7$/);
  await expect(page.getByText("Session Expired.")).toBeVisible();
  await page.getByLabel(/username or email/i).fill("admin");
  await page.getByLabel(/^password$/i).fill("Demo-Pass1!");
  await page.getByRole("button", { name: /^sign in$/i }).click();
  await expect(page).toHaveURL(/\/dashboard\/home\/usage\/\?days=7$/);
});

test("maintenance sends staff to the maintenance page but lets a system user in", async ({ page }) => {
  setConfig("maintenance-dashboard-is-enabled", true);
  try {
    await signIn(page, "admin");
    await expect(page).toHaveURL(/\/dashboard\/error\/server-maintenance$/);
    await expect(page.getByRole("heading", { name: "Under maintenance" })).toBeVisible();
    await page.context().clearCookies();
    await signIn(page, "sysadmin");
    await acceptPendingTerms(page);
    await expect(page).toHaveURL(/\/dashboard\/$/);
    await expect(page.getByRole("navigation", { name: "Main menu" })).toBeAttached();
  } finally {
    setConfig("maintenance-dashboard-is-enabled", false);
  }
});
