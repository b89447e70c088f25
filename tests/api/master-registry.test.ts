import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MODULES } from "../../contract/permissions";
import { FORM_SCHEMAS } from "../../contract/schemas/forms";
import { builtTabs } from "../../app/registry/content.js";
import { MASTER_TYPES } from "../../app/registry/master.js";
import { PROGRAM_TYPES } from "../../app/registry/programs.js";
import { startTestApi, type Client, type TestApi } from "./harness";

/**
 * The dashboard's master data kinds (app/registry/master.js) and the API agree (issue 15): each
 * kind's list and items answer under its `api` path, every list filter the registry offers is a
 * query the API reads (a value from the filter's own source answers 200, a nonsense one 400, so a
 * filter the API ignored would fail), its form schemas exist, and every built tab calls a path the
 * API serves; the programmes of programs.js too. A kind added on one side only fails here, as registry-drift.test.ts does for content.
 */

let api: TestApi;
let admin: Client;
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.signedIn("admin");
});
afterAll(() => api.close());

/** The API call each built tab of a kind makes first (its loader's list), under the item. */
const TAB_CALL: Record<string, string> = {
  information: "",
  profile: "",
  permission: "permission/",
  admin: "admin/",
  member: "member/",
  condition: "condition/",
  highlight: "highlight/",
  history: "history/",
  room: "room/",
  credit: "credit/",
  // A learning program's contents (docs/decisions/097).
  content: "content/",
};

// The programmes (programs.js) are kinds on the same engine pages, without publishing.
describe.each([...MASTER_TYPES, ...PROGRAM_TYPES].map((t) => [t.key, t] as const))("%s", (key, type) => {
  it("is a permission module with form schemas", () => {
    expect(MODULES as readonly string[]).toContain(type.module);
    expect(Object.keys(FORM_SCHEMAS)).toContain(type.schema);
  });

  it("lists, filters and opens its items under its API path", async () => {
    const list = await admin.get(`/api/${type.api}?page_size=1&ordering=${type.defaultOrdering}`);
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const id = (list.body.results as { id: number }[])[0]?.id;
    expect(id, `a seeded ${key}`).toBeDefined();
    expect((await admin.get(`/api/${type.api}${id}/`)).status).toBe(200);
    for (const tab of builtTabs(type.tabs)) {
      const call = TAB_CALL[tab.id];
      expect(call, `${key}: no known API call for tab ${tab.id}`).toBeDefined();
      const res = await admin.get(`/api/${type.api}${id}/${call}`);
      // A condition belongs to a condition group only (decision 030): the seeded first group may be a list.
      expect([200, ...(tab.id === "condition" ? [404, 409] : [])], `${key} tab ${tab.id}: ${res.status}`).toContain(
        res.status,
      );
    }
  });

  it("sorts by every column the list lets a user sort (and refuses what it cannot)", async () => {
    expect((await admin.get(`/api/${type.api}?ordering=no_such_column`)).status).toBe(400);
    for (const c of type.columns.filter((c) => c.sortable)) {
      for (const ordering of [c.key, `-${c.key}`])
        expect((await admin.get(`/api/${type.api}?ordering=${ordering}`)).status, `${key} ordering ${ordering}`).toBe(
          200,
        );
    }
  });

  it.each(type.filters.map((f) => [f]))("reads the %s filter", async (filter) => {
    const source = type.filterCodes?.[filter] ? null : (type.filterSources as Record<string, string>)[filter];
    const value = source
      ? (await admin.get(`/api/dashboard/filter/${source}/?page_size=1`)).body.results[0]?.id
      : filter === "is_active"
        ? "true"
        : undefined;
    expect(value, `${key} filter ${filter}: no value to try`).toBeDefined();
    expect((await admin.get(`/api/${type.api}?${filter}=${value}`)).status).toBe(200);
    expect(
      (await admin.get(`/api/${type.api}?${filter}=not-a-value`)).status,
      `${key} ignores its ${filter} filter`,
    ).toBe(400);
  });
});
