import { expect, test, type Page } from "@playwright/test";
import { REGISTRY_TYPES } from "../../app/registry/types.js";
import { isJs, one } from "./course-fixtures";
import { acceptPendingTerms, API_ORIGIN, signIn } from "./helpers";

/**
 * Every date and time is typed and shown in the organisation's zone (issue 33 §6, §9;
 * docs/decisions/010, 077), JS on and off:
 * - registry-driven: every content type's form tab, for every `datetime` field the registry
 *   gives it, takes a time typed in the zone, keeps the instant that time is there (the API
 *   answers it in UTC) and shows it back as typed; so do the engine's other date-time inputs —
 *   the enrollment period (a settings form) and the publish schedule (the item's panel);
 * - a live typed 14:00–15:00 reads "14:00–15:00" on its page, with no "UTC" anywhere;
 * - the home page's period is the organisation's days, without "days in UTC".
 */
const offset = () =>
  Number(JSON.parse(one<{ value: string }>("select value from config where key = 'time-zone-offset-minutes'").value));
/** The instant a time typed in the organisation's zone stands for. */
const instantOf = (local: string) => new Date(Date.parse(`${local}:00Z`) - offset() * 60_000).toISOString();

async function api<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(`${API_ORIGIN}/api/${path}`, { params: { format: "json" } });
  expect(res.status(), path).toBe(200);
  return (await res.json()) as T;
}

/** A year per project, so the two projects' values never meet in one item. */
const year = (js: boolean) => (js ? 2031 : 2032);

/** Type `values` (name → datetime-local text) into the form holding the first, save it, and reload. */
async function saveTyped(page: Page, url: string, values: [string, string][], button: RegExp) {
  await page.goto(url);
  const form = page.locator("form", { has: page.locator(`input[name="${values[0][0]}"]`) });
  for (const [name, value] of values) await form.locator(`input[name="${name}"]`).fill(value);
  await form.getByRole("button", { name: button }).click();
  await expect(
    page
      .getByRole("status")
      .filter({ hasText: /saved|scheduled/i })
      .first(),
  ).toBeVisible();
  await page.goto(url);
  for (const [name, value] of values)
    await expect(page.locator(`input[name="${name}"]`), `${url} ${name}`).toHaveValue(value);
}

test.beforeEach(async ({ page }) => {
  await signIn(page, "admin", "/dashboard/");
  await acceptPendingTerms(page);
});

