import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { PNG } from "pngjs";
import { analyse } from "./axe";
import { isJs, one } from "./course-fixtures";
import { acceptPendingTerms, API_ORIGIN, signIn } from "./helpers";

/**
 * A class's options at work (issue 16, docs/decisions/046, 047), JS on and off: the check-in
 * options on the information form (hints, create defaults); a class whose learners hold the code —
 * the learner cards, a staff scan of one on a session's page, a bad code refused; regenerating
 * hidden where the class does not allow it; a learner's sessions chosen under Overall › Learners
 * with the minimum, overlap and capacity refusals, shown on the enrollment-old tab; and a program
 * class's settings (terms, permission), absent from a class on its own; the program's cover image. Each project makes its own classes.
 */
const tag = (info: TestInfo) => (isJs(info) ? "ON" : "OFF");
const stamp = () => Date.now() % 100000;

/** A call of the API as the signed-in browser (its session and CSRF cookies go to the API's host too). */
async function apiCall(page: Page, method: "POST" | "PUT", p: string, data: Record<string, unknown>) {
  const csrf = (await page.context().cookies()).find((c) => c.name === "csrftoken")?.value ?? "";
  const res = await page.request.fetch(`${API_ORIGIN}/api/dashboard/${p}`, {
    method,
    data,
    headers: { "x-csrftoken": csrf },
  });
  expect(res.status(), `${p}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as { id: number };
}

/** A calendar day in the organisation's zone, `days` from today. */
function zoneDay(days: number) {
  const offset = Number(
    JSON.parse(one<{ value: string }>("select value from config where key = 'time-zone-offset-minutes'").value),
  );
  return new Date(Date.now() + offset * 60_000 + days * 86_400_000).toISOString().slice(0, 10);
}

const refs = () => ({
  category: one<{ id: number }>("select id from category order by id").id,
  provider: one<{ id: number }>("select id from provider order by id").id,
});
const accountId = (username: string) => one<{ id: number }>("select id from account where username = ?", username).id;

/** A class with `sessions`, `learner` (and more) enrolled. */
async function makeClass(
  page: Page,
  name: string,
  own: Record<string, unknown>,
  sessions: Record<string, unknown>[],
  learners = ["learner"],
  extra: Record<string, unknown> = {},
) {
  const klass = await apiCall(page, "POST", "class/", {
    name,
    code: `CO${stamp()}${Math.floor(Math.random() * 90 + 10)}`,
    ...refs(),
    ...own,
    ...extra,
  });
  const ids: number[] = [];
  for (const s of sessions)
    ids.push((await apiCall(page, "POST", `class/${klass.id}/session/`, { type: 3, confirm_overlap: true, ...s })).id);
  await apiCall(page, "POST", `class/${klass.id}/enroll/`, { account_list: learners.map(accountId) });
  return { id: klass.id, sessions: ids };
}

/** The serious and critical accessibility findings of the page (the shell's moderate ones are another story). */
async function serious(page: Page, info: TestInfo) {
  const { violations } = await analyse(page, info);
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

test.beforeEach(async ({ page }) => {
  await signIn(page, "admin", "/dashboard/class");
  await acceptPendingTerms(page);
});

test("the check-in options: form hints and defaults, learner cards and a staff scan, no regenerate when not allowed", async ({
  page,
}, info) => {
  // A new class starts with the administrator holding the code, learners scanning, changes allowed.
  await page.goto("/dashboard/class/create");
  await expect(page.getByLabel("QR code holder")).toHaveValue("1");
  await expect(page.getByLabel("Learners check themselves in")).toBeChecked();
  await expect(
    page.getByText("Staff may regenerate a session's QR code; printed copies of the old code stop working."),
  ).toBeVisible();

  const c = await makeClass(
    page,
    `Cards ${tag(info)}`,
    { qr_code_holder: 0, is_user_check_in: false, is_allow_change_qr: false },
    [{ name: "All day", date: zoneDay(0), start_time: "00:00", end_time: "23:59" }],
  );
  await page.goto(`/dashboard/class/${c.id}/checkin`);
  await expect(page.getByRole("note")).toContainText("Each learner holds a personal code");
  await expect(page.getByRole("link", { name: "Print all QR codes" })).toHaveCount(0);
  await page.getByRole("link", { name: "Print learner codes" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Learner check-in codes: Cards ${tag(info)}`);
  const card = page.getByRole("listitem").filter({ hasText: "learner" });
  await expect(card.locator("svg")).toHaveCount(1);
  const token = (await card.locator("p.font-mono").last().textContent())!.trim();
  expect(token).toMatch(/^P\d+\.[A-Za-z0-9_-]{22}$/);
  expect(await serious(page, info)).toEqual([]);

  // A session's page: the scan field checks the card's learner in (source 0 web), a bad code is refused.
  await page.goto(`/dashboard/class/${c.id}/checkin/${c.sessions[0]}`);
  await page.getByLabel("Learner's code").fill("P1.not-a-real-code-at-all");
  await page.getByRole("button", { name: "Check in by code" }).click();
  await expect(page.getByRole("alert")).toContainText("QR code expired or invalid");
  await page.getByLabel("Learner's code").fill(token);
  await page.getByRole("button", { name: "Check in by code" }).click();
  await expect(page.getByRole("status")).toContainText("is checked in.");
  await expect(page.getByLabel("Learner's code")).toHaveValue("");
  const row = one<{ checkin_source: number }>(
    "select t.checkin_source from class_attendance t where t.session_id = ?",
    c.sessions[0],
  );
  expect(row.checkin_source).toBe(0);
  await page.getByLabel("Learner's code").fill(token);
  await page.getByRole("button", { name: "Check in by code" }).click();
  await expect(page.getByRole("status")).toContainText("was already checked in");

  // "Allow change QR" off: the sheets say why a scan fails and offer no regenerate.
  await page.goto(`/dashboard/print/portrait/class/${c.id}/qrcode`);
  await expect(page.getByText("Learners hold their own codes in this class")).toBeVisible();
  await expect(page.getByText("Regenerate the QR code")).toHaveCount(0);
  // The information form in Thai names what a setting does.
  await page.goto(`/dashboard/class/${c.id}/information?language=th`);
  await expect(page.getByText("ผู้เรียนเช็กอินเองได้โดยสแกนคิวอาร์โค้ดของรอบ", { exact: false })).toBeVisible();
});

