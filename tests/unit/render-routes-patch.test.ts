import fs from "node:fs";
import { createRequire } from "node:module";
import { createStaticHandler } from "@remix-run/router";
import { createStaticRouter } from "react-router-dom/server";
import { describe, expect, it } from "vitest";

/**
 * patches/@remix-run+react+*.patch and react-router-dom+*.patch (docs/decisions/036): a server
 * render reuses its build's route tree and that tree's data routes instead of rebuilding both
 * (every route of the product) on every request. `npm ci` applies them (postinstall:
 * patch-package); this fails when they were not applied, or when a render would get another
 * request's matches.
 */
const require = createRequire(import.meta.url);
const read = (spec: string) => fs.readFileSync(require.resolve(spec), "utf8");

describe("the render-routes patches", () => {
  it("are applied to both builds of each package", () => {
    for (const file of ["@remix-run/react/dist/server.js", "@remix-run/react/dist/esm/server.js"]) expect(read(file), file).toContain("const serverRoutesCache = new WeakMap();");
    for (const file of ["react-router-dom/server.js", "react-router-dom/server.mjs"]) expect(read(file), file).toContain("const dataRoutesCache = new WeakMap();");
  });

  it("keep one routes array's data routes, each render with its own request's matches", async () => {
    const routes = [{ id: "root", path: "/", children: [{ id: "list", path: "course" }, { id: "item", path: "course/:id" }] }];
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
    expect(second.state.matches.map((m) => [m.route.id, m.params.id])).toEqual([["root", "7"], ["item", "7"]]);
    // A different array (another build) is converted afresh.
    const other = [{ id: "x", path: "/course" }];
    expect(createStaticRouter(other, await createStaticHandler(other).query(new Request("http://x/course")) as never).routes).not.toBe(first.routes);
  });
});
