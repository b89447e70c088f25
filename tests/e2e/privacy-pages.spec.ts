import { expect, test } from "@playwright/test";
import { signInAs } from "./helpers";

/**
 * The terms pages (spec 002 §2, rule R074; docs/decisions/079), JS on and off: the learner
 * front's page names open the same documents as the dashboard's (`terms-conditions` answered
 * 404), and `from` — the page that sent the reader — is where the page leads back to, only when
 * it is an address of the dashboard.
 */

test("the learner front's names open the documents, and the page leads back to `from`", async ({ page }) => {
  await signInAs(page, "admin", "/dashboard/");
  for (const [name, heading] of [
    ["terms-conditions", /terms/i],
    ["data-consent", /consent/i],
    ["terms", /terms/i],
  ] as const) {
    const res = await page.goto(
      `/dashboard/privacy-data/${name}?from=${encodeURIComponent("/dashboard/user?search=ada")}`,
    );
    expect(res?.status(), name).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    const back = page.getByRole("link", { name: "Back to the page you came from" });
    await expect(back).toHaveAttribute("href", /^\/dashboard\/user\/?\?search=ada$/);
  }
  await page.getByRole("link", { name: "Back to the page you came from" }).click();
  await expect(page).toHaveURL(/\/dashboard\/user\/?\?search=ada$/);

  // Another site is never where it leads: home instead.
  await page.goto(`/dashboard/privacy-data/terms-conditions?from=${encodeURIComponent("https://evil.example/")}`);
  await expect(page.getByRole("link", { name: "Go to home" })).toHaveAttribute("href", "/dashboard/");
  expect((await page.goto("/dashboard/privacy-data/no-such-page"))?.status()).toBe(404);
});
