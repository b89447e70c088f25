import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { acceptPendingTerms, signIn } from "./helpers";
import { analyse } from "./axe";
import { isJs, one, run } from "./course-fixtures";

/**
 * A class's material tab and its sessions' own pages — live, material, survey — and
 * create-activity (issue 16; docs/decisions/045), JS on and off. Both projects share one
 * database, so each test makes its own class (straight into the database: the class's create page
 * is classes.spec.ts's) and works only on it; the Thai check reads a seeded class.
 */
const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });
const tag = (info: TestInfo) => (isJs(info) ? "N" : "F");
let seq = 0;

/** A class of this project with sessions of the given types (far ahead, so it stays upcoming). */
function freshClass(info: TestInfo, label: string, types: number[]): { id: number; sessions: number[] } {
  seq++;
  const code = `E2M${tag(info)}-${label}-${seq}-${Date.now() % 1000}`.slice(0, 12);
  const at = new Date().toISOString();
  return run((db) => {
    const category = (db.prepare("select id from category order by id").get() as { id: number }).id;
    const provider = (db.prepare("select id from provider where code = 'ACAD'").get() as { id: number }).id;
    const res = db
      .prepare(
        `insert into class (name, code, content_level, program, category_id, provider_id, is_environmental, "desc", is_display, datetime_start, datetime_first_publish, datetime_create, datetime_update, created_by)
         values (?, ?, null, null, ?, ?, 0, '', 0, null, null, ?, ?, null)`,
      )
      .run(`Materials ${code}`, code, category, provider, at, at);
    const id = Number(res.lastInsertRowid);
    const sessions = types.map((type, k) => {
      const date = `2031-04-${String(10 + k).padStart(2, "0")}`;
      const s = db
        .prepare(
          `insert into class_session (class_id, name, "desc", type, date, start_time, end_time, datetime_start, datetime_end, capacity, is_display, is_playback, url, datetime_create, datetime_update)
           values (?, ?, '', ?, ?, '09:00', '12:00', ?, ?, 0, 1, 0, '', ?, ?)`,
        )
        .run(id, `Day ${k + 1}`, type, date, `${date}T02:00:00.000Z`, `${date}T05:00:00.000Z`, at, at);
      return Number(s.lastInsertRowid);
    });
    return { id, sessions };
  });
}

test.beforeEach(async ({ page }) => {
  await signIn(page, "admin", "/dashboard/class");
  await page.waitForURL((url) => !url.pathname.includes("/account/signin"));
  await acceptPendingTerms(page);
});

