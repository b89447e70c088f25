import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { signInAs } from "./helpers";
import { isJs, one } from "./course-fixtures";

/**
 * Media content (issue 19, docs/decisions/069), JS on and off: a video created and its file
 * uploaded — resumably with a progress bar with JS, by the plain multipart form without — then its
 * duration and thumbnail shown; deleting a material a course requires answers the dependency
 * dialog naming the course; the pages in Thai once. Issue 33 §11: with JS choosing the file is the
 * one step; a file is checked by its content (fake.pdf refused) and its size shown in the unit
 * that fits; a blank link is "required"; the spec's review and ugc/view addresses redirect to their
 * pages. Both projects share one database: each makes
 * its own items.
 */

const toast = (page: Page, text: string | RegExp) => page.getByRole("status").filter({ hasText: text });
const tag = (info: TestInfo) => (isJs(info) ? "N" : "F");
let clip: string | null = null;
let dir: string;

test.beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "lms-media-e2e-"));
  try {
    clip = path.join(dir, "clip.mp4");
    execFileSync(
      "ffmpeg",
      ["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=duration=2:size=160x90:rate=10", "-pix_fmt", "yuv420p", clip],
      { stdio: "ignore" },
    );
  } catch {
    clip = null;
  }
});
test.afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A new item of `kind` (its address segment `segment`), made through its create page; its id. */
async function createItem(page: Page, info: TestInfo, kind = "video", segment = kind) {
  const code = `${kind.slice(0, 3).toUpperCase()}${tag(info)}${Date.now() % 100000}`;
  await signInAs(page, "admin", `/dashboard/${segment}/create`);
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(`Induction ${code}`);
  await page.getByRole("textbox", { name: "Code", exact: true }).fill(code);
  await page.getByLabel("Category").selectOption({ index: 1 });
  await page.getByLabel("Provider").selectOption({ index: 1 });
  await page.getByRole("button", { name: "Create" }).click();
  await expect(toast(page, "Created.")).toBeVisible();
  return one<{ id: number }>("select id from media where code = ? and kind = ?", code, kind).id;
}
const createVideo = (page: Page, info: TestInfo) => createItem(page, info);

/**
 * Choose `file` in the item's file form: with JS it uploads and saves by itself — one step, no
 * button (issue 33 §11); without, the plain form's button sends it.
 */
async function sendFile(page: Page, info: TestInfo, file: string | { name: string; mimeType: string; buffer: Buffer }) {
  const button = page.getByRole("button", { name: /^(Upload|Replace) the file$/ });
  // Hydrated first (the button goes), else the choice would go to the plain form.
  if (isJs(info)) await expect(button).toHaveCount(0);
  await page.getByLabel("Choose a file").setInputFiles(file);
  if (!isJs(info)) await button.click();
}

