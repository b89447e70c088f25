/**
 * The production builds the bench measures, each made by `remix build` into a folder of its own
 * (BUILD_DIR, read by both remix.config.js files), so a build started beside it cannot change the
 * files under test. Server build: <dir>/index.js; browser assets: <dir>/assets.
 * - the dashboard (remix.config.js at the root), served at /dashboard/build/;
 * - the bare Remix app of bench/bare/ (one route, the framework's default entries), served at
 *   /build/: the figure every dashboard page is compared with.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

export const BENCH_BUILD_DIR = ".build-bench";
export const BARE_APP_DIR = "bench/bare";
export const BARE_BUILD_DIR = ".build-bench-bare";

/** `remix build` (production) of the app whose remix.config.js is in `appDir`, into `dir` (relative to the repository). */
function remixBuild(appDir: string, dir: string) {
  fs.rmSync(dir, { recursive: true, force: true });
  const r = spawnSync(path.resolve("node_modules/.bin/remix"), ["build"], {
    cwd: appDir,
    env: { ...process.env, NODE_ENV: "production", BUILD_DIR: path.resolve(dir) },
    stdio: ["ignore", process.stderr, process.stderr],
  });
  if (r.status !== 0) throw new Error(`remix build in ${appDir} failed (${r.status ?? r.signal})`);
  return paths(dir);
}

/** The dashboard as `npm run build` makes it: the app, then its compiled server (`<dir>/server.js`, served to the bare app too). */
export function buildDashboard(dir = BENCH_BUILD_DIR) {
  const built = remixBuild(".", dir);
  const r = spawnSync(process.execPath, ["server/build.mjs"], {
    env: { ...process.env, BUILD_DIR: dir },
    stdio: ["ignore", process.stderr, process.stderr],
  });
  if (r.status !== 0) throw new Error(`server build into ${dir} failed (${r.status ?? r.signal})`);
  return built;
}
export const buildBare = (dir = BARE_BUILD_DIR) => remixBuild(BARE_APP_DIR, dir);

export function paths(dir = BENCH_BUILD_DIR) {
  const out = { serverDir: dir, assetsDir: path.join(dir, "assets") };
  if (!fs.existsSync(path.join(dir, "index.js"))) throw new Error(`no build in ${dir}: run without --no-build`);
  return out;
}