test("the material tab is the curriculum of materials; a session picks among them", async ({ page }, info) => {
  test.setTimeout(60_000);
  const { id, sessions } = freshClass(info, "MAT", [3]);
  await page.goto(`/dashboard/class/${id}/material`);
  await expect(page.getByRole("heading", { name: "Material", exact: true })).toBeVisible();
  await expect(page.getByText("This class has no material yet.")).toBeVisible();
  await page.getByPlaceholder("New section name").fill("Handouts");
  await page.getByRole("button", { name: "Add section" }).click();
  await page.getByRole("link", { name: "Add material to Handouts" }).click();
  await page.getByRole("link", { name: /^Web link/ }).click();
  await page.getByLabel(/^Name/).fill("Reading list");
  await page.getByLabel(/^Link/).fill("example.com/reading");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("The link must start with http:// or https://.")).toBeVisible();
  await page.getByLabel(/^Link/).fill("https://example.com/reading");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("region", { name: "Handouts", exact: true }).getByText("Reading list")).toBeVisible();

  // The session's materials, from its row on the curriculum.
  await page.goto(`/dashboard/class/${id}/curriculum`);
  await page
    .getByRole("navigation", { name: "Pages of the session Day 1" })
    .getByRole("link", { name: "Materials" })
    .click();
  await expect(page).toHaveURL(new RegExp(`/class/${id}/curriculum/${sessions[0]}/material$`));
  await expect(page.getByText("This session uses no material yet.")).toBeVisible();
  // Nothing chosen: the field's error, nothing written.
  await page.getByRole("button", { name: "Add to the session" }).click();
  await expect(page.getByText("This field is required.")).toBeVisible();
  await page
    .getByRole("combobox", { name: "Class material" })
    .selectOption({ label: "Handouts › Reading list (Web link)" });
  await page.getByRole("button", { name: "Add to the session" }).click();
  await expect(toast(page, "Material added to the session.")).toBeVisible();
  await expect(page.getByRole("table").getByText("Reading list")).toBeVisible();
  await expect(page.getByText("The session already uses every material of the class.")).toBeVisible();
  await page
    .getByRole("link", { name: /Remove/ })
    .first()
    .click();
  await page
    .getByRole("dialog")
    .getByRole("button", { name: /Remove|Delete/ })
    .click();
  await expect(toast(page, "Material removed from the session.")).toBeVisible();
  await expect(page.getByText("This session uses no material yet.")).toBeVisible();
  expect(
    one<{ n: number }>(
      "select count(*) as n from content_material where content_id = ? and content_type_id = (select id from content_type where code = 'class')",
      id,
    ).n,
  ).toBe(1);

  // Once cancelled, its materials are read-only (the API refuses the write too: tests/api/classes).
  run((db) => db.prepare("update class set datetime_cancel = ? where id = ?").run(new Date().toISOString(), id));
  await page.goto(`/dashboard/class/${id}/material`);
  await expect(page.getByPlaceholder("New section name")).toBeDisabled();
  await expect(page.getByRole("button", { name: "Add section" })).toBeDisabled();
  expect(
    one<{ n: number }>(
      "select count(*) as n from content_section where content_id = ? and content_type_id = (select id from content_type where code = 'class')",
      id,
    ).n,
  ).toBe(1);
});

test("a live rerun session chooses its live among the lives, links it and clears it (docs/decisions/070)", async ({
  page,
}, info) => {
  const { id, sessions } = freshClass(info, "LVI", [1]);
  const live = one<{ id: number; name: string; code: string }>(
    "select id, name, code from live where code = 'LIVE-004'",
  );
  await page.goto(`/dashboard/class/${id}/curriculum/${sessions[0]}/live`);
  const picker = page.getByRole("combobox", { name: "Live item" });
  await picker.selectOption({ label: `${live.name} (${live.code})` });
  await page.getByRole("button", { name: "Save the live" }).click();
  await expect(toast(page, "The session's live saved.")).toBeVisible();
  expect(one<{ live_id: number }>("select live_id from class_session where id = ?", sessions[0]).live_id).toBe(live.id);
  await expect(page.getByRole("link", { name: live.name })).toHaveAttribute("href", `/dashboard/live/${live.id}`);
  await page.getByRole("combobox", { name: "Live item" }).selectOption({ label: "None" });
  await page.getByRole("button", { name: "Save the live" }).click();
  // The first save's toast may still show: wait for the page without the link.
  await expect(page.getByRole("link", { name: live.name })).toHaveCount(0);
  expect(
    one<{ live_id: number | null }>("select live_id from class_session where id = ?", sessions[0]).live_id,
  ).toBeNull();
});

