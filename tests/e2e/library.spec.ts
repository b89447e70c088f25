import { expect, test, type Page } from "@playwright/test";
import { signInAs } from "./helpers";
import { isJs, one } from "./course-fixtures";

/**
 * The content library (`/coniclex…`, issue 19 §6, docs/decisions/071), JS on and off: from the
 * menu's "Content library" to a library item, its take page (a confirmation page of its own), and
 * on to the organisation's hidden copy, which names where it came from; the library item then
 * lists it. An account that may not add the organisation's items is told so and offered no button.
 * The take page in Thai once. Every other library page is opened by the registry-driven route smoke.
 */

const toast = (page: Page, text: string | RegExp) => page.getByRole("status").filter({ hasText: text });

test("a library item is taken into the organisation's content, which names its origin", async ({ page }, info) => {
  // JS on takes the video, JS off the article: each project its own item (one database).
  const [segment, code, key] = isJs(info) ? ["video", "LIB-MV-001", "video"] : ["article", "LIB-MR-001", "article"];
  const item = one<{ id: number; name: string }>("select id, name from media where code = ? and is_library = 1", code);
  await signInAs(page, "admin", "/dashboard");
  await page
    .getByRole("navigation")
    .getByRole("link", { name: `Library ${key}`, exact: true })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: `Library ${key}` })).toBeVisible();
  await page.getByRole("link", { name: item.name, exact: true }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: item.name })).toBeVisible();

  await page.getByRole("link", { name: "Take into our content" }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/coniclex/${segment}/${item.id}/take$`));
  await expect(page.getByRole("heading", { name: "Take into our content", level: 2 })).toBeVisible();
  // What the page says of earlier copies is what the database holds (the no-5xx fuzz may have taken
  // this item already: it posts every action with a valid token).
  const takenBefore = one<{ n: number }>("select count(*) as n from media where library_source_id = ?", item.id).n > 0;
  await expect(
    page.getByText(takenBefore ? "Already taken into your content" : "Not taken into your content yet.").first(),
  ).toBeVisible();
  await page.getByRole("button", { name: "Take it" }).click();

  await expect(toast(page, "Taken into your content as a hidden copy")).toBeVisible();
  const copy = one<{ id: number; is_display: number; is_library: number; code: string }>(
    "select id, is_display, is_library, code from media where library_source_id = ? order by id desc",
    item.id,
  );
  expect(copy).toMatchObject({ is_display: 0, is_library: 0 });
  expect(copy.code).not.toBe(code);
  await expect(page).toHaveURL(new RegExp(`/dashboard/${segment}/${copy.id}/information$`));
  await expect(page.getByRole("link", { name: `From the content library: ${item.name}` })).toBeVisible();

  // Back on the library item: its take page lists the copy.
  await page.getByRole("link", { name: `From the content library: ${item.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/coniclex/${segment}/${item.id}/`));
  await page.goto(`/dashboard/coniclex/${segment}/${item.id}/take`);
  await expect(page.getByRole("link", { name: item.name }).last()).toHaveAttribute(
    "href",
    `/dashboard/${segment}/${copy.id}/information`,
  );
});

test("an account that may not add the organisation's items is told so and offered no button", async ({ page }) => {
  const item = one<{ id: number }>("select id from course where code = 'LIB-CRS-0001'");
  const before = one<{ n: number }>("select count(*) as n from course").n;
  await signInAs(page, "viewer", `/dashboard/coniclex/course/${item.id}/take`);
  await expect(page.getByRole("note")).toContainText("You may not add Course items");
  await expect(page.getByRole("button", { name: "Take it" })).toHaveCount(0);
  expect(one<{ n: number }>("select count(*) as n from course").n).toBe(before);
});

test("the take page in Thai", async ({ page }, info) => {
  test.skip(isJs(info), "once");
  const item = one<{ id: number }>("select id from media where code = 'LIB-MF-001'");
  await signInAs(page, "admin", `/dashboard/coniclex/flash-card/${item.id}/take?language=th`);
  await expect(page.locator("html")).toHaveAttribute("lang", "th");
  await expect(page.getByRole("heading", { name: "นำเข้าเนื้อหาขององค์กร", level: 2 })).toBeVisible();
  await expect(page.getByRole("button", { name: "นำเข้า", exact: true })).toBeVisible();
});
