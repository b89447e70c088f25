import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { acceptPendingTerms, signIn } from "./helpers";
import { e2eDb } from "./db";
import { analyse } from "./axe";
import { LANE } from "./lane";

/**
 * Previews in dialogs (spec 000 §2.1; docs/decisions/084), JS on and off: a curriculum's PDF,
 * YouTube video, audio file and SCORM package and a media item's PDF open in a Headless UI dialog
 * with JavaScript (title, close button, Escape closes, focus back on the link) and, without it,
 * the same link opens the preview's page of its own with the same frame or player.
 */

const isJs = (info: TestInfo) => info.project.use.javaScriptEnabled !== false;
const tag = (info: TestInfo) => (isJs(info) ? "ON" : "OFF");
const DATA_DIR = LANE.dataDir;

/** The demo SCORM package stored as a SCORM slot's upload stores it (media/material/{hash}.zip). */
function storedPackage(): string {
  const data = fs.readFileSync("public/dashboard/demo/material-scorm.zip");
  const hash = crypto.createHash("sha256").update(data).digest("hex").slice(0, 40);
  const dir = path.join(DATA_DIR, "media", "material");
  fs.mkdirSync(dir, { recursive: true });
  if (!fs.existsSync(path.join(dir, `${hash}.zip`))) fs.writeFileSync(path.join(dir, `${hash}.zip`), data);
  return hash;
}

/** A course with one section holding a PDF, a YouTube video, an audio file and a SCORM package. */
function makeCourse(code: string, scormHash: string): number {
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
        .run(`Previews ${code}`, code, category, provider, at, at).lastInsertRowid,
    );
    const type = "(select id from content_type where code = 'course')";
    const section = Number(
      db
        .prepare(
          `insert into content_section (content_type_id, content_id, name, sort, is_display) values (${type}, ?, 'Week 1', 1, 1)`,
        )
        .run(id).lastInsertRowid,
    );
    const slot = db.prepare(
      `insert into content_material (content_type_id, content_id, section_id, sort, slot_type, name, is_required, is_preview, is_display, is_non_skippable, is_paused_inactive, is_allow_download, attempt, duration, url, file, file_name, datetime_create, datetime_update)
       values (${type}, ?, ?, ?, ?, ?, 1, 0, 1, 0, 0, 0, 0, 600, ?, ?, ?, ?, ?)`,
    );
    slot.run(
      id,
      section,
      1,
      "document",
      "Handbook",
      null,
      "/dashboard/demo/material-handbook.pdf",
      "handbook.pdf",
      at,
      at,
    );
    slot.run(
      id,
      section,
      2,
      "youtube",
      "Key concepts",
      "https://www.youtube.com/watch?v=aircAruvnKk",
      null,
      null,
      at,
      at,
    );
    slot.run(id, section, 3, "media", "Podcast", null, "/dashboard/demo/material-audio.mp3", "podcast.mp3", at, at);
    slot.run(
      id,
      section,
      4,
      "scorm",
      "Final assessment",
      null,
      `/api/media/material/${scormHash}.zip`,
      "assessment.zip",
      at,
      at,
    );
    return id;
  } finally {
    db.close();
  }
}

/** The frame or player each slot's preview shows: its selector and the address it loads. */
const SHOWN = (hash: string) => [
  { name: "Handbook", selector: "iframe", src: "/dashboard/demo/material-handbook.pdf" },
  { name: "Key concepts", selector: "iframe", src: "https://www.youtube-nocookie.com/embed/aircAruvnKk" },
  { name: "Podcast", selector: "audio", src: "/dashboard/demo/material-audio.mp3" },
  { name: "Final assessment", selector: "iframe", src: `/api/media/scorm/${hash}/` },
];

test.describe.configure({ mode: "serial", timeout: 90_000 });

