import { expect, test } from "@playwright/test";
import {
  PUBLIC,
  exampleUrl,
  pageRoutes,
  requiredParams,
  type ManifestRoute,
} from "../../app/registry/route-manifest.js";
import { DOWNLOADS, signIn as apiSignIn, valuesFor } from "./route-values";
import { API_ORIGIN, signInAs } from "./helpers";
import { HttpSession } from "./http-session";
import { settled, watchConsoleErrors } from "./console-errors";

/**
 * Pages hydrate without an error (issue 33 item 15: React's #421 on /dashboard/user and
 * /dashboard/user/create): each page kind the route smoke opens — one page of every route module —
 * is loaded in the browser with JavaScript as the administrator, and logs no console error and
 * throws nothing while it hydrates. JavaScript only: without it nothing hydrates.
 */
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "hydration needs JavaScript: runs in js-on");

/** Not documents (as route-smoke.spec.ts): a JSON answer, a file, a probe, an event stream. */
const NOT_PAGES = new Set([
  "routes/locales.tsx",
  "routes/health.tsx",
  "routes/media.tsx",
  "routes/print.class-qrcode-pdf.tsx",
  "routes/import.events.tsx",
  "routes/import.file.tsx",
  "routes/user.export.tsx",
  ...DOWNLOADS,
]);
const QUERY: Record<string, string> = { "routes/content.overall-bulk.tsx": "?target=30" };

test("the user list and the new user form hydrate without an error, typed in as they load", async ({ page }) => {
  test.setTimeout(90_000);
  const log = watchConsoleErrors(page);
  await signInAs(page, "admin", "/dashboard/user");
  // Typed into at once, as a quick user does: the new user form's supervisor picker is a lazy
  // part whose chunk arrives after the page began hydrating, and input before then was #421.
  const pages: [string, (p: typeof page) => Promise<void>][] = [
    ["/dashboard/user", (p) => p.getByRole("searchbox").first().fill("learn")],
    [
      "/dashboard/user/create",
      (p) =>
        p
          .getByLabel(/^Username/)
          .first()
          .fill("quick.typist"),
    ],
    [
      "/dashboard/user/create?language=th",
      (p) =>
        p
          .getByLabel(/^ชื่อผู้ใช้/)
          .first()
          .fill("quick.typist"),
    ],
  ];
  for (const [url, type] of pages) {
    log.clear();
    await page.goto(url, { waitUntil: "commit" });
    await type(page);
    await settled(page);
    // A moment more: the lazy chunk's arrival is when a late error would show.
    await page.waitForTimeout(800);
    expect(log.errors, `${url}:\n${log.errors.join("\n")}`).toEqual([]);
  }
  await page.goto("/dashboard/user?language=en");
});

test("one page of every route module hydrates without an error", async ({ page }) => {
  test.setTimeout(600_000);
  // The seed's ids, read through the API as the route smoke reads them.
  const api = new HttpSession(API_ORIGIN);
  await apiSignIn(api, "admin");
  const log = watchConsoleErrors(page);
  await signInAs(page, "admin", "/dashboard");
  const seen = new Set<string>();
  const failures: string[] = [];
  for (const route of pageRoutes() as ManifestRoute[]) {
    if (NOT_PAGES.has(route.module) || seen.has(route.module) || route.guard === PUBLIC) continue;
    const values = requiredParams(route).length && !route.example ? await valuesFor(api, route) : {};
    if (!values) continue; // route-smoke.spec.ts reports it
    seen.add(route.module);
    const url = `${exampleUrl(route, values)}${QUERY[route.module] ?? ""}`;
    log.clear();
    // A page that answers a file (an export beside the list) is not a document: nothing hydrates.
    const opened = await page.goto(url).then(
      () => true,
      (e: Error) => (/Download is starting/.test(e.message) ? false : Promise.reject(e)),
    );
    if (!opened) continue;
    await settled(page);
    // A resource that answered 404 is the route smoke's and the link checks' to judge; here, what
    // the page's scripts threw or logged.
    const thrown = log.errors.filter((e) => !/^console: Failed to load resource/.test(e));
    if (thrown.length) failures.push(`${url} (${route.module}):\n  ${thrown.join("\n  ")}`);
    else if (log.errors.length) console.log(`[no-hydration-errors] ${url}: ${log.errors.join("; ")}`);
  }
  await api.dispose();
  expect(seen.size).toBeGreaterThan(100);
  expect(failures, failures.join("\n")).toEqual([]);
});
