import { expect, test, type Page } from "@playwright/test";
import { API_ORIGIN, acceptPendingTerms, signIn } from "./helpers";
import { cookie, signIn as apiSignIn } from "./route-values";
import { all as rows, isJs, one } from "./course-fixtures";

/**
 * An approval flow's learner condition (issue 17 §4, docs/decisions/060), without JavaScript: the
 * "Condition" tab's plain form refuses a reversed range with its field error (nothing saved),
 * then saves a department with its sub-departments; the page's heading in Thai once. The flow is
 * the test's own, an enrollment flow no learning request of the other suites reaches.
 */

const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });

test("a flow's condition set to a department, refused then saved, without JavaScript", async ({
  page,
  playwright,
}, info) => {
  test.skip(isJs(info), "the plain form is the point; one pass");
  const admin = await playwright.request.newContext();
  await apiSignIn(admin, "admin");
  const made = await admin.post(`${API_ORIGIN}/api/dashboard/approval-flow/`, {
    data: { name: "Sales enrolment approval", code: "AF-E2E-COND", type_request: 3, sort: 977 },
    headers: { "x-csrftoken": (await cookie(admin, "csrftoken")) ?? "" },
  });
  expect(made.status()).toBe(201);
  const id = ((await made.json()) as { id: number }).id;
  await admin.dispose();

  await signIn(page, "admin", `/dashboard/approval-flow/${id}/condition`);
  await acceptPendingTerms(page);
  await page.goto(`/dashboard/approval-flow/${id}/condition`);
  await expect(page.getByRole("heading", { name: "Learner condition" })).toBeVisible();
  await expect(page.getByText("No learner condition yet")).toBeVisible();

  await page.getByLabel("Sales", { exact: true }).check();
  await page.getByLabel("Include their sub-departments").check();
  await page.getByLabel("Age from").fill("40");
  await page.getByLabel("Age to").fill("30");
  await page.getByRole("button", { name: "Save condition" }).click();
  await expect(page.getByText("The upper bound must not be below the lower bound.")).toBeVisible();
  // Refused: nothing saved, and the form keeps what was posted.
  expect(one<{ n: number }>("select count(*) as n from approval_flow_condition where flow_id = ?", id).n).toBe(0);
  await expect(page.getByLabel("Sales", { exact: true })).toBeChecked();

  await page.getByLabel("Age to").fill("");
  await page.getByLabel("Age from").fill("");
  await page.getByRole("button", { name: "Save condition" }).click();
  await expect(toast(page, "Condition saved.")).toBeVisible();
  await expect(page.getByText("This flow has a learner condition.")).toBeVisible();
  await expect(page.getByLabel("Sales", { exact: true })).toBeChecked();
  await expect(page.getByLabel("Include their sub-departments")).toBeChecked();
  const sales = one<{ id: number }>("select id from department where code = 'SAL'").id;
  expect(rows("select field, ref_id from approval_flow_condition_item where flow_id = ?", id)).toEqual([
    { field: "department", ref_id: sales },
  ]);
  expect(
    one("select is_include_sub_department as sub, age_gte, age_lte from approval_flow_condition where flow_id = ?", id),
  ).toEqual({ sub: 1, age_gte: -1, age_lte: -1 });

  await page.goto(`/dashboard/approval-flow/${id}/condition?language=th`);
  await expect(page.getByRole("heading", { name: "เงื่อนไขผู้เรียน" })).toBeVisible();
  await page.goto(`/dashboard/approval-flow/${id}/condition?language=en`);
});
