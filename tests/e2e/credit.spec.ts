import fs from "node:fs";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { acceptPendingTerms, signIn } from "./helpers";
import { freshCourse, isJs, one, run } from "./course-fixtures";

/**
 * Learners' credit and the assignment settings of issue 33 (§3, §8, §14, §15; docs/decisions/075),
 * JS on and off: a learner's Credit tab (balance, a top-up refused without its reason then saved,
 * the history); a priced course's preview saying who is charged, who lacks credit (in words, with
 * what to do) and "no charge" assigning everyone; the exports; the auto-assignment form showing
 * only the chosen choice's fields and naming the bounds of a day or a time; credit imported for many
 * learners, the same file twice crediting nobody twice; a test assigned through the screens reaching
 * its learner (the issue's flow). Both projects share one
 * database, so each takes its own learners and content. Thai once per page.
 */
const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });
/** Without JavaScript a choice's fields come with its "show the fields" button (the form posted back). */
async function showChoice(page: Page, info: TestInfo) {
  if (!isJs(info)) await page.getByRole("button", { name: "Show the fields of this choice" }).first().click();
}

test.beforeEach(async ({ page }) => {
  await signIn(page, "admin", "/dashboard/assignment");
  await page.waitForURL((url) => !url.pathname.includes("/account/signin"));
  await acceptPendingTerms(page);
});

/** Active students without credit, this project's own (`skip` apart from the other tests'). */
function students(info: TestInfo, skip: number, n: number) {
  return run(
    (db) =>
      db
        .prepare(
          "select id, username from account where username like 'student%' and is_active = 1 and id not in (select account_id from account_credit) order by id limit ? offset ?",
        )
        .all(n, skip * 2 + (isJs(info) ? 0 : n)) as { id: number; username: string }[],
  );
}

test("a learner's credit: the balance, a top-up with its reason, the history", async ({ page }, info) => {
  const [learner] = students(info, 0, 1);
  const base = `/dashboard/user/${learner.id}/credit`;
  await page.goto(base);
  await expect(page.getByRole("heading", { name: "Balance" })).toBeVisible();
  await expect(page.getByText("No change of this learner's credit yet.")).toBeVisible();

  // No reason: refused on its field, nothing written.
  await page.getByRole("textbox", { name: "Amount (baht)" }).fill("1500.50");
  await page.getByRole("button", { name: "Save the change" }).click();
  await expect(page.getByText("This field is required.")).toBeVisible();
  expect(one<{ n: number }>("select count(*) as n from credit_transaction where account_id = ?", learner.id).n).toBe(0);

  await page.getByRole("textbox", { name: "Amount (baht)" }).fill("1500.50");
  await page.getByRole("textbox", { name: "Reason" }).fill("Training budget 2027");
  await page.getByRole("textbox", { name: "Reference (optional)" }).fill(`RCPT-${learner.id}`);
  await page.getByRole("button", { name: "Save the change" }).click();
  await expect(toast(page, "Credit saved. The balance is 1,500.50.")).toBeVisible();
  const history = page.getByRole("table", { name: "History" });
  await expect(history.getByRole("row").filter({ hasText: "Training budget 2027" })).toContainText("Top-up");
  await expect(history.getByRole("row").filter({ hasText: "Training budget 2027" })).toContainText(
    `Reference RCPT-${learner.id}`,
  );

  // The same reference again: refused on its field.
  await page.getByRole("textbox", { name: "Amount (baht)" }).fill("10");
  await page.getByRole("textbox", { name: "Reason" }).fill("Again");
  await page.getByRole("textbox", { name: "Reference (optional)" }).fill(`RCPT-${learner.id}`);
  await page.getByRole("button", { name: "Save the change" }).click();
  await expect(page.getByText("This reference was already credited to this learner.")).toBeVisible();
  expect(
    one<{ balance_minor: number }>("select balance_minor from account_credit where account_id = ?", learner.id)
      .balance_minor,
  ).toBe(150050);
  await page.screenshot({ path: info.outputPath("credit.png"), fullPage: true });

  await page.goto(`${base}?language=th`);
  await expect(page.getByRole("heading", { name: "ประวัติ" })).toBeVisible();
  await page.screenshot({ path: info.outputPath("credit-th.png"), fullPage: true });
  await page.goto(`${base}?language=en`);
});

