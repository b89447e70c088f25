import path from "node:path";

/**
 * How Node runs the dashboard's server in production — `npm start` (scripts/start.ts), the e2e
 * suite (playwright.config.ts) and the bench (bench/servers.ts) all read it here, so the tests and
 * the bench measure what users get.
 *
 * Plain `node` on the compiled server (`npm run build` writes `<build>/server.js`, server/build.mjs),
 * never a TypeScript loader: tsx transformed the 2.7 MB app build at start and kept its source map,
 * which doubled the process's memory and, the first time an error's stack was read, made Node
 * parse that map — past the old 128 MB heap cap, so one malformed form killed the process
 * (issue 32, docs/decisions/073).
 *
 * The heap leaves room for bursts: 512 MB, several times the live set under the bench's load
 * (65–80 MB after a full collection, decision 028), where the old 128 MB cap sized to that live
 * set turned a burst into a crash for every user. What bounds memory per request is that every
 * buffer on a request path has a limit (forms: app/lms/read-form.server.ts; the API's answers:
 * app/lms/transport.server.ts). The semi-space stays small, so short-lived page garbage is
 * collected young (decision 028 measured it).
 */
export const DASHBOARD_NODE_ARGS = ["--max-old-space-size=512", "--max-semi-space-size=8"];

/** The command, arguments and environment of the production dashboard over the build in `buildDir`. */
export function dashboardProcess(
  buildDir: string,
  env: Record<string, string | undefined>,
): { command: string; args: string[]; env: NodeJS.ProcessEnv } {
  return {
    command: process.execPath,
    args: [...DASHBOARD_NODE_ARGS, path.join(buildDir, "server.js"), path.join(buildDir, "index.js")],
    env: { ...env, NODE_ENV: "production" },
  };
}

/** The same as one shell command line (Playwright's webServer takes a string). */
export const dashboardCommandLine = (buildDir: string) =>
  ["node", ...DASHBOARD_NODE_ARGS, path.join(buildDir, "server.js"), path.join(buildDir, "index.js")].join(" ");
