import { describe, expect, it } from "vitest";
import { CONTENT_TYPES } from "~/registry/content.js";
import { contentRoutes } from "~/registry/content-routes.js";
import { isFlag } from "../../contract/permissions";
import { DICTIONARIES } from "../../contract/i18n/index";
import { FORM_SCHEMAS } from "../../contract/schemas/forms";
import { FILTER_NAMES } from "../../contract/config";

type R = { id: string; path: string; flag: string; children?: R[] };
const flat = (rs: R[]): R[] => rs.flatMap((r) => [r, ...flat(r.children ?? [])]);

describe("content registry", () => {
  it("declares every Course tab of spec 000 §2.5", () => {
    const course = CONTENT_TYPES.find((t) => t.key === "course")!;
    expect(course.tabs.map((t) => t.id).sort()).toEqual(
      [
        "budget",
        "competency",
        "curriculum",
        "ecertificate",
        "enrollment",
        "gamification",
        "information",
        "permission",
        "survey",
      ].sort(),
    );
    expect(course.tabs.find((t) => t.id === "information")!.children!.map((c) => c.id)).toContain("review");
    expect(course.tabs.find((t) => t.id === "curriculum")!.children!.map((c) => c.id)).toContain("identification");
    expect(course.tabs.find((t) => t.id === "enrollment")!.children!.map((c) => c.id)).toEqual(
      expect.arrayContaining(["identification", "prerequisite"]),
    );
    expect(course.overall.map((o) => o.id).sort()).toEqual(["discussion", "identification", "learner", "progress"]);
  });

  it("declares every Activity route of spec 000 §2.3", () => {
    const detail = (contentRoutes() as R[]).find((r) => r.id === "activity.detail")!;
    expect(detail.path).toBe("activity/:activityid");
    expect(detail.children!.map((c) => c.path).sort()).toEqual(
      [
        "information",
        "checklist",
        "checklist/inspector",
        "checklist/:checklistid",
        "checklist/:checklistid?/slot/:slotid?/verify/:view_type?",
        "competency",
        "ecertificate",
        "enrollment",
        "enrollment/prerequisite",
        "gamification",
        "permission",
        "permission/admin",
        "permission/:permissionid/condition",
        "budget",
        "budget/price",
        "budget/actual",
        // The spec's addresses that redirect to the page serving them (app/registry/aliases.js).
        "permission/:permissionid",
        "overall/check-in/:slotid?",
        "overall",
        "overall/checkin/:slotid?",
        "overall/learner",
        "overall/learner/enroll",
        "overall/learner/export",
        "overall/progress",
        "overall/progress/bulk",
        "overall/progress/export",
        "overall/progress/:enrollmentid/history",
        "overall/progress/:slotid",
        "overall/usage/:usage_type?",
        "overall/verify/:slotid?",
      ].sort(),
    );
    const list = (contentRoutes() as R[])
      .filter((r) => r.id.startsWith("activity.") && r.id !== "activity.detail")
      .map((r) => r.path);
    expect(list).toEqual(["activity", "activity/create"]);
  });

  it("names where every list filter's options come from", () => {
    for (const type of CONTENT_TYPES) {
      // A filter over a code list (filterCodes: publish status, a class's status) has no filter-list source.
      for (const f of type.filters)
        if (!type.filterCodes?.[f]) expect(Object.keys(type.filterSources), `${type.key} filter ${f}`).toContain(f);
      for (const source of Object.values(type.filterSources))
        expect(["category-tree", ...FILTER_NAMES], `${type.key} source ${source}`).toContain(source);
    }
  });

  it("names a contract schema for every type's forms", () => {
    for (const type of CONTENT_TYPES) expect(Object.keys(FORM_SCHEMAS), type.key).toContain(type.schema);
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
      key: "activity",
      segment: "activity",
      param: "activityid",
      api: "dashboard/activity/",
      module: "activity",
      labelKey: "x",
      menuSection: "content",
      listModule: "routes/list.tsx",
      createModule: undefined,
      detailModule: "routes/detail.tsx",
      columns: [],
      filters: [],
      defaultOrdering: "-id",
      fields: [],
      defaultTab: "information",
      tabs: [
        { id: "information", labelKey: "x", action: "view", module: "routes/form.tsx" },
        {
          id: "budget",
          labelKey: "x",
          action: "change",
          module: "routes/budget.tsx",
          children: [
            { id: "actual", labelKey: "x", action: "change", module: "routes/actual.tsx" },
            { id: "price", labelKey: "x", action: "change" },
          ],
        },
        { id: "checklist", labelKey: "x", action: "change" },
      ],
      overall: [
        { id: "learner", labelKey: "x", action: "learner", module: "routes/learners.tsx" },
        { id: "verify", labelKey: "x", action: "progress" },
      ],
    };
    const [list, detail] = contentRoutes([activity] as never) as R[];
    expect(list).toMatchObject({ id: "activity.list", path: "activity", flag: "activity_view_activity" });
    expect(detail).toMatchObject({
      id: "activity.detail",
      path: "activity/:activityid",
      flag: "activity_view_activity",
    });
    // Only built screens get routes: price, checklist and verify are declared but have no module.
    expect(detail.children!.map((c) => [c.path, c.flag])).toEqual([
      ["information", "activity_view_activity"],
      ["budget", "activity_change_activity"],
      ["budget/actual", "activity_change_activity"],
      ["overall/learner", "activity_learner_activity"],
    ]);
  });
});

