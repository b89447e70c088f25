import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { acceptPendingTerms, signIn } from "./helpers";
import { e2eDb } from "./db";

/**
 * The curriculum tab and its identification sub-page (issue 6 item 1), with JS on and off. Both
 * projects share one database: each test makes its own course, with a code naming the project.
 */

const tag = (info: TestInfo) => (info.project.name === "js-on" ? "ON" : "OFF");
const toast = (page: Page, text: string | RegExp) => page.getByRole("status").filter({ hasText: text });

type CourseSpec = { code: string; published?: boolean; sections?: { name: string; materials?: string[] }[] };

/** A course made directly in the e2e database: optionally published (with a cover), with sections and generic materials. */
function makeCourse({ code, published = false, sections = [] }: CourseSpec): {
  id: number;
  materials: Record<string, number>;
} {
  const db = e2eDb();
  try {
    const at = new Date(Date.now() - 3600_000).toISOString();
    const category = (db.prepare("select id from category where code = 'TECH-DAT'").get() as { id: number }).id;
    const provider = (db.prepare("select id from provider where code = 'ACAD'").get() as { id: number }).id;
    db.prepare("delete from course where code = ?").run(code);
    const { lastInsertRowid } = db
      .prepare(
        `insert into course (name, code, content_level, program, category_id, provider_id, is_environmental, desc, image, is_display, datetime_start, datetime_first_publish, datetime_create, datetime_update, created_by)
         values (?, ?, null, null, ?, ?, 0, '', ?, ?, null, ?, ?, ?, null)`,
      )
      .run(
        `Curriculum ${code}`,
        code,
        category,
        provider,
        published ? "/dashboard/demo/course-1.png" : null,
        published ? 1 : 0,
        published ? at : null,
        at,
        at,
      );
    const id = Number(lastInsertRowid);
    const materials: Record<string, number> = {};
    sections.forEach((s, i) => {
      const sid = Number(
        db
          .prepare(
            "insert into content_section (content_type_id, content_id, name, sort, is_display) values ((select id from content_type where code = 'course'), ?, ?, ?, 1)",
          )
          .run(id, s.name, i + 1).lastInsertRowid,
      );
      (s.materials ?? []).forEach((name, j) => {
        materials[name] = Number(
          db
            .prepare(
              `insert into content_material (content_type_id, content_id, section_id, sort, slot_type, name, is_required, is_preview, is_display, is_non_skippable, is_paused_inactive, is_allow_download, attempt, duration, datetime_create, datetime_update)
               values ((select id from content_type where code = 'course'), ?, ?, ?, 'generic', ?, 1, 0, 1, 0, 0, 0, 0, 600, ?, ?)`,
            )
            .run(id, sid, j + 1, name, at, at).lastInsertRowid,
        );
      });
    });
    return { id, materials };
  } finally {
    db.close();
  }
}

function sectionIden(sectionName: string, code: string) {
  const db = e2eDb();
  try {
    return db
      .prepare(
        "select s.iden_is_enabled, s.iden_identification, s.iden_attempt, s.iden_duration_lock from content_section s join course c on c.id = s.content_id and s.content_type_id = (select id from content_type where code = 'course') where c.code = ? and s.name = ?",
      )
      .get(code, sectionName) as {
      iden_is_enabled: number;
      iden_identification: number;
      iden_attempt: number;
      iden_duration_lock: number;
    };
  } finally {
    db.close();
  }
}

/** A small real PDF. */
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n", "latin1");

const section = (page: Page, name: string) => page.getByRole("region", { name, exact: true });
const materialNames = (page: Page, sectionName: string) =>
  section(page, sectionName).locator("tbody tr td:nth-child(3) span.font-medium");
const sectionTitles = (page: Page) => page.locator("section[aria-labelledby^='section-'] h2");

// Each test walks many pages; a loaded machine needs more than the default 30 s.
test.describe.configure({ mode: "serial", timeout: 60_000 });

test.beforeEach(async ({ page }) => {
  await signIn(page, "admin", "/dashboard/course");
  // With JS the sign-in posts in the background: wait until it has moved on, then through the terms.
  await page.waitForURL((url) => !url.pathname.includes("/account/signin"));
  for (let i = 0; i < 3 && page.url().includes("/privacy-data/"); i++) {
    const here = page.url();
    await page.getByRole("button", { name: "Accept" }).click();
    await page.waitForURL((url) => url.href !== here);
  }
  await acceptPendingTerms(page);
  await expect(page).toHaveURL(/\/dashboard\/course\/?$/);
});

