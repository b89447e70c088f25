/**
 * The production build the bench measures, made by `remix build` into a folder of its own
 * (BUILD_DIR, read by remix.config.js), so a build started beside it cannot change the files
 * under test. Server build: <dir>/index.js; browser assets: <dir>/assets (served at /dashboard/build/).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

export const BENCH_BUILD_DIR = ".build-bench";

export function buildDashboard(dir = BENCH_BUILD_DIR) {
  fs.rmSync(dir, { recursive: true, force: true });
  const r = spawnSync(path.resolve("node_modules/.bin/remix"), ["build"], {
    env: { ...process.env, NODE_ENV: "production", BUILD_DIR: dir },
    stdio: ["ignore", process.stderr, process.stderr],
  });
  if (r.status !== 0) throw new Error(`remix build failed (${r.status ?? r.signal})`);
  return paths(dir);
}

export function paths(dir = BENCH_BUILD_DIR) {
  const out = { serverDir: dir, assetsDir: path.join(dir, "assets") };
  if (!fs.existsSync(path.join(dir, "index.js"))) throw new Error(`no build in ${dir}: run without --no-build`);
  return out;
}
