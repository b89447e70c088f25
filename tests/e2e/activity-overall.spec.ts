import { expect, test, type Page } from "@playwright/test";
import type { ActivityUsage, ChecklistRow, SlotRow } from "../../contract/schemas/activity";
import type { Paged } from "../../contract/http";
import { isJs } from "./course-fixtures";
import { acceptPendingTerms, API_ORIGIN, signIn } from "./helpers";

/**
 * Activity's overall pages (spec 000 §2.3; docs/decisions/023) with JS on and off, on the seeded
 * activities: check-in and check-out of ticked learners (a shift-click range with JS on), the
 * usage page per usage type, the verification queue and one checklist's progress by status. The
 * activities, checklists and learners are found through the API (as the signed-in admin), never
 * by id; both projects share one database, so each check-in takes learners nobody has checked in.
 */

type Activity = { id: number; name: string; checklist_count: number };

/** A GET of the API as the signed-in browser (its session cookie goes to the API's host too). */
async function api<T>(page: Page, path: string, params: Record<string, string | number> = {}): Promise<T> {
  const res = await page.request.get(`${API_ORIGIN}/api/dashboard/${path}`, { params: { format: "json", ...params } });
  expect(res.status(), path).toBe(200);
  return (await res.json()) as T;
}

async function signInAdmin(page: Page) {
  await signIn(page, "admin");
  await acceptPendingTerms(page);
}

/** Every seeded activity with checklists, each with its checklists. */
async function activitiesWithChecklists(page: Page) {
  const list = await api<Paged<Activity>>(page, "activity/", { page_size: 100, ordering: "name" });
  const out: { activity: Activity; checklists: ChecklistRow[] }[] = [];
  for (const activity of list.results.filter((a) => a.checklist_count > 0)) {
    out.push({ activity, checklists: await api<ChecklistRow[]>(page, `activity/${activity.id}/checklist/`) });
  }
  return out;
}

const slots = (page: Page, activity: number, checklist: number, params: Record<string, string | number> = {}) =>
  api<Paged<SlotRow>>(page, `activity/${activity}/checklist/${checklist}/slot/`, { page_size: 100, ...params });

const toast = (page: Page, text: string | RegExp) => page.getByRole("status").filter({ hasText: text });
const rowOf = (page: Page, text: string) => page.locator("tbody tr").filter({ hasText: text });
const base = (id: number) => `/dashboard/activity/${id}/overall`;

test("check in ticked learners, see their times, check one out; nothing ticked says so", async ({ page }, info) => {
  const js = isJs(info);
  const wanted = js ? 3 : 2;
  await signInAdmin(page);
  // The first checklist (in the activities' order) with enough learners nobody checked in yet.
  let found: { activity: Activity; checklist: ChecklistRow } | null = null;
  for (const { activity, checklists } of await activitiesWithChecklists(page)) {
    for (const checklist of checklists) {
      if ((await slots(page, activity.id, checklist.id, { status: 0 })).count >= wanted)
        found ??= { activity, checklist };
    }
    if (found) break;
  }
  expect(found, "a checklist with learners not checked in").not.toBeNull();
  const { activity, checklist } = found!;

  await page.goto(`${base(activity.id)}/checkin`);
  await expect(page.getByRole("heading", { name: /^Check-in/ })).toBeVisible();
  await page
    .getByRole("navigation", { name: "Checklist" })
    .getByRole("link", { name: checklist.name, exact: true })
    .click();
  await expect(page).toHaveURL(new RegExp(`/overall/checkin/${checklist.id}$`));
  await expect(
    page.getByRole("navigation", { name: "Checklist" }).getByRole("link", { name: checklist.name, exact: true }),
  ).toHaveAttribute("aria-current", "page");

  // Nothing ticked: the form says what to do and nothing is sent.
  await page.getByRole("button", { name: "Check in", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Tick at least one learner first." })).toBeVisible();

  // Only the learners who have not started (a GET form).
  await page.getByLabel("Status", { exact: true }).selectOption({ label: "Not started" });
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/[?&]status=0/);
  // Each learner's box (the page's "Select all learners on this page" is another control).
  const boxes = page.getByRole("checkbox", { name: /^Select (?!all )/ });
  await expect(boxes.first()).toBeVisible();
  const usernames = await page.locator("tbody tr td:nth-child(2) .font-mono").allTextContents();
  const picked = usernames.slice(0, wanted);
  if (js) {
    // A shift-click ticks the range since the last click.
    await boxes.nth(0).click();
    await boxes.nth(2).click({ modifiers: ["Shift"] });
    for (const i of [0, 1, 2]) await expect(boxes.nth(i)).toBeChecked();
  } else {
    await boxes.nth(0).check();
    await boxes.nth(1).check();
  }
  await page.getByRole("button", { name: "Check in", exact: true }).click();
  await expect(toast(page, `Learners checked in: ${wanted}.`)).toBeVisible();
  // Back on the same list (not started): they have left it.
  await expect(page).toHaveURL(/[?&]status=0/);
  for (const username of picked) await expect(rowOf(page, username)).toHaveCount(0);

  // Each shows as checked in now, by an administrator.
  for (const username of picked) {
    await page.getByLabel("Status", { exact: true }).selectOption({ label: "All" });
    await page.getByRole("searchbox", { name: "Search" }).fill(username);
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(new RegExp(`search=${username}`));
    const row = rowOf(page, username);
    await expect(row).toHaveCount(1);
    await expect(row.locator("td").nth(2)).toHaveText("In progress");
    await expect(row.locator("td").nth(3).locator("time")).toBeVisible();
    await expect(row.locator("td").nth(4)).toHaveText("—");
    await expect(row.locator("td").nth(5)).toHaveText("Administrator");
  }
  const after = (await slots(page, activity.id, checklist.id, { search: picked[0] })).results[0];
  expect(after.datetime_checkin).not.toBeNull();
  expect(after.checkin_source).toBe(2);

  // The last one searched checks out: its check-out time appears.
  const last = picked[picked.length - 1];
  await rowOf(page, last).getByRole("checkbox").check();
  await page.getByRole("button", { name: "Check out", exact: true }).click();
  await expect(toast(page, "Learners checked out: 1.")).toBeVisible();
  await expect(rowOf(page, last).locator("td").nth(4).locator("time")).toBeVisible();
});

test("check-out of a learner who never checked in is refused on the form", async ({ page }, info) => {
  test.skip(isJs(info), "the same server answer with JS on; once is enough");
  await signInAdmin(page);
  let target: { activity: number; checklist: number; username: string } | null = null;
  for (const { activity, checklists } of await activitiesWithChecklists(page)) {
    for (const checklist of checklists) {
      const row = (await slots(page, activity.id, checklist.id, { status: 0 })).results.find(
        (r) => r.datetime_checkin === null,
      );
      if (row && !target) target = { activity: activity.id, checklist: checklist.id, username: row.account.username };
    }
    if (target) break;
  }
  expect(target).not.toBeNull();
  await page.goto(`${base(target!.activity)}/checkin/${target!.checklist}?search=${target!.username}`);
  await rowOf(page, target!.username).getByRole("checkbox").check();
  await page.getByRole("button", { name: "Check out", exact: true }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "Only learners who have checked in can check out." }),
  ).toBeVisible();
  // The learner stays ticked, and still has no check-in.
  await expect(rowOf(page, target!.username).getByRole("checkbox")).toBeChecked();
  await expect(rowOf(page, target!.username).locator("td").nth(3)).toHaveText("—");
});

