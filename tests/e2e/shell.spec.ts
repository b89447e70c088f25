import { expect, test, type Page } from "@playwright/test";
import { acceptPendingTerms, signIn } from "./helpers";
import { ageSessions, setConfig, setConfigUrl } from "./db";

test.describe.configure({ mode: "serial" });

test("the menu shows only what the account's flags allow", async ({ page }) => {
  await signIn(page, "manager");
  await acceptPendingTerms(page);
  const menu = page.getByRole("navigation", { name: "Main menu" });
  await expect(menu.getByRole("link", { name: "Usage monitoring" })).toBeAttached();

  await page.context().clearCookies();
  await signIn(page, "instructor");
  await acceptPendingTerms(page);
  await expect(menu.getByRole("link", { name: "Learning", exact: true })).toBeAttached();
  await expect(menu.getByRole("link", { name: "Usage monitoring" })).toHaveCount(0);
  // The screen itself refuses too: a forbidden page signs out to /error/403.
  await page.goto("/dashboard/home/usage");
  await expect(page).toHaveURL(/\/dashboard\/error\/403$/);
});

test("the menu marks the current page, and a link followed from the keyboard keeps the focus (decision 092)", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, "admin", "/dashboard/course");
  await acceptPendingTerms(page);
  const menu = page.getByRole("navigation", { name: "Main menu" });
  const course = menu.getByRole("link", { name: "Course", exact: true });
  const activity = menu.getByRole("link", { name: "Activity", exact: true });
  await expect(course).toHaveAttribute("aria-current", "page");
  await expect(menu.locator('a[aria-current="page"]')).toHaveCount(1);
  await activity.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/dashboard\/activity\/?$/);
  await expect(activity).toHaveAttribute("aria-current", "page");
  await expect(course).not.toHaveAttribute("aria-current", "page");
  await expect(menu.locator('a[aria-current="page"]')).toHaveCount(1);
  // With JavaScript the menu is not drawn again: the followed link is still the focused one.
  if (javaScriptEnabled) await expect(activity).toBeFocused();
});

