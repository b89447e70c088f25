import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { isJs, all as rows, one } from "./course-fixtures";
import { acceptPendingTerms, API_ORIGIN, DEMO_PASSWORD, signIn } from "./helpers";

/**
 * A class's times, check-in window and cancellation (issue 33 §7, §10, §12, §14, R229;
 * docs/decisions/077), JS on and off. Each project makes its own class through the API (its code
 * names the project): a session today (all day) and one next week, three learners.
 * - The check-in tab shows each session's check-in window; checking learners in by hand to next
 *   week's session is refused in words and writes nothing; "select all" checks in the page's learners.
 * - The learner's page of next week's code names the session and says when check-in opens.
 * - A session checked in by hand only (the schedule's is_qr_code) has no sheet to print.
 * - The spec's addresses /class/{id}/curriculum/{sessionid} and /class/status/{0-3} answer.
 * - Cancelling: the list row is hidden, with no show switch; the learners are "Content canceled",
 *   and each was sent the reason.
 */
const tag = (info: TestInfo) => (isJs(info) ? "ON" : "OFF");
const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });

async function apiPost(page: Page, path: string, data: Record<string, unknown>, method: "post" | "patch" = "post") {
  const csrf = (await page.context().cookies()).find((c) => c.name === "csrftoken")?.value ?? "";
  const res = await page.request[method](`${API_ORIGIN}/api/dashboard/${path}`, {
    data,
    headers: { "x-csrftoken": csrf },
  });
  expect(res.status(), `${path}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as { id: number };
}

/** A calendar day in the organisation's zone, `days` from today. */
function zoneDay(days: number) {
  const offset = Number(
    JSON.parse(one<{ value: string }>("select value from config where key = 'time-zone-offset-minutes'").value),
  );
  return new Date(Date.now() + offset * 60_000 + days * 86_400_000).toISOString().slice(0, 10);
}

const LEARNERS = ["learner", "learner021", "learner022"];

/** A class with today's session and next week's, the three learners enrolled. */
async function classOfToday(page: Page, info: TestInfo) {
  const code = `TM${tag(info)}${Date.now() % 100000}`;
  const refs = {
    category: one<{ id: number }>("select id from category order by id").id,
    provider: one<{ id: number }>("select id from provider order by id").id,
  };
  const name = `Time drill ${tag(info)} ${Date.now() % 1000}`;
  const klass = await apiPost(page, "class/", {
    name,
    code,
    ...refs,
    check_in_type: 0,
    is_user_check_in: true,
    is_allow_change_qr: true,
    is_display: true,
  });
  const today = await apiPost(page, `class/${klass.id}/session/`, {
    name: "Today all day",
    date: zoneDay(0),
    start_time: "00:00",
    end_time: "23:59",
  });
  const later = await apiPost(page, `class/${klass.id}/session/`, {
    name: "Next week",
    date: zoneDay(7),
    start_time: "13:00",
    end_time: "16:00",
  });
  const ids = LEARNERS.map((u) => one<{ id: number }>("select id from account where username = ?", u).id);
  await apiPost(page, `class/${klass.id}/enroll/`, { account_list: ids });
  return { id: klass.id, name, code, today: today.id, later: later.id };
}

test.beforeEach(async ({ page }) => {
  await signIn(page, "admin", "/dashboard/class");
  await acceptPendingTerms(page);
});

test("the check-in window: shown per session, a session not open refuses check-in, select all checks in the page", async ({
  page,
}, info) => {
  test.setTimeout(90_000);
  const c = await classOfToday(page, info);
  const base = `/dashboard/class/${c.id}`;
  await page.goto(`${base}/checkin`);
  const points = page.getByRole("table", { name: "Sessions and their check-ins" });
  await expect(points.getByRole("columnheader", { name: "Check-in open" })).toBeVisible();
  // Next week 13:00–16:00: check-in opens an hour before and closes an hour after.
  await expect(points.getByRole("row").filter({ hasText: "Next week" })).toContainText(/12:00–17:00/);

  // Next week's session: the page says when check-in opens; checking in now is refused, nothing written.
  await page.goto(`${base}/checkin/${c.later}`);
  await expect(page.getByRole("note").filter({ hasText: "Check-in is open" })).toContainText("12:00–17:00");
  await page.getByRole("checkbox", { name: "Select all learners on this page" }).check();
  if (isJs(info))
    for (const box of await page.getByRole("checkbox", { name: /^Select / }).all()) await expect(box).toBeChecked();
  await page.getByRole("button", { name: "Check in", exact: true }).click();
  await expect(page.getByText("Check-in for this session has not opened yet").first()).toBeVisible();
  expect(rows("select id from class_attendance where session_id = ?", c.later)).toHaveLength(0);

  // Today's: "select all" alone (no row ticked by hand) checks in every learner of the page.
  await page.goto(`${base}/checkin/${c.today}`);
  await page.getByRole("checkbox", { name: "Select all learners on this page" }).check();
  await page.getByRole("button", { name: "Check in", exact: true }).click();
  await expect(toast(page, "Learners checked in: 3.")).toBeVisible();
  expect(
    rows<{ checkin_source: number }>("select checkin_source from class_attendance where session_id = ?", c.today),
  ).toEqual([{ checkin_source: 2 }, { checkin_source: 2 }, { checkin_source: 2 }]);
});

test("a code scanned before its session's check-in opens names the session and says when it opens", async ({
  page,
  browser,
}, info) => {
  test.setTimeout(90_000);
  const c = await classOfToday(page, info);
  const sheets = (
    await (await page.request.get(`${API_ORIGIN}/api/dashboard/class/${c.id}/checkin/qr/?format=json`)).json()
  ).results as { token: string; session: { id: number } }[];
  const token = sheets.find((s) => s.session.id === c.later)!.token;
  const phone = await browser.newContext({ baseURL: info.project.use.baseURL, javaScriptEnabled: isJs(info) });
  const learner = await phone.newPage();
  await learner.goto(`/dashboard/account/login/?next=${encodeURIComponent(`/dashboard/checkin/${token}`)}`);
  // "learner" reads English (learner021 and learner022 read Thai).
  await learner.getByLabel(/username or email/i).fill("learner");
  await learner.getByLabel(/^password$/i).fill(DEMO_PASSWORD);
  await learner.getByRole("button", { name: /^sign in$/i }).click();
  await learner.waitForURL((u) => !/\/account\/login/.test(u.pathname));
  await acceptPendingTerms(learner);
  const alert = learner.getByRole("alert");
  await expect(alert).toContainText("Check-in has not opened yet");
  await expect(alert).toContainText("Next week");
  await expect(alert).toContainText(/13:00–16:00/);
  await expect(alert).toContainText(/Check-in opens on .*12:00\./);
  await expect(alert).not.toContainText("expired or invalid");
  await expect(learner.getByRole("button", { name: "Check in" })).toHaveCount(0);
  // In Thai too, with the Buddhist year the whole dashboard writes.
  await learner.goto(`/dashboard/checkin/${token}?language=th`);
  await expect(learner.getByRole("alert")).toContainText("ยังไม่เปิดเช็คอิน");
  await expect(learner.getByRole("alert")).toContainText(String(Number(zoneDay(7).slice(0, 4)) + 543));
  await phone.close();
});

test("a session checked in by hand only has no QR sheet; the spec's session and status addresses answer", async ({
  page,
}, info) => {
  test.setTimeout(90_000);
  const c = await classOfToday(page, info);
  const base = `/dashboard/class/${c.id}`;
  // The session's own address leads to its edit page (the change flag).
  await page.goto(`${base}/curriculum/${c.later}`);
  await expect(page).toHaveURL(new RegExp(`${base}/curriculum/${c.later}/edit/?$`));
  const qr = page.getByRole("checkbox", { name: "Check in by QR code" });
  await expect(qr).toBeChecked();
  await qr.uncheck();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(toast(page, "saved")).toBeVisible();
  expect(one<{ is_qr_code: number }>("select is_qr_code from class_session where id = ?", c.later).is_qr_code).toBe(0);
  await page.goto(`${base}/curriculum/${c.later}/edit`);
  await expect(page.getByRole("checkbox", { name: "Check in by QR code" })).not.toBeChecked();
  await page.goto(`${base}/checkin`);
  const points = page.getByRole("table", { name: "Sessions and their check-ins" });
  await expect(points.getByRole("row").filter({ hasText: "Next week" })).toContainText("By hand only");
  await expect(points.getByRole("link", { name: "Print the QR code of Next week" })).toHaveCount(0);
  await page.goto(`/dashboard/print/portrait/class/${c.id}/qrcode`);
  await expect(page.locator("section.qr-sheet")).toHaveCount(1);
  await page.goto(`${base}/checkin/${c.later}`);
  await expect(page.getByRole("note").filter({ hasText: "checked in by hand only" })).toBeVisible();
  // /class/status/{0-3}: the spec's codes, sent on to the named lists.
  for (const [code, named] of [
    ["0", "ongoing"],
    ["1", "upcoming"],
    ["2", "past"],
    ["3", "canceled"],
  ]) {
    await page.goto(`/dashboard/class/status/${code}?search=drill`);
    await expect(page).toHaveURL(new RegExp(`/dashboard/class/status/${named}\\?search=drill$`));
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  }
  const response = await page.goto("/dashboard/class/status/7");
  expect(response?.status()).toBe(404);
});

test("cancelling asks why, hides the class, moves its learners to content canceled and tells them", async ({
  page,
}, info) => {
  test.setTimeout(90_000);
  const c = await classOfToday(page, info);
  // Published and shown before: cancelling takes both back.
  await apiPost(page, `class/${c.id}/`, { is_display: true }, "patch");
  await page.goto(`/dashboard/class?search=${encodeURIComponent(c.code)}`);
  await expect(page.getByRole("row").filter({ hasText: c.code })).toContainText("Published");
  await page.goto(`/dashboard/class/${c.id}/cancel`);
  await page.getByRole("textbox", { name: "Reason for cancelling" }).fill(`No trainer (${tag(info)}).`);
  await page.getByRole("button", { name: "Cancel the class for good" }).click();
  await expect(toast(page, "The class was cancelled.")).toBeVisible();
  await expect(page.getByText(`Reason: No trainer (${tag(info)}).`)).toBeVisible();

  // The list: canceled, unpublished, hidden — and no show switch to press.
  await page.goto(`/dashboard/class?search=${encodeURIComponent(c.code)}`);
  const row = page.getByRole("row").filter({ hasText: c.code });
  await expect(row).toContainText("Canceled");
  await expect(row).toContainText("Unpublished");
  await expect(row).toContainText("Hidden");
  await expect(row.getByRole("switch")).toHaveCount(0);

  // The learners: content canceled (-4), each told why.
  await page.goto(`/dashboard/class/${c.id}/overall/progress`);
  await expect(page.getByRole("main")).toContainText("Content canceled");
  const statuses = rows<{ status: number }>(
    "select status from content_enrollment where content_type_id = (select id from content_type where code = 'class') and content_id = ?",
    c.id,
  );
  expect(statuses.map((s) => s.status)).toEqual([-4, -4, -4]);
  // Each in their language: "learner" reads English, learner021 and learner022 Thai.
  const mails = rows<{ subject: string; body: string }>(
    "select subject, body from outbox where subject in (?, ?) order by id",
    `Class cancelled: ${c.name}`,
    `ยกเลิกคลาส: ${c.name}`,
  );
  expect(mails.map((m) => m.subject).sort()).toEqual([
    `Class cancelled: ${c.name}`,
    `ยกเลิกคลาส: ${c.name}`,
    `ยกเลิกคลาส: ${c.name}`,
  ]);
  for (const m of mails) expect(m.body).toContain(`No trainer (${tag(info)}).`);
});
