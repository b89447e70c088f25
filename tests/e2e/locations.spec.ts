import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { acceptPendingTerms, signIn } from "./helpers";
import { isJs, one } from "./course-fixtures";
import { analyse } from "./axe";

/**
 * Locations and their rooms (issue 16 §2, docs/decisions/039), with JavaScript on and off: a
 * location created after its field errors, a room added (after its own errors), edited and
 * deleted after the confirmation page, a location with rooms kept with its reason, the pages in
 * Thai, and axe. Both projects share one database, so each works on rows of its own.
 */

const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });
const tag = (info: TestInfo) => (isJs(info) ? "N" : "F");
const locationId = (code: string) => one<{ id: number }>("select id from location where code = ?", code).id;

test.beforeEach(async ({ page }) => {
  await signIn(page, "admin", "/dashboard/location");
  await page.waitForURL((url) => !url.pathname.includes("/account/signin"));
  await acceptPendingTerms(page);
  await expect(page).toHaveURL(/\/dashboard\/location\/?$/);
});

test("a location is created after its field errors, then its rooms are added, edited and deleted", async ({
  page,
}, info) => {
  const code = `RY-${tag(info)}`;
  const name = `Rayong Site ${tag(info)}`;
  await page.goto("/dashboard/location/create");
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(name);
  // The browser keeps a code within its 12 characters (maxlength); the characters are the server's check.
  await page.getByRole("textbox", { name: "Code", exact: true }).fill("RY SITE");
  await expect(page.getByRole("textbox", { name: "Code", exact: true })).toHaveAttribute("maxlength", "12");
  await page.getByRole("textbox", { name: "Latitude" }).fill("95");
  await page.getByRole("textbox", { name: "Longitude" }).fill("101.2816");
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.getByText("Latitude must be between -90 and 90 degrees.")).toBeVisible();
  await expect(page.getByText("Use only letters, numbers, hyphens (-) and underscores (_).")).toBeVisible();
  expect(one<{ n: number }>("select count(*) as n from location where name = ?", name).n).toBe(0);

  await page.getByRole("textbox", { name: "Code", exact: true }).fill(code);
  await page.getByRole("textbox", { name: "Latitude" }).fill("12.6814");
  await page.getByRole("textbox", { name: "Address" }).fill("Map Ta Phut, Mueang Rayong, Rayong 21150");
  await page.getByRole("button", { name: "Create" }).click();
  await expect(toast(page, "Created.")).toBeVisible();
  const id = locationId(code);
  expect(one("select name, latitude, longitude from location where id = ?", id)).toEqual({
    name,
    latitude: 12.6814,
    longitude: 101.2816,
  });

  await page.goto(`/dashboard/location/${id}/room`);
  await expect(page.getByText("No rooms yet.")).toBeVisible();
  const add = page.getByRole("region", { name: "Add a room" });
  await add.getByLabel("Capacity").fill("-1");
  await add.getByRole("button", { name: "Add room" }).click();
  await expect(add.getByText("This field is required.")).toBeVisible();
  await expect(add.getByText("This number is outside the allowed range.")).toBeVisible();
  await add.getByLabel("Room name").fill("Meeting Room A");
  await add.getByLabel("Code").fill("A1");
  await add.getByLabel("Capacity").fill("12");
  await add.getByRole("button", { name: "Add room" }).click();
  await expect(toast(page, "Room added.")).toBeVisible();
  const rooms = page.getByRole("table", { name: "Rooms" });
  await expect(rooms.getByRole("cell", { name: "12 seats" })).toBeVisible();
  const rid = one<{ id: number }>("select id from room where location_id = ? and code = 'A1'", id).id;

  await page.getByRole("link", { name: "Edit Meeting Room A" }).click();
  const edit = page.getByRole("region", { name: "Edit Meeting Room A" });
  await edit.getByLabel("Capacity").fill("0");
  await edit.getByLabel("Code").fill("");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Room saved.")).toBeVisible();
  await expect(rooms.getByRole("cell", { name: "Unlimited" })).toBeVisible();
  expect(one("select capacity, code from room where id = ?", rid)).toEqual({ capacity: 0, code: null });

  // A location with a room is kept, and says why.
  await page.goto(`/dashboard/location?delete=${id}`);
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(
    page.getByText("This location still has rooms. Delete its rooms first, then the location."),
  ).toBeVisible();
  expect(one<{ n: number }>("select count(*) as n from location where id = ?", id).n).toBe(1);

  await page.goto(`/dashboard/location/${id}/room`);
  await page.getByRole("link", { name: "Delete: Meeting Room A" }).click();
  await expect(page.getByRole("dialog")).toContainText("The room “Meeting Room A” will be deleted.");
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Room deleted.")).toBeVisible();
  expect(one<{ n: number }>("select count(*) as n from room where location_id = ?", id).n).toBe(0);
});

test("the location pages in Thai", async ({ page }) => {
  const hq = locationId("BKK-HQ");
  await page.goto(`/dashboard/location/${hq}/room?language=th`);
  await expect(page.locator("html")).toHaveAttribute("lang", "th");
  await expect(page.getByRole("heading", { name: "ห้อง", exact: true })).toBeVisible();
  const rooms = page.getByRole("table", { name: "ห้อง" });
  await expect(rooms.getByRole("row", { name: /Training Hall/ })).toContainText("ไม่จำกัด");
  await expect(rooms.getByRole("row", { name: /Computer Lab/ })).toContainText("24 ที่นั่ง");
  await expect(page.getByRole("region", { name: "เพิ่มห้อง" }).getByLabel("ความจุ")).toHaveValue("0");
  await page.goto("/dashboard/location?language=th");
  await expect(page.getByRole("columnheader", { name: "จำนวนห้อง" })).toBeVisible();
  await page.goto("/dashboard/location?language=en");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
});

test("the location pages pass axe", async ({ page }, info) => {
  test.setTimeout(120_000);
  const hq = locationId("BKK-HQ");
  const lab = one<{ id: number }>("select id from room where code = 'HQ-LAB'").id;
  for (const url of [
    "/dashboard/location",
    "/dashboard/location/create",
    `/dashboard/location/${hq}/information`,
    `/dashboard/location/${hq}/room`,
    `/dashboard/location/${hq}/room?edit=${lab}`,
    `/dashboard/location/${hq}/room?remove=${lab}`,
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