test("a video is created and its file uploaded; its duration and thumbnail are shown", async ({ page }, info) => {
  test.skip(!clip, "ffmpeg makes the clip");
  const id = await createVideo(page, info);
  await page.goto(`/dashboard/video/${id}/information`);
  await expect(page.getByText("No file yet.").first()).toBeVisible();
  await sendFile(page, info, clip!);
  await expect(toast(page, "File saved")).toBeVisible({ timeout: 20_000 });
  // Saved, the field is empty again: no "required" beside an "Uploaded" (issue 33 §11).
  await expect(page.getByText("This field is required.")).toHaveCount(0);
  await expect(page.getByTestId("media-duration")).toHaveText("0:02");
  await expect(page.getByRole("img", { name: /Thumbnail of Induction/ })).toBeVisible();
  const row = one<{ file_name: string; duration: number; thumbnail: string | null }>(
    "select file_name, duration, thumbnail from media where id = ?",
    id,
  );
  expect(row).toMatchObject({ file_name: "clip.mp4", duration: 2 });
  expect(row.thumbnail).toBeTruthy();
  // The review page plays it as learners get it.
  await page.goto(`/dashboard/video/${id}/information/review`);
  await expect(page.locator("video")).toHaveAttribute("src", /\/api\/media\/uploads\//);
  await expect(page.getByTestId("media-duration")).toHaveText("0:02");
  // Removed without a new one: the item says it has no file, and the row forgets it.
  await page.goto(`/dashboard/video/${id}/information`);
  await page.getByRole("button", { name: "Remove the file" }).click();
  await expect(toast(page, "File removed")).toBeVisible();
  await expect(page.getByText("No file yet.").first()).toBeVisible();
  expect(one<{ file_key: string | null }>("select file_key from media where id = ?", id).file_key).toBeNull();
});

test("a document's file is checked by its content: a text named fake.pdf is refused, a PDF saved with its size in bytes", async ({
  page,
}, info) => {
  const id = await createItem(page, info, "document");
  await page.goto(`/dashboard/document/${id}/information`);
  await sendFile(page, info, { name: "fake.pdf", mimeType: "application/pdf", buffer: Buffer.from("hello text") });
  // With JS the upload itself is refused (the field says why); without, the form's post is.
  await expect(
    (isJs(info) ? page.locator("#media-file-error") : toast(page, "This file type is not allowed.")).first(),
  ).toContainText("This file type is not allowed.");
  expect(one<{ file_key: string | null }>("select file_key from media where id = ?", id).file_key).toBeNull();
  const pdf = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n", "latin1");
  if (!isJs(info)) await page.goto(`/dashboard/document/${id}/information`);
  await sendFile(page, info, { name: "handbook.pdf", mimeType: "application/pdf", buffer: pdf });
  await expect(toast(page, "File saved")).toBeVisible({ timeout: 20_000 });
  // R394: the size in the unit that fits it, not "1 KB".
  await expect(page.getByText(`${pdf.length} B`, { exact: true })).toBeVisible();
  expect(one<{ file_name: string }>("select file_name from media where id = ?", id).file_name).toBe("handbook.pdf");
});

test("a link left blank is required, not 'not valid' (R297)", async ({ page }) => {
  await signInAs(page, "admin", "/dashboard/external-video/create");
  await page.getByRole("textbox", { name: "Name", exact: true }).fill("Blank link");
  await page.getByRole("button", { name: "Create" }).click();
  const link = page.getByRole("textbox", { name: "Video link" });
  await expect(link).toHaveAccessibleDescription(/This field is required\./);
  await expect(page.getByText("This value is not valid.")).toHaveCount(0);
});

test("the spec's addresses of a media item answer the page that serves them", async ({ page }) => {
  const video = one<{ id: number }>("select id from media where kind = 'video' order by id").id;
  const set = one<{ id: number }>("select id from media where code = 'MF-001'").id;
  await signInAs(page, "admin", `/dashboard/video/${video}/review`);
  await expect(page).toHaveURL(new RegExp(`/dashboard/video/${video}/information/review$`));
  // A learner's card without its id: the list to choose one from.
  await page.goto(`/dashboard/flash-card/${set}/ugc/view`);
  await expect(page).toHaveURL(new RegExp(`/dashboard/flash-card/${set}/ugc/list$`));
});

test("a material a course requires cannot be deleted: the dependency dialog names the course", async ({ page }) => {
  const article = one<{ id: number }>("select id from media where code = 'MR-001'").id;
  const course = one<{ name: string }>(
    "select c.name from content_material m join course c on c.id = m.content_id where m.media_id = ?",
    article,
  ).name;
  await signInAs(page, "admin", `/dashboard/article?delete=${article}`);
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Warning" })).toBeVisible();
  await expect(dialog).toContainText(course);
  expect(one<{ n: number }>("select count(*) as n from media where id = ?", article).n).toBe(1);
});

test("the media pages in Thai", async ({ page }, info) => {
  test.skip(!isJs(info), "one pass is enough for the texts");
  const set = one<{ id: number }>("select id from media where code = 'MF-001'").id;
  await signInAs(page, "admin", `/dashboard/flash-card/${set}/card?language=th`);
  await expect(page.locator("html")).toHaveAttribute("lang", "th");
  await expect(page.getByRole("heading", { name: "การ์ด", exact: true })).toBeVisible();
  await page.goto(`/dashboard/flash-card/${set}/ugc?language=th`);
  await expect(page.getByRole("heading", { name: "การ์ดของผู้เรียน" })).toBeVisible();
  await page.goto("/dashboard/video?language=th");
  await expect(page.getByRole("columnheader", { name: "ความยาว" })).toBeVisible();
});
