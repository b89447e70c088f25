import type { Page } from "@playwright/test";

/**
 * The errors a page logs in the browser: console errors and uncaught exceptions (a failed
 * hydration is one: React's minified #418/#421/#423/#425 in a production build). Collect from
 * before the first navigation; read `errors` after the page has settled.
 */
export function watchConsoleErrors(page: Page) {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(`console: ${m.text()}`);
  });
  page.on("pageerror", (e) => errors.push(`pageerror: ${e.message}`));
  return {
    errors,
    /** Forget what was logged so far (the next page's errors only). */
    clear: () => errors.splice(0),
  };
}

/** Wait until the page has settled: its scripts and lazy chunks loaded (the network idle), or 15 s. */
export async function settled(page: Page) {
  await page.waitForLoadState("networkidle", { timeout: 15_000 }).catch(() => undefined);
}