test("the shell shows the footer, and switches to Thai and back", async ({ page }) => {
  await signIn(page, "admin");
  await acceptPendingTerms(page);
  // The year is today's in the organisation's zone (+07:00), not the original's fixed 2021 (issue 14 §5).
  await expect(page.getByText(`© ${new Date(Date.now() + 7 * 3600_000).getUTCFullYear()} `)).toBeVisible();
  await expect(page.getByText(/V4\.9 \(build 4\.13\.432\)/)).toBeVisible();
  await page.getByRole("button", { name: "ไทย" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "th");
  await expect(page.getByRole("navigation", { name: "เมนูหลัก" })).toBeAttached();
  // The choice is saved on the profile: a new sign-in comes back in Thai.
  await page.context().clearCookies();
  await signIn(page, "admin");
  await expect(page.locator("html")).toHaveAttribute("lang", "th");
  await page.getByRole("button", { name: "EN" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("navigation", { name: "Main menu" })).toBeAttached();
});

test("?language= sets the language at start-up", async ({ page }) => {
  await page.goto("/dashboard/account/signin?language=th");
  await expect(page.getByRole("heading", { name: "เข้าสู่ระบบแดชบอร์ด" })).toBeVisible();
  await page.goto("/dashboard/account/signin?lng=en");
  await expect(page.getByRole("heading", { name: "Sign in to the dashboard" })).toBeVisible();
});

test("an expired session says so, and signing in again returns to the page", async ({ page }) => {
  await signIn(page, "admin");
  await acceptPendingTerms(page);
  ageSessions("admin");
  await page.goto("/dashboard/home/usage?days=7");
  await expect(page).toHaveURL(/\/dashboard\/account\/login\/\?next=%2Fdashboard%2Fhome%2Fusage%3Fdays%3D7$/);
  await expect(page.getByText("Session Expired.")).toBeVisible();
  await page.getByLabel(/username or email/i).fill("admin");
  await page.getByLabel(/^password$/i).fill("Demo-Pass1!");
  await page.getByRole("button", { name: /^sign in$/i }).click();
  await expect(page).toHaveURL(/\/dashboard\/home\/usage\/\?days=7$/);
});

test("maintenance sends staff to the maintenance page but lets a system user in", async ({ page }) => {
  setConfig("maintenance-dashboard-is-enabled", true);
  try {
    await signIn(page, "admin");
    await expect(page).toHaveURL(/\/dashboard\/error\/server-maintenance$/);
    await expect(page.getByRole("heading", { name: "Under maintenance" })).toBeVisible();
    await page.context().clearCookies();
    await signIn(page, "sysadmin");
    await acceptPendingTerms(page);
    await expect(page).toHaveURL(/\/dashboard\/$/);
    await expect(page.getByRole("navigation", { name: "Main menu" })).toBeAttached();
  } finally {
    setConfig("maintenance-dashboard-is-enabled", false);
  }
});

// Issue 14 §5 and §6 (spec 000 §3, §9, 002 §9): the shell as a newcomer sees it.

/** Whether `selector`'s tables fit their containers, and each row's last action is fully in view. */
async function tablesFit(page: Page, table: string) {
  return page.locator(table).evaluateAll((tables) =>
    tables.map((t) => {
      const box = t.parentElement!;
      const edge = box.getBoundingClientRect().right;
      const actions = [...t.querySelectorAll("tbody tr td:last-child")].map(
        (td) => (td.lastElementChild ?? td).getBoundingClientRect().right,
      );
      return { fits: box.scrollWidth <= box.clientWidth, actionsInView: actions.every((right) => right <= edge + 0.5) };
    }),
  );
}

test("tables use the width they have and never scroll sideways at 1280 px and up", async ({ page }) => {
  await signIn(page, "admin");
  await acceptPendingTerms(page);
  for (const width of [1280, 1281, 1366, 1441]) {
    await page.setViewportSize({ width, height: 900 });
    for (const [url, table] of [
      ["/dashboard/course/", ".list-table"],
      ["/dashboard/activity/", ".list-table"],
      ["/dashboard/course/1/overall/progress", "main table"],
      ["/dashboard/course/1/competency", "main table"],
    ]) {
      for (const language of ["en", "th"]) {
        await page.goto(`${url}?language=${language}`);
        const found = await tablesFit(page, table);
        expect(found.length, `${url} at ${width}`).toBeGreaterThan(0);
        for (const f of found)
          expect(f, `${url} at ${width} px (${language})`).toEqual({ fits: true, actionsInView: true });
      }
    }
  }
  // The language chosen by query is remembered: back to English for the tests after.
  await page.goto("/dashboard/?language=en");
});

test("every page's title names the page and its item, one separator", async ({ page }) => {
  await signIn(page, "admin");
  await acceptPendingTerms(page);
  await page.goto("/dashboard/course/1/competency");
  const item = (await page.getByRole("heading", { level: 1 }).textContent())!.trim();
  await expect(page).toHaveTitle(`Competency · ${item} · Courses · LMS`);
  await page.goto("/dashboard/course/");
  await expect(page).toHaveTitle("Courses · LMS");
  await page.goto("/dashboard/course/1/overall/progress?language=th");
  await expect(page).toHaveTitle(`ความคืบหน้า · ${item} · หลักสูตร · LMS`);
  // The breadcrumb is named in the page's language, as the menu is.
  await expect(page.getByRole("navigation", { name: "เส้นทางนำทาง" })).toBeVisible();
  await page.goto("/dashboard/course/?language=en");
  await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toBeVisible();
});

test("og:image from config is in the head when one is set", async ({ page }) => {
  await page.goto("/dashboard/account/signin");
  await expect(page.locator('meta[property="og:image"]')).toHaveCount(0);
  setConfigUrl("og-image", "/api/media/og/share.png");
  try {
    await page.goto("/dashboard/account/signin");
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      "content",
      new URL("/api/media/og/share.png", page.url()).href,
    );
  } finally {
    setConfigUrl("og-image", null);
  }
});

test("the left menu is closed at 1024 px and below, and the page padding follows the spec's steps", async ({
  page,
}) => {
  await signIn(page, "admin");
  await acceptPendingTerms(page);
  const menu = page.getByRole("navigation", { name: "Main menu" });
  const padding = () => page.locator("main#main").evaluate((m) => getComputedStyle(m).paddingLeft);
  for (const [width, open, pad] of [
    [1024, false, "40px"],
    [1025, true, "40px"],
    [1280, true, "40px"],
    [1366, true, "80px"],
    [1441, true, "150px"],
    [640, false, "20px"],
    [641, false, "40px"],
  ] as const) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/dashboard/course/");
    if (open) await expect(menu, `${width}`).toBeVisible();
    else await expect(menu, `${width}`).toBeHidden();
    expect(await padding(), `${width}`).toBe(pad);
  }
});

test("a field focused after a failed submit is not left under the sticky header", async ({ page }, info) => {
  test.skip(info.project.name !== "js-on", "the browser focuses nothing without JavaScript");
  await signIn(page, "admin");
  await acceptPendingTerms(page);
  await page.goto("/dashboard/course/1/information");
  const name = page.locator("input[name=name]");
  await name.fill("");
  // The field just under the header (still inside the window), and focus elsewhere; then submit.
  await name.evaluate((el) => {
    window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 30);
    const form = (el as HTMLInputElement).form!;
    const save = [...form.querySelectorAll<HTMLButtonElement>("button[type=submit]")].pop()!;
    save.focus({ preventScroll: true });
    form.requestSubmit(save);
  });
  await expect(name).toBeFocused();
  await expect.poll(() => name.evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThanOrEqual(50);
});
