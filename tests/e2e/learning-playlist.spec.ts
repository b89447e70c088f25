import { expect, test } from "@playwright/test";
import { acceptPendingTerms, signIn } from "./helpers";
import { isJs, one } from "./course-fixtures";
import { setConfig } from "./db";
import { addContent, rowNames, tag, toast } from "./sequence-kit";

/**
 * Learning playlists (issue 36 §4, docs/decisions/101), with JavaScript on and off: a public,
 * followable playlist is made (its owner, when nobody is named, the one who made it), its contents
 * added and reordered, published, and found on the public list and among its owner's playlists
 * — not among another person's; a learner's own playlist is on theirs; the list in Thai; with the
 * learning-playlist switch off the area has no menu entry and its pages answer 404; a collaborator
 * is named and, signed in as that collaborator (the inspector, without any playlist flag), edits it
 * as its role allows (docs/decisions/102). Both projects share one database, so each works on a
 * playlist and contents of its own.
 */

const SWITCH = "learning-playlist-is-enabled";

test.beforeEach(async ({ page }) => {
  await signIn(page, "admin", "/dashboard/learning-playlist");
  await acceptPendingTerms(page);
});

test("a public playlist is made, filled, reordered and published; the public and people's lists find it", async ({
  page,
}, info) => {
  const code = `PL-E2E-${tag(info)}`;
  const name = `Sales Starter Playlist ${tag(info)}`;
  await page.goto("/dashboard/learning-playlist/create");
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(name);
  await page.getByRole("textbox", { name: "Code", exact: true }).fill(code);
  await page.getByRole("combobox", { name: "Category" }).selectOption({ index: 1 });
  await page.getByRole("combobox", { name: "Provider" }).selectOption({ index: 1 });
  await page.getByRole("combobox", { name: "Type", exact: true }).selectOption({ label: "Public" });
  await page.getByRole("checkbox", { name: "Others may follow it" }).check();
  await page.getByRole("button", { name: "Create" }).click();
  await expect(toast(page, "Created.")).toBeVisible();
  const playlist = one<{ id: number; owner_id: number; playlist_type: number; is_followable: number }>(
    "select id, owner_id, playlist_type, is_followable from learning_playlist where code = ?",
    code,
  );
  const admin = one<{ id: number }>("select id from account where username = 'admin'").id;
  expect(playlist).toMatchObject({ owner_id: admin, playlist_type: 2, is_followable: 1 });
  // Its settings page is where it opens, with its owner named.
  await expect(page).toHaveURL(new RegExp(`/dashboard/learning-playlist/${playlist.id}/setting$`));
  await expect(page.getByRole("radio", { name: /\(admin\)$/ })).toBeChecked();

  const offset = isJs(info) ? 5 : 6;
  const pick = (table: string) =>
    one<{ name: string; code: string }>(`select name, code from ${table} order by id limit 1 offset ?`, offset);
  const [c, s] = [pick("course"), pick("survey")];
  await page.goto(`/dashboard/learning-playlist/${playlist.id}/curriculum`);
  await expect(page.getByText("The playlist has no content yet.")).toBeVisible();
  await addContent(page, "Course", c);
  await addContent(page, "Survey", s);
  expect(await rowNames(page)).toEqual([c.name, s.name]);
  await page.getByRole("button", { name: `Move ${s.name} up` }).click();
  await expect(toast(page, "Saved")).toBeVisible();
  expect(await rowNames(page)).toEqual([s.name, c.name]);

  // With contents, it publishes.
  await page.goto(`/dashboard/learning-playlist/${playlist.id}/setting`);
  await page.getByRole("button", { name: "Publish now" }).click();
  await expect
    .poll(() => one<{ is_display: number }>("select is_display from learning_playlist where id = ?", playlist.id))
    .toEqual({ is_display: 1 });

  await page.goto("/dashboard/learning-playlist/public");
  await expect(page.getByRole("heading", { name: "Public playlists" })).toBeVisible();
  const row = page.getByRole("row", { name: new RegExp(code) });
  await expect(row).toContainText("Public");
  await expect(row).toContainText("2");
  // A personal playlist is not on the public list.
  await expect(page.getByRole("row", { name: /PL-MINE/ })).toHaveCount(0);

  // The owner's playlists hold it; another person's do not.
  await page.goto(`/dashboard/learning-playlist/user/${admin}`);
  await expect(page.getByRole("row", { name: new RegExp(code) })).toBeVisible();
  const learner = one<{ id: number }>("select id from account where username = 'learner003'").id;
  await page.goto(`/dashboard/learning-playlist/user/${learner}`);
  await expect(page.getByRole("row", { name: /PL-MINE/ })).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(code) })).toHaveCount(0);
});