test("live details of an online session; none for a classroom one; a session's surveys", async ({ page }, info) => {
  test.setTimeout(60_000);
  const { id, sessions } = freshClass(info, "LIV", [5, 3]);
  await page.goto(`/dashboard/class/${id}/curriculum/${sessions[0]}/live`);
  await expect(page.getByRole("heading", { name: "Live details: Day 1" })).toBeVisible();
  await expect(page.getByText("External conference")).toBeVisible();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("An external conference needs its meeting link.")).toBeVisible();
  await page.getByLabel(/^Link/).fill("meet.example.com/room");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("The link must start with http:// or https://.")).toBeVisible();
  await page.getByLabel(/^Link/).fill("https://meet.example.com/room");
  await page.getByLabel("Recording can be played back").check();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Live details saved.")).toBeVisible();
  await expect(page.getByLabel(/^Link/)).toHaveValue("https://meet.example.com/room");
  expect(
    one<{ url: string; is_playback: number }>("select url, is_playback from class_session where id = ?", sessions[0]),
  ).toEqual({ url: "https://meet.example.com/room", is_playback: 1 });

  await page.goto(`/dashboard/class/${id}/curriculum/${sessions[1]}/live`);
  await expect(page.getByRole("note")).toContainText("This session has no live details");
  await expect(page.getByRole("button", { name: "Save" })).toHaveCount(0);

  // Surveys, from the session's page links.
  await page
    .getByRole("navigation", { name: "Pages of the session Day 2" })
    .getByRole("link", { name: "Surveys" })
    .click();
  await expect(page.getByRole("heading", { name: "Surveys: Day 2" })).toBeVisible();
  const survey = one<{ id: number; name: string }>("select id, name from survey order by id");
  await page.getByRole("combobox", { name: "Survey" }).selectOption(String(survey.id));
  await page.getByRole("button", { name: "Attach" }).click();
  await expect(page.getByRole("table").getByText(survey.name)).toBeVisible();
  expect(one<{ n: number }>("select count(*) as n from class_session_survey where session_id = ?", sessions[1]).n).toBe(
    1,
  );
  expect(one<{ n: number }>("select count(*) as n from class_session_survey where session_id = ?", sessions[0]).n).toBe(
    0,
  );
});

test("create-activity: an activity made from the class, listed with it", async ({ page }, info) => {
  const { id } = freshClass(info, "ACT", [3]);
  await page.goto(`/dashboard/class/${id}/curriculum`);
  await page.getByRole("link", { name: "Create an activity" }).click();
  await expect(page).toHaveURL(new RegExp(`/class/${id}/curriculum/create-activity$`));
  await page.getByRole("button", { name: "Create the activity" }).click();
  await expect(page.getByText("This field is required.").first()).toBeVisible();
  const code = `E2A${tag(info)}${Date.now() % 100000}`;
  await page.getByLabel(/^Name/).fill("Site visit");
  await page.getByLabel(/^Code/).fill(code);
  await page.getByRole("button", { name: "Create the activity" }).click();
  await expect(toast(page, "Activity created.")).toBeVisible();
  await page.getByRole("link", { name: "Site visit", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/activity\/\d+\/information$/);
  expect(
    one<{ n: number }>(
      "select count(*) as n from class_activity ca join activity a on a.id = ca.activity_id where ca.class_id = ? and a.code = ?",
      id,
      code,
    ).n,
  ).toBe(1);
});

test("Thai: the seeded workshop's material tab and a session's pages; axe", async ({ page }, info) => {
  test.setTimeout(90_000);
  const klass = one<{ id: number }>("select id from class where code = 'CLS-LEAD'");
  const session = one<{ id: number }>(
    "select id from class_session where class_id = ? order by datetime_start limit 1",
    klass.id,
  );
  const base = `/dashboard/class/${klass.id}`;
  await page.goto(`${base}/material?language=th`);
  await expect(page.locator("html")).toHaveAttribute("lang", "th");
  await expect(page.getByRole("heading", { name: "สื่อการเรียน", level: 2 })).toBeVisible();
  await expect(page.getByText("Workshop handbook")).toBeVisible();
  await page.goto(`${base}/curriculum/${session.id}/material`);
  await expect(page.getByRole("heading", { name: /^สื่อการเรียน: / })).toBeVisible();
  await page.screenshot({ path: `test-results/class-materials-th-${isJs(info) ? "on" : "off"}.png`, fullPage: true });
  await page.goto(`${base}/curriculum?language=en`);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  for (const url of [
    `${base}/material`,
    `${base}/curriculum/${session.id}/material`,
    `${base}/curriculum/${session.id}/live`,
    `${base}/curriculum/${session.id}/survey`,
    `${base}/curriculum/create-activity`,
  ]) {
    await page.goto(url);
    const { violations } = await analyse(page, info);
    const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(
      serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
      url,
    ).toEqual([]);
  }
});
