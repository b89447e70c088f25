import { defineConfig, type PlaywrightTestConfig } from "@playwright/test";
import { dashboardCommandLine } from "./server/runtime";
import { LANE, LANES, laneOf, type Lane } from "./tests/e2e/lane";

/**
 * E2E against the production build: a fresh API (own data dir, seeded demo) and the dashboard, on
 * 127.0.0.1 only, driven by Debian's Chromium (no browser download on this machine).
 */
// A lane per worker, each with its own API, dashboard and database (tests/e2e/lane.ts).
const lanes = Array.from({ length: LANES }, (_, i) => laneOf(i));
export const DEMO_PASSWORD = "Demo-Pass1!";

export default defineConfig({
  testDir: "tests/e2e",
  // Files are shared out between the lanes; a file's tests run in order, in one lane.
  fullyParallel: false,
  workers: LANES,
  retries: 0,
  timeout: 30_000,
  // The list as tests end, then where the time went (lanes, longest files: tests/e2e/time-reporter.ts).
  reporter: [["list"], ["./tests/e2e/time-reporter.ts"]],
  use: {
    baseURL: `http://127.0.0.1:${LANE.port}`,
    launchOptions: {
      // The headless shell: the suite's CPU is mostly the browser's, and the shell spends a third
      // less of it than the full Chromium in headless mode (measured on users.spec.ts: 104 → 66 s).
      executablePath: process.env.E2E_CHROMIUM ?? "/usr/bin/chromium-headless-shell",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "js-on", use: { javaScriptEnabled: true } },
    { name: "js-off", use: { javaScriptEnabled: false } },
  ],
  webServer: lanes.flatMap(servers),
});

/** A lane's API (its own data dir, seeded demo) and the dashboard in front of it. */
function servers({ port, apiPort, dataDir }: Lane): Extract<NonNullable<PlaywrightTestConfig["webServer"]>, unknown[]> {
  return [
    {
      command: `rm -rf ${dataDir} && ./node_modules/.bin/tsx api/main.ts`,
      url: `http://127.0.0.1:${apiPort}/api/health/`,
      // The permission matrix signs in afresh for every refusal (a 403 signs out): more sign-ins a
      // minute than the production limit allows. The limit itself is tested in tests/api.
      // The auto-assignment scheduler is off: a round it ran mid-suite would be a write the matrix's
      // "a refusal writes nothing" checks cannot tell from a leak (tests/api drives it with a fake clock).
      // PASSWORD_HASH_N: passwords hashed at a test cost (README "Configuration"); the
      // production cost is what tests/api checks.
      env: {
        API_PORT: String(apiPort),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        DEMO_PASSWORD,
        LOG_LEVEL: "warn",
        LOGIN_LIMIT_PER_ACCOUNT: "10000",
        LOGIN_LIMIT_PER_ADDRESS: "10000",
        ASSIGNMENT_SCHEDULER: "off",
        PASSWORD_HASH_N: "1024",
      },
      reuseExistingServer: false,
      timeout: 120_000,
    },
    {
      // The dashboard's compiled server, as `npm start` runs it (server/runtime.ts).
      command: dashboardCommandLine(process.env.BUILD_DIR ?? "build"),
      url: `http://127.0.0.1:${port}/dashboard/health`,
      env: {
        PORT: String(port),
        HOST: "127.0.0.1",
        LMS_API_URL: `http://127.0.0.1:${apiPort}`,
        NODE_ENV: "production",
        LMS_CACHE_CHECK_MS: "0",
        DATA_DIR: dataDir,
        I18N_STRICT: "1",
      },
      reuseExistingServer: false,
      timeout: 120_000,
    },
  ];
}
