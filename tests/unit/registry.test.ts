import { describe, expect, it } from "vitest";
import { isFlag } from "../../contract/permissions";
import { DICTIONARIES } from "../../contract/i18n/index";
import { MENU, SCREENS } from "~/registry/menu.js";
import { visibleMenu } from "~/lms/menu.server";
import { ALL_FLAGS } from "../../contract/permissions";

describe("menu registry", () => {
  it("names only real permission flags", () => {
    for (const s of SCREENS) expect(isFlag(s.flag), `${s.id}: ${s.flag}`).toBe(true);
  });
  it("has unique ids and paths, and translated labels in both languages", () => {
    expect(new Set(SCREENS.map((s) => s.id)).size).toBe(SCREENS.length);
    expect(new Set(SCREENS.map((s) => s.path)).size).toBe(SCREENS.length);
    for (const key of [...MENU.map((m) => m.labelKey), ...SCREENS.map((s) => s.labelKey)]) {
      expect(DICTIONARIES.en[key], key).toBeTruthy();
      expect(DICTIONARIES.th[key], key).toBeTruthy();
    }
  });
  it("shows only what the flags allow, and drops empty sections", () => {
    const perm = (flags: string[]) => ({
      auth_group_list: [],
      group_list: [],
      provider_list: [],
      instructor_list: [],
      department_list: [],
      permission: Object.fromEntries(ALL_FLAGS.map((f) => [f, flags.includes(f)])),
    });
    const staff = visibleMenu(perm(["dashboard_view_dashboard"]), {});
    expect(staff.flatMap((g) => g.links.map((l) => l.id))).toEqual(["home-learning"]);
    const manager = visibleMenu(perm(["dashboard_view_dashboard", "usage_dashboard_view_usage_dashboard"]), {});
    expect(manager.flatMap((g) => g.links.map((l) => l.href))).toEqual(["/dashboard/", "/dashboard/home/usage"]);
    expect(visibleMenu(perm([]), {})).toEqual([]);
  });
});