test("a learner's sessions: minimum, overlap and a full session refused, then saved and shown on enrollment-old", async ({
  page,
}, info) => {
  const day = zoneDay(10);
  const c = await makeClass(
    page,
    `Sessions ${tag(info)}`,
    {},
    [
      { name: "Morning", date: day, start_time: "09:00", end_time: "12:00" },
      { name: "Late morning", date: day, start_time: "11:00", end_time: "13:00" },
      { name: "Small room", date: zoneDay(11), start_time: "09:00", end_time: "12:00", capacity: 1 },
    ],
    ["learner", "student0411"],
  );
  await apiCall(page, "PUT", `class/${c.id}/enrollment/`, {
    is_session_enrollment: true,
    minimum_session_enrollment: 1,
    maximum_session_enrollment: 2,
    is_allow_change_session_enrollment: true,
    content_period_cancel: { type: 5, duration: 86_400 },
  });
  const other = one<{ id: number }>(
    "select e.id from content_enrollment e join account a on a.id = e.account_id where a.username = 'student0411' and e.content_id = ? and e.content_type_id = (select id from content_type where code = 'class')",
    c.id,
  ).id;
  await apiCall(page, "PUT", `class/${c.id}/learner/${other}/session/`, { session_list: [c.sessions[2]] });

  await page.goto(`/dashboard/class/${c.id}/overall/learner`);
  const learnerRow = page.getByRole("row").filter({ hasText: "learner" }).filter({ hasNotText: "student0411" });
  await learnerRow.getByRole("link", { name: "Sessions" }).click();
  await expect(page.getByRole("heading", { name: /^Sessions of / })).toBeVisible();
  await expect(page.getByText("Choose from 1 to 2 sessions.")).toBeVisible();
  await expect(page.getByText("Full", { exact: true })).toBeVisible();
  const save = page.getByRole("button", { name: "Save sessions" });
  await save.click();
  await expect(page.getByRole("alert")).toContainText("Choose at least the minimum number of sessions.");
  await page
    .getByLabel(/Morning/)
    .first()
    .check();
  await page.getByLabel(/Late morning/).check();
  await save.click();
  await expect(page.getByRole("alert")).toContainText("Two of the chosen sessions overlap");
  // The ticks come back as posted.
  await expect(page.getByLabel(/Late morning/)).toBeChecked();
  await page.getByLabel(/Late morning/).uncheck();
  await page.getByLabel(/Small room/).check();
  await save.click();
  await expect(page.getByRole("alert")).toContainText("A chosen session is full.");
  await page.getByLabel(/Small room/).uncheck();
  await save.click();
  await expect(page.getByText("Sessions saved.")).toBeVisible();
  await expect(page.getByLabel(/Late morning/)).not.toBeChecked();
  expect(
    one<{ n: number }>("select count(*) as n from class_session_enrollment where session_id = ?", c.sessions[0]).n,
  ).toBe(1);
  expect(await serious(page, info)).toEqual([]);

  await page.goto(`/dashboard/class/${c.id}/enrollment-old`);
  await expect(page.getByRole("heading", { name: "Enrollment by session" })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "Small room" })).toContainText("1 of 1 seats taken");
  await expect(page.getByText("Learners without sessions (0)")).toBeVisible();
  await page.goto(`/dashboard/class/${c.id}/enrollment-old?language=th`);
  await expect(page.getByRole("heading", { name: "การลงทะเบียนตามรอบ" })).toBeVisible();
});