/** An assignment of a course priced 1,000.00 to two learners: one with 5,000.00 credit, one with none. */
function pricedAssignment(info: TestInfo) {
  const courseId = freshCourse(info, "CRD", "E2E", "Priced course");
  const [rich, poor] = students(info, 1, 2);
  const at = new Date().toISOString();
  const id = run((db) => {
    const type = (db.prepare("select id from content_type where code = 'course'").get() as { id: number }).id;
    db.prepare("insert into content_budget (content_type_id, content_id, price_minor) values (?, ?, 100000)").run(
      type,
      courseId,
    );
    db.prepare("insert into account_credit (account_id, balance_minor, datetime_update) values (?, 500000, ?)").run(
      rich.id,
      at,
    );
    const id = Number(
      db
        .prepare(
          "insert into assignment (type, name, status, created_by, datetime_create, datetime_update) values (0, ?, 0, null, ?, ?)",
        )
        .run(`Priced ${isJs(info) ? "ON" : "OFF"}`, at, at).lastInsertRowid,
    );
    db.prepare(
      "insert into assignment_content (assignment_id, content_type_id, content_id, datetime_create) values (?, ?, ?, ?)",
    ).run(id, type, courseId, at);
    for (const s of [rich, poor])
      db.prepare("insert into assignment_audience (assignment_id, kind, ref_id) values (?, 'account', ?)").run(
        id,
        s.id,
      );
    return id;
  });
  return { id, courseId, rich, poor };
}

test("a priced course: who is charged, who lacks credit and what to do; no charge assigns everyone; the exports", async ({
  page,
}, info) => {
  test.setTimeout(90_000);
  const a = pricedAssignment(info);
  const base = `/dashboard/assignment/${a.id}`;
  await page.goto(`${base}/summary`);
  await expect(page.getByText("1 learner is charged 1,000.00 altogether.")).toBeVisible();
  await expect(page.getByText("Not enough credit").first()).toBeVisible();
  await expect(page.getByText(/\b7 ·/)).toHaveCount(0);
  const advice = page.getByRole("region", { name: "What to do" }).first();
  await expect(advice).toContainText("top it up on each learner's Credit tab");
  await page.getByText("Learner by learner").click();
  await expect(page.getByText("has 0.00, needs 1,000.00")).toBeVisible();
  await expect(page.getByText("charged 1,000.00 of 5,000.00")).toBeVisible();
  await page.screenshot({ path: info.outputPath("preview-charged.png"), fullPage: true });

  await page.goto(`${base}/condition`);
  await page.getByRole("checkbox", { name: "Assigned by the organisation: no charge" }).check();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(toast(page, "Saved.")).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "Assigned by the organisation: no charge" })).toBeChecked();
  await page.goto(`${base}/summary`);
  await expect(page.getByText("Assigned by the organisation: nobody is charged.")).toBeVisible();
  await expect(page.getByText("Adds 2 learnings")).toBeVisible();
  await page.getByRole("button", { name: "Assign", exact: true }).click();
  await page.waitForURL(/\/learner\/?\?contentName=/, { timeout: 10_000 });
  await expect(
    page.getByRole("table", { name: "Results" }).getByRole("row").filter({ hasText: "Assigned" }),
  ).toHaveCount(2);
  expect(
    one<{ balance_minor: number }>("select balance_minor from account_credit where account_id = ?", a.rich.id)
      .balance_minor,
  ).toBe(500000);

  // The learner results as the tab filters them, in words and with their code.
  const csv = page.getByRole("group", { name: "Export" }).getByRole("link", { name: /CSV/ });
  const res = await page.request.get((await csv.getAttribute("href"))!);
  expect(res.status()).toBe(200);
  const text = await res.text();
  expect(text).toContain(a.rich.username);
  expect(text).toContain("Assigned");

  await page.goto(`${base}/summary?language=th`);
  await expect(page.locator("html")).toHaveAttribute("lang", "th");
  await page.screenshot({ path: info.outputPath("summary-th.png"), fullPage: true });
  await page.goto(`${base}/summary?language=en`);
});

test("the budget list exports as it is filtered", async ({ page }) => {
  await page.goto("/dashboard/budget");
  const csv = page.getByRole("group", { name: "Export" }).getByRole("link", { name: /CSV/ });
  const res = await page.request.get((await csv.getAttribute("href"))!);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toContain("text/csv");
  expect(await res.text()).toContain("Total");
});

