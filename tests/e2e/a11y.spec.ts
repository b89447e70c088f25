import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { acceptPendingTerms, signIn } from "./helpers";
import { analyse } from "./axe";
import { e2eDb, setConfig } from "./db";

/**
 * The accessibility gate (issue 5 §4): axe-core on every page kind the e2e suite visits — the
 * sign-in page in both login layouts, account recovery step by step, the terms page, the shell
 * and home pages, the course list, a detail tab, the course form with its errors shown, the
 * review page and the error pages — in English and in Thai, with JavaScript on and off (the two
 * projects). Serious and critical violations fail the test; the report names rule and elements.
 */

const LANGUAGES = ["en", "th"] as const;
type Language = (typeof LANGUAGES)[number];

async function expectAccessible(page: Page, info: TestInfo, what: string) {
  const { violations } = await analyse(page, info);
  const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const report = serious.map(
    (v) =>
      `${v.impact} ${v.id}: ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(" ")}  ${n.failureSummary?.split("\n").slice(1).join(" ") ?? ""}`).join("\n")}`,
  );
  expect(report, `${what} (${info.project.name}, ${page.url()}):\n${report.join("\n")}`).toEqual([]);
}

/** Switch the page language by the start-up query (remembered in a cookie for the next pages). */
async function useLanguage(page: Page, path: string, language: Language) {
  await page.goto(`${path}${path.includes("?") ? "&" : "?"}language=${language}`);
  await expect(page.locator("html")).toHaveAttribute("lang", language);
}

/** A seeded course every project may look at (nothing here changes it). */
const courseId = () => {
  const db = e2eDb();
  try {
    return (db.prepare("select id from course where code = 'CRS-0001'").get() as { id: number }).id;
  } finally {
    db.close();
  }
};

/** The newest one-time code sent to an address (read-only look at the outbox). */
function latestCode(recipient: string): string {
  const db = e2eDb();
  try {
    const row = db.prepare("select body from outbox where recipient = ? order by id desc limit 1").get(recipient) as
      { body: string } | undefined;
    const code = row && /password is (\d{6})/.exec(row.body)?.[1];
    if (!code) throw new Error(`no code for ${recipient}`);
    return code;
  } finally {
    db.close();
  }
}

for (const language of LANGUAGES) {
  test.describe(`accessibility (${language})`, () => {
    // Each test checks several pages, and axe takes a second or two on each.
    test.describe.configure({ timeout: 180_000 });
    test(`sign-in in both login layouts, and the error pages`, async ({ page }, info) => {
      await useLanguage(page, "/dashboard/account/signin", language);
      await expectAccessible(page, info, "sign-in, layout 1");
      // Empty fields: the server's field errors shown.
      await page.locator("form button[type=submit]").click();
      await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
      await expectAccessible(page, info, "sign-in with errors");
      setConfig("login-layout", 2);
      try {
        await page.goto("/dashboard/account/login");
        await expect(page.locator("[data-login-layout='2']")).toBeAttached();
        await expectAccessible(page, info, "sign-in, layout 2");
      } finally {
        setConfig("login-layout", 1);
      }
      for (const path of [
        "/dashboard/error/403",
        "/dashboard/error/404",
        "/dashboard/error/server-maintenance",
        "/dashboard/no/such/page",
      ]) {
        await page.goto(path);
        await expect(page.locator("h1")).toBeVisible();
        await expectAccessible(page, info, path);
      }
    });

    test(`forgot password, step by step`, async ({ page }, info) => {
      // An account no other test signs in with or changes; nothing is reset here.
      const username = "sysadmin";
      await useLanguage(page, "/dashboard/account/forgot-password", language);
      await expectAccessible(page, info, "forgot password: identify");
      await page.locator('input[name="username_or_email"]').fill("no-such-account");
      await page.locator("form button[type=submit]").click();
      await expect(page.locator('[role="alert"], [aria-invalid="true"]').first()).toBeVisible();
      await expectAccessible(page, info, "forgot password: identify with an error");
      await page.locator('input[name="username_or_email"]').fill(username);
      await page.locator("form button[type=submit]").click();
      await expect(page).toHaveURL(/forgot-password\/choose-identify$/);
      await expectAccessible(page, info, "forgot password: choose-identify");
      await page.locator("form button[type=submit]").click();
      await expect(page).toHaveURL(/forgot-password\/otp$/);
      await expectAccessible(page, info, "forgot password: otp");
      const verify = page.locator("form:has(input[name=otp])");
      await verify.locator("input[name=otp]").fill("12ab");
      await verify.locator("button[type=submit]").click();
      await expect(page.locator('input[name=otp][aria-invalid="true"]')).toBeVisible();
      await expectAccessible(page, info, "forgot password: otp with an error");
      await verify.locator("input[name=otp]").fill(latestCode(`${username}@demo.lms.local`));
      await verify.locator("button[type=submit]").click();
      await expect(page).toHaveURL(/forgot-password\/reset$/);
      await expectAccessible(page, info, "forgot password: reset");
    });

    test(`signed in: terms, shell and home pages, course list, detail tab, form with errors, review`, async ({
      page,
    }, info) => {
      await signIn(page, "admin");
      await acceptPendingTerms(page);
      await useLanguage(page, "/dashboard/", language);
      await expectAccessible(page, info, "home (learning)");
      await page.goto("/dashboard/home/usage");
      await expectAccessible(page, info, "home (usage)");
      await page.goto("/dashboard/privacy-data/terms");
      await expect(page.locator("h1")).toBeVisible();
      await expectAccessible(page, info, "terms page");

      await page.goto("/dashboard/course");
      await expect(page.locator("tbody tr").first()).toBeVisible();
      await expectAccessible(page, info, "course list");

      const id = courseId();
      await page.goto(`/dashboard/course/${id}/information`);
      await expect(page.locator("form input[name=name]")).toBeVisible();
      await expectAccessible(page, info, "course detail, information tab");
      await page.goto(`/dashboard/course/${id}/information/review`);
      await expect(page.locator("article h2")).toBeVisible();
      await expectAccessible(page, info, "course review");

      await page.goto("/dashboard/course/create");
      await page.locator("form#content-create button[type=submit]").click();
      await expect(page.locator('#content-create [aria-invalid="true"]').first()).toBeVisible();
      await expectAccessible(page, info, "course form with errors");
    });
  });
}
