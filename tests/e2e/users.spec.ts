import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { acceptPendingTerms, signIn } from "./helpers";
import { analyse } from "./axe";
import { isJs, one } from "./course-fixtures";

/**
 * The user area's own screens (issue 15 §1, §3; docs/decisions/034), with JS on and off: the user
 * form's field errors before anything is created, the profile, editing and the history it
 * leaves, deactivation with its confirmation step, departments (create, move, a cycle refused,
 * a delete refused), levels (a name taken refused), the bulk password reset, and the pages in Thai. Both projects share
 * one database, so each works on accounts and names of its own.
 */

const tag = (info: TestInfo) => (isJs(info) ? "on" : "off");
/** Seeded learners no other spec uses (the e2e seed has sixty), six per project: learner013–018, learner022–027 (the fourth: the supervisor test). */
const learner = (info: TestInfo, n: number) => `learner${String((isJs(info) ? 12 : 21) + n).padStart(3, "0")}`;
const idOf = (username: string) => one<{ id: number }>("select id from account where username = ?", username).id;
/** "old → new" as a row reads: the arrow, then "to" for screen readers. */
const moved = (from: string, to: string) =>
  new RegExp(`${from.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} →\\s*to\\s*${to}`);
const toast = (page: Page, text: string | RegExp) => page.getByRole("status").filter({ hasText: text });

async function signInAdmin(page: Page, next: string) {
  await signIn(page, "admin", next);
  await page.waitForURL((u) => !u.pathname.includes("/account/signin"));
  await acceptPendingTerms(page);
  if (!page.url().includes(next)) await page.goto(next);
}

