/**
 * `npm run bench:lighthouse [-- --no-build]`: Lighthouse (mobile preset: a mid-range phone on a
 * slow 4G, simulated) on the sign-in page, the course list and the course form, signed in as
 * admin (the session's cookies set in the browser through puppeteer-core, and Lighthouse told not
 * to clear storage), driven through Debian's Chromium. Prints the
 * performance and accessibility scores and the total blocking time; writes the figures under
 * bench/results/. Everything stays on 127.0.0.1: demo data, local servers, no Lighthouse error
 * reporting (off unless asked for), Chromium's background networking off.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import puppeteer from "puppeteer-core";
import { BENCH_BUILD_DIR, buildDashboard, paths } from "./build";
import { BENCH_PASSWORD, prepareSchema } from "./seed";
import { startApi, startDashboard, stop, type Server } from "./servers";
import { signIn } from "./session";

const { values: args } = parseArgs({ options: { "no-build": { type: "boolean", default: false } } });
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const log = (line: string) => process.stderr.write(`[lighthouse] ${line}\n`);

const root = fs.mkdtempSync(path.join(os.tmpdir(), "lms-lighthouse-"));
const servers: Server[] = [];
let chrome: chromeLauncher.LaunchedChrome | null = null;
let browser: import("puppeteer-core").Browser | null = null;
let code = 1;
try {
  const build = args["no-build"]
    ? paths(BENCH_BUILD_DIR)
    : (log("remix build (production) …"), buildDashboard(BENCH_BUILD_DIR));
  await prepareSchema(root, new Date());
  const api = await startApi(root);
  servers.push(api);
  const dashboard = await startDashboard(build.serverDir, api.url, root);
  servers.push(dashboard);
  const cookie = await signIn(api.url, dashboard.url, "admin", BENCH_PASSWORD);

  chrome = await chromeLauncher.launch({
    chromePath: "/usr/bin/chromium",
    chromeFlags: CHROME_FLAGS,
    logLevel: "silent",
  });
  browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const page = await browser.newPage();
  // A Cookie header passed as extraHeaders does not reach Chromium's requests: set them in its jar.
  const jar = cookie.split("; ").map((pair) => {
    const i = pair.indexOf("=");
    return { name: pair.slice(0, i), value: pair.slice(i + 1), url: dashboard.url };
  });
  const pages = [
    { page: "sign-in", url: `${dashboard.url}/dashboard/account/signin`, signedIn: false },
    { page: "course list", url: `${dashboard.url}/dashboard/course`, signedIn: true },
    { page: "course form", url: `${dashboard.url}/dashboard/course/create`, signedIn: true },
  ];
  const rows = [];
  for (const p of pages) {
    log(`${p.page}: ${p.url} …`);
    if (p.signedIn) await page.setCookie(...jar);
    else await page.deleteCookie(...jar);
    const result = await lighthouse(
      p.url,
      {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility"],
        disableStorageReset: true,
      },
      undefined,
      page,
    );
    if (!result) throw new Error(`no result for ${p.url}`);
    const lhr = result.lhr;
    if (lhr.runtimeError) throw new Error(`${p.url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    // A redirect to sign-in would measure the wrong page.
    if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(p.url).pathname)
      throw new Error(`${p.url} ended at ${lhr.finalDisplayedUrl}`);
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    rows.push({
      page: p.page,
      path: new URL(p.url).pathname,
      performance: score("performance"),
      accessibility: score("accessibility"),
      "total blocking time ms": Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? NaN),
      "largest contentful paint ms": Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? NaN),
    });
  }
  const at = new Date().toISOString();
  console.log(
    `Lighthouse ${rows.length ? "(mobile preset, simulated throttling)" : ""}; ${os.availableParallelism()} × ${os.cpus()[0]?.model}; ${at}`,
  );
  console.table(rows);
  fs.mkdirSync("bench/results", { recursive: true });
  fs.writeFileSync(
    path.join("bench/results", `lighthouse-${at.replace(/[:.]/g, "-")}.json`),
    `${JSON.stringify({ at, rows }, null, 2)}\n`,
  );
  code = 0;
} catch (err) {
  process.stderr.write(`${(err as Error).stack ?? err}\n`);
  for (const s of servers) if (s.stderr()) process.stderr.write(`--- ${s.name} stderr ---\n${s.stderr()}\n`);
} finally {
  await browser?.disconnect();
  chrome?.kill();
  for (const s of servers) await stop(s);
  fs.rmSync(root, { recursive: true, force: true });
}
process.exit(code);
