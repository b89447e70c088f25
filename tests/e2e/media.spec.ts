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
 * dialog naming the course; the pages in Thai once. Both projects share one database: each makes
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
    execFileSync("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=duration=2:size=160x90:rate=10", "-pix_fmt", "yuv420p", clip], { stdio: "ignore" });
  } catch {
    clip = null;
  }
});
test.afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function createVideo(page: Page, info: TestInfo) {
  const code = `VID${tag(info)}${Date.now() % 100000}`;
  await signInAs(page, "admin", "/dashboard/video/create");
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(`Induction ${code}`);
  await page.getByRole("textbox", { name: "Code", exact: true }).fill(code);
  await page.getByLabel("Category").selectOption({ index: 1 });
  await page.getByLabel("Provider").selectOption({ index: 1 });
  await page.getByRole("button", { name: "Create" }).click();
  await expect(toast(page, "Created.")).toBeVisible();
  return one<{ id: number }>("select id from media where code = ? and kind = 'video'", code).id;
}

test("a video is created and its file uploaded; its duration and thumbnail are shown", async ({ page }, info) => {
  test.skip(!clip, "ffmpeg makes the clip");
  const id = await createVideo(page, info);
  await page.goto(`/dashboard/video/${id}/information`);
  await expect(page.getByText("No file yet.").first()).toBeVisible();
  await page.getByLabel("Choose a file").setInputFiles(clip!);
  if (isJs(info)) {
    // Resumable: the file goes first, with its progress; the form then posts the upload's id.
    await expect(page.getByText(/clip\.mp4/).first()).toBeVisible();
    await expect(page.locator('input[name="file_upload_id"]')).toHaveCount(1, { timeout: 20_000 });
  }
  await page.getByRole("button", { name: "Upload the file" }).click();
  await expect(toast(page, "File saved")).toBeVisible();
  await expect(page.getByTestId("media-duration")).toHaveText("0:02");
  await expect(page.getByRole("img", { name: /Thumbnail of Induction/ })).toBeVisible();
  const row = one<{ file_name: string; duration: number; thumbnail: string | null }>("select file_name, duration, thumbnail from media where id = ?", id);
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

test("a material a course requires cannot be deleted: the dependency dialog names the course", async ({ page }) => {
  const article = one<{ id: number }>("select id from media where code = 'MR-001'").id;
  const course = one<{ name: string }>("select c.name from content_material m join course c on c.id = m.content_id where m.media_id = ?", article).name;
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
