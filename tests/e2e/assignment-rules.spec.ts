import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { acceptPendingTerms, signIn } from "./helpers";
import { analyse } from "./axe";
import { freshCourse, isJs, one, run } from "./course-fixtures";

/**
 * An auto-assignment's content rules (issue 17 §2; docs/decisions/059), JS on and off: a rule
 * "provider is one of ACAD, contents one of these three" brings the two published ones (listed as
 * "From rule 1"), not the draft; removing the rule takes them away. Each project makes its own
 * courses and auto-assignment (both share one database). Thai and axe once.
 */
const tag = (info: TestInfo) => (isJs(info) ? "ON" : "OFF");
const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });

test.beforeEach(async ({ page }) => {
  await signIn(page, "admin", "/dashboard/auto-assignment");
  await page.waitForURL((url) => !url.pathname.includes("/account/signin"));
  await acceptPendingTerms(page);
});

/** Two published courses and a draft of this project's own (provider ACAD), and an auto-assignment. */
function fixture(info: TestInfo) {
  const courses = ["Ruled A", "Ruled B", "Ruled draft"].map((name) => freshCourse(info, "RUL", "E2E", name));
  const provider = one<{ name: string }>("select name from provider where code = 'ACAD'").name;
  const at = new Date().toISOString();
  const id = run((db) => {
    for (const c of courses.slice(0, 2))
      db.prepare("update course set is_display = 1, datetime_first_publish = ? where id = ?").run(at, c);
    return Number(
      db
        .prepare(
          "insert into assignment (type, name, created_by, datetime_create, datetime_update) values (1, ?, null, ?, ?)",
        )
        .run(`Rules ${tag(info)}`, at, at).lastInsertRowid,
    );
  });
  const rows = courses.map((c) => one<{ name: string; code: string }>("select name, code from course where id = ?", c));
  const names = rows.map((r) => r.name);
  const labels = rows.map((r) => `${r.name} (${r.code})`);
  return { id, provider, names, labels, search: `RUL${isJs(info) ? "N" : "F"}` };
}

test("a rule brings the published courses of a provider; removing it takes them away", async ({ page }, info) => {
  test.setTimeout(90_000);
  const f = fixture(info);
  await page.goto(`/dashboard/auto-assignment/${f.id}/content`);
  await expect(page.getByRole("heading", { name: /Content rules/, level: 2 })).toBeVisible();
  await page.getByRole("combobox", { name: "Content type", exact: true }).selectOption({ label: "Course" });
  await page.getByRole("searchbox", { name: "Contents named (optional)" }).fill(f.search);
  await page.getByRole("button", { name: "Continue" }).click();
  const form = page.getByRole("form", { name: "New rule" });
  await form.getByRole("group", { name: "Provider" }).getByRole("listbox").selectOption({ label: f.provider });
  const chosen = form.getByRole("group", { name: "Contents" });
  await chosen.getByRole("listbox").selectOption(f.labels.map((label) => ({ label })));
  await form.getByRole("button", { name: "Add the rule" }).click();
  await expect(toast(page, "The rule was added.")).toBeVisible();

  const rules = page.getByRole("table", { name: "Content rules" });
  // Columns: #, type, conditions, contents it brings, actions.
  await expect(
    rules
      .getByRole("row")
      .filter({ hasText: `Provider is one of: ${f.provider}` })
      .getByRole("cell")
      .nth(3),
  ).toHaveText("2");
  const contents = page.getByRole("table", { name: "Contents" });
  for (const name of f.names.slice(0, 2))
    await expect(contents.getByRole("row").filter({ hasText: name })).toContainText("From rule 1");
  await expect(contents.getByRole("row").filter({ hasText: f.names[2] })).toHaveCount(0);
  await page.screenshot({ path: info.outputPath("rules.png"), fullPage: true });

  await rules.getByRole("button", { name: "Remove rule 1" }).click();
  await expect(toast(page, "The rule was removed")).toBeVisible();
  await expect(contents.getByRole("row").filter({ hasText: f.names[0] })).toHaveCount(0);
  expect(one<{ n: number }>("select count(*) as n from assignment_content where assignment_id = ?", f.id).n).toBe(0);
});

test("the content rules in Thai, and under axe", async ({ page }, info) => {
  test.skip(!isJs(info), "once: the markup is the same without JavaScript");
  const seeded = one<{ id: number }>("select assignment_id as id from assignment_content_rule order by id").id;
  await page.goto(`/dashboard/auto-assignment/${seeded}/content?rtype=all&language=th`);
  await expect(page.locator("html")).toHaveAttribute("lang", "th");
  await expect(page.getByRole("heading", { name: /กฎการเลือกเนื้อหา/, level: 2 })).toBeVisible();
  await expect(page.getByText("จากกฎที่ 1").first()).toBeVisible();
  const { violations } = await analyse(page, info);
  const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  await page.screenshot({ path: info.outputPath("rules-th.png"), fullPage: true });
  await page.goto(`/dashboard/auto-assignment/${seeded}/content?language=en`);
});