test("the playlists in Thai; with the switch off the area is gone, on again it is back", async ({ page }) => {
  await page.goto("/dashboard/learning-playlist?language=th");
  await expect(page.getByRole("heading", { name: "เพลย์ลิสต์การเรียนรู้" })).toBeVisible();
  await page.goto("/dashboard/learning-playlist?language=en");
  const entry = () =>
    page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Learning playlist" });
  await expect(entry()).toBeVisible();
  const before = one<{ value: string } | undefined>("select value from config where key = ?", SWITCH);
  try {
    setConfig(SWITCH, false);
    expect((await page.goto("/dashboard/learning-playlist"))?.status()).toBe(404);
    await page.goto("/dashboard/");
    await expect(entry()).toHaveCount(0);
  } finally {
    setConfig(SWITCH, before ? JSON.parse(before.value) : true);
  }
  expect((await page.goto("/dashboard/learning-playlist/public"))?.status()).toBe(200);
});

test("a collaborator named as an editor signs in and edits the playlist, and nothing more", async ({ page }, info) => {
  const code = `PL-TEAM-${tag(info)}`;
  await page.goto("/dashboard/learning-playlist/create");
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(`Team Playlist ${tag(info)}`);
  await page.getByRole("textbox", { name: "Code", exact: true }).fill(code);
  await page.getByRole("combobox", { name: "Category" }).selectOption({ index: 1 });
  await page.getByRole("combobox", { name: "Provider" }).selectOption({ index: 1 });
  await page.getByRole("button", { name: "Create" }).click();
  await expect(toast(page, "Created.")).toBeVisible();
  const id = one<{ id: number }>("select id from learning_playlist where code = ?", code).id;

  // The administrator names the inspector an editor.
  await page.goto(`/dashboard/learning-playlist/${id}/collaborator`);
  await expect(page.getByText("No collaborators yet.")).toBeVisible();
  // The add form offers the first accounts by username (other specs add thousands): found by a search first.
  await page.getByRole("searchbox", { name: "Find an account to add" }).fill("inspector");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/[?&]find=inspector/);
  const inspector = one<{ id: number }>("select id from account where username = 'inspector'").id;
  await page.getByRole("combobox", { name: "Account", exact: true }).selectOption(String(inspector));
  await page.getByRole("combobox", { name: "Role", exact: true }).selectOption({ label: "Editor" });
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(toast(page, "Collaborator added.")).toBeVisible();
  await expect(page.getByRole("row", { name: /\(inspector\).*Account.*Editor/ })).toBeVisible();

  try {
    // Signed in as the inspector: the menu leads to the playlists it works on, and only those.
    await page.context().clearCookies();
    await signIn(page, "inspector", "/dashboard/");
    await acceptPendingTerms(page);
    await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Learning playlist" }).click();
    await expect(page.getByRole("row", { name: new RegExp(code) })).toBeVisible();
    await expect(page.getByRole("row", { name: /PL-LEAD/ })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Create" })).toHaveCount(0);

    // It changes the settings…
    await page.goto(`/dashboard/learning-playlist/${id}/setting`);
    await page.getByRole("textbox", { name: "Name", exact: true }).fill(`Team Playlist ${tag(info)}, edited`);
    await page.getByRole("button", { name: "Save" }).click();
    await expect(toast(page, "Saved")).toBeVisible();
    expect(one<{ name: string }>("select name from learning_playlist where id = ?", id).name).toBe(
      `Team Playlist ${tag(info)}, edited`,
    );
    // …sees who else works on it, but names nobody (its owner and admins do), and cannot publish it.
    await page.getByRole("link", { name: "Collaborators" }).click();
    await expect(page.getByRole("row", { name: /\(inspector\)/ })).toBeVisible();
    await expect(page.getByRole("button", { name: "Add", exact: true })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Publish now" })).toHaveCount(0);
    // A playlist that names it nowhere is not there for it.
    const other = one<{ id: number }>("select id from learning_playlist where code = 'PL-LEAD'").id;
    expect((await page.goto(`/dashboard/learning-playlist/${other}/setting`))?.status()).toBe(404);
  } finally {
    // The administrator removes it again (a confirmation step): the inspector holds no role after this test.
    await page.context().clearCookies();
    await signIn(page, "admin", `/dashboard/learning-playlist/${id}/collaborator`);
    await page
      .getByRole("link", { name: /^Remove/ })
      .first()
      .click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "Collaborator removed.")).toBeVisible();
  }
  expect(
    one<{ n: number }>("select count(*) as n from learning_playlist_collaborator where learning_playlist_id = ?", id).n,
  ).toBe(0);
});
