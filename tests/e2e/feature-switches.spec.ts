import { expect, test } from "@playwright/test";
import { acceptPendingTerms, signIn } from "./helpers";
import { one } from "./course-fixtures";
import { setConfig } from "./db";

/**
 * A config switch decides whether a feature exists (spec 002 §6, docs/decisions/020): with
 * gamification off, a course has no Gamification tab and the tab's URL answers 404; on again,
 * both are back. JS on and off. Other specs share the database: the switch is always restored.
 */

const SWITCH = "gamification-is-enabled";

test("gamification off: no tab and a 404; on again: the tab and its page are back", async ({ page }) => {
  const { id } = one<{ id: number }>("select id from course where code = 'CRS-0001'");
  const base = `/dashboard/course/${id}`;
  const tab = () => page.getByRole("navigation", { name: "Tabs" }).getByRole("link", { name: "Gamification" });
  await signIn(page, "admin", `${base}/information`);
  await acceptPendingTerms(page);
  const before = JSON.parse(one<{ value: string }>("select value from config where key = ?", SWITCH).value);
  try {
    setConfig(SWITCH, false);
    await page.goto(`${base}/information`);
    await expect(page.getByRole("navigation", { name: "Tabs" }).getByRole("link", { name: "Survey" })).toBeVisible();
    await expect(tab()).toHaveCount(0);
    expect((await page.goto(`${base}/gamification`))?.status()).toBe(404);
  } finally {
    setConfig(SWITCH, before);
  }
  await page.goto(`${base}/information`);
  await expect(tab()).toBeVisible();
  expect((await page.goto(`${base}/gamification`))?.status()).toBe(200);
});
