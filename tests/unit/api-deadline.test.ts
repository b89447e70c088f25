import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

/**
 * One deadline per page request (spec 002 §8, docs/decisions/026): however many calls a page
 * makes — loaders side by side, calls one after another, the config and dictionary refresh — it
 * gives up on a frozen or crawling API within LMS_API_TIMEOUT_MS, not that much per call.
 */
const TIMEOUT_MS = 400;
/** Scheduling slack on a busy 2-core machine. */
const MARGIN_MS = 250;

describe("a page request's time for the API", () => {
  let delayMs = 0;
  let frozen = false;
  let server: http.Server;
  let api: typeof import("../../app/lms/api.server");
  let store: typeof import("../../app/lms/store.server");

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (frozen) return; // accepts the connection, answers nothing
      const body = req.url?.includes("config/check-update")
        ? { config_datetime_update: "1", dict_datetime_update: "1" }
        : req.url?.includes("dashboard/config")
          ? { config_dict: { app_name: { value: "From the API" } } }
          : { ok: true };
      setTimeout(() => res.setHeader("content-type", "application/json").end(JSON.stringify(body)), delayMs);
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    vi.resetModules();
    vi.stubEnv("LMS_API_URL", `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    vi.stubEnv("LMS_API_TIMEOUT_MS", String(TIMEOUT_MS));
    vi.stubEnv("LMS_CACHE_CHECK_MS", "0");
    api = await import("../../app/lms/api.server");
    store = await import("../../app/lms/store.server");
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    vi.resetModules();
    server.closeAllConnections();
    await new Promise<void>((done) => server.close(() => done()));
  });

  /** Loader arguments as Remix gives them: a Request of its own each, one context per page request. */
  const argsOf = (context: object) => ({
    request: new Request("http://dashboard.test/dashboard/course/", { headers: { cookie: "sessionid=s1" } }),
    context,
  });
  const outcome = (p: Promise<unknown>) =>
    p.then(
      () => "answered",
      (e: unknown) => (e instanceof Response ? `${e.status} ${e.headers.get("location")}` : String(e)),
    );

  it("calls one after another share it: the third of three 0.4-timeout calls ends on the 504 page at the timeout", async () => {
    delayMs = TIMEOUT_MS * 0.4;
    frozen = false;
    const client = api.lms(argsOf({}));
    const started = Date.now();
    const result = await outcome(
      (async () => {
        await client.get("account/profile/");
        await client.get("dashboard/account/permission/");
        await client.get("dashboard/course/");
      })(),
    );
    expect(result).toBe("302 /dashboard/error/504");
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + MARGIN_MS);
  });

  it("loaders of one page request share it (one load context): a loader that starts late has only what is left", async () => {
    delayMs = TIMEOUT_MS * 0.3;
    frozen = false;
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const early = async (context: object) => api.lms(argsOf(context)).get("account/profile/");
    // Starts after 0.6 × the timeout (waiting on other work), then two calls of 0.3 each: 1.2 in all.
    const late = async (context: object) => {
      await sleep(TIMEOUT_MS * 0.6);
      const client = api.lms(argsOf(context));
      await client.get("dashboard/course/");
      await client.get("dashboard/course/1/");
    };
    const context = {};
    const started = Date.now();
    expect(await Promise.all([outcome(early(context)), outcome(late(context))])).toEqual([
      "answered",
      "302 /dashboard/error/504",
    ]);
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + MARGIN_MS);
    // Alone (a page request of its own) the same loader has its own time and is answered.
    expect(await outcome(late({}))).toBe("answered");
  });

  it("a slow upload's time on the wire is not the API's: the page's time counts again from when the form has arrived", async () => {
    delayMs = TIMEOUT_MS * 0.5;
    frozen = false;
    const { readForm } = await import("../../app/lms/read-form.server");
    const request = new Request("http://dashboard.test/dashboard/course/1/", {
      method: "POST",
      body: new URLSearchParams({ name: "x" }),
      headers: { cookie: "sessionid=s1" },
    });
    const client = api.lms({ request, context: {} }); // the guard, before the form is read
    await new Promise((r) => setTimeout(r, TIMEOUT_MS * 0.8)); // the body still arriving
    expect((await readForm(request)).form?.get("name")).toBe("x");
    expect(await outcome(client.post("dashboard/course/1/", { name: "x" }))).toBe("answered");
  });

  it("a frozen API: the page's call gives up at the timeout, without a retry that doubles it", async () => {
    frozen = true;
    const started = Date.now();
    expect(await outcome(api.lms(argsOf({})).get("account/profile/"))).toBe("302 /dashboard/error/504");
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + MARGIN_MS);
    server.closeAllConnections();
  });

  it("the config and dictionary refresh (three calls one after another) gives up within the timeout and serves what it has", async () => {
    frozen = false;
    delayMs = TIMEOUT_MS * 0.4; // check-update, config, dictionaries: 1.2 × the timeout in all
    const started = Date.now();
    const config = await store.getConfig();
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + MARGIN_MS);
    expect(config.app_name).toBeUndefined(); // the bundled fallback: the API's config never came
  });
});
