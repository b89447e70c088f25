import fs from "node:fs";
import { createRequire } from "node:module";
import { createStaticHandler, matchRoutes } from "@remix-run/router";
import { createStaticRouter } from "react-router-dom/server";
import { describe, expect, it } from "vitest";

/**
 * patches/@remix-run+react+*.patch, react-router-dom+*.patch and @remix-run+server-runtime+*.patch
 * (docs/decisions/036, 092): a server render reuses its build's route tree, that tree's data routes
 * and its route modules object instead of rebuilding them (every route of the product) on every request. `npm ci` applies them (postinstall:
 * patch-package); this fails when they were not applied, or when a render would get another
 * request's matches.
 */
const require = createRequire(import.meta.url);
const read = (spec: string) => fs.readFileSync(require.resolve(spec), "utf8");

describe("the render-routes patches", () => {
  it("are applied to both builds of each package", () => {
    for (const file of ["@remix-run/react/dist/server.js", "@remix-run/react/dist/esm/server.js"])
      expect(read(file), file).toContain("const serverRoutesCache = new WeakMap();");
    for (const file of ["react-router-dom/server.js", "react-router-dom/server.mjs"])
      expect(read(file), file).toContain("const dataRoutesCache = new WeakMap();");
    for (const file of ["@remix-run/router/dist/router.cjs.js", "@remix-run/router/dist/router.js"])
      expect(read(file), file).toContain("const matchesCache = new WeakMap();");
    for (const file of ["@remix-run/server-runtime/dist/entry.js", "@remix-run/server-runtime/dist/esm/entry.js"])
      expect(read(file), file).toContain("const entryRouteModulesCache = new WeakMap();");
  });

  it("hand every render of a build the same routeModules object, so RemixServer's cached routes are found by identity", async () => {
    const { createEntryRouteModules } = require("@remix-run/server-runtime/dist/entry.js") as {
      createEntryRouteModules: (m: object) => object;
    };
    const manifest = { root: { module: { default: 1 } }, list: { module: { default: 2 } } };
    const first = createEntryRouteModules(manifest);
    expect(createEntryRouteModules(manifest)).toBe(first);
    expect(first).toEqual({ root: manifest.root.module, list: manifest.list.module });
    expect(createEntryRouteModules({ ...manifest })).not.toBe(first);
  });

  it("keep one routes array's data routes, each render with its own request's matches", async () => {
    const routes = [
      {
        id: "root",
        path: "/",
        children: [
          { id: "list", path: "course" },
          { id: "item", path: "course/:id" },
        ],
      },
    ];
    const handler = createStaticHandler(routes);
    const context = async (url: string) => {
      const ctx = await handler.query(new Request(`http://x${url}`));
      if (ctx instanceof Response) throw new Error("unexpected response");
      return ctx;
    };
    const first = createStaticRouter(routes, await context("/course"));
    const second = createStaticRouter(routes, await context("/course/7"));
    expect(second.routes).toBe(first.routes);
    expect(first.state.matches.map((m) => m.route.id)).toEqual(["root", "list"]);
    expect(second.state.matches.map((m) => [m.route.id, m.params.id])).toEqual([
      ["root", "7"],
      ["item", "7"],
    ]);
    // A different array (another build) is converted afresh.
    const other = [{ id: "x", path: "/course" }];
    expect(
      createStaticRouter(other, (await createStaticHandler(other).query(new Request("http://x/course"))) as never)
        .routes,
    ).not.toBe(first.routes);
  });

  it("build the server routes once per build, though every render brings a new routeModules object", () => {
    // The patched function as the package holds it (not exported): a stub `create` counts the builds.
    const source = read("@remix-run/react/dist/server.js");
    const body = /const serverRoutesCache = new WeakMap\(\);[\s\S]*?\n}\nfunction cachedServerRoutes[\s\S]*?\n}\n/.exec(
      source,
    )?.[0];
    expect(body, "cachedServerRoutes in @remix-run/react/dist/server.js").toBeTruthy();
    const cached = new Function(`${body}; return cachedServerRoutes;`)() as (
      m: object,
      r: object,
      f: object,
      s: boolean,
      c: () => object,
    ) => object;
    let builds = 0;
    const create = () => ({ tree: ++builds });
    const [manifest, future, list, item] = [{}, {}, { default: () => null }, { default: () => null }];
    const first = cached(manifest, { list, item }, future, false, create);
    expect(cached(manifest, { list, item }, future, false, create)).toBe(first);
    expect(builds).toBe(1);
    // Another module (a rebuild in development) builds afresh.
    expect(cached(manifest, { list, item: { default: () => null } }, future, false, create)).not.toBe(first);
    expect(builds).toBe(2);
  });

  it("match a pathname once per routes array, and give every caller its own matches", () => {
    const routes = [{ id: "root", path: "/", children: [{ id: "item", path: "course/:id" }] }];
    const first = matchRoutes(routes, "/course/7")!;
    (first[1].params as Record<string, string>).id = "changed by a caller";
    first.pop();
    const second = matchRoutes(routes, "/course/7")!;
    expect(second.map((m) => [m.route.id, m.params.id])).toEqual([
      ["root", "7"],
      ["item", "7"],
    ]);
    expect(second[1].route).toBe(routes[0].children[0]);
    expect(matchRoutes(routes, "/nowhere")).toBeNull();
    expect(matchRoutes(routes, "/nowhere")).toBeNull();
  });
});
