import { expect, test } from "@playwright/test";
import { signInAs } from "./helpers";

/**
 * A list's search runs as one types (rule R143, spec 002 §9; docs/decisions/079): with JS the list
 * follows the text once the keys rest (100 ms), no button pressed; without JS the same plain GET
 * form searches on its button. Either way the address holds the search.
 */
test("the user list searches as one types, and by its button without JavaScript", async ({ page }, info) => {
  await signInAs(page, "admin", "/dashboard/user");
  const box = page.getByRole("searchbox").first();
  const rows = page.locator("main tbody tr");
  if (info.project.name === "js-on") {
    await box.pressSequentially("instructor", { delay: 20 });
    await expect(page).toHaveURL(/[?&]search=instructor(&|$)/);
    await expect(rows.first()).toContainText("instructor");
    // Typing on narrows again, and the box keeps what was typed.
    await box.fill("");
    await box.pressSequentially("manager", { delay: 20 });
    await expect(page).toHaveURL(/[?&]search=manager(&|$)/);
    await expect(box).toHaveValue("manager");
    await expect(rows.first()).toContainText("manager");
  } else {
    await box.fill("instructor");
    await page.getByRole("button", { name: "Search", exact: true }).first().click();
    await expect(page).toHaveURL(/[?&]search=instructor(&|$)/);
    await expect(rows.first()).toContainText("instructor");
  }
});
