import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { acceptPendingTerms, signIn } from "./helpers";
import { e2eDb } from "./db";
import { isJs } from "./course-fixtures";

/**
 * A course's administrator list widens a scoped account's view (docs/decisions/018), with JS on
 * and off: the administrator lists the provider on a course of another provider through the
 * permission tab; the provider then finds the course in its list and opens it; once taken off the
 * list, the course is gone from its list and its page answers 404. Each project takes its own
 * course (odd ids with JS, even ids without): both share one database.
 */

const COURSE_TYPE = "(select id from content_type where code = 'course')";

type Course = { id: number; name: string; code: string };
/** A seeded course of this project's half outside the demo provider's provider, with no administrators. */
function foreignCourse(info: TestInfo): Course {
  const db = e2eDb();
  try {
    const row = db
      .prepare(
        `select id, name, code from course where code like 'CRS-%' and id % 2 = ?
           and provider_id not in (select ref_id from account_role_scope where kind = 'provider' and account_id = (select id from account where username = 'provider'))
           and not exists (select 1 from content_admin a where a.content_type_id = ${COURSE_TYPE} and a.content_id = course.id)
         order by id desc limit 1`,
      )
      .get(isJs(info) ? 1 : 0) as Course | undefined;
    expect(row, "a seeded course of another provider").toBeTruthy();
    return row!;
  } finally {
    db.close();
  }
}

/** Sign in, go through whichever terms documents come first, then to `next`. */
async function signedIn(page: Page, username: string, next: string) {
  await signIn(page, username, next);
  await page.waitForURL((url) => !url.pathname.includes("/account/signin"));
  for (let i = 0; i < 3 && page.url().includes("/privacy-data/"); i++) {
    const here = page.url();
    await page.getByRole("button", { name: "Accept" }).click();
    await page.waitForURL((url) => url.href !== here);
  }
  await acceptPendingTerms(page);
  // The terms documents end on the home page: go on to where the sign-in was headed.
  if (!page.url().endsWith(next)) await page.goto(next);
}

const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });

test("a course administrator who is a provider sees that course, and loses it when taken off", async ({
  page,
  browser,
}, info) => {
  test.setTimeout(90_000);
  const c = foreignCourse(info);
  const list = `/dashboard/course?search=${encodeURIComponent(c.code)}`;

  // The provider does not see the course of another provider.
  const providerContext = await browser.newContext({
    baseURL: info.project.use.baseURL,
    javaScriptEnabled: isJs(info),
  });
  const provider = await providerContext.newPage();
  try {
    await signedIn(provider, "provider", list);
    await expect(provider).toHaveURL(/\/dashboard\/course\/?\?search=/);
    await expect(provider.getByRole("link", { name: c.name, exact: true })).toHaveCount(0);
    expect((await provider.goto(`/dashboard/course/${c.id}/information`))?.status()).toBe(404);

    // The administrator lists the provider as an administrator of the course.
    await signedIn(page, "admin", `/dashboard/course/${c.id}/permission/admin`);
    await expect(page).toHaveURL(new RegExp(`/dashboard/course/${c.id}/permission/admin$`));
    await page.getByLabel("Staff account").selectOption({ label: "Pim Provider (provider)" });
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expect(toast(page, "Administrator added.")).toBeVisible();

    // Now the provider finds it in its list and opens it.
    await provider.goto(list);
    await provider.getByRole("link", { name: c.name, exact: true }).click();
    await expect(provider).toHaveURL(new RegExp(`/dashboard/course/${c.id}/information/?$`));
    await expect(provider.getByRole("heading", { level: 1, name: c.name })).toBeVisible();

    // Taken off the list: gone again.
    await page.getByRole("button", { name: "Remove Pim Provider" }).click();
    await expect(toast(page, "Administrator removed.")).toBeVisible();
    await provider.goto(list);
    await expect(provider.getByRole("link", { name: c.name, exact: true })).toHaveCount(0);
    expect((await provider.goto(`/dashboard/course/${c.id}/information`))?.status()).toBe(404);
  } finally {
    await providerContext.close();
  }
});