test("auto-assignment: only the chosen choice's fields, and a day or a time out of bounds says its bounds", async ({
  page,
}, info) => {
  await page.goto("/dashboard/auto-assignment/create");
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(`Monthly ${isJs(info) ? "ON" : "OFF"}`);
  await expect(page.getByLabel("Expiry date")).toHaveCount(0);
  await expect(page.getByRole("spinbutton", { name: "Days to complete" })).toHaveCount(0);
  await expect(page.getByRole("spinbutton", { name: "Day of the month" })).toHaveCount(0);

  await page.getByRole("combobox", { name: "Period of doing", exact: true }).selectOption("2");
  await page.getByRole("checkbox", { name: "Recurring", exact: true }).check();
  await showChoice(page, info);
  await page.getByRole("combobox", { name: "Unit", exact: true }).selectOption("2");
  await showChoice(page, info);
  await expect(page.getByRole("spinbutton", { name: "Days to complete" })).toBeVisible();
  await expect(page.getByLabel("Expiry date")).toHaveCount(0);

  await page.getByRole("spinbutton", { name: "Day of the month" }).fill("32");
  await page.getByRole("textbox", { name: "Assign time" }).fill("25:99");
  await page.getByRole("spinbutton", { name: "Days to complete" }).fill("30");
  await page.getByRole("button", { name: "Create", exact: true }).click();
  await expect(page.getByText("Enter a day of the month from 1 to 31.")).toBeVisible();
  await expect(page.getByText("Enter a time from 00:00 to 23:59, as HH:MM (for example 06:00).")).toBeVisible();
  await expect(page.getByText("This value is not valid.")).toHaveCount(0);
  await expect(page).toHaveURL(/\/auto-assignment\/create/);
  await page.screenshot({ path: info.outputPath("auto-errors.png"), fullPage: true });
});

test("credit imported for many learners from the learner's page; the same file again credits nobody twice", async ({
  page,
}, info) => {
  test.setTimeout(90_000);
  const learners = students(info, 3, 2);
  const file = info.outputPath("credit.csv");
  const ref = `IMP-${isJs(info) ? "N" : "F"}-${learners[0].id}`;
  fs.writeFileSync(
    file,
    `\uFEFFusername,amount,reason,reference\r\n${learners.map((l) => `${l.username},250.25,Budget 2027,${ref}`).join("\r\n")}\r\n`,
  );
  await page.goto(`/dashboard/user/${learners[0].id}/credit`);
  await page.getByRole("link", { name: "Import credit for many learners" }).click();
  await expect(page).toHaveURL(/\/dashboard\/import\/credit$/);
  for (const round of [1, 2]) {
    if (round === 2) await page.goto("/dashboard/import/credit");
    await page.getByLabel("CSV or Excel (xlsx) file").setInputFiles(file);
    await page.getByRole("button", { name: "Upload and import" }).click();
    await page.waitForURL(/[?&]job=\d+/);
    await expect(page.getByRole("region", { name: /^Import of / }).getByRole("status")).toHaveText("Succeeded", {
      timeout: 30_000,
    });
  }
  for (const l of learners)
    expect(
      one<{ balance_minor: number }>("select balance_minor from account_credit where account_id = ?", l.id)
        .balance_minor,
    ).toBe(25025);
  await page.screenshot({ path: info.outputPath("credit-import.png"), fullPage: true });
  await page.goto("/dashboard/import/credit?language=th");
  await expect(page.locator("html")).toHaveAttribute("lang", "th");
  await page.screenshot({ path: info.outputPath("credit-import-th.png"), fullPage: true });
  await page.goto("/dashboard/import/credit?language=en");
});

test("a test assigned through the assignment screens reaches its learner", async ({ page }, info) => {
  test.setTimeout(90_000);
  const [learner] = students(info, 5, 1);
  const at = new Date().toISOString();
  const id = run((db) => {
    const id = Number(
      db
        .prepare(
          "insert into assignment (type, name, status, created_by, datetime_create, datetime_update) values (0, ?, 0, null, ?, ?)",
        )
        .run(`Test ${isJs(info) ? "ON" : "OFF"}`, at, at).lastInsertRowid,
    );
    db.prepare("insert into assignment_audience (assignment_id, kind, ref_id) values (?, 'account', ?)").run(
      id,
      learner.id,
    );
    return id;
  });
  const base = `/dashboard/assignment/${id}`;
  await page.goto(`${base}/content`);
  await page.getByRole("combobox", { name: "Type", exact: true }).selectOption({ label: "Test" });
  await page.getByRole("searchbox", { name: "Name or code", exact: true }).fill("TST-COM-01");
  await page.getByRole("button", { name: "Show contents" }).click();
  await page.getByRole("checkbox", { name: /TST-COM-01/ }).check();
  await page.getByRole("button", { name: "Add the chosen contents" }).click();
  await expect(toast(page, "Contents added")).toBeVisible();
  await page.goto(`${base}/summary`);
  await expect(page.getByText("Adds 1 learning", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Assign", exact: true }).click();
  await page.waitForURL(/\/learner\/?\?contentName=/, { timeout: 10_000 });
  await expect(
    page.getByRole("table", { name: "Results" }).getByRole("row").filter({ hasText: learner.username }),
  ).toContainText("Assigned");
  const got = one<{ n: number }>(
    "select count(*) as n from content_enrollment where account_id = ? and content_type_id = (select id from content_type where code = 'test') and content_id = (select id from test where code = 'TST-COM-01') and add_method = 1",
    learner.id,
  );
  expect(got.n).toBe(1);
});
