import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect } from "@playwright/test";
import { dashboardProcess } from "../../server/runtime";
import { LANE } from "./lane";

/**
 * A dashboard of a test's own, run as `npm start` runs it (server/runtime.ts), in front of an API
 * the test chose (a proxy that freezes or breaks it): the specs of upstream faults.
 */

export async function freePort(): Promise<number> {
  const probe = http.createServer();
  await new Promise<void>((done) => probe.listen(0, "127.0.0.1", done));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((done) => probe.close(() => done()));
  return port;
}

/** Until `url` answers 200 (the child dying first fails at once). */
export async function answering(url: string, child: ChildProcess) {
  await expect
    .poll(
      () =>
        child.exitCode !== null
          ? -1
          : fetch(url).then(
              (r) => r.status,
              () => 0,
            ),
      { timeout: 60_000 },
    )
    .toBe(200);
}

/** The production dashboard on a free port over `apiUrl`, page time `timeoutMs` (and `env`); answering when this resolves. */
export async function ownDashboard(
  apiUrl: string,
  timeoutMs: number,
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const run = dashboardProcess(process.env.BUILD_DIR ?? "build", {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    LMS_API_URL: apiUrl,
    LMS_API_TIMEOUT_MS: String(timeoutMs),
    LMS_USER_CACHE_MS: "0",
    LMS_CACHE_CHECK_MS: "0",
    DATA_DIR: LANE.dataDir,
    ...env,
  });
  // Its own process group, so a test that ends early can stop it and whatever it started.
  const child = spawn(run.command, run.args, { detached: true, stdio: "ignore", env: run.env });
  const url = `http://127.0.0.1:${port}`;
  await answering(`${url}/dashboard/health`, child);
  return { child, url };
}