test.beforeEach(async ({ page }) => {
  // The YouTube player is not fetched from here: the test checks the frame's address only.
  await page.route("https://www.youtube-nocookie.com/**", (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<p>player</p>" }),
  );
  await signIn(page, "admin", "/dashboard/course");
  await page.waitForURL((url) => !url.pathname.includes("/account/signin"));
  await acceptPendingTerms(page);
});

async function openPreview(page: Page, name: string) {
  const link = page.getByRole("link", { name: `View ${name}` });
  await link.click();
  return link;
}

test("a curriculum's PDF, YouTube video, audio and SCORM package preview in a dialog or on a page of their own", async ({
  page,
}, info) => {
  const hash = storedPackage();
  const id = makeCourse(`PREVIEW-${tag(info)}`, hash);
  const here = `/dashboard/course/${id}/curriculum`;
  await page.goto(here);
  for (const shown of SHOWN(hash)) {
    const link = await openPreview(page, shown.name);
    if (isJs(info)) {
      const dialog = page.getByRole("dialog", { name: `Preview: ${shown.name}` });
      await expect(dialog).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${here}$`));
      await expect(dialog.locator(shown.selector)).toHaveAttribute("src", shown.src);
      await expect(dialog.getByRole("button", { name: "Close" })).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(link).toBeFocused();
    } else {
      await expect(page).toHaveURL(/\?preview=\d+$/);
      await expect(page.getByRole("heading", { name: `Preview: ${shown.name}` })).toBeVisible();
      await expect(page.locator(`main ${shown.selector}`)).toHaveAttribute("src", shown.src);
      await page.getByRole("link", { name: "Back" }).click();
      await expect(page).toHaveURL(new RegExp(`${here}$`));
    }
  }
  // The SCORM package runs from its entry point, sandboxed (its scripts without the dashboard's origin).
  await openPreview(page, "Final assessment");
  const frame = page.locator('iframe[title="Preview: Final assessment"]');
  await expect(frame).toHaveAttribute("sandbox", "allow-scripts allow-forms allow-popups");
  await expect(
    page.frameLocator('iframe[title="Preview: Final assessment"]').getByText("Demo SCORM lesson."),
  ).toBeVisible();
  if (isJs(info)) {
    // The close button closes it too; axe checks the open dialog once.
    await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();
    await expect(page.getByRole("dialog")).toBeHidden();
    await openPreview(page, "Handbook");
    await expect(page.getByRole("dialog")).toBeVisible();
    const { violations } = await analyse(page, info);
    expect(
      violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help}`),
    ).toEqual([]);
  }
});

test("what the previews load: the PDF typed, the SCORM package launched by a redirect, its files inline and sandboxed", async ({
  page,
}) => {
  const res = await page.request.get("/dashboard/demo/material-handbook.pdf");
  expect(res.headers()["content-type"]).toContain("application/pdf");
  const hash = storedPackage();
  const launch = await page.request.get(`/api/media/scorm/${hash}/`, { maxRedirects: 0 });
  expect(launch.status()).toBe(302);
  const entry = await page.request.get(`/api/media/scorm/${hash}/index.html`);
  expect(entry.headers()["content-disposition"]).toBe("inline");
  expect(entry.headers()["content-security-policy"]).toContain("sandbox");
});

test("a media library document previews its PDF", async ({ page }, info) => {
  const db = e2eDb();
  const row = db
    .prepare("select id, name from media where kind = 'document' and file_key like '%.pdf' order by id limit 1")
    .get() as { id: number; name: string } | undefined;
  db.close();
  test.skip(!row, "no seeded document with a file");
  const here = `/dashboard/document/${row!.id}/information`;
  await page.goto(here);
  await openPreview(page, row!.name);
  const frame = isJs(info)
    ? page.getByRole("dialog", { name: `Preview: ${row!.name}` }).locator("iframe")
    : page.locator("main iframe");
  await expect(frame).toHaveAttribute("src", /^\/api\/media\/uploads\/[0-9a-f]{32}\.pdf$/);
  const pdf = await page.request.get((await frame.getAttribute("src"))!);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect(pdf.headers()["content-disposition"]).toBe("inline");
  if (isJs(info)) {
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toBeHidden();
  } else {
    await expect(page).toHaveURL(/\?preview=1$/);
  }
});
