import { describe, expect, it } from "vitest";
import { CONTENT_TYPES, contentRoutes } from "~/registry/content.js";
import { isFlag } from "../../contract/permissions";
import { DICTIONARIES } from "../../contract/i18n/index";

type R = { id: string; path: string; flag: string; children?: R[] };
const flat = (rs: R[]): R[] => rs.flatMap((r) => [r, ...flat(r.children ?? [])]);

describe("content registry", () => {
  it("declares every Course tab of spec 000 §2.5", () => {
    const course = CONTENT_TYPES.find((t) => t.key === "course")!;
    expect(course.tabs.map((t) => t.id).sort()).toEqual(
      ["budget", "competency", "curriculum", "ecertificate", "enrollment", "gamification", "information", "permission", "survey"].sort(),
    );
    expect(course.tabs.find((t) => t.id === "information")!.children!.map((c) => c.id)).toContain("review");
    expect(course.tabs.find((t) => t.id === "curriculum")!.children!.map((c) => c.id)).toContain("identification");
    expect(course.tabs.find((t) => t.id === "enrollment")!.children!.map((c) => c.id)).toEqual(expect.arrayContaining(["identification", "prerequisite"]));
    expect(course.overall.map((o) => o.id).sort()).toEqual(["discussion", "identification", "learner", "progress"]);
  });

  it("guards every generated route with a real flag and labels every tab in both languages", () => {
    for (const r of flat(contentRoutes() as R[])) expect(isFlag(r.flag), `${r.id}: ${r.flag}`).toBe(true);
    for (const type of CONTENT_TYPES) {
      for (const tab of [...type.tabs, ...type.tabs.flatMap((t) => t.children ?? []), ...type.overall]) {
        expect(DICTIONARIES.en[tab.labelKey], tab.labelKey).toBeTruthy();
        expect(DICTIONARIES.th[tab.labelKey], tab.labelKey).toBeTruthy();
      }
    }
  });

  it("builds an activity-shaped tree from a sample declaration (spec 000 §2.3)", () => {
    const activity = {
      key: "activity", segment: "activity", param: "activityid", api: "dashboard/activity/", module: "activity",
      labelKey: "x", menuSection: "content", listModule: "routes/list.tsx", createModule: undefined, detailModule: "routes/detail.tsx",
      columns: [], filters: [], defaultOrdering: "-id", fields: [], defaultTab: "information",
      tabs: [
        { id: "information", labelKey: "x", action: "view", module: "routes/form.tsx" },
        { id: "budget", labelKey: "x", action: "change", module: "routes/budget.tsx", children: [
          { id: "actual", labelKey: "x", action: "change", module: "routes/actual.tsx" },
          { id: "price", labelKey: "x", action: "change" },
        ] },
        { id: "checklist", labelKey: "x", action: "change" },
      ],
      overall: [{ id: "learner", labelKey: "x", action: "learner", module: "routes/learners.tsx" }, { id: "verify", labelKey: "x", action: "progress" }],
    };
    const [list, detail] = contentRoutes([activity] as never) as R[];
    expect(list).toMatchObject({ id: "activity.list", path: "activity", flag: "activity_view_activity" });
    expect(detail).toMatchObject({ id: "activity.detail", path: "activity/:activityid", flag: "activity_view_activity" });
    // Only built screens get routes: price, checklist and verify are declared but have no module.
    expect(detail.children!.map((c) => [c.path, c.flag])).toEqual([
      ["information", "activity_view_activity"],
      ["budget", "activity_change_activity"],
      ["budget/actual", "activity_change_activity"],
      ["overall/learner", "activity_learner_activity"],
    ]);
  });
});
