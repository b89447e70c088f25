import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { acceptPendingTerms, signIn } from "./helpers";
import { e2eDb } from "./db";

/**
 * The curriculum's material picker (issue 19 §4, docs/decisions/069), JS on and off: a media slot
 * plays a video of the media library chosen from a plain <select>, without a file of its own; the
 * row names it; choosing "None" again without a file is refused.
 */

const tag = (info: TestInfo) => (info.project.name === "js-on" ? "ON" : "OFF");
const toast = (page: Page, text: string | RegExp) => page.getByRole("status").filter({ hasText: text });

/** A course with one empty section, made directly in the e2e database. */
function makeCourse(code: string): number {
  const db = e2eDb();
  try {
    const at = new Date(Date.now() - 3600_000).toISOString();
    const category = (db.prepare("select id from category where code = 'TECH-DAT'").get() as { id: number }).id;
    const provider = (db.prepare("select id from provider where code = 'ACAD'").get() as { id: number }).id;
    db.prepare("delete from course where code = ?").run(code);
    const id = Number(
      db
        .prepare(
          `insert into course (name, code, content_level, program, category_id, provider_id, is_environmental, desc, image, is_display, datetime_start, datetime_first_publish, datetime_create, datetime_update, created_by)
           values (?, ?, null, null, ?, ?, 0, '', null, 0, null, null, ?, ?, null)`,
        )
        .run(`Media slots ${code}`, code, category, provider, at, at).lastInsertRowid,
    );
    db.prepare(
      "insert into content_section (content_type_id, content_id, name, sort, is_display) values ((select id from content_type where code = 'course'), ?, 'Week 1', 1, 1)",
    ).run(id);
    return id;
  } finally {
    db.close();
  }
}

test.describe.configure({ mode: "serial", timeout: 60_000 });

test.beforeEach(async ({ page }) => {
  await signIn(page, "admin", "/dashboard/course");
  await page.waitForURL((url) => !url.pathname.includes("/account/signin"));
  for (let i = 0; i < 3 && page.url().includes("/privacy-data/"); i++) {
    const here = page.url();
    await page.getByRole("button", { name: "Accept" }).click();
    await page.waitForURL((url) => url.href !== here);
  }
  await acceptPendingTerms(page);
  await expect(page).toHaveURL(/\/dashboard\/course\/?$/);
});

test("a media slot plays a video chosen from the media library", async ({ page }, info) => {
  const id = makeCourse(`CUR-MEDIA-${tag(info)}`);
  await page.goto(`/dashboard/course/${id}/curriculum`);
  await page.getByRole("link", { name: "Add material to Week 1" }).click();
  await page.getByRole("link", { name: /^Video or audio/ }).click();
  const picker = page.getByLabel("From the media library");
  await expect(picker.locator("option").first()).toHaveText("None");
  // The video list's external videos do not fit a media slot; the seeded videos and audio do.
  // Exact names: a copy taken from the content library (library.spec) is named after its edition.
  await expect(picker.locator("option", { hasText: /^Welcome to the company \(video\)$/ })).toHaveCount(1);
  await expect(picker.locator("option", { hasText: /^Presentation skills talk$/ })).toHaveCount(0);
  await page.getByLabel(/^Name/).fill("Welcome film");
  await picker.selectOption({ label: "Welcome to the company (video)" });
  await page.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Material added.")).toBeVisible();
  await expect(page.getByText("Plays: Welcome to the company (video)")).toBeVisible();

  // Back to "None" with no file of its own: refused, the choice shown back.
  await page.getByRole("link", { name: "Edit Welcome film" }).click();
  await expect(page.getByLabel("From the media library")).toHaveValue(/\d+/);
  await page.getByLabel("From the media library").selectOption({ label: "None" });
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("This field is required.")).toBeVisible();
});
