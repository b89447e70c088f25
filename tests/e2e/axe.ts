import AxeBuilder from "@axe-core/playwright";
import type { Page, TestInfo } from "@playwright/test";

/**
 * axe on the page. axe runs inside the page, which a JS-off page cannot do: there the document as
 * the browser received it (scripts removed, so nothing hydrates) is served again at the same
 * address to a JS-enabled page of its own, where the same stylesheets and images load.
 */
export async function analyse(page: Page, info: TestInfo) {
  await page.waitForLoadState("load");
  if (info.project.use.javaScriptEnabled !== false) return new AxeBuilder({ page }).analyze();
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, "");
  const context = await page.context().browser()!.newContext({ javaScriptEnabled: true });
  try {
    const copy = await context.newPage();
    const url = page.url();
    await copy.route(url, (route) => route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html }));
    await copy.goto(url);
    return await new AxeBuilder({ page: copy }).analyze();
  } finally {
    await context.close();
  }
}
