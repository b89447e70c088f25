import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { signInAs } from "./helpers";
import { e2eDb } from "./db";

/**
 * Reusing a link already in a curriculum (issue 19 §4, docs/decisions/072), JS on and off: a new
 * web link slot picks another course's link from a plain <select> (read from
 * dashboard/material/weblink/) instead of typing it, and the curriculum row shows that link; a
 * link no longer offered by the time the form is sent is the select's field error.
 */

const tag = (info: TestInfo) => (info.project.name === "js-on" ? "ON" : "OFF");
const toast = (page: Page, text: string | RegExp) => page.getByRole("status").filter({ hasText: text });

/** A course with one section made directly in the e2e database, with a web link slot when `link` is given. */
function makeCourse(code: string, link?: { name: string; url: string }): number {
  const db = e2eDb();
  try {
    const at = new Date(Date.now() - 3600_000).toISOString();
    const category = (db.prepare("select id from category where code = 'TECH-DAT'").get() as { id: number }).id;
    const provider = (db.prepare("select id from provider where code = 'ACAD'").get() as { id: number }).id;
    const courseType = (db.prepare("select id from content_type where code = 'course'").get() as { id: number }).id;
    db.prepare("delete from course where code = ?").run(code);
    const id = Number(
      db
        .prepare(
          `insert into course (name, code, content_level, program, category_id, provider_id, is_environmental, desc, image, is_display, datetime_start, datetime_first_publish, datetime_create, datetime_update, created_by)
           values (?, ?, null, null, ?, ?, 0, '', null, 0, null, null, ?, ?, null)`,
        )
        .run(`Reuse ${code}`, code, category, provider, at, at).lastInsertRowid,
    );
    const section = Number(
      db
        .prepare(
          "insert into content_section (content_type_id, content_id, name, sort, is_display) values (?, ?, 'Week 1', 1, 1)",
        )
        .run(courseType, id).lastInsertRowid,
    );
    if (link) {
      db.prepare(
        `insert into content_material (content_type_id, content_id, section_id, sort, slot_type, name, is_required, is_preview, is_display, is_non_skippable,
           is_paused_inactive, is_allow_download, attempt, duration, url, file, file_name, datetime_create, datetime_update)
         values (?, ?, ?, 1, 'weblink', ?, 1, 0, 1, 0, 0, 0, 0, 0, ?, null, null, ?, ?)`,
      ).run(courseType, id, section, link.name, link.url, at, at);
    }
    return id;
  } finally {
    db.close();
  }
}

/** Move a course into the content library (docs/decisions/071): its slots leave the reuse lists. */
function toLibrary(id: number) {
  const db = e2eDb();
  try {
    db.prepare("update course set is_library = 1 where id = ?").run(id);
  } finally {
    db.close();
  }
}

test.describe.configure({ mode: "serial", timeout: 60_000 });

test.beforeEach(async ({ page }) => {
  await signInAs(page, "admin", "/dashboard/course");
  await expect(page).toHaveURL(/\/dashboard\/course\/?$/);
});

test("a web link slot reuses a link another course already holds", async ({ page }, info) => {
  const url = `https://reuse.example/handbook-${tag(info).toLowerCase()}`;
  makeCourse(`REUSE-SRC-${tag(info)}`, { name: `Staff handbook ${tag(info)}`, url });
  const gone = makeCourse(`REUSE-OLD-${tag(info)}`, { name: `Old handbook ${tag(info)}`, url: `${url}-old` });
  const id = makeCourse(`REUSE-DST-${tag(info)}`);
  await page.goto(`/dashboard/course/${id}/curriculum`);
  await page.getByRole("link", { name: "Add material to Week 1" }).click();
  await page.getByRole("link", { name: /^Web link/ }).click();

  await page.getByLabel(/^Name/).fill("Handbook");
  const picker = page.getByLabel("Use a link already in a curriculum");
  await expect(picker.locator("option").first()).toHaveText("None");
  // A link whose course went to the content library since the form was shown: refused on the field.
  const old = `Old handbook ${tag(info)} — ${url}-old`;
  await picker.selectOption({ label: old });
  toLibrary(gone);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Select a valid choice.")).toBeVisible();
  await expect(picker).toHaveAttribute("aria-invalid", "true");

  const option = `Staff handbook ${tag(info)} — ${url}`;
  await expect(picker.locator("option", { hasText: option })).toHaveCount(1);
  await picker.selectOption({ label: option });
  await page.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Material added.")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: "Handbook" });
  await expect(row.getByRole("link", { name: url })).toHaveAttribute("href", url);
});
