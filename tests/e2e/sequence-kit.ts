import { expect, type Page, type TestInfo } from "@playwright/test";
import { isJs } from "./course-fixtures";

/**
 * What the e2e flows of a sequence's holders share (learning paths, onboarding plans:
 * routes/content.sequence.tsx): the toast, each project's own tag, and adding a content.
 */
export const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });
/** Both projects share one database: each names what it makes with its own tag. */
export const tag = (info: TestInfo) => (isJs(info) ? "N" : "F");

/** The names of the curriculum's contents, in order. */
export const rowNames = (page: Page) =>
  page.getByRole("table", { name: "Curriculum" }).locator("tbody tr td:nth-child(2)").allInnerTexts();

/** The type and a search (its code) are a GET form; its answer lists what may be added. */
export async function addContent(page: Page, type: string, content: { name: string; code: string }) {
  const add = page.getByRole("region", { name: "Add a content" });
  await add.getByLabel("Type of content").selectOption({ label: type });
  await add.getByRole("searchbox", { name: "Name or code" }).fill(content.code);
  await add.getByRole("button", { name: "Show its contents" }).click();
  await add.getByLabel(/^Content \(/).selectOption({ label: `${content.name} (${content.code})` });
  await add.getByRole("button", { name: "Add", exact: true }).click();
  await expect(toast(page, "The content was added.")).toBeVisible();
}
