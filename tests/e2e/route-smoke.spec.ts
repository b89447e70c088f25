import { expect, test } from "@playwright/test";
import {
  PUBLIC,
  exampleUrl,
  pageRoutes,
  requiredParams,
  type ManifestRoute,
} from "../../app/registry/route-manifest.js";
import { REGISTRY_TYPES as CONTENT_TYPES } from "../../app/registry/types.js";
import { CHECK_TYPE, isChecked } from "../checked-type";
import { HttpSession } from "./http-session";
import { DOWNLOADS, signIn, valuesFor } from "./route-values";

/**
 * The registry-driven smoke (issue 13 "Tests"): every built page of every content type, opened
 * with plain HTTP (what a browser without JavaScript gets) as the administrator with real ids from
 * the seed, answers 200 with a heading; and every form on it that posts to the page itself posts
 * only the intents the route manifest names for it (so a page cannot post an intent the registry
 * does not know, and the permission matrix, which posts each named intent, covers them all).
 * A new type or tab is covered without being listed here. Requests only: runs once, in js-on.
 *
 * Every page, content or not, also renders only keys of the namespaces its routes declare
 * (`handle.i18n`, docs/decisions/024), in English and Thai: the dashboard runs with I18N_STRICT=1
 * here, so a document that rendered another namespace's key names it in `X-I18n-Missing`.
 */
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "requests only: runs once, in the js-on project");

/** Pages that stream a file, not a document. */
/** Query strings a page needs to show itself rather than send the user back. */
const QUERY: Record<string, string> = { "routes/content.overall-bulk.tsx": "?target=30" };

// Node's fetch, not Playwright's request context: a test of hundreds of requests (http-session.ts).
let ctx: HttpSession;
let anonymous: HttpSession;
test.beforeAll(async () => {
  const info = test.info();
  ctx = new HttpSession(info.project.use.baseURL!);
  anonymous = new HttpSession(info.project.use.baseURL!);
  await signIn(ctx, "admin");
});
test.afterAll(async () => {
  await ctx?.dispose();
  await anonymous?.dispose();
});

/** Keys a document rendered from a namespace its routes did not declare (the strict header). */
const undeclared = (res: { headers(): Record<string, string> }) => res.headers()["x-i18n-missing"];

/** The intents the forms of a document post to the page itself (no action, or its own path). */
function postedIntents(html: string, path: string): string[] {
  const out = new Set<string>();
  for (const [, attrs, body] of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)) {
    if (!/method="post"/i.test(attrs)) continue;
    const action = /\baction="([^"]*)"/.exec(attrs)?.[1];
    if (
      action !== undefined &&
      action !== "" &&
      new URL(action.replace(/&amp;/g, "&"), "http://x").pathname.replace(/\/$/, "") !== path.replace(/\/$/, "")
    )
      continue;
    for (const [tag] of body.matchAll(/<(?:button|input)\b[^>]*\bname="intent"[^>]*>/g)) {
      const value = /\bvalue="([^"]*)"/.exec(tag)?.[1];
      if (value !== undefined) out.add(value);
    }
  }
  return [...out];
}

const routes = pageRoutes().filter((r) => r.contentType && isChecked(r.contentType) && !DOWNLOADS.has(r.module));