test("builds a curriculum: sections, then materials of two slot types through the slot-type chooser", async ({
  page,
}, info) => {
  const code = `CUR-A-${tag(info)}`;
  const { id } = makeCourse({ code });
  await page.goto(`/dashboard/course/${id}/curriculum`);
  await expect(page.getByText("This course has no section yet.")).toBeVisible();

  // Sections: the server refuses an empty name, then adds two.
  await page.getByRole("button", { name: "Add section" }).click();
  await expect(page.getByText("This field is required.")).toBeVisible();
  await page.getByPlaceholder("New section name").fill("Week 1");
  await page.getByRole("button", { name: "Add section" }).click();
  await expect(toast(page, "Section added.")).toBeVisible();
  await page.getByPlaceholder("New section name").fill("Week 2");
  await page.getByRole("button", { name: "Add section" }).click();
  await expect(sectionTitles(page)).toHaveText(["Week 1", "Week 2"]);

  // A web link: the slot-type chooser, then its form; the link is checked by the server.
  await page.getByRole("link", { name: "Add material to Week 1" }).click();
  await page.getByRole("link", { name: /^Web link/ }).click();
  await expect(page.getByRole("heading", { name: "New Web link in Week 1" })).toBeVisible();
  await page.getByLabel(/^Name/).fill("Reading list");
  await page.getByLabel(/^Link/).fill("example.com/reading");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("The link must start with http:// or https://.")).toBeVisible();
  await expect(page.getByLabel(/^Name/)).toHaveValue("Reading list");
  await page.getByLabel(/^Link/).fill("https://example.com/reading");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Material added.")).toBeVisible();

  // A document: an uploaded PDF.
  await page.getByRole("link", { name: "Add material to Week 1" }).click();
  await page.getByRole("link", { name: /^Document \(PDF\)/ }).click();
  await page.getByLabel(/^Name/).fill("Handbook");
  await page.getByLabel("Duration (HH:MM)").fill("00:45");
  await page.getByLabel(/^File/).setInputFiles({ name: "handbook.pdf", mimeType: "application/pdf", buffer: PDF });
  await page.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Material added.")).toBeVisible();
  await expect(materialNames(page, "Week 1")).toHaveText(["Reading list", "Handbook"]);
  await expect(section(page, "Week 1").getByRole("link", { name: "handbook.pdf" })).toBeVisible();
  await expect(section(page, "Week 1").getByText("00:45")).toBeVisible();
});

