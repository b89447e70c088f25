import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type Page } from "@playwright/test";
import { acceptPendingTerms, API_ORIGIN, hydrated, signIn } from "./helpers";
import { ownDashboard } from "./own-dashboard";

/**
 * Shell rules of the spec checked from outside (issue 14 §6, docs/decisions/026): offline the
 * product shows its no-network page, not the browser's (spec 000 §4); the loading bar shows a
 * failed request (000 §7); a page past a list's last lands on the last in one redirect, and a
 * frozen or crawling API ends a page on the 504 page within LMS_API_TIMEOUT_MS (002 §8). The
 * offline rules need JavaScript; the others are plain HTTP: all run once, in the js-on project.
 */
test.skip(
  ({ javaScriptEnabled }) => !javaScriptEnabled,
  "offline needs JavaScript; the rest is HTTP: runs once, in the js-on project",
);

const asAdmin = async (page: Page) => {
  await signIn(page, "admin");
  await acceptPendingTerms(page);
};

test("offline, a link shows the no-network page instead of the browser's, and goes on once back online", async ({
  page,
  context,
}) => {
  await asAdmin(page);
  await page.goto("/dashboard/course");
  await hydrated(page); // the offline guard listens from hydration on
  await context.setOffline(true);
  // A menu link (a client navigation) and a plain link (a document load) alike.
  await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Activity" }).click();
  const offline = page.getByRole("dialog", { name: "No network" });
  await expect(offline).toBeVisible();
  await expect(offline).toContainText("Check your connection");
  await expect(page).toHaveURL(/\/dashboard\/course$/);
  await context.setOffline(false);
  await expect(page).toHaveURL(/\/dashboard\/activity$/);
  await expect(page.getByRole("heading", { level: 1, name: "Activity" })).toBeVisible();
  await expect(offline).toHaveCount(0);

  await context.setOffline(true);
  const open = page.getByRole("table").getByRole("link", { name: "Open" }).first();
  const href = (await open.getAttribute("href"))!;
  await open.click();
  await expect(offline).toBeVisible();
  await offline.getByRole("button", { name: "Try again" }).click(); // still offline: it stays
  await expect(offline).toBeVisible();
  await context.setOffline(false);
  await expect(page).toHaveURL(new RegExp(`${href}(/|$)`));
});

test("a page's data request that fails shows the no-network page and the loading bar's failed state; Try again recovers", async ({
  page,
}) => {
  await asAdmin(page);
  await page.goto("/dashboard/course");
  await page.route("**/*.data*", (route) => route.abort("internetdisconnected"));
  await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Activity" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "No network" })).toBeVisible();
  const failed = page.getByRole("progressbar", { name: "Loading failed" });
  await expect(failed).toBeVisible();
  await expect(failed).toHaveCSS("background-color", "rgb(220, 38, 38)");
  await expect(page.getByRole("alert").filter({ hasText: "Loading failed" })).toBeVisible();
  // Then it clears.
  await expect(failed).toHaveCount(0, { timeout: 4_000 });
  await page.unroute("**/*.data*");
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Activity" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "No network" })).toHaveCount(0);
});

test("a page past a list's last lands on the last page in one redirect", async ({ page }) => {
  await asAdmin(page);
  const get = (url: string) => page.request.get(url, { maxRedirects: 0 });
  const withPage = (path: string, n: number) => `${path}${path.includes("?") ? "&" : "?"}page=${n}`;
  for (const path of [
    "/dashboard/course",
    "/dashboard/course?search=Safety",
    "/dashboard/course/1/overall/learner",
    "/dashboard/course/1/overall/discussion",
  ]) {
    const far = await get(withPage(path, 45));
    expect(far.status(), path).toBe(302);
    const target = new URL(far.headers().location, "http://dashboard.test");
    const last = Number(target.searchParams.get("page") ?? 1);
    expect(last, path).toBeLessThan(45);
    expect((await get(`${target.pathname}${target.search}`)).status(), path).toBe(200);
    // The last page it is: the one after it comes back to it, in one step too.
    expect((await get(withPage(path, last + 1))).headers().location, path).toBe(far.headers().location);
  }
  // The course list has several pages; an empty list lands on page 1.
  expect(
    new URL((await get("/dashboard/course?page=45")).headers().location, "http://x").searchParams.get("page"),
  ).not.toBeNull();
  expect((await get("/dashboard/course?search=no-such-course-zz&page=3")).headers().location).toBe(
    "/dashboard/course?search=no-such-course-zz",
  );
});

test("a frozen or crawling API ends the page on the 504 page within LMS_API_TIMEOUT_MS, however many calls it makes", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const TIMEOUT_MS = 1_500;
  const MARGIN_MS = 700;
  // In front of the e2e API: answers nothing (frozen), or forwards each call after `delay` ms.
  let mode: "frozen" | "crawling" = "frozen";
  const delay = TIMEOUT_MS * 0.45;
  // Every forwarded call is ended with the test. A call the dashboard gave up on (its timeout)
  // must not be forwarded half-sent: the API would wait five minutes (Node's requestTimeout) for
  // its body, then hang up, and the unhandled "socket hang up" failed whatever test ran then.
  const forwarded = new Set<http.ClientRequest>();
  const api = http.createServer((req, res) => {
    if (mode === "frozen") return;
    setTimeout(() => {
      if (req.destroyed || res.destroyed) return;
      const upstream = http.request(
        `${API_ORIGIN}${req.url}`,
        { method: req.method, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      forwarded.add(upstream);
      upstream.on("error", () => res.destroy()).on("close", () => forwarded.delete(upstream));
      res.on("close", () => upstream.destroy());
      req.pipe(upstream);
    }, delay);
  });
  await new Promise<void>((done) => api.listen(0, "127.0.0.1", done));
  const { child: dashboard, url: dash } = await ownDashboard(
    `http://127.0.0.1:${(api.address() as AddressInfo).port}`,
    TIMEOUT_MS,
  );
  try {
    await asAdmin(page);
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    const timed = async (path: string) => {
      const started = Date.now();
      const res = await fetch(`${dash}${path}`, { headers: { cookie }, redirect: "manual" });
      return { status: res.status, location: res.headers.get("location"), ms: Date.now() - started };
    };
    // Frozen: the layout's and the page's loaders and the config refresh all wait on it.
    const frozen = await timed("/dashboard/course");
    expect(frozen).toMatchObject({ status: 302, location: "/dashboard/error/504" });
    expect(frozen.ms).toBeLessThan(TIMEOUT_MS + MARGIN_MS);
    // Crawling: every call answered, each in 0.45 × the timeout; one after another (profile,
    // flags, list, filter options; check-update, config, dictionaries) they take longer than it.
    mode = "crawling";
    const crawling = await timed("/dashboard/course/1/overall/learner");
    expect(crawling).toMatchObject({ status: 302, location: "/dashboard/error/504" });
    expect(crawling.ms).toBeLessThan(TIMEOUT_MS + MARGIN_MS);
  } finally {
    process.kill(-dashboard.pid!, "SIGTERM");
    for (const upstream of forwarded) upstream.destroy();
    api.closeAllConnections();
    await new Promise<void>((done) => api.close(() => done()));
  }
});