test("every built content page answers 200 with a heading, and posts only the intents the registry names", async () => {
  test.setTimeout(300_000);
  const failures: string[] = [];
  let checked = 0;
  for (const route of routes as ManifestRoute[]) {
    const values = requiredParams(route).length ? await valuesFor(ctx, route) : {};
    if (!values) {
      failures.push(`${route.id}: the seed has nothing to request at ${route.url}`);
      continue;
    }
    const url = `${exampleUrl(route, values)}${QUERY[route.module] ?? ""}`;
    const res = await ctx.get(url);
    const html = await res.text();
    if (res.status() !== 200) {
      failures.push(`${url}: ${res.status()}`);
      continue;
    }
    if (undeclared(res)) failures.push(`${url}: renders keys of undeclared namespaces: ${undeclared(res)}`);
    const h1 = /<h1\b[^>]*>([\s\S]*?)<\/h1>/
      .exec(html)?.[1]
      .replace(/<[^>]+>/g, "")
      .trim();
    if (!h1) failures.push(`${url}: no heading`);
    const path = new URL(res.url()).pathname;
    // Sent on to another page (the bare item URL to its default tab): that page is checked on its own.
    if (path.replace(/\/$/, "") !== url.split("?")[0].replace(/\/$/, "")) continue;
    const named = Object.keys(route.post ?? {});
    const intents = postedIntents(html, path);
    checked += intents.length;
    for (const intent of intents)
      if (!named.includes(intent))
        failures.push(`${url}: posts intent "${intent}", which the route manifest does not name (${route.module})`);
  }
  // Every type's pages (one type's with CHECK_TYPE), and their forms read: they post dozens of intents between them.
  expect(routes.length).toBeGreaterThan(CHECK_TYPE ? 2 : 50);
  expect(checked).toBeGreaterThan(CHECK_TYPE ? 0 : 30);
  expect(failures, failures.join("\n")).toEqual([]);
});

/**
 * Pages about another type's item, which carry that type's texts by design: a course's or class's
 * attached survey, its results (docs/decisions/081).
 */
const CROSS_TYPE: Record<string, string[]> = { "routes/content.survey-result.tsx": ["survey"] };

/** Not documents: a JSON answer, a file, a probe (the class's QR sheets as a PDF: its own e2e, class-qr.spec.ts). */
const NOT_PAGES = new Set([
  "routes/locales.tsx",
  "routes/health.tsx",
  "routes/media.tsx",
  "routes/print.class-qrcode-pdf.tsx",
  ...DOWNLOADS,
]);

test("every page renders only keys of the namespaces its routes declare, in English and Thai", async () => {
  test.setTimeout(300_000);
  const pages = pageRoutes().filter((r) => !NOT_PAGES.has(r.module));
  const failures: string[] = [];
  for (const language of ["en", "th"]) {
    // The language chosen by query is remembered by cookie (spec 000 §2.14) for both visitors.
    for (const c of [ctx, anonymous]) await c.get(`/dashboard/account/signin?language=${language}`);
    for (const route of pages as ManifestRoute[]) {
      const values = requiredParams(route).length && !route.example ? await valuesFor(ctx, route) : {};
      if (!values) continue; // the first test reports it
      const url = `${exampleUrl(route, values)}${QUERY[route.module] ?? ""}`;
      const res = await (route.guard === PUBLIC ? anonymous : ctx).get(url);
      if (res.status() >= 500) failures.push(`${language} ${url}: ${res.status()}`);
      // A type's page carries no other type's texts: adding a type adds nothing to the others' pages.
      const carried = Object.keys(
        JSON.parse(/window\.__i18n=(\{.*?\})<\/script>/.exec(await res.text())?.[1] ?? "{}").resources ?? {},
      );
      // Namespaces the page's own type lists are its own, even when other kinds list them too (the master data kinds share theirs).
      const own = CONTENT_TYPES.find((t) => t.key === route.contentType)?.i18n ?? [];
      const others = CONTENT_TYPES.filter((t) => t.key !== route.contentType)
        .flatMap((t) => t.i18n)
        .filter((ns) => !own.includes(ns) && !(CROSS_TYPE[route.module] ?? []).includes(ns));
      for (const ns of carried)
        if (others.includes(ns)) failures.push(`${language} ${url}: carries another type's namespace ${ns}`);
      if (undeclared(res))
        failures.push(`${language} ${url}: renders keys of undeclared namespaces: ${undeclared(res)}`);
    }
  }
  for (const c of [ctx, anonymous]) await c.get("/dashboard/account/signin?language=en");
  expect(pages.length).toBeGreaterThan(60);
  expect(failures, failures.join("\n")).toEqual([]);
});
