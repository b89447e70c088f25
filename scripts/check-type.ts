/**
 * `npm run check:type -- <key>`: the registry-driven checks of one content type while it is being
 * added (issue 36, docs/adding-a-content-type.md) — the registry unit tests, the API drift test
 * and permission matrix, then on a fresh build the route smoke and the page permission matrix
 * (plain requests: they run in the js-on project) — each narrowed to that type by CHECK_TYPE (tests/checked-type.ts). A few
 * minutes instead of the whole suite; CI still runs everything.
 */
import { spawnSync } from "node:child_process";
import { REGISTRY_TYPES } from "../app/registry/types.js";

const key = process.argv[2];
const keys = REGISTRY_TYPES.map((t) => t.key);
if (!key || !keys.includes(key)) {
  console.error(`usage: npm run check:type -- <key>, one of: ${keys.join(", ")}`);
  process.exit(2);
}
const env = { ...process.env, CHECK_TYPE: key };
const bin = (name: string) => `./node_modules/.bin/${name}`;
const run = (label: string, command: string, args: string[], extra: Record<string, string> = {}) => {
  console.log(`\n== ${label}`);
  const r = spawnSync(command, args, { stdio: "inherit", env: { ...env, ...extra } });
  if (r.status !== 0) {
    console.error(`== ${label}: failed (CHECK_TYPE=${key})`);
    process.exit(r.status ?? 1);
  }
};
run("registry, drift and API permission matrix", bin("vitest"), [
  "run",
  "tests/unit/content-registry.test.ts",
  "tests/unit/route-manifest.test.ts",
  "tests/api/registry-drift.test.ts",
  "tests/api/permission-matrix.test.ts",
]);
const buildDir = ".build-check-type";
run("build", "npm", ["run", "build"], { NODE_ENV: "production", BUILD_DIR: buildDir });
run(
  "route smoke and page permission matrix",
  bin("playwright"),
  ["test", "tests/e2e/route-smoke.spec.ts", "tests/e2e/permission-matrix.spec.ts", "--project", "js-on"],
  { BUILD_DIR: buildDir },
);
console.log(`\n${key}: every registry-driven check passed`);