test("usage: the totals per usage type, per checklist, and 404 for an unknown type", async ({ page }) => {
  await signInAdmin(page);
  const [{ activity }] = await activitiesWithChecklists(page);
  const checkins = await api<ActivityUsage>(page, `activity/${activity.id}/usage/`, { usage_type: "checkin" });
  const submits = await api<ActivityUsage>(page, `activity/${activity.id}/usage/`, { usage_type: "submit" });
  const n = (v: number) => v.toLocaleString("en-GB");

  await page.goto(`${base(activity.id)}/usage`);
  await expect(page.getByRole("heading", { name: /^Usage/ })).toBeVisible();
  const types = page.getByRole("navigation", { name: "Count" });
  await expect(types.getByRole("link", { name: "Check-ins" })).toHaveAttribute("aria-current", "page");
  const total = page.getByRole("region", { name: "Totals" });
  await expect(total.getByRole("definition")).toHaveText(n(checkins.total));
  await expect(page.getByRole("figure").getByRole("img")).toBeVisible();
  const byChecklist = page.getByRole("region", { name: "By checklist" });
  for (const c of checkins.checklists)
    await expect(byChecklist.locator("tr").filter({ hasText: c.name }).locator("td").last()).toHaveText(n(c.count));
  // The chart's figures as a table: every day of the chart, their sum the total.
  await page.getByText("Show the figures as a table").click();
  const cells = await page.getByRole("figure").locator("tbody td").allTextContents();
  expect(cells.reduce((sum, c) => sum + Number(c.replace(/,/g, "")), 0)).toBe(checkins.total);

  await types.getByRole("link", { name: "Submissions" }).click();
  await expect(page).toHaveURL(/\/overall\/usage\/submit$/);
  await expect(types.getByRole("link", { name: "Submissions" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("region", { name: "Totals" }).getByRole("definition")).toHaveText(n(submits.total));

  const unknown = await page.goto(`${base(activity.id)}/usage/everything`);
  expect(unknown?.status()).toBe(404);
});

test("verify queue: the checklists with their waiting count, then one checklist's waiting submissions", async ({
  page,
}) => {
  await signInAdmin(page);
  // A checklist with submissions waiting that administrators may verify, and one only its inspectors may.
  const waiting = (await activitiesWithChecklists(page)).flatMap(({ activity, checklists }) =>
    checklists.filter((c) => c.count.waiting > 0).map((checklist) => ({ activity, checklist })),
  );
  const mine = waiting.find((w) => w.checklist.is_verify_by_admin);
  expect(mine, "a checklist administrators verify, with submissions waiting").toBeTruthy();
  const { activity, checklist } = mine!;

  await page.goto(`${base(activity.id)}/verify`);
  await expect(page.getByRole("heading", { name: /^Verify/ })).toBeVisible();
  const overview = page.getByRole("region", { name: "Submissions waiting, by checklist" });
  await expect(overview.locator("tr").filter({ hasText: checklist.name }).locator("td").last()).toHaveText(
    String(checklist.count.waiting),
  );
  await overview.getByRole("link", { name: checklist.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/overall/verify/${checklist.id}$`));

  const queue = await slots(page, activity.id, checklist.id, { waiting: 1 });
  await expect(page.locator("tbody tr")).toHaveCount(Math.min(queue.count, 50));
  const first = queue.results[0];
  await expect(
    rowOf(page, first.account.username).getByRole("link", { name: `Verify the submission of ${first.account.name}` }),
  ).toHaveAttribute("href", `/dashboard/activity/${activity.id}/checklist/${checklist.id}/slot/${first.id}/verify`);
  // A checklist only inspectors verify: the administrator sees the queue without the way in.
  const theirs = waiting.find((w) => !w.checklist.is_verify_by_admin);
  if (theirs) {
    await page.goto(`${base(theirs.activity.id)}/verify/${theirs.checklist.id}`);
    await expect(page.locator("tbody tr").first()).toContainText("Not yours to verify");
    await expect(page.getByRole("link", { name: /^Verify the submission/ })).toHaveCount(0);
  }
  // A checklist of another activity is not this activity's: 404.
  const other = waiting.find((w) => w.activity.id !== activity.id);
  if (other) expect((await page.goto(`${base(activity.id)}/verify/${other.checklist.id}`))?.status()).toBe(404);
});

test("one checklist's progress: the counts per status filter the learners", async ({ page }) => {
  await signInAdmin(page);
  const all = (await activitiesWithChecklists(page)).flatMap(({ activity, checklists }) =>
    checklists.map((checklist) => ({ activity, checklist })),
  );
  const { activity, checklist } = all.find((c) => c.checklist.count.waiting > 0 && c.checklist.count.passed > 0)!;
  expect(checklist).toBeTruthy();

  await page.goto(`${base(activity.id)}/progress/${checklist.id}`);
  await expect(
    page.getByRole("heading", { name: new RegExp(`^Checklist progress.*${checklist.name.replace(/[()]/g, ".")}`) }),
  ).toBeVisible();
  await expect(page.getByText(`Full score ${checklist.full_score}, pass mark ${checklist.pass_score}.`)).toBeVisible();
  const filters = page.getByRole("navigation", { name: "Status" });
  await filters.getByRole("link", { name: `Verifying (${checklist.count.waiting})` }).click();
  await expect(page).toHaveURL(/[?&]status=22/);
  await expect(page.locator("tbody tr")).toHaveCount(Math.min(checklist.count.waiting, 50));
  for (const status of await page.locator("tbody tr td:nth-child(2)").allTextContents())
    expect(status).toBe("Verifying");

  await filters.getByRole("link", { name: `Completed (${checklist.count.passed})` }).click();
  await expect(page).toHaveURL(/[?&]status=30/);
  await expect(page.locator("tbody tr")).toHaveCount(Math.min(checklist.count.passed, 50));
  const passed = (await slots(page, activity.id, checklist.id, { status: 30 })).results[0];
  await expect(rowOf(page, passed.account.username).locator("td").nth(2)).toHaveText(
    `${passed.score} / ${checklist.full_score}`,
  );

  // The search keeps the status.
  await page.getByRole("searchbox", { name: "Search" }).fill(passed.account.username);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/status=30/);
  await expect(page.locator("tbody tr")).toHaveCount(1);

  expect((await page.goto(`${base(activity.id)}/progress/999999`))?.status()).toBe(404);
});

test("the engine's tabs name the page's type: an activity's say activity, a course's still say course", async ({
  page,
}) => {
  await signInAdmin(page);
  const [activity] = (await api<Paged<Activity>>(page, "activity/", { page_size: 1, ordering: "name" })).results;
  const [course] = (await api<Paged<{ id: number }>>(page, "course/", { page_size: 1, ordering: "name" })).results;
  const main = page.locator("main");

  await page.goto(`/dashboard/course/${course.id}/competency`);
  await expect(
    page.getByText("The competencies this course builds, and the level a learner reaches with it."),
  ).toBeVisible();
  await page.goto(`/dashboard/activity/${activity.id}/competency`);
  await expect(
    page.getByText("The competencies this activity builds, and the level a learner reaches with it."),
  ).toBeVisible();
  await expect(main).not.toContainText(/course/i);
  await page.goto(`/dashboard/activity/${activity.id}/competency?language=th`);
  await expect(page.getByText("สมรรถนะที่กิจกรรมนี้พัฒนา และระดับที่ผู้เรียนจะได้รับเมื่อเรียนจบ")).toBeVisible();
  await expect(main).not.toContainText("หลักสูตร");
});