test("reorders, hides, renames and deletes, with a confirmation step", async ({ page }, info) => {
  const code = `CUR-R-${tag(info)}`;
  const { id } = makeCourse({
    code,
    sections: [{ name: "Week 1", materials: ["Reading list", "Handbook"] }, { name: "Week 2" }],
  });
  await page.goto(`/dashboard/course/${id}/curriculum`);

  // A material up, a section up, a material up past the top of its section into the previous one.
  await page.getByRole("button", { name: "Move Handbook up" }).click();
  await expect(materialNames(page, "Week 1")).toHaveText(["Handbook", "Reading list"]);
  await page.getByRole("button", { name: "Move Week 2 up" }).click();
  await expect(sectionTitles(page)).toHaveText(["Week 2", "Week 1"]);
  await page.getByRole("button", { name: "Move Handbook up" }).click();
  await expect(materialNames(page, "Week 2")).toHaveText(["Handbook"]);
  await expect(materialNames(page, "Week 1")).toHaveText(["Reading list"]);

  // Hide a material and a section.
  await page.getByRole("switch", { name: "Hide Reading list" }).click();
  await expect(toast(page, "Hidden.")).toBeVisible();
  await expect(page.getByRole("switch", { name: "Show Reading list" })).toHaveText("Hidden");
  await page.getByRole("switch", { name: "Hide Week 2" }).click();
  await expect(section(page, "Week 2").getByText("Hidden section")).toBeVisible();

  // Delete a material, with a confirmation step (cancel first).
  await page.getByRole("link", { name: "Delete material Handbook" }).click();
  await expect(page.getByRole("dialog", { name: "Delete this item?" })).toContainText(
    "Material “Handbook” will be deleted.",
  );
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await page.getByRole("link", { name: "Delete material Handbook" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Material deleted.")).toBeVisible();
  await expect(materialNames(page, "Week 2")).toHaveCount(0);

  // Rename a section.
  await page.getByRole("link", { name: "Rename section Week 1" }).click();
  await page.getByLabel("Section name", { exact: true }).fill("Week one");
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(toast(page, "Section renamed.")).toBeVisible();
  await expect(sectionTitles(page)).toHaveText(["Week 2", "Week one"]);
});

test("a material that is another's prerequisite cannot be deleted or hidden", async ({ page }, info) => {
  const code = `CUR-B-${tag(info)}`;
  const { id } = makeCourse({
    code,
    sections: [
      { name: "Basics", materials: ["Safety video", "Safety quiz"] },
      { name: "Advanced", materials: ["Final project"] },
    ],
  });
  await page.goto(`/dashboard/course/${id}/curriculum`);

  // The quiz needs the video: set in the quiz's slot form.
  await page.getByRole("link", { name: "Edit Safety quiz" }).click();
  await expect(page.getByRole("heading", { name: "Edit Safety quiz" })).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "Safety quiz" })).toHaveCount(0); // not itself
  await page.getByRole("checkbox", { name: "Safety video" }).check();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Material saved.")).toBeVisible();
  await expect(section(page, "Basics").locator("tbody tr").nth(1)).toContainText("Safety video");

  await page.getByRole("link", { name: "Delete material Safety video" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  const warning = page.getByRole("dialog", { name: "Warning" });
  await expect(warning).toContainText("This item cannot be deleted because other items depend on it.");
  await expect(warning.getByRole("listitem")).toHaveText(["Safety quiz"]);
  await warning.getByRole("link", { name: "OK" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(materialNames(page, "Basics")).toHaveText(["Safety video", "Safety quiz"]);

  await page.getByRole("switch", { name: "Hide Safety video" }).click();
  await expect(page.getByRole("dialog", { name: "Warning" })).toContainText(
    "This material is a prerequisite of another material.",
  );
  await page.getByRole("link", { name: "OK" }).click();
  await expect(page.getByRole("switch", { name: "Hide Safety video" })).toHaveText("Shown");

  // Freed (the quiz no longer needs it), the video may go.
  await page.getByRole("link", { name: "Edit Safety quiz" }).click();
  await page.getByRole("checkbox", { name: "Safety video" }).uncheck();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Material saved.")).toBeVisible();
  await page.getByRole("link", { name: "Delete material Safety video" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Material deleted.")).toBeVisible();
  await expect(materialNames(page, "Basics")).toHaveText(["Safety quiz"]);
});

test("deleting the last section unpublishes the course", async ({ page }, info) => {
  const code = `CUR-C-${tag(info)}`;
  const { id } = makeCourse({ code, published: true, sections: [{ name: "Only section", materials: ["Welcome"] }] });
  await page.goto(`/dashboard/course/${id}/curriculum`);
  const header = page.locator("h1").locator("..");
  await expect(header.getByText("Published", { exact: true })).toBeVisible();
  await page.getByRole("link", { name: "Delete section Only section" }).click();
  await expect(page.getByRole("dialog")).toContainText("Section “Only section” and all its materials will be deleted.");
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "The course has no section left, so it is unpublished.")).toBeVisible();
  await expect(header.getByText("Unpublished", { exact: true })).toBeVisible();
  await expect(page.getByText("This course has no section yet.")).toBeVisible();
});

test("the identification form saves the lock duration as seconds and shows it back as time", async ({ page }, info) => {
  const code = `CUR-D-${tag(info)}`;
  const { id } = makeCourse({
    code,
    sections: [{ name: "Module 1", materials: ["Intro clip"] }, { name: "Module 2" }],
  });
  await page.goto(`/dashboard/course/${id}/curriculum`);
  await page.getByRole("navigation", { name: "Sub-pages" }).getByRole("link", { name: "Identification" }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/course/${id}/curriculum/identification$`));
  await expect(page.getByRole("heading", { name: "Curriculum identification" })).toBeVisible();

  const field = (name: string) => page.locator(`[name="${name}"]`);
  await expect(field("item_list[0].duration_lock")).toHaveValue("00:01");
  await field("item_list[0].is_enabled").check();
  await field("item_list[0].identification").selectOption({ label: "Photo" });
  await field("item_list[0].attempt").fill("3");
  await field("item_list[0].duration_lock").fill("1h30");
  await field("item_list[0].slot_list[0].random").check();
  await page.getByRole("button", { name: "Save identification settings" }).click();
  await expect(page.getByText("Enter a time as HH:MM, for example 01:30.")).toBeVisible();
  // What was typed is kept after the refusal.
  await expect(field("item_list[0].attempt")).toHaveValue("3");

  await field("item_list[0].duration_lock").fill("01:30");
  await field("item_list[0].is_enabled").check();
  await field("item_list[0].identification").selectOption({ label: "Photo" });
  await page.getByRole("button", { name: "Save identification settings" }).click();
  await expect(toast(page, "Identification settings saved.")).toBeVisible();
  expect(sectionIden("Module 1", code)).toEqual({
    iden_is_enabled: 1,
    iden_identification: 2,
    iden_attempt: 3,
    iden_duration_lock: 5400,
  });
  await page.reload();
  await expect(field("item_list[0].duration_lock")).toHaveValue("01:30");
  await expect(field("item_list[0].is_enabled")).toBeChecked();
  await expect(field("item_list[0].identification")).toHaveValue("2");
  await expect(field("item_list[1].is_enabled")).not.toBeChecked();
});
