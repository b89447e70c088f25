import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { drain, installReadiness, READY_PATH, type Readiness } from "../../server/drain";

/**
 * Readiness separate from liveness on the dashboard's server (issue 35, docs/decisions/091), on
 * a real express server set up as server/dashboard.ts sets up its own: readiness first, then
 * the routes (here a stand-in for the liveness route and a slow page).
 */
describe("the dashboard while it drains", () => {
  let server: http.Server | undefined;
  afterEach(() => {
    server?.closeAllConnections();
    server = undefined;
  });

  async function start() {
    const readiness: Readiness = { draining: false };
    const app = express();
    installReadiness(app, readiness);
    app.get("/dashboard/health", (_req, res) => void res.json({ status: "ok" }));
    app.get("/slow", (_req, res) => void setTimeout(() => res.json({ done: true }), 400));
    server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server!.once("listening", r));
    // As in production: idle kept-alive connections live 65 s (server/dashboard.ts).
    server.keepAliveTimeout = 65_000;
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return { readiness, server, base };
  }
  const agent = new http.Agent({ keepAlive: true });
  const get = (url: string) =>
    new Promise<{ status: number; connection?: string; body: string }>((ok, bad) => {
      http
        .get(url, { agent }, (res) => {
          let body = "";
          res
            .on("data", (c) => (body += c))
            .on("end", () => ok({ status: res.statusCode ?? 0, connection: res.headers.connection, body }));
        })
        .on("error", bad);
    });

  it("is ready, and live, before SIGTERM", async () => {
    const { base } = await start();
    expect(await get(`${base}${READY_PATH}`)).toMatchObject({ status: 200, connection: "keep-alive" });
    expect((await get(`${base}${READY_PATH}/`)).status).toBe(200);
    expect((await get(`${base}/dashboard/health`)).status).toBe(200);
  });

  it("readiness answers 503 at once, liveness stays 200 while it still serves; then it closes with the work under way answered", async () => {
    const { readiness, server, base } = await start();
    const slow = get(`${base}/slow`); // under way when draining begins
    await new Promise((r) => setTimeout(r, 50));
    const started = Date.now();
    const drained = drain(server, readiness, 300);
    let closedAt = 0;
    void drained.then(() => (closedAt = Date.now()));
    // Within the delay: unready, live, and every answer lets its connection go.
    expect(await get(`${base}${READY_PATH}`)).toMatchObject({
      status: 503,
      connection: "close",
      body: '{"status":"draining"}',
    });
    expect(await get(`${base}/dashboard/health`)).toMatchObject({ status: 200, connection: "close" });
    expect(closedAt).toBe(0);
    // The page under way is answered in full, and lets its connection go too.
    expect(await slow).toMatchObject({ status: 200, connection: "close", body: '{"done":true}' });
    await drained;
    // Closed after the delay, without waiting on the kept-alive connection's 65 s.
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(Date.now() - started).toBeLessThan(10_000); // far below the 65 s keep-alive it must not wait for, with room for a busy machine
    await expect(get(`${base}/dashboard/health`)).rejects.toThrow(/ECONNREFUSED/);
  });

  it("with no delay (the default) it stops listening at once and still answers the page under way", async () => {
    const { readiness, server, base } = await start();
    const slow = get(`${base}/slow`);
    await new Promise((r) => setTimeout(r, 50));
    const started = Date.now();
    const drained = drain(server, readiness, 0);
    await expect(get(`${base}/dashboard/health`)).rejects.toThrow(/ECONNREFUSED/);
    expect(await slow).toMatchObject({ status: 200, body: '{"done":true}' });
    await drained;
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
