import { expect, type Page } from "@playwright/test";
import { LANE } from "./lane";

export const DEMO_PASSWORD = "Demo-Pass1!";

/** Sign in through the real form (works with JS on and off). */
export async function signIn(page: Page, username: string, next?: string) {
  await page.goto(`/dashboard/account/signin${next ? `?next=${encodeURIComponent(next)}` : ""}`);
  await page.getByLabel(/username or email/i).fill(username);
  await page.getByLabel(/^password$/i).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: /^sign in$/i }).click();
  // With JS on the click returns before the navigation: wait until the page moved on, or the
  // form shows why it did not.
  await Promise.race([
    page.waitForURL((u) => !/\/account\/signin\/?$/.test(u.pathname), { timeout: 15_000 }),
    page.getByRole("alert").first().waitFor({ timeout: 15_000 }),
  ]).catch(() => undefined);
}

/** Accept whichever terms documents sign-in leads to, in their order. */
export async function acceptPendingTerms(page: Page) {
  for (let i = 0; i < 3 && /privacy-data/.test(page.url()); i++) {
    const before = page.url();
    await page.getByRole("button", { name: /^accept$/i }).click();
    await page.waitForURL((u) => u.toString() !== before, { timeout: 15_000 });
  }
  await expect(page).not.toHaveURL(/privacy-data/);
}

/** The e2e API (as started by playwright.config.ts), for tests that call it directly. */
export const API_ORIGIN = `http://127.0.0.1:${LANE.apiPort}`;

/** Sign in as `username` afresh (another account's cookies cleared), terms accepted, at `next`. */
export async function signInAs(page: Page, username: string, next: string) {
  await page.context().clearCookies();
  await signIn(page, username, next);
  await acceptPendingTerms(page);
}
