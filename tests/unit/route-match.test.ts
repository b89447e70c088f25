import { describe, expect, it } from "vitest";
import { matchUrl } from "../../scripts/route-match";

/** `npm run route -- <url>` (scripts/route.ts): the module that serves a URL, as Remix matches it. */
describe("npm run route", () => {
  it("names the modules serving a content tab, outermost first, with the URL's parameters", () => {
    const matches = matchUrl("/dashboard/course/3/permission");
    expect(matches.map((m) => m.route.module)).toEqual([
      "routes/dashboard.tsx",
      "routes/shell.tsx",
      "routes/content.detail.tsx",
      "routes/content.permission.tsx",
    ]);
    expect(matches.at(-1)).toMatchObject({
      route: { id: "course.tab.permission", guard: "course_change_course" },
      params: { courseid: "3" },
    });
  });

  it("an address no page serves ends at the not-found route", () => {
    expect(matchUrl("/dashboard/no-such-area/7").at(-1)?.route.module).toBe("routes/not-found.tsx");
  });
});
