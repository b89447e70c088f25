import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page, TestInfo } from "@playwright/test";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

/**
 * The minified axe-core (0.6 MB) instead of the 1.3 MB source AxeBuilder injects by default:
 * the same rules, parsed faster on every page.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * axe-core in legacy mode: one `axe.run` in the page. The default mode runs each frame apart and
 * then merges the results in a blank page it opens and injects axe into, which doubled the time
 * of every check (measured: course list 6.5 → 3.5 s, a detail tab 1.8 → 0.8 s); the only thing
 * legacy mode gives up is cross-origin frames, and no dashboard page has any.
 */
const axe = (page: Page, exclude: string[]) =>
  exclude.reduce((b, selector) => b.exclude(selector), new AxeBuilder({ page, axeSource: AXE_SOURCE }).setLegacyMode());

/**
 * The JS-enabled page JS-off documents are checked in: one per worker, opened on first use (a new
 * context and page for every check cost half a second each).
 */
let copyPage: Promise<Page> | undefined;
async function pageForCopies(browser: Browser): Promise<Page> {
  const open = copyPage && (await copyPage);
  if (open && !open.isClosed() && open.context().browser() === browser) return open;
  copyPage = browser.newContext({ javaScriptEnabled: true }).then((context) => context.newPage());
  return copyPage;
}

/**
 * axe on the page. axe runs inside the page, which a JS-off page cannot do: there the document as
 * the browser received it (scripts removed, so nothing hydrates) is served again at the same
 * address to a JS-enabled page of its own, where the same stylesheets and images load.
 * `exclude`: selectors of parts checked as a page kind of their own (a11y.spec.ts), left out here.
 */
export async function analyse(page: Page, info: TestInfo, { exclude = [] }: { exclude?: string[] } = {}) {
  await page.waitForLoadState("load");
  if (info.project.use.javaScriptEnabled !== false) return axe(page, exclude).analyze();
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, "");
  const copy = await pageForCopies(page.context().browser()!);
  const url = page.url();
  await copy.route(url, (route) => route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html }));
  try {
    await copy.goto(url);
    return await axe(copy, exclude).analyze();
  } finally {
    await copy.unroute(url);
  }
}
