import fs from "node:fs";
import { createRequire } from "node:module";
import { matchPath, matchRoutes, type AgnosticRouteObject as RouteObject } from "@remix-run/router";
import { describe, expect, it } from "vitest";

/**
 * patches/@remix-run+router+*.patch (docs/decisions/028): route matching keeps each routes
 * array's ranked branches and each pattern's RegExp instead of rebuilding them on every match.
 * `npm ci` applies it (postinstall: patch-package); this fails when it was not applied, to the
 * server's build or to the browser's, or when matching answers differently with it.
 */
const require = createRequire(import.meta.url);
const dist = (file: string) => fs.readFileSync(require.resolve(`@remix-run/router/dist/${file}`), "utf8");

describe("the route-matching patch", () => {
  it("is applied to the server's and the browser's build of @remix-run/router", () => {
    for (const file of ["router.cjs.js", "router.js"]) {
      expect(dist(file), file).toContain("const rankedBranchesCache = new WeakMap();");
      expect(dist(file), file).toContain("const compiledPaths = new Map();");
    }
  });

  it("matches as before, the same array asked again and again, and a changed array afresh", () => {
    const routes: RouteObject[] = [
      {
        id: "root",
        path: "/",
        children: [
          { id: "list", path: "course" },
          { id: "item", path: "course/:id", children: [{ id: "tab", path: ":tab?" }] },
          { id: "splat", path: "files/*" },
        ],
      },
    ];
    const ids = (path: string, r = routes) => matchRoutes(r, path)?.map((m) => m.route.id);
    for (let i = 0; i < 3; i++) {
      expect(ids("/course")).toEqual(["root", "list"]);
      expect(ids("/course/7/info")).toEqual(["root", "item", "tab"]);
      expect(matchRoutes(routes, "/course/8")?.at(-1)?.params).toEqual({ id: "8", tab: undefined });
      expect(matchRoutes(routes, "/files/a/b")?.at(-1)?.params["*"]).toBe("a/b");
      expect(ids("/nope")).toBeUndefined();
    }
    const other: RouteObject[] = [{ id: "x", path: "/course" }];
    expect(ids("/course", other)).toEqual(["x"]);
    expect(matchPath("/u/:id", "/u/5")?.params).toEqual({ id: "5" });
    expect(matchPath("/u/:id", "/u/6")?.params).toEqual({ id: "6" });
    expect(matchPath({ path: "/U/:id", caseSensitive: true }, "/u/6")).toBeNull();
    expect(matchPath({ path: "/U/:id", caseSensitive: false }, "/u/6")?.params).toEqual({ id: "6" });
  });
});
