import { defineConfig } from "@playwright/test";
import { dashboardCommandLine } from "./server/runtime";

/**
 * E2E against the production build: a fresh API (own data dir, seeded demo) and the dashboard, on
 * 127.0.0.1 only, driven by Debian's Chromium (no browser download on this machine).
 */
// Overridable so two suites can run side by side on one machine.
const API_PORT = Number(process.env.E2E_API_PORT ?? 8210);
const PORT = Number(process.env.E2E_PORT ?? 3210);
const DATA_DIR = process.env.E2E_DATA_DIR ?? "./.e2e-data";
export const DEMO_PASSWORD = "Demo-Pass1!";

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
  projects: [
    { name: "js-on", use: { javaScriptEnabled: true } },
    { name: "js-off", use: { javaScriptEnabled: false } },
  ],
  webServer: [
    {
      command: `rm -rf ${DATA_DIR} && ./node_modules/.bin/tsx api/main.ts`,
      url: `http://127.0.0.1:${API_PORT}/api/health/`,
      // The permission matrix signs in afresh for every refusal (a 403 signs out): more sign-ins a
      // minute than the production limit allows. The limit itself is tested in tests/api.
      // The auto-assignment scheduler is off: a round it ran mid-suite would be a write the matrix's
      // "a refusal writes nothing" checks cannot tell from a leak (tests/api drives it with a fake clock).
      env: { API_PORT: String(API_PORT), HOST: "127.0.0.1", DATA_DIR, DEMO_PASSWORD, LOG_LEVEL: "warn", LOGIN_LIMIT_PER_ACCOUNT: "10000", LOGIN_LIMIT_PER_ADDRESS: "10000", ASSIGNMENT_SCHEDULER: "off" },
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      // The dashboard's compiled server, as `npm start` runs it (server/runtime.ts).
      command: dashboardCommandLine(process.env.BUILD_DIR ?? "build"),
      url: `http://127.0.0.1:${PORT}/dashboard/health`,
      env: { PORT: String(PORT), HOST: "127.0.0.1", LMS_API_URL: `http://127.0.0.1:${API_PORT}`, NODE_ENV: "production", LMS_CACHE_CHECK_MS: "0", DATA_DIR, I18N_STRICT: "1" },
      reuseExistingServer: false,
      timeout: 60_000,
    },
  ],
});