test("create a user: each field's error first and nothing created, then the profile", async ({ page }, info) => {
  const t = tag(info);
  const email = `nadia.${t}@example.com`;
  await signInAdmin(page, "/dashboard/user/create");
  await page.getByRole("textbox", { name: "Username", exact: true }).fill("abc");
  await page.getByRole("textbox", { name: "Password", exact: true }).fill("Secret-Pass1!");
  await page.getByLabel("Confirm password").fill("Secret-Pass2!");
  await page.getByLabel("First name").fill("Nadia");
  await page.getByLabel("Last name").fill(`Newcomer ${t}`);
  await page.getByLabel("Gender").selectOption({ label: "Female" });
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByLabel("Department").selectOption({ label: "Human Resources" });
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.getByText("The username must be 4 to 32 characters long.")).toBeVisible();
  await expect(page.getByText("The passwords do not match.")).toBeVisible();
  expect(one<{ n: number }>("select count(*) as n from account where email = ?", email).n).toBe(0);
  // The form comes back as filled in, but never with the passwords.
  await expect(page.getByLabel("First name")).toHaveValue("Nadia");
  if (!isJs(info)) await expect(page.getByRole("textbox", { name: "Password", exact: true })).toHaveValue("");

  await page.getByRole("textbox", { name: "Username", exact: true }).fill(`nadia_${t}`);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill("Secret-Pass1!");
  await page.getByLabel("Confirm password").fill("Secret-Pass1!");
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page).toHaveURL(/\/dashboard\/user\/\d+\/profile$/);
  await expect(toast(page, "Created.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: `Nadia Newcomer ${t}` })).toBeVisible();
  await expect(page.getByRole("link", { name: "Profile" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByText("Active", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Human Resources" })).toHaveAttribute(
    "href",
    /\/dashboard\/user\/department\/\d+$/,
  );
  await expect(page.getByText("Not enrolled in anything yet.")).toBeVisible();
});

test("edit a user: the history shows each change, old → new, and the move", async ({ page }, info) => {
  const username = learner(info, 1);
  const id = idOf(username);
  const before = one<{ last_name: string; department: string }>(
    "select a.last_name, d.name as department from account a join department d on d.id = a.department_id where a.id = ?",
    id,
  );
  const to = before.department === "Sales" ? "Infrastructure" : "Sales";
  await signInAdmin(page, `/dashboard/user/${id}/profile`);
  await page.getByRole("link", { name: "Information", exact: true }).click();
  await page.getByLabel("Last name").fill(`Edited ${tag(info)}`);
  // The seed's learners have no gender, which the form requires (spec 001 §5).
  await page.getByLabel("Gender").selectOption({ label: "Male" });
  await page.getByLabel("Department").selectOption({ label: to });
  await page.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Saved.")).toBeVisible();

  await page.getByRole("link", { name: "History", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/user/${id}/history$`));
  const rows = page.locator("tbody tr");
  await expect(rows).toHaveCount(2);
  const changed = rows.filter({ hasText: "Changed" });
  await expect(changed).toContainText(moved(`Last name: ${before.last_name}`, `Edited ${tag(info)}`));
  await expect(changed).toContainText(moved("Gender: —", "Male"));
  await expect(changed).toContainText("Ada Admin");
  await expect(rows.filter({ hasText: "Moved department" })).toContainText(moved(before.department, to));

  // Everyone's history, filtered to department moves, and the department history page.
  await page.goto(`/dashboard/user/history?search=${username}&action=department`);
  await expect(page.locator("tbody tr")).toHaveCount(1);
  await expect(page.locator("tbody tr")).toContainText(username);
  await page.goto(`/dashboard/user/department/history?search=${username}`);
  await expect(page.getByRole("heading", { level: 1, name: "Department history" })).toBeVisible();
  await expect(page.locator("tbody tr").first()).toContainText(moved(before.department, to));
});

test("a supervisor chosen by a search: what was typed stays, saved, on the profile", async ({ page }, info) => {
  const id = idOf(learner(info, 4));
  const boss = one<{ id: number; first_name: string; last_name: string }>(
    "select id, first_name, last_name from account where username = 'manager'",
  );
  const bossLabel = `${boss.first_name} ${boss.last_name} (manager)`;
  await signInAdmin(page, `/dashboard/user/${id}/information`);
  const picker = page.getByRole("group", { name: "Supervisor" });
  await expect(picker.getByRole("radio", { name: "No supervisor" })).toBeChecked();
  // Typed before searching: the search carries the form and gives it back, nothing saved.
  await page.getByLabel("Last name").fill(`Supervised ${tag(info)}`);
  await page.getByLabel("Gender").selectOption({ label: "Female" });
  await picker.getByLabel("Find an account by name, username or email").fill("manager");
  await picker.getByRole("button", { name: "Search" }).click();
  await expect(picker.getByRole("radio", { name: bossLabel })).toBeVisible();
  await expect(page.getByLabel("Last name")).toHaveValue(`Supervised ${tag(info)}`);
  await expect(page.getByLabel("Gender")).toHaveValue("female");
  expect(
    one<{ supervisor_id: number | null; last_name: string }>(
      "select supervisor_id, last_name from account where id = ?",
      id,
    ),
  ).toMatchObject({ supervisor_id: null });
  await expect(picker.getByRole("radio", { name: "No supervisor" })).toBeChecked();

  await picker.getByRole("radio", { name: bossLabel }).check();
  // Enter in a text field saves (the form's default button), it does not search.
  await page.getByLabel("Last name").press("Enter");
  await expect(toast(page, "Saved.")).toBeVisible();
  expect(
    one<{ supervisor_id: number | null; last_name: string }>(
      "select supervisor_id, last_name from account where id = ?",
      id,
    ),
  ).toEqual({ supervisor_id: boss.id, last_name: `Supervised ${tag(info)}` });
  // The form shows the one it holds now; the profile names it.
  await expect(page.getByRole("group", { name: "Supervisor" }).getByRole("radio", { name: bossLabel })).toBeChecked();
  await page.getByRole("link", { name: "Profile", exact: true }).click();
  await expect(page.getByRole("link", { name: bossLabel })).toHaveAttribute(
    "href",
    `/dashboard/user/${boss.id}/profile`,
  );
  // The history names the new supervisor, not an id.
  await page.goto(`/dashboard/user/${id}/history`);
  await expect(page.getByRole("cell", { name: bossLabel }).first()).toBeVisible();

  // One's own account is refused with its own message, nothing saved.
  await page.goto(`/dashboard/user/${boss.id}/information`);
  const own = page.getByRole("group", { name: "Supervisor" });
  await page.getByLabel("Gender").selectOption({ label: "Female" });
  await own.getByLabel("Find an account by name, username or email").fill("manager");
  await own.getByRole("button", { name: "Search" }).click();
  await own.getByRole("radio", { name: bossLabel }).check();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("A user cannot be their own supervisor.")).toBeVisible();
  expect(
    one<{ supervisor_id: number | null; gender: string | null }>(
      "select supervisor_id, gender from account where id = ?",
      boss.id,
    ),
  ).toEqual({ supervisor_id: null, gender: null });
});

test("deactivate a user after the confirmation step; activate again", async ({ page }, info) => {
  const username = learner(info, 2);
  const id = idOf(username);
  await signInAdmin(page, `/dashboard/user/${id}/profile`);
  await page.getByRole("link", { name: "Deactivate" }).click();
  await expect(page).toHaveURL(/\?confirm=deactivate$/);
  const dialog = page.getByRole("dialog", { name: "Deactivate this account?" });
  await expect(dialog).toContainText("signed out at once");
  // Cancel leaves it as it was.
  await dialog.getByRole("link", { name: "Cancel" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  expect(one<{ is_active: number }>("select is_active from account where id = ?", id).is_active).toBe(1);

  await page.getByRole("link", { name: "Deactivate" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Deactivate" }).click();
  await expect(toast(page, "The account is deactivated.")).toBeVisible();
  await expect(page.getByText("Inactive", { exact: true })).toBeVisible();
  expect(one<{ is_active: number }>("select is_active from account where id = ?", id).is_active).toBe(0);
  await page.getByRole("button", { name: "Activate" }).click();
  await expect(toast(page, "The account is active.")).toBeVisible();
  expect(one<{ is_active: number }>("select is_active from account where id = ?", id).is_active).toBe(1);
  await page.getByRole("link", { name: "History", exact: true }).click();
  for (const action of ["Deactivated", "Activated"])
    await expect(
      page.locator("tbody tr").filter({ has: page.getByRole("cell", { name: action, exact: true }) }),
    ).toHaveCount(1);
});

test("departments: create under a parent, a cycle refused, a delete refused, a move", async ({ page }, info) => {
  const t = tag(info);
  const [parentName, childName] = [`E2E Parent ${t}`, `E2E Child ${t}`];
  await signInAdmin(page, "/dashboard/user/department");
  await page.getByRole("link", { name: "New department" }).click();
  await expect(page).toHaveURL(/\/dashboard\/user\/department\/new$/);
  await page.getByLabel("Name").fill(parentName);
  await page.getByLabel("Code").fill(`E2E-P-${t}`);
  await page.getByLabel("Parent department").selectOption({ label: "Head Office" });
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page).toHaveURL(/\/dashboard\/user\/department\/\d+$/);
  await expect(toast(page, "Department created.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: parentName })).toBeVisible();
  const parentUrl = page.url();

  // A sub-department from the tree's own link: its parent is chosen already.
  await page.getByRole("link", { name: "Department", exact: true }).first().click();
  await page.getByRole("link", { name: `Add a sub-department under ${parentName}` }).click();
  await expect(page.getByLabel("Parent department")).toHaveValue(/\d+/);
  await page.getByLabel("Name").fill(childName);
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.getByRole("heading", { level: 1, name: childName })).toBeVisible();
  const childUrl = page.url();

  // Moving the parent under its own child is refused, on the parent field.
  await page.goto(parentUrl);
  await page.getByLabel("Parent department").selectOption({ label: `Head Office › ${parentName} › ${childName}` });
  await page.getByRole("button", { name: "Save" }).click();
  await expect(
    page.getByText("A department cannot be moved under itself or one of its sub-departments."),
  ).toBeVisible();
  await expect(page.getByLabel("Parent department")).toHaveAttribute("aria-invalid", "true");

  // Deleting it while it has a sub-department: the warning says why, nothing is removed.
  await page.goto(parentUrl);
  await page.getByRole("link", { name: "Delete" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("dialog", { name: "Warning" })).toContainText(
    "This department has sub-departments. Move or delete them first.",
  );
  expect(one<{ n: number }>("select count(*) as n from department where name = ?", parentName).n).toBe(1);

  // Move the child to Sales: the tree shows it there.
  await page.goto(childUrl);
  await page.getByLabel("Parent department").selectOption({ label: "Sales" });
  await page.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Saved.")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText("Sales");
  await page.goto("/dashboard/user/department");
  const sales = page
    .locator("li")
    .filter({ has: page.getByRole("link", { name: "Sales", exact: true }) })
    .first();
  await expect(sales.getByRole("link", { name: childName, exact: true })).toBeVisible();
  // Now empty, the parent can go.
  await page.goto(parentUrl);
  await page.getByRole("link", { name: "Delete" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Department deleted.")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/user\/department$/);
});

test("levels: add with an error first, edit, a delete refused, delete", async ({ page }, info) => {
  const t = tag(info);
  const name = `E2E Level ${t}`;
  await signInAdmin(page, "/dashboard/user/level");
  const levels = page.getByRole("region", { name: "Levels" });
  await levels.getByRole("button", { name: "Add level" }).click();
  await expect(page.getByRole("region", { name: "Levels" }).getByText("This field is required.")).toBeVisible();
  // A name another level has, whatever its case, is refused and nothing added (issue 33 §4).
  await levels.getByRole("textbox", { name: "Name", exact: true }).fill("staff");
  await levels.getByRole("button", { name: "Add level" }).click();
  await expect(levels.getByText("This name is already used.")).toBeVisible();
  expect(one<{ n: number }>("select count(*) as n from level where lower(name) = 'staff'").n).toBe(1);
  await levels.getByRole("textbox", { name: "Name", exact: true }).fill(name);
  await levels.getByRole("textbox", { name: "Code", exact: true }).fill(`LV-${t}`);
  await levels.getByRole("button", { name: "Add level" }).click();
  await expect(toast(page, "Created.")).toBeVisible();
  await expect(levels.locator("tr").filter({ hasText: name })).toContainText(`LV-${t}`);

  await levels.getByRole("link", { name: `Edit ${name}` }).click();
  await levels
    .locator("tr")
    .filter({ has: page.getByRole("button", { name: "Save" }) })
    .getByLabel("Name")
    .fill(`${name} renamed`);
  await levels.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Saved.")).toBeVisible();
  await expect(levels.locator("tr").filter({ hasText: `${name} renamed` })).toHaveCount(1);

  // Staff is held by many people: refused with the API's reason.
  await levels.getByRole("link", { name: "Delete Staff" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("dialog", { name: "Warning" })).toContainText("Users are assigned to this item");
  await page.getByRole("dialog").getByRole("link", { name: "OK" }).click();
  await expect(levels.locator("tr").filter({ hasText: "Staff" })).toHaveCount(1);

  await levels.getByRole("link", { name: `Delete ${name} renamed` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Deleted.")).toBeVisible();
  await expect(levels.locator("tr").filter({ hasText: name })).toHaveCount(0);
});

test("bulk password reset: choose by search, a mismatch refused, then reset", async ({ page }, info) => {
  const [a, b] = [learner(info, 5), learner(info, 6)];
  await signInAdmin(page, "/dashboard/user/reset-password");
  await expect(page.getByText("be 8 to 32 characters long")).toBeVisible();
  const search = async (text: string) => {
    await page.getByLabel("Find users by name, username or email").fill(text);
    await page.getByRole("search").getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]q=${text}(&|$)`));
  };
  const box = (u: string) => page.getByRole("checkbox", { name: new RegExp(`\\(${u}\\)`) });
  // One account found and ticked, then another: the first stays chosen across the search.
  await search(a);
  await box(a).check();
  if (!isJs(info)) {
    await page.getByRole("button", { name: "Keep ticked and search" }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]chosen=${idOf(a)}(&|$)`));
  }
  await search(b);
  await expect(page.getByText("Chosen: 1")).toBeVisible();
  await expect(box(a)).toBeChecked();
  await box(b).check();
  await page.getByLabel("New password").fill("Fresh-Pass9!");
  await page.getByLabel("Confirm password").fill("Fresh-Pass9?");
  await page.getByRole("button", { name: "Reset passwords" }).click();
  await expect(page.getByText("The passwords do not match.")).toBeVisible();
  // The ticks stay; a page sent again by the server never carries the passwords back.
  await expect(page.getByRole("checkbox", { name: new RegExp(`\\(${a}\\)`) })).toBeChecked();
  if (!isJs(info)) await expect(page.getByLabel("New password")).toHaveValue("");
  await page.getByLabel("New password").fill("Fresh-Pass9!");
  await page.getByLabel("Confirm password").fill("Fresh-Pass9!");
  await page.getByRole("button", { name: "Reset passwords" }).click();
  await expect(toast(page, "The passwords of 2 accounts were reset.")).toBeVisible();
  for (const u of [a, b]) {
    expect(one<{ f: number }>("select is_force_reset_password as f from account where username = ?", u).f).toBe(1);
    expect(
      one<{ n: number }>(
        "select count(*) as n from account_history where action = 'reset_password' and account_id = ?",
        idOf(u),
      ).n,
    ).toBe(1);
  }
});

test("the user pages in Thai, and without serious accessibility problems", async ({ page }, info) => {
  test.setTimeout(120_000);
  const id = idOf(learner(info, 3));
  await signInAdmin(page, `/dashboard/user/${id}/profile?language=th`);
  await expect(page.locator("html")).toHaveAttribute("lang", "th");
  await expect(page.getByRole("link", { name: "โปรไฟล์" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { name: "องค์กร" })).toBeVisible();
  await expect(page.getByRole("link", { name: "ระงับการใช้งาน" })).toBeVisible();
  await page.goto("/dashboard/user/department");
  await expect(page.getByRole("heading", { level: 1, name: "หน่วยงาน" })).toBeVisible();
  await expect(page.getByRole("link", { name: "เพิ่มหน่วยงาน", exact: true })).toBeVisible();
  const pages = [
    `${id}/profile`,
    `${id}/history`,
    "history",
    "level",
    "department",
    "department/1",
    "department/new",
    "department/history",
    "reset-password?q=learner01",
  ];
  for (const language of ["en", "th"]) {
    for (const path of pages) {
      await page.goto(`/dashboard/user/${path}${path.includes("?") ? "&" : "?"}language=${language}`);
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      const { violations } = await analyse(page, info);
      const serious = violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
      expect(serious, `${path} (${language})`).toEqual([]);
    }
  }
  await page.goto(`/dashboard/user/${id}/profile?language=en`);
});