describe("content registry: a sub-page of one row (param)", () => {
  it("routes {tab}/:{param}/{id}, keeps the param and its list, and leaves other sub-pages as they were", () => {
    const sample = {
      key: "thing",
      segment: "thing",
      param: "thingid",
      api: "dashboard/thing/",
      module: "course",
      labelKey: "x",
      menuSection: "content",
      detailModule: "routes/detail.tsx",
      columns: [],
      filters: [],
      defaultOrdering: "-id",
      fields: [],
      defaultTab: "permission",
      overall: [],
      tabs: [
        {
          id: "permission",
          labelKey: "x",
          action: "change",
          module: "routes/rules.tsx",
          children: [
            { id: "admin", labelKey: "x", action: "change", module: "routes/admins.tsx" },
            {
              id: "condition",
              labelKey: "x",
              action: "change",
              param: "permissionid",
              paramList: "permission/",
              module: "routes/condition.tsx",
            },
          ],
        },
      ],
    };
    const [detail] = contentRoutes([sample] as never) as (R & { param?: string; paramList?: string })[];
    const children = detail.children as (R & { param?: string; paramList?: string })[];
    expect(children.map((c) => c.path)).toEqual([
      "permission",
      "permission/admin",
      "permission/:permissionid/condition",
    ]);
    expect(children[2]).toMatchObject({
      id: "thing.tab.permission.condition",
      param: "permissionid",
      paramList: "permission/",
      flag: "course_change_course",
    });
    expect(children[1]).not.toHaveProperty("param");
  });

  it("gives Course its enrollment and permission pages (issue 6 items 2 and 3)", () => {
    const detail = (contentRoutes() as R[]).find((r) => r.id === "course.detail")!;
    const paths = Object.fromEntries(detail.children!.map((c) => [c.id, [c.path, c.flag]]));
    expect(paths["course.tab.enrollment"]).toEqual(["enrollment", "course_enrollment_course"]);
    expect(paths["course.tab.enrollment.identification"]).toEqual([
      "enrollment/identification",
      "course_enrollment_course",
    ]);
    expect(paths["course.tab.enrollment.prerequisite"]).toEqual([
      "enrollment/prerequisite",
      "course_enrollment_course",
    ]);
    expect(paths["course.tab.permission"]).toEqual(["permission", "course_change_course"]);
    expect(paths["course.tab.permission.admin"]).toEqual(["permission/admin", "course_change_course"]);
    expect(paths["course.tab.permission.condition"]).toEqual([
      "permission/:permissionid/condition",
      "course_change_course",
    ]);
  });
});
