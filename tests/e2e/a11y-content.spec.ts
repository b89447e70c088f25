import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { REGISTRY_TYPES as CONTENT_TYPES } from "../../app/registry/types.js";
import { exampleUrl, pageRoutes, type ManifestRoute } from "../../app/registry/route-manifest.js";
import { analyse } from "./axe";
import { one } from "./course-fixtures";
import { acceptPendingTerms, API_ORIGIN, signIn } from "./helpers";
import { HttpSession } from "./http-session";
import { DOWNLOADS, signIn as apiSignIn, valuesFor } from "./route-values";

/**
 * The accessibility gate over every page of a content type (issue 6 §8): the routes come from
 * the route manifest (the registry every tab, overall page and sub-page is built from), so a new
 * tab is checked without being listed here. Each page is visited as the administrator, in English
 * and in Thai; serious and critical violations of axe fail the test, the report naming page, rule
 * and elements. Pages that only stream a file (the exports) have no document to check. Nothing is
 * changed: it runs on a seeded course.
 *
 * It runs once, in the js-on project: a hydrated page is the server's markup plus what scripts
 * add, so it covers both, and the two passes took 7 of CI's 30 minutes. The page kinds of
 * a11y.spec.ts are still checked with JavaScript on and off.
 */

const LANGUAGES = ["en", "th"] as const;

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "runs once, in the js-on project (see above)");

/**
 * The side menu is the same markup on every page (drawn once per menu and language): a11y.spec.ts
 * checks it with the shell, JS on and off, in both languages. Left out of each content page's
 * run, where it was a fifth of axe's time.
 */
const SIDE_MENU = "#side-menu";

/** Query strings a page needs to show its content rather than send the user back. */
const QUERY: Record<string, string> = { "routes/content.overall-bulk.tsx": "?target=30" };

/**
 * A seeded course with a permission rule, learners and an identification transaction with its
 * progress record, so every sub-page has something to show.
 */
function courseValues() {
  const course = one<{
    id: number;
    permission: number;
    enrollment: number;
    tx: number;
    progress: number;
    survey: number;
  }>(
    `select c.id,
            (select p.id from content_permission p join content_type t on t.id = p.content_type_id where t.code = 'course' and p.content_id = c.id order by p.id limit 1) as permission,
            (select e.id from content_enrollment e where e.content_type_id = (select id from content_type where code = 'course') and e.content_id = c.id order by e.id limit 1) as enrollment,
            (select s.id from content_survey s where s.content_type_id = (select id from content_type where code = 'course') and s.content_id = c.id order by s.id limit 1) as survey,
            x.id as tx, x.progress_id as progress
       from course c
       join identification_transaction x on x.content_id = c.id and x.progress_id is not null
       join content_type xt on xt.id = x.content_type_id and xt.code = 'course'
      where exists (select 1 from content_permission p join content_type t on t.id = p.content_type_id where t.code = 'course' and p.content_id = c.id)
        and exists (select 1 from content_enrollment e where e.content_type_id = (select id from content_type where code = 'course') and e.content_id = c.id)
        and exists (select 1 from content_survey s where s.content_type_id = (select id from content_type where code = 'course') and s.content_id = c.id)
      order by c.id, x.id limit 1`,
  );
  return {
    courseid: course.id,
    permissionid: course.permission,
    enrollmentid: course.enrollment,
    transactionid: course.tx,
    progressid: course.progress,
    surveyrowid: course.survey,
  };
}

const allRoutesOf = (typeKey: string): ManifestRoute[] =>
  pageRoutes().filter((r) => r.contentType === typeKey && !DOWNLOADS.has(r.module));
/**
 * Once per page kind (module): a type's pages whose module an earlier type (course first) has not
 * shown already — the engine's pages are the same code for every type, its own screens are new.
 */
function routesOf(typeKey: string): ManifestRoute[] {
  const earlier = new Set(
    CONTENT_TYPES.slice(
      0,
      CONTENT_TYPES.findIndex((t) => t.key === typeKey),
    ).flatMap((t) => allRoutesOf(t.key).map((r) => r.module)),
  );
  const seen = new Set<string>();
  return allRoutesOf(typeKey).filter((r) => !earlier.has(r.module) && !seen.has(r.module) && seen.add(r.module));
}

/** A URL for each route: the seeded course's values, or (other types) the first items the administrator sees with rows in each list. */
async function urlsOf(typeKey: string, routes: ManifestRoute[]): Promise<string[]> {
  if (typeKey === "course") {
    const values = courseValues();
    return routes.map((r) => exampleUrl(r, values));
  }
  const ctx = new HttpSession(API_ORIGIN);
  await apiSignIn(ctx, "admin");
  const urls: string[] = [];
  for (const route of routes) {
    const values = await valuesFor(ctx, route);
    if (!values) throw new Error(`${route.url}: the demo data has nothing to show`);
    urls.push(exampleUrl(route, values));
  }
  await ctx.dispose();
  return urls;
}

async function violationsOn(page: Page, info: TestInfo, url: string) {
  await page.goto(url);
  await expect(page.locator("h1")).toBeVisible();
  const { violations } = await analyse(page, info, { exclude: [SIDE_MENU] });
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) => `${url} — ${v.impact} ${v.id}: ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(" ")}`).join("\n")}`,
    );
}

for (const type of CONTENT_TYPES.filter((t) => routesOf(t.key).length)) {
  for (const language of LANGUAGES) {
    test(`every ${type.key} page passes axe (${language})`, async ({ page }, info) => {
      // axe takes a second or two a page, twice without JS (the copy it runs on).
      test.setTimeout(600_000);
      const routes = routesOf(type.key);
      const urls = await urlsOf(type.key, routes);
      await signIn(page, "admin", "/dashboard/");
      await acceptPendingTerms(page);
      // The start-up query sets the language (kept in a cookie for the pages after).
      await page.goto(`/dashboard/?language=${language}`);
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      const found: string[] = [];
      for (const [i, route] of routes.entries())
        found.push(...(await violationsOn(page, info, `${urls[i]}${QUERY[route.module] ?? ""}`)));
      // Course shows every engine page; a later type at least its own screens.
      expect(routes.length).toBeGreaterThan(type.key === "course" ? 20 : 0);
      expect(found, found.join("\n")).toEqual([]);
    });
  }
}
