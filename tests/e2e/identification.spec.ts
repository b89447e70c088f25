import { expect, test } from "@playwright/test";
import { one } from "./course-fixtures";
import { acceptPendingTerms, signIn } from "./helpers";

/**
 * The overall landing page and the identification transactions of a course (spec 000 §2.5;
 * docs/decisions/021), walked by links as an administrator would, with JS on and off:
 * overall → the transactions → one transaction → the curriculum it opened → the learner's
 * progress record. Read-only, so both projects use the same seeded course.
 */

test("overall → identification transactions → one transaction → its curriculum and progress", async ({ page }) => {
  // The seeded course with the most transactions, and its newest one (the list's first row).
  const course = one<{ id: number; n: number }>(
    `select x.content_id as id, count(*) as n from identification_transaction x join content_type t on t.id = x.content_type_id
      where t.code = 'course' group by x.content_id order by n desc, x.content_id limit 1`,
  );
  const tx = one<{ id: number; progress_id: number; name: string; items: number; attempts: number; status: number }>(
    `select x.id, x.progress_id, a.first_name || ' ' || a.last_name as name, e.status,
            (select count(*) from identification_transaction_item i where i.transaction_id = x.id) as items,
            (select count(*) from identification_attempt i where i.transaction_id = x.id) as attempts
       from identification_transaction x join account a on a.id = x.account_id join content_enrollment e on e.id = x.progress_id
      where x.content_id = ? order by x.datetime_start desc, x.id desc limit 1`,
    course.id,
  );
  const section = one<{ name: string }>(
    "select s.name from identification_transaction_item i join content_section s on s.id = i.section_id where i.transaction_id = ? order by i.sort limit 1",
    tx.id,
  );

  await signIn(page, "admin", `/dashboard/course/${course.id}/overall`);
  await acceptPendingTerms(page);
  await page.goto(`/dashboard/course/${course.id}/overall`);
  await expect(page.getByRole("heading", { name: "Overview", level: 2 })).toBeVisible();
  // One card per overall page, each with its figures and a link.
  for (const name of ["Learners", "Progress", "Discussion", "Identification log", "Identification transactions"]) {
    await expect(page.getByRole("link", { name, exact: true }).last()).toBeVisible();
  }
  const card = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("link", { name: "Identification transactions", exact: true }) });
  await expect(card.getByRole("definition").first()).toHaveText(String(course.n));

  await card.getByRole("link", { name: "Identification transactions" }).click();
  await expect(page).toHaveURL(new RegExp(`/course/${course.id}/identification$`));
  await expect(page.getByText(new RegExp(`of ${course.n}$`))).toBeVisible();
  await expect(page.locator("tbody tr")).toHaveCount(Math.min(course.n, 50));

  await page
    .getByRole("link", { name: `Open the transaction of ${tx.name}` })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/identification/${tx.id}$`));
  await expect(page.getByRole("heading", { name: `Identification transaction of ${tx.name}` })).toBeVisible();
  await expect(page.getByRole("region", { name: "Attempts" }).locator("tbody tr")).toHaveCount(tx.attempts);

  const pages = page.getByRole("navigation", { name: "Transaction pages" });
  await pages.getByRole("link", { name: "Curriculum" }).click();
  await expect(page).toHaveURL(new RegExp(`/identification/${tx.id}/curriculum$`));
  const items = page.getByRole("region", { name: "Curriculum" }).locator("tbody tr");
  await expect(items).toHaveCount(tx.items);
  await expect(items.first()).toContainText(section.name);
  await expect(items.first()).toContainText("The whole section");

  await pages.getByRole("link", { name: "Progress" }).click();
  await expect(page).toHaveURL(new RegExp(`/identification/${tx.id}/${tx.progress_id}$`));
  await expect(page.getByRole("heading", { name: "Progress", level: 3 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Progress history of this learner" })).toHaveAttribute(
    "href",
    `/dashboard/course/${course.id}/overall/progress/${tx.progress_id}/history`,
  );

  // Another learner's progress record is not this transaction's.
  const other = one<{ id: number }>(
    "select id from content_enrollment where content_type_id = (select id from content_type where code = 'course') and content_id = ? and id <> ? order by id limit 1",
    course.id,
    tx.progress_id,
  );
  const res = await page.goto(`/dashboard/course/${course.id}/identification/${tx.id}/${other.id}`);
  expect(res?.status()).toBe(404);
});