test("every date-time field of every registry form is typed in the organisation's zone and shown back the same", async ({
  page,
}, info) => {
  test.setTimeout(180_000);
  const walked: string[] = [];
  for (const type of REGISTRY_TYPES) {
    const fields = type.fields.filter((f) => f.kind === "datetime" && (!("on" in f) || f.on !== "create"));
    const names = fields.map((f) => f.name);
    const tab = type.tabs.find((t) => t.module === "routes/content.tab-form.tsx");
    if (!names.length || !tab) continue;
    // An item the fields show on: a choice's fields (a scheduled path's period) need an item of that choice.
    const shown = fields.map((f) => ("showWhen" in f ? f.showWhen : undefined)).find(Boolean);
    const query = shown ? `?${shown.field}=${shown.values[0]}` : "";
    const id = (await api<{ results: { id: number }[] }>(page, `${type.api}${query}`)).results[0]?.id;
    expect(id, `${type.key}: the seed has an item`).toBeDefined();
    // Consecutive hours from 14:00, in field order (an end after its start).
    const values = names.map((name, i): [string, string] => [
      name,
      `${year(isJs(info))}-06-01T${String(14 + i).padStart(2, "0")}:00`,
    ]);
    await saveTyped(page, `/dashboard/${type.segment}/${id}/${tab.id}`, values, /^save$/i);
    const item = await api<Record<string, string>>(page, `${type.api}${id}/`);
    for (const [name, local] of values) expect(item[name], `${type.key}.${name}`).toBe(instantOf(local));
    walked.push(`${type.key}: ${names.join(", ")}`);
  }
  // The registry has date-time fields (live's start and end, a survey's end): the walk met them.
  expect(walked.join("; ")).toContain("live: datetime_live_start, datetime_live_end");
  // A choice's fields too: a scheduled path's period, on the information tab of a scheduled path.
  expect(walked.join("; ")).toContain("learning_path: datetime_learn_start, datetime_learn_end");

  // The engine's enrollment period (a settings form) and publish schedule (the item's panel), on a course.
  // A course with a cover image and a section: one without either cannot be scheduled (412/417/428);
  // other specs give covers to courses without sections, so the database, not the list, chooses.
  const course = one<{ id: number }>(
    `select c.id from course c where c.image is not null and exists (select 1 from content_section s join content_type t on t.id = s.content_type_id
     where s.content_id = c.id and t.code = 'course') order by c.id limit 1`,
  ).id;
  const y = year(isJs(info));
  const period: [string, string][] = [
    ["content_period_enroll.datetime_start", `${y}-03-01T08:30`],
    ["content_period_enroll.datetime_end", `${y}-03-31T17:45`],
  ];
  await saveTyped(page, `/dashboard/course/${course}/enrollment`, period, /^save$/i);
  const settings = await api<{ content_period_enroll: { datetime_start: string; datetime_end: string } }>(
    page,
    `dashboard/course/${course}/enrollment/`,
  );
  expect(settings.content_period_enroll).toMatchObject({
    datetime_start: instantOf(period[0][1]),
    datetime_end: instantOf(period[1][1]),
  });
  await saveTyped(
    page,
    `/dashboard/course/${course}/information`,
    [["datetime_start", `${y}-12-31T23:30`]],
    /^schedule$/i,
  );
  expect((await api<{ datetime_start: string }>(page, `dashboard/course/${course}/`)).datetime_start).toBe(
    instantOf(`${y}-12-31T23:30`),
  );
});

test("a live typed 14:00 to 15:00 reads 14:00–15:00 on its pages, and the home page's days are the organisation's", async ({
  page,
}, info) => {
  const id = (await api<{ results: { id: number }[] }>(page, "dashboard/live/")).results[1].id;
  const y = year(isJs(info)) + 2;
  await saveTyped(
    page,
    `/dashboard/live/${id}/edit`,
    [
      ["datetime_live_start", `${y}-06-01T14:00`],
      ["datetime_live_end", `${y}-06-01T15:00`],
    ],
    /^save$/i,
  );
  await expect(page.getByText("Date and time in the organisation's time zone.").first()).toBeVisible();
  for (const tab of ["information", "stream"]) {
    await page.goto(`/dashboard/live/${id}/${tab}`);
    await expect(page.getByRole("main")).toContainText(`1\u00a0Jun\u00a0${y}, 14:00–15:00`);
    await expect(page.getByRole("main")).not.toContainText("UTC");
  }
  await page.goto("/dashboard/live/");
  await expect(page.getByRole("row", { name: new RegExp(`1\\sJun\\s${y}`) })).toHaveCount(1);

  // The home page: the last day of the period is today in the organisation's zone, and no UTC.
  await page.goto("/dashboard/?days=7");
  const today = new Date(Date.now() + offset() * 60_000);
  const first = new Date(today.getTime() - 6 * 86_400_000);
  const day = (d: Date) => `${d.getUTCDate()}\u00a0${d.toLocaleString("en-GB", { month: "short", timeZone: "UTC" })}`;
  await expect(page.getByRole("main")).toContainText(day(first));
  await expect(page.getByRole("main")).toContainText(`${day(today)}\u00a0${today.getUTCFullYear()}`);
  await expect(page.getByRole("main")).not.toContainText("UTC");
  await page.goto("/dashboard/?days=7&language=th");
  await expect(page.getByRole("main")).not.toContainText("UTC");
  await page.goto("/dashboard/?language=en");
});
