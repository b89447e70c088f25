import axeCore, { type AxeResults } from "axe-core";
import type { Browser, Page, TestInfo } from "@playwright/test";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

/**
 * The minified axe-core (0.6 MB) instead of the 1.3 MB source AxeBuilder injects by default:
 * the same rules, parsed faster on every page.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * The rules whose every result is minor or moderate: axe gives all results of a rule its own
 * `impact` when the rule declares one (finalizeRuleResult), and every gate here fails only on
 * serious and critical violations, so these rules could never fail a check — they were run and
 * thrown away (a quarter of axe's rules, `region` among its slowest). Read from axe's own rule
 * table, so a rule axe later marks serious is run again without a change here.
 */
const NEVER_SERIOUS = (() => {
  const audit = (axeCore as unknown as { _audit?: { rules: { id: string; impact?: string }[] } })._audit;
  if (!audit?.rules.length)
    throw new Error("axe-core's rule table (_audit.rules) is not where tests/e2e/axe.ts reads it");
  return audit.rules.filter((r) => r.impact === "minor" || r.impact === "moderate").map((r) => r.id);
})();

/**
 * Pages that load axe with every document (an init script, registered at the first check): the
 * browser compiles an init script once and reuses the code on later documents, where evaluating
 * the source after each load cost 0.2 s a page — and AxeBuilder evaluated it twice per check
 * (measured on a course's tabs: 0.87 s a page, of which 0.4 s was axe's own source).
 */
const preloaded = new WeakSet<Page>();

async function withAxe(page: Page) {
  if (!preloaded.has(page)) {
    preloaded.add(page);
    await page.addInitScript({ content: AXE_SOURCE });
  }
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
}

/**
 * axe-core run in the page, as AxeBuilder's legacy mode runs it (one `axe.run`; no dashboard page
 * has a frame), keeping only the violations: the passes' node lists were built and sent back for
 * nothing. Only the rules that can report a serious or critical violation run (above). `exclude`: selectors of parts checked as a page kind of their own (a11y.spec.ts).
 */
async function axe(page: Page, exclude: string[]): Promise<AxeResults> {
  await withAxe(page);
  return page.evaluate(
    ([exclude, skip]) =>
      (window as unknown as { axe: typeof import("axe-core") }).axe.run(
        exclude.length ? { exclude: exclude.map((s) => [s]) } : document,
        { resultTypes: ["violations"], rules: Object.fromEntries(skip.map((id) => [id, { enabled: false }])) },
      ),
    [exclude, NEVER_SERIOUS] as const,
  );
}

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
  if (info.project.use.javaScriptEnabled !== false) return axe(page, exclude);
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, "");
  const copy = await pageForCopies(page.context().browser()!);
  const url = page.url();
  await copy.route(url, (route) => route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html }));
  try {
    await copy.goto(url);
    return await axe(copy, exclude);
  } finally {
    await copy.unroute(url);
  }
}
