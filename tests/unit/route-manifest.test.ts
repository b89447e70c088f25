import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DASHBOARD_FLAG, isFlag } from "../../contract/permissions";
import { routes } from "~/routes.table.js";
import { contentRoutes } from "~/registry/content-routes.js";
import { SCREENS } from "~/registry/menu.js";
import {
  ROUTE_MANIFEST,
  exampleUrl,
  manifestProblems,
  pageRoutes,
  requiredParams,
  type ManifestRoute,
} from "~/registry/route-manifest.js";

type Defined = { id: string; path: string; file: string; index: boolean; parentId: string | null };

/** What routes.table.js defines, recorded through a stand-in for Remix's defineRoutes. */
function definedRoutes(): Defined[] {
  const out: Defined[] = [];
  const stack: (string | null)[] = [null];
  type Options = { id: string; index?: boolean };
  const route = (p: string, file: string, options: Options, children?: () => void) => {
    out.push({ id: options.id, path: p, file, index: !!options.index, parentId: stack.at(-1)! });
    if (children) {
      stack.push(options.id);
      children();
      stack.pop();
    }
  };
  routes((fn: (r: typeof route) => void) => fn(route));
  return out;
}

const hasAction = (module: string) =>
  fs.existsSync(path.join("app", module)) &&
  // Its own action, or one re-exported from a server module (`export { action, loader } from "…server"`).
  /export\s+(async\s+)?(function\s+action\b|const\s+action\s*=)|export\s*\{[^}]*\baction\b[^}]*\}\s*from/.test(
    fs.readFileSync(path.join("app", module), "utf8"),
  );

describe("route manifest", () => {
  it("has no problem: every guard a real flag (or public / signed-in), every page a URL to request", () => {
    expect(manifestProblems(ROUTE_MANIFEST, isFlag)).toEqual([]);
  });

  it("is exactly what the route table defines, with the same parents, order and modules", () => {
    const defined = definedRoutes();
    expect(defined.map((d) => d.id)).toEqual(ROUTE_MANIFEST.map((r) => r.id));
    for (const d of defined) {
      const r = ROUTE_MANIFEST.find((m) => m.id === d.id)!;
      expect({ path: d.path, file: d.file, index: d.index, parentId: d.parentId }, d.id).toEqual({
        path: r.path,
        file: r.module,
        index: !!r.index,
        parentId: r.parentId,
      });
    }
  });

  it("takes every registry screen and content route, with the registry's flag", () => {
    type R = { id: string; flag: string; children?: R[] };
    const flat = (list: R[]): R[] => list.flatMap((r) => [r, ...flat(r.children ?? [])]);
    for (const s of SCREENS) expect(ROUTE_MANIFEST.find((r) => r.id === s.id)?.guard, s.id).toBe(s.flag);
    for (const c of flat(contentRoutes())) expect(ROUTE_MANIFEST.find((r) => r.id === c.id)?.guard, c.id).toBe(c.flag);
  });

  it("guards the shell and everything in it by a flag", () => {
    expect(ROUTE_MANIFEST.find((r) => r.id === "shell")?.guard).toBe(DASHBOARD_FLAG);
    const home = ROUTE_MANIFEST.find((r) => r.id === "home-learning")!;
    expect(home.url).toBe("/dashboard/");
    const info = ROUTE_MANIFEST.find((r) => r.id === "course.tab.information")!;
    expect(info.url).toBe("/dashboard/course/:courseid/information");
    expect(exampleUrl(info, { courseid: 7 })).toBe("/dashboard/course/7/information");
  });

  it("names the modules that exist, and declares the POST guards of every module with an action", () => {
    for (const r of ROUTE_MANIFEST) {
      expect(fs.existsSync(path.join("app", r.module)), r.module).toBe(true);
      const why = hasAction(r.module)
        ? "has an action but no POST guards: say what each intent needs (CONTENT_POSTS or `post` in app/registry/route-manifest.js)"
        : "declares POST guards but has no action";
      expect(!!r.post, `${r.id} (${r.module}) ${why}`).toBe(hasAction(r.module));
    }
  });

  it("gives every page a URL the matrix can request", () => {
    for (const r of pageRoutes()) {
      const values = Object.fromEntries(requiredParams(r).map((p) => [p, 1]));
      expect(
        requiredParams(r).every((p) => r.example || r.params?.[p]),
        `${r.id}: every parameter has a source`,
      ).toBe(true);
      expect(() => exampleUrl(r, values), r.id).not.toThrow();
    }
  });

  describe("refuses a route added without a real guard", () => {
    const shellChild = (extra: Partial<ManifestRoute>): ManifestRoute[] => [
      ...ROUTE_MANIFEST,
      {
        id: "probe",
        parentId: "shell",
        path: "probe",
        module: "routes/probe.tsx",
        url: "/dashboard/probe",
        guard: "course_view_course",
        ...extra,
      },
    ];
    it.each([
      ["a made-up flag", { guard: "course_peek_course" }, /probe .*not a permission flag/],
      ["no guard at all", { guard: undefined as unknown as string }, /probe .*not a permission flag/],
      ["a public screen inside the shell", { guard: "public" }, /probe .*must be guarded by a permission flag/],
      ["an action needing a made-up flag", { post: { "": "course_poke_course" } }, /probe .*POST intent "" guard/],
      ["a parameter nobody fills", { url: "/dashboard/probe/:probeid" }, /probe .*:probeid needs params or an example/],
      [
        "a row list under a parameter nobody fills",
        {
          url: "/dashboard/probe/:courseid/:probeid",
          params: { courseid: "course", probeid: { list: "x/{rowid}/", of: "courseid" } },
        },
        /probe .*names \{rowid\}/,
      ],
      [
        "an API list that is not a path",
        { url: "/dashboard/probe/:probeid", params: { probeid: { api: "dashboard department" } } },
        /probe .*API list must be a path ending in \//,
      ],
    ])("%s", (_name, extra, message) => {
      const problems = manifestProblems(shellChild(extra), isFlag);
      expect(problems.join("\n")).toMatch(message);
    });
    it("a well-guarded one passes", () => expect(manifestProblems(shellChild({}), isFlag)).toEqual([]));
    it("a parameter filled from an API list on its own passes (a list page's row: content.js ListPage params)", () =>
      expect(
        manifestProblems(
          shellChild({ url: "/dashboard/probe/:probeid", params: { probeid: { api: "dashboard/department/" } } }),
          isFlag,
        ),
      ).toEqual([]));
  });
});
