import { expect, type Page } from "@playwright/test";

export const DEMO_PASSWORD = "Demo-Pass1!";

/** Sign in through the real form (works with JS on and off). */
export async function signIn(page: Page, username: string, next?: string) {
  await page.goto(`/dashboard/account/signin${next ? `?next=${encodeURIComponent(next)}` : ""}`);
  await page.getByLabel(/username or email/i).fill(username);
  await page.getByLabel(/^password$/i).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: /^sign in$/i }).click();
}

/** Accept whichever terms documents sign-in leads to, in their order. */
export async function acceptPendingTerms(page: Page) {
  for (let i = 0; i < 3 && /privacy-data/.test(page.url()); i++) {
    await page.getByRole("button", { name: /^accept$/i }).click();
    await page.waitForLoadState();
  }
  await expect(page).not.toHaveURL(/privacy-data/);
}
