import { expect, test } from "@playwright/test";
import { acceptPendingTerms, signIn } from "./helpers";

/**
 * The browser keeps the title the server gave the document, and loads the screens' titles only
 * once a page changes without a new document (docs/decisions/087): a page reached by a client
 * navigation is still named, in the page's language. Without JavaScript every page is a document.
 */
test("a page reached from the menu is named, in the page's language", async ({ page, javaScriptEnabled }) => {
  await signIn(page, "admin");
  await acceptPendingTerms(page);
  const cases = [
    { lang: "en", list: "Courses · LMS", usage: "Usage monitoring · LMS" },
    { lang: "th", list: "หลักสูตร · LMS", usage: "ติดตามการใช้งาน · LMS" },
  ];
  for (const c of cases) {
    await page.goto(`/dashboard/course/?language=${c.lang}`);
    await expect(page).toHaveTitle(c.list);
    if (javaScriptEnabled) {
      // Hydration has started (React marks the document), then a mark that only the same document keeps.
      await page.waitForFunction(() => Object.keys(document).some((k) => k.startsWith("__reactContainer")));
      await page.evaluate(() => ((window as unknown as { sameDocument?: boolean }).sameDocument = true));
    }
    await page.locator('#side-menu a[href="/dashboard/home/usage"]').click();
    await expect(page).toHaveURL(/\/dashboard\/home\/usage/);
    await expect(page).toHaveTitle(c.usage);
    // With JavaScript the page changed in place: its title is the browser's work, not a new document's.
    if (javaScriptEnabled)
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  }
  // The language chosen by query is remembered: back to English for the tests after.
  await page.goto("/dashboard/?language=en");
});
