import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { signInAs } from "./helpers";
import { isJs, one } from "./course-fixtures";

/**
 * Test banks (issue 18 §3, docs/decisions/063), with JavaScript on and off: a bank created with
 * its question type (field errors first) and found in the list by it; its information changed and
 * seen in the bank log, one entry opened; a test asks to use the bank, the request is approved
 * after its confirmation step and listed as approved; the pages in Thai once. Both projects share one database: each its own rows.
 */

const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });
const tag = (info: TestInfo) => (isJs(info) ? "N" : "F");

test("a bank is created, its change logged, and a test's usage request approved", async ({ page }, info) => {
  const name = `Network quiz bank ${tag(info)}`;
  await signInAs(page, "admin", "/dashboard/testbank/create");
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.getByText("This field is required.").first()).toBeVisible();
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(name);
  await page.getByRole("textbox", { name: "Code", exact: true }).fill(`TBE-${tag(info)}`);
  await page.getByLabel("Question type").selectOption({ label: "Fill in a description" });
  await page.getByLabel("Category").selectOption({ index: 1 });
  await page.getByLabel("Provider").selectOption({ index: 1 });
  await page.getByRole("button", { name: "Create" }).click();
  await expect(toast(page, "Created.")).toBeVisible();
  const id = one<{ id: number }>("select id from testbank where name = ?", name).id;

  await page.goto(`/dashboard/testbank?type_question=4&search=${encodeURIComponent(name)}`);
  await expect(page.getByRole("row").filter({ hasText: name })).toContainText("Fill in a description");

  await page.goto(`/dashboard/testbank/${id}/overall/information`);
  await page.getByRole("textbox", { name: "Description" }).fill("Questions on home networks.");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Saved.")).toBeVisible();
  await page.goto(`/dashboard/testbank/${id}/overall/log`);
  await expect(page.getByRole("heading", { name: "Bank log" })).toBeVisible();
  const changed = page.getByRole("row").filter({ hasText: "Information changed" });
  await expect(changed).toContainText("Questions on home networks.");
  await changed.getByRole("link").click();
  await expect(page.getByRole("heading", { name: "Information changed" })).toBeVisible();
  await expect(page.getByRole("cell", { name: "Questions on home networks." })).toBeVisible();

  await page.goto(`/dashboard/testbank/${id}/overall/usage`);
  const ask = page.locator("form").filter({ has: page.getByRole("button", { name: "Send request" }) });
  await ask.getByRole("button", { name: "Send request" }).click();
  await expect(ask.getByText("This field is required.")).toBeVisible();
  await ask.getByLabel("Test").selectOption({ index: 1 });
  await ask.getByLabel("Note").fill("For the network module test.");
  await ask.getByRole("button", { name: "Send request" }).click();
  await expect(toast(page, "Request sent.")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: "For the network module test." });
  // A decision is final: it asks to confirm first, on a page of its own (docs/decisions/076).
  await row.getByRole("link", { name: /^Approve the request of/ }).click();
  const confirm = page.getByRole("dialog", { name: "Approve this request?" });
  await expect(confirm).toContainText("A decision is final");
  expect(one<{ status: number }>("select status from testbank_usage where testbank_id = ?", id).status).toBe(0);
  await confirm.getByRole("button", { name: "Approve" }).click();
  await expect(toast(page, "Request approved.")).toBeVisible();
  await page.getByRole("link", { name: /^Approved/ }).click();
  await expect(page.getByRole("row").filter({ hasText: "For the network module test." })).toBeVisible();
  expect(one<{ status: number }>("select status from testbank_usage where testbank_id = ?", id).status).toBe(1);
});

test("the bank pages answer in Thai", async ({ page }, info) => {
  test.skip(!isJs(info), "once is enough");
  const bank = one<{ id: number }>("select id from testbank where code = 'TB-SEC'").id;
  await signInAs(page, "admin", "/dashboard/testbank");
  await page.goto("/dashboard/testbank?language=th");
  await expect(page.getByRole("heading", { name: "คลังข้อสอบ" }).first()).toBeVisible();
  await page.goto(`/dashboard/testbank/${bank}/overall/usage?language=th`);
  await expect(page.getByRole("heading", { name: "การขอใช้" })).toBeVisible();
  await page.goto(`/dashboard/testbank/${bank}/log?language=th`);
  await expect(page.getByRole("heading", { name: "ประวัติคำถาม" })).toBeVisible();
});
