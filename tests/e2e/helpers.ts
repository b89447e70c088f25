import { expect, type Page } from "@playwright/test";
import { LANE } from "./lane";

export const DEMO_PASSWORD = "Demo-Pass1!";

/**
 * Sign in as a test's set-up: the sign-in form posted over HTTP in the page's own context (its
 * cookies are the browser's), then the page opens where the form sent it. The form itself, as a
 * person fills it with JS on and off, is sign-in.spec.ts's subject; here it would cost every test
 * a page load and hydration more. An answer that does not move on (a refusal, a lock) is shown
 * by filling the form in the page, as before, so a test that expects it sees the page's alert.
 */
export async function signIn(page: Page, username: string, next?: string) {
  const path = `/dashboard/account/signin${next ? `?next=${encodeURIComponent(next)}` : ""}`;
  const form = await page.request.get(path, { maxRedirects: 0 });
  // Signed in already: the page sends the visitor on, as it would in the browser.
  const on = form.headers()["location"];
  if (form.status() >= 300 && form.status() < 400 && on) return void (await page.goto(on));
  const csrf = /name="csrf" value="([^"]*)"/.exec(await form.text())?.[1];
  if (csrf !== undefined) {
    const res = await page.request.post(path, { form: { csrf, username, password: DEMO_PASSWORD }, maxRedirects: 0 });
    const to = res.headers()["location"];
    if (res.status() >= 300 && res.status() < 400 && to) {
      await page.goto(to);
      return;
    }
  }
  await signInWithForm(page, username, next);
}

/** Sign in through the real form in the page (works with JS on and off). */
export async function signInWithForm(page: Page, username: string, next?: string) {
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

/**
 * Waits until the page has hydrated and its effects have run (listeners the shell installs then,
 * like the offline guard): Remix's router exists once hydration starts, and the effects follow
 * the commit within a frame. A test that acts on such a listener right after `goto` otherwise
 * races hydration — more so since set-up signs in over HTTP, leaving the browser's cache cold.
 */
export async function hydrated(page: Page) {
  await page.waitForFunction(() =>
    Boolean(
      (window as unknown as { __remixRouter?: { state?: { initialized?: boolean } } }).__remixRouter?.state
        ?.initialized,
    ),
  );
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0))));
}
