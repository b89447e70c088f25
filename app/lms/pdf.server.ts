import type { ChildProcess } from "node:child_process";
import type { Browser } from "puppeteer-core";
import puppeteer from "puppeteer-core";

/**
 * HTML → PDF through Chromium (docs/decisions/042 "QR code"): the print pages' PDFs are the
 * browser's own print of the same markup, so what is printed from the page and what is
 * downloaded agree. One headless Chromium is launched on first use and reused; it is closed after
 * a minute without work and when the process exits. The document is given whole (its CSS inline,
 * images as data) and every request it would make is refused: Chromium needs no cookie, and
 * nothing a page contains can reach the network.
 */
const IDLE_MS = 60_000;
const RENDER_TIMEOUT_MS = 30_000;
/** CHROMIUM_PATH overrides Debian's Chromium, the one the e2e tests drive too. */
const executablePath = () => process.env.CHROMIUM_PATH?.trim() || "/usr/bin/chromium";

/** Chromium could not be started or did not print: the route answers 503, never a 500. */
export class PdfUnavailable extends Error {}

let browser: Promise<Browser> | null = null;
/** The running Chromium process, for the synchronous kill at exit. */
let child: ChildProcess | null = null;
let busy = 0;
let idleTimer: NodeJS.Timeout | null = null;

function launch(): Promise<Browser> {
  const started = puppeteer.launch({
    executablePath: executablePath(),
    headless: true,
    args: [
      "--no-sandbox",
      "--headless",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-quic",
    ],
    timeout: RENDER_TIMEOUT_MS,
    // Spoken to over its stdin/stdout, not a socket: when the dashboard dies, even by SIGKILL (no
    // exit hook runs then), the pipe closes and Chromium ends itself instead of living on orphaned.
    pipe: true,
    // The dashboard's own SIGTERM/SIGINT handlers end the process gracefully (server/dashboard.ts);
    // puppeteer's would exit at once. The exit hook below ends the browser either way.
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
  started
    .then((b) => {
      child = b.process();
      // A crash or kill: the next render launches afresh.
      b.once("disconnected", () => {
        if (browser === started) browser = null;
      });
    })
    .catch(() => {
      if (browser === started) browser = null;
    });
  return started;
}

async function closeBrowser() {
  const current = browser;
  browser = null;
  if (current) await (await current.catch(() => null))?.close().catch(() => undefined);
}

function scheduleIdleClose() {
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    if (busy === 0) void closeBrowser();
  }, IDLE_MS);
  idleTimer.unref();
}

// The browser is a child process: it must not outlive the dashboard. On a normal exit it is
// killed outright (`exit` allows no waiting); on a hard kill its pipe closing ends it (above).
let exitHooked = false;
function hookExit() {
  if (exitHooked) return;
  exitHooked = true;
  process.once("exit", () => {
    if (child && child.exitCode === null) child.kill("SIGKILL");
  });
}

/** The PDF of a whole HTML document, its page size from its own CSS (`@page`). */
export async function htmlToPdf(html: string): Promise<Uint8Array<ArrayBuffer>> {
  busy++;
  if (idleTimer) clearTimeout(idleTimer);
  hookExit();
  try {
    browser ??= launch();
    const b = await browser;
    const page = await b.newPage();
    try {
      page.setDefaultTimeout(RENDER_TIMEOUT_MS);
      await page.setJavaScriptEnabled(false);
      await page.setRequestInterception(true);
      page.on(
        "request",
        (req) => void (req.url().startsWith("data:") ? req.continue() : req.abort()).catch(() => undefined),
      );
      await page.setContent(html, { waitUntil: "load" });
      return new Uint8Array(await page.pdf({ format: "A4", printBackground: true, preferCSSPageSize: true }));
    } finally {
      await page.close().catch(() => undefined);
    }
  } catch (e) {
    throw new PdfUnavailable(`Chromium could not print the PDF: ${(e as Error).message}`);
  } finally {
    busy--;
    scheduleIdleClose();
  }
}

/** For tests and shutdown: close the browser now. */
export const closePdfBrowser = closeBrowser;
