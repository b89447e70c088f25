import { expect, test } from "@playwright/test";
import { acceptPendingTerms, signIn } from "./helpers";
import { isJs, one, run } from "./course-fixtures";
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

/**
 * A class's event extras (spec 001 §3 "Config-switched optional extras", spec 002 §7): the event
 * zone (a location, docs/decisions/043, saved by `location/zone/event/{id}/`) and the event
 * channel (a tag extra, saved with the class) are on the information form only while their
 * switches are on, and only then saved. Each project works on a class of its own.
 */
test("class event zone and channel: on the form and saved only while their switches are on", async ({ page }, info) => {
  const SWITCHES = ["location-is-event-zone", "tag-is-event-channel"];
  // A class of its own: other specs cancel or change the seeded ones while this runs.
  const code = `EZ${isJs(info) ? "N" : "F"}${Date.now() % 100000}`;
  run((db) => {
    const seeded = db
      .prepare("select category_id, provider_id, created_by from class where code = 'CLS-DATA'")
      .get() as { category_id: number; provider_id: number; created_by: number };
    const at = new Date().toISOString();
    db.prepare(
      "insert into class (name, code, category_id, provider_id, is_environmental, \"desc\", is_display, datetime_create, datetime_update, created_by) values (?, ?, ?, ?, 0, '', 0, ?, ?, ?)",
    ).run(`Zone class ${code}`, code, seeded.category_id, seeded.provider_id, at, at, seeded.created_by);
  });
  const klass = one<{ id: number }>("select id from class where code = ?", code);
  const location = one<{ id: number; name: string }>("select id, name from location order by id");
  const onSite = one<{ id: number }>("select id from tag where code = 'EC-SITE'");
  const base = `/dashboard/class/${klass.id}/information`;
  const zone = () => page.getByRole("combobox", { name: "Event zone" });
  const channel = () => page.getByRole("group", { name: "Channel" });
  const zoneId = () =>
    one<{ event_zone_id: number | null }>("select event_zone_id from class where id = ?", klass.id).event_zone_id;
  const tagged = () =>
    one<{ n: number }>(
      "select count(*) as n from content_tag where content_type_id = (select id from content_type where code = 'class') and content_id = ? and tag_id = ?",
      klass.id,
      onSite.id,
    ).n;
  const save = async () => {
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  };
  await signIn(page, "admin", base);
  await acceptPendingTerms(page);
  const before = SWITCHES.map((k) =>
    JSON.parse(one<{ value: string }>("select value from config where key = ?", k).value),
  );
  try {
    for (const k of SWITCHES) setConfig(k, true);
    await page.goto(base);
    await zone().selectOption(String(location.id));
    await channel().getByRole("checkbox", { name: "On-site" }).check();
    await save();
    expect(zoneId()).toBe(location.id);
    expect(tagged()).toBe(1);
    await expect(zone()).toHaveValue(String(location.id));
    await expect(channel().getByRole("checkbox", { name: "On-site" })).toBeChecked();

    // Off: neither is on the form, and saving sends neither (both stay as they were).
    for (const k of SWITCHES) setConfig(k, false);
    await page.goto(base);
    await expect(page.getByRole("textbox", { name: "Name", exact: true })).toBeVisible();
    await expect(zone()).toHaveCount(0);
    await expect(channel()).toHaveCount(0);
    await save();
    expect(zoneId()).toBe(location.id);
    expect(tagged()).toBe(1);

    // On again: choosing no zone clears it.
    setConfig(SWITCHES[0], true);
    await page.goto(base);
    await zone().selectOption("");
    await save();
    expect(zoneId()).toBeNull();
  } finally {
    SWITCHES.forEach((k, i) => setConfig(k, before[i]));
    run((db) => {
      db.prepare(
        "delete from content_tag where content_type_id = (select id from content_type where code = 'class') and content_id = ?",
      ).run(klass.id);
      db.prepare("delete from class where id = ?").run(klass.id);
    });
  }
});
