import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * patches/@remix-run+dev+*.patch (docs/decisions/031): the stand-in Remix puts in the browser
 * build for a `*.server` import is free of side effects, so an import left unused once the loader
 * and action are removed is dropped instead of shipped as an empty chunk. `npm ci` applies it
 * (postinstall: patch-package); this fails when it was not applied.
 */
const require = createRequire(import.meta.url);
type OnResolve = (args: {
  path: string;
  resolveDir: string;
}) => { path: string; namespace: string; sideEffects?: boolean } | undefined;

describe("the empty-modules patch", () => {
  it("answers a server module of the app with an empty module free of side effects, and leaves others alone", () => {
    const { emptyModulesPlugin } = require("@remix-run/dev/dist/compiler/plugins/emptyModules.js") as {
      emptyModulesPlugin: (
        ctx: { config: { appDirectory: string } },
        filter: RegExp,
      ) => { setup(build: unknown): void };
    };
    const appDirectory = path.resolve("app");
    let resolve: OnResolve | undefined;
    emptyModulesPlugin({ config: { appDirectory } }, /\.server(\.[jt]sx?)?$/).setup({
      onResolve: (_: unknown, fn: OnResolve) => (resolve = fn),
      onLoad: () => undefined,
    });
    const answer = resolve!({ path: "~/lms/store.server", resolveDir: path.join(appDirectory, "routes") });
    expect(answer).toMatchObject({ namespace: "empty-module", sideEffects: false });
    expect(resolve!({ path: "pkg/x.server", resolveDir: path.resolve("node_modules") })).toBeUndefined();
  });
});
