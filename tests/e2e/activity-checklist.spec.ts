import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { acceptPendingTerms, signIn } from "./helpers";
import { isJs, all as rows, one, run } from "./course-fixtures";

/**
 * Activity's checklists (issue 13 §6; docs/decisions/023), with JS on and off: create a checklist
 * (refused first: a pass score above the full score), give it an inspector, delete it after a
 * confirmation; verify a waiting submission and see the learner's slot pass. Both projects share
 * one database, so each works on the seeded activities and slots of its own id parity.
 */

const parity = (info: TestInfo) => (isJs(info) ? 1 : 0);

const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });

test.beforeEach(async ({ page }) => {
  await signIn(page, "admin", "/dashboard/activity");
  await page.waitForURL((url) => !url.pathname.includes("/account/signin"));
  await acceptPendingTerms(page);
  await expect(page).toHaveURL(/\/dashboard\/activity\/?$/);
});

test("checklist: create one (pass score above full refused), add a group and an account inspector, delete it", async ({
  page,
}, info) => {
  const activity = one<{ id: number; name: string }>(
    "select a.id, a.name from activity a where a.id % 2 = ? and exists (select 1 from activity_checklist c where c.activity_id = a.id) order by a.id",
    parity(info),
  );
  // An inspector group is a group of accounts: a condition group is not offered (the API refuses it).
  const group = one<{ id: number; name: string }>(
    "select id, name from account_group where type = 'ACCOUNT' order by id",
  );
  const conditionGroup = one<{ id: number }>("select id from account_group where type = 'CONDITION' order by id");
  // Its place: a location of the locations list and one of its rooms (issue 33: no longer free text).
  const place = one<{ room: number; room_name: string; location: number }>(
    "select r.id as room, r.name as room_name, r.location_id as location from room r order by r.id",
  );
  const name = `Safety briefing sign-off ${isJs(info) ? "ON" : "OFF"}`;
  await page.goto(`/dashboard/activity/${activity.id}/checklist`);
  await expect(page.getByRole("heading", { name: "Checklist", level: 2 })).toBeVisible();

  const add = page.getByRole("region", { name: "Add a checklist" });
  await add.getByLabel("Checklist name").fill(name);
  await add.getByLabel("Full score").fill("10");
  await add.getByLabel("Pass score").fill("12");
  await add.getByLabel("Location").selectOption(String(place.location));
  await add.getByLabel("Room").selectOption(String(place.room));
  await add.getByRole("button", { name: "Add checklist" }).click();
  await expect(add.getByText("The pass score cannot be higher than the full score.")).toBeVisible();
  await expect(add.getByLabel("Pass score")).toHaveAttribute("aria-invalid", "true");
  // What was typed is still there; nothing was created.
  await expect(add.getByLabel("Checklist name")).toHaveValue(name);
  await expect(add.getByLabel("Location")).toHaveValue(String(place.location));
  await expect(add.getByLabel("Room")).toHaveValue(String(place.room));
  expect(rows("select id from activity_checklist where activity_id = ? and name = ?", activity.id, name)).toHaveLength(
    0,
  );

  await add.getByLabel("Pass score").fill("8");
  await add.getByRole("button", { name: "Add checklist" }).click();
  await expect(toast(page, "Checklist added.")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("8 of 10");
  await expect(row).toContainText(place.room_name);
  const created = one<{ id: number; full_score: number; pass_score: number; location_id: number; room_id: number }>(
    "select id, full_score, pass_score, location_id, room_id from activity_checklist where activity_id = ? and name = ?",
    activity.id,
    name,
  );
  expect(created).toMatchObject({ full_score: 10, pass_score: 8, location_id: place.location, room_id: place.room });

  // Its own page: a group inspector (the account list is not needed for that kind).
  await row.getByRole("link", { name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/activity/${activity.id}/checklist/${created.id}$`));
  await expect(page.getByRole("heading", { name, level: 2 })).toBeVisible();
  await expect(page.getByText("No inspectors: only administrators can verify.")).toBeVisible();
  const inspector = page.getByRole("region", { name: "Add an inspector" });
  const groupSelect = inspector.getByRole("combobox", { name: "Group" });
  // Only the chosen kind's target shows (the direct manager needs none).
  await expect(inspector.getByRole("radio", { name: "The learner's direct manager" })).toBeChecked();
  await expect(groupSelect).toBeHidden();
  await inspector.getByRole("radio", { name: "Members of a group" }).check();
  await expect(groupSelect).toBeVisible();
  await expect(inspector.getByRole("combobox", { name: "Account" })).toBeHidden();
  await expect(groupSelect.locator(`option[value="${conditionGroup.id}"]`)).toHaveCount(0);
  await groupSelect.selectOption(String(group.id));
  await inspector.getByRole("button", { name: "Add inspector" }).click();
  await expect(toast(page, "Inspector added.")).toBeVisible();
  await expect(
    page
      .getByRole("table", { name: `Inspectors of ${name}` })
      .getByRole("row")
      .filter({ hasText: group.name }),
  ).toContainText("Group");
  expect(rows("select kind, group_id from activity_inspector where checklist_id = ?", created.id)).toEqual([
    { kind: 2, group_id: group.id },
  ]);

  // The same rule twice is refused on the field.
  await inspector.getByRole("radio", { name: "Members of a group" }).check();
  await groupSelect.selectOption(String(group.id));
  await inspector.getByRole("button", { name: "Add inspector" }).click();
  await expect(inspector.getByText("This one has already been added.")).toBeVisible();
  await expect(groupSelect).toHaveValue(String(group.id));

  // The inspector page lists it under its checklist, and adds one account found by a search.
  await page.getByRole("navigation", { name: "Sub-pages" }).getByRole("link", { name: "Inspectors" }).click();
  await expect(page.getByRole("region", { name })).toContainText(group.name);
  const account = one<{ id: number; username: string }>(
    "select id, username from account where username = 'inspector'",
  );
  const add2 = page.getByRole("region", { name: "Add an inspector" });
  await add2.getByRole("radio", { name: "One account" }).check();
  await add2.getByRole("searchbox", { name: "Find an account by name, username or email" }).fill(account.username);
  await add2.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\?find=inspector$/);
  // After the search the account kind stays chosen.
  await expect(add2.getByRole("radio", { name: "One account" })).toBeChecked();
  await add2.getByRole("combobox", { name: "Checklist" }).selectOption(String(created.id));
  await add2.getByRole("combobox", { name: "Account" }).selectOption(String(account.id));
  await add2.getByRole("button", { name: "Add inspector" }).click();
  await expect(toast(page, "Inspector added.")).toBeVisible();
  await expect(page.getByRole("region", { name })).toContainText(`(${account.username})`);
  expect(
    rows("select kind, account_id from activity_inspector where checklist_id = ? and kind = 3", created.id),
  ).toEqual([{ kind: 3, account_id: account.id }]);

  // Delete, after the confirmation step.
  await page.getByRole("navigation", { name: "Sub-pages" }).getByRole("link", { name: "Checklist" }).click();
  await page
    .getByRole("row")
    .filter({ hasText: name })
    .getByRole("link", { name: `Delete: ${name}` })
    .click();
  const dialog = page.getByRole("dialog", { name: "Delete this item?" });
  await expect(dialog).toContainText(name);
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Checklist deleted.")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(0);
  expect(rows("select id from activity_checklist where id = ?", created.id)).toHaveLength(0);
});

test("a refusal's message says Error and its status (R097): a checklist gone before its delete is confirmed", async ({
  page,
}, info) => {
  const activity = one<{ id: number }>(
    "select a.id from activity a where a.id % 2 = ? and exists (select 1 from activity_checklist c where c.activity_id = a.id) order by a.id",
    parity(info),
  );
  const name = `Gone meanwhile ${isJs(info) ? "ON" : "OFF"}`;
  await page.goto(`/dashboard/activity/${activity.id}/checklist`);
  const add = page.getByRole("region", { name: "Add a checklist" });
  await add.getByLabel("Checklist name").fill(name);
  await add.getByLabel("Full score").fill("10");
  await add.getByLabel("Pass score").fill("5");
  await add.getByRole("button", { name: "Add checklist" }).click();
  await expect(toast(page, "Checklist added.")).toBeVisible();
  await page
    .getByRole("row")
    .filter({ hasText: name })
    .getByRole("link", { name: `Delete: ${name}` })
    .click();
  const dialog = page.getByRole("dialog", { name: "Delete this item?" });
  await expect(dialog).toContainText(name);
  // Someone else removes it meanwhile: the API answers 404, and the message says so with its status.
  run((db) => db.prepare("delete from activity_checklist where activity_id = ? and name = ?").run(activity.id, name));
  await dialog.getByRole("button", { name: "Delete" }).click();
  const refusal = page.getByRole("status").filter({ hasText: "Not found." });
  await expect(refusal).toContainText("Error");
  await expect(refusal).toContainText("(status 404)");
});

test("verify: a waiting submission passes and the learner's slot shows it", async ({ page }, info) => {
  // A submission an administrator may verify, of this project's half.
  const slot = one<{
    id: number;
    checklist_id: number;
    activity_id: number;
    checklist: string;
    full_score: number;
    learner: string;
  }>(
    `select s.id, s.checklist_id, c.activity_id, c.name as checklist, c.full_score, a.first_name || ' ' || a.last_name as learner
     from activity_slot s
     join activity_checklist c on c.id = s.checklist_id
     join content_enrollment e on e.id = s.enrollment_id
     join account a on a.id = e.account_id
     where s.status = 22 and c.is_verify_by_admin = 1 and s.id % 2 = ? order by s.id`,
    parity(info),
  );
  expect(slot, "a seeded waiting slot").toBeTruthy();

  // From the checklist tab: its waiting count leads to the verify list.
  await page.goto(`/dashboard/activity/${slot.activity_id}/checklist`);
  await page
    .getByRole("row")
    .filter({ hasText: slot.checklist })
    .getByRole("link", { name: /waiting$/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/checklist/${slot.checklist_id}/slot/verify$`));
  await expect(page.getByRole("link", { name: "Waiting for verification" })).toHaveAttribute("aria-current", "page");
  await page.getByRole("link", { name: `Verify ${slot.learner}` }).click();
  await expect(page).toHaveURL(new RegExp(`/checklist/${slot.checklist_id}/slot/${slot.id}/verify$`));
  await expect(page.getByRole("heading", { name: slot.learner, level: 3 })).toBeVisible();

  const form = page.getByRole("region", { name: "Verification" });
  await form.getByLabel("Score").fill(String(slot.full_score + 1));
  await form.getByRole("button", { name: "Save the verification" }).click();
  await expect(form.getByText("The score cannot be higher than the checklist's full score.")).toBeVisible();
  expect(one<{ status: number }>("select status from activity_slot where id = ?", slot.id).status).toBe(22);

  await form.getByLabel("Score").fill(String(slot.full_score));
  await form.getByLabel("Note to the learner").fill("Well done.");
  await form.getByRole("button", { name: "Save the verification" }).click();
  await expect(toast(page, `Passed: ${slot.learner}.`)).toBeVisible();
  // On to the next waiting submission of the checklist, or back to its list.
  await expect(page).toHaveURL(new RegExp(`/checklist/${slot.checklist_id}/slot/(\\d+/)?verify$`));
  // The next submission's form starts empty (nothing carried over from the one just verified).
  if (/\/slot\/\d+\/verify$/.test(page.url())) {
    await expect(form.getByLabel("Score")).toHaveValue("");
    await expect(form.getByLabel("Note to the learner")).toHaveValue("");
  }
  expect(one("select status, score, note from activity_slot where id = ?", slot.id)).toEqual({
    status: 30,
    score: slot.full_score,
    note: "Well done.",
  });

  // The checklist page's learners show the slot passed, verified by the administrator.
  await page.goto(
    `/dashboard/activity/${slot.activity_id}/checklist/${slot.checklist_id}?search=${encodeURIComponent(slot.learner)}`,
  );
  const learner = page
    .getByRole("table", { name: "Learners of this checklist" })
    .getByRole("row")
    .filter({ hasText: slot.learner });
  await expect(learner).toContainText("Completed");
  await expect(learner).toContainText(`${slot.full_score} / ${slot.full_score}`);
  await expect(learner).toContainText("Ada Admin");
});