test("a class inside a program has settings with terms and permission; a class on its own has none", async ({
  page,
}, info) => {
  const program = await apiCall(page, "POST", "class_program/", {
    name: `Program ${tag(info)}`,
    code: `CP${stamp()}`,
    ...refs(),
  });
  const c = await makeClass(page, `In program ${tag(info)}`, {}, [], ["learner"], { class_program: program.id });
  const base = `/dashboard/class-program/${program.id}/class/${c.id}`;
  await page.goto(`${base}/information`);
  await page.getByRole("link", { name: "Settings", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${base}/settings$`));
  // The settings page says where each sub-page stands and links it.
  await expect(page.getByRole("link", { name: /^Terms No terms yet\./ })).toHaveAttribute(
    "href",
    `${base}/settings/terms`,
  );
  await expect(page.getByRole("link", { name: /^Permission \d+ rule/ })).toHaveAttribute(
    "href",
    `${base}/settings/permission`,
  );
  await page.goto(`${base}/settings/terms`);
  await page.getByLabel("Learners must accept these terms").check();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("alert")).toContainText("Write the terms, or do not require learners to accept them.");
  await page.getByLabel("Terms and conditions").fill("Arrive ten minutes early.");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Terms saved.")).toBeVisible();
  await expect(page.getByLabel("Terms and conditions")).toHaveValue("Arrive ten minutes early.");
  expect(
    one<{ terms: string; is_terms_required: number }>("select terms, is_terms_required from class where id = ?", c.id),
  ).toEqual({ terms: "Arrive ten minutes early.", is_terms_required: 1 });
  expect(await serious(page, info)).toEqual([]);
  await page.goto(`${base}/settings/permission`);
  await expect(page.locator("main")).toBeVisible();
  await page.goto(`${base}/settings/terms?language=th`);
  await expect(page.getByRole("heading", { name: "ข้อกำหนด" })).toBeVisible();

  await page.goto(`${base}/settings?language=en`);
  await expect(page.getByRole("link", { name: /^Terms Required; accepted by 0/ })).toBeVisible();

  // The program's cover image: uploaded on its information form (cropped to a JPEG with JavaScript).
  await page.goto(`/dashboard/class-program/${program.id}/edit`);
  const png = new PNG({ width: 64, height: 48 });
  png.data.fill(200);
  await page
    .getByLabel("Choose a picture")
    .setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: PNG.sync.write(png) });
  if (isJs(info)) await expect(page.getByLabel("Cropped picture")).toBeVisible();
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByText("Cover image saved.")).toBeVisible();
  const { image } = one<{ image: string }>("select image from class_program where id = ?", program.id);
  expect(image).toMatch(/^\/api\/media\/class-program\/\w+\.(jpg|png)$/);
  await expect(page.getByRole("img", { name: "Cover image" })).toHaveAttribute("src", image);

  // On its own, the same class has no settings tab, and the URL is not a page.
  await page.goto(`/dashboard/class/${c.id}/information`);
  await expect(page.getByRole("link", { name: "Settings", exact: true })).toHaveCount(0);
  const res = await page.goto(`/dashboard/class/${c.id}/settings`);
  expect(res?.status()).toBe(404);
});
