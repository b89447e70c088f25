import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApi } from "../../api/server";
import { drainApi } from "../../api/system/health";
import { seededDatabase, startTestApi, type TestApi } from "./harness";

/**
 * Readiness separate from liveness (issue 35, docs/decisions/091): `/api/health/ready/` answers
 * 503 from the moment the process drains (SIGTERM), `/api/health/` stays 200 until it exits, and
 * the draining API still answers the work it has — on a real database, both dialects.
 */
describe("the API's readiness and liveness", () => {
  let api: TestApi;
  let other: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
    other = await startTestApi();
  });
  afterAll(async () => {
    await api.close();
    await other.close();
  });

  it("both answer 200 while the API serves", async () => {
    const ready = await api.app.inject({ method: "GET", url: "/api/health/ready/" });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: "ready", database: "ok" });
    expect(ready.headers["cache-control"]).toBe("no-store");
    expect((await api.app.inject({ method: "GET", url: "/api/health/ready" })).statusCode).toBe(200);
    expect((await api.app.inject({ method: "GET", url: "/api/health/" })).json()).toMatchObject({
      status: "ok",
      database: "ok",
    });
  });

  it("draining: readiness 503 at once, liveness still 200, every answer lets its connection go; another instance is not touched", async () => {
    api.app.startDraining();
    const ready = await api.app.inject({ method: "GET", url: "/api/health/ready/" });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: "draining" });
    const live = await api.app.inject({ method: "GET", url: "/api/health/" });
    expect(live.statusCode).toBe(200);
    expect(live.headers.connection).toBe("close");
    // Work still arriving is served, not refused.
    const signIn = await api.client().post("/api/account/login/", { username: "admin", password: "wrong" });
    expect(signIn.status).not.toBe(503);
    // One instance's state, not the module's (API test files share modules in a worker).
    expect((await other.app.inject({ method: "GET", url: "/api/health/ready/" })).statusCode).toBe(200);
  });
});

describe("an API process draining over real HTTP", () => {
  let closed = false;
  let dropDb: () => Promise<void>;
  let destroyDb: () => Promise<void>;
  let mediaDir: string;
  let app: Awaited<ReturnType<typeof buildApi>>;
  let base = "";
  beforeAll(async () => {
    const { db, drop } = await seededDatabase();
    dropDb = drop;
    destroyDb = () => db.destroy();
    mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), "lms-media-test-"));
    app = await buildApi(
      { db, now: () => new Date(), secret: "test-secret-not-for-production", mediaDir },
      { scheduler: false },
    );
    // A request that takes a while: under way when the process starts closing.
    app.get("/slow-for-test", async () => {
      await new Promise((r) => setTimeout(r, 500));
      return { done: true };
    });
    await app.listen({ host: "127.0.0.1", port: 0 });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    if (!closed) await app.close();
    await destroyDb();
    await dropDb();
    fs.rmSync(mediaDir, { recursive: true, force: true });
  });

  const agent = new http.Agent({ keepAlive: true });
  const get = (url: string, via: http.Agent | false = agent) =>
    new Promise<{ status: number; connection?: string; body: string }>((ok, bad) => {
      http
        .get(url, { agent: via }, (res) => {
          let body = "";
          res
            .on("data", (c) => (body += c))
            .on("end", () => ok({ status: res.statusCode ?? 0, connection: res.headers.connection, body }));
        })
        .on("error", bad);
    });

  it("unready at once, live and serving through the delay, then closed with the request under way answered — promptly", async () => {
    expect((await get(`${base}/api/health/ready/`)).status).toBe(200);
    const slow = get(`${base}/slow-for-test`);
    await new Promise((r) => setTimeout(r, 50));
    const started = Date.now();
    const drained = drainApi(app, 300).then(() => (closed = true));
    expect(await get(`${base}/api/health/ready/`)).toMatchObject({
      status: 503,
      connection: "close",
      body: '{"status":"draining"}',
    });
    expect(await get(`${base}/api/health/`)).toMatchObject({ status: 200, connection: "close" });
    expect(closed).toBe(false);
    expect(await slow).toMatchObject({ status: 200, connection: "close", body: '{"done":true}' });
    await drained;
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    // Not held by a kept-alive connection until its keep-alive timeout.
    expect(Date.now() - started).toBeLessThan(10_000); // far below the 72 s keep-alive, with room for a busy machine
    await expect(get(`${base}/api/health/`, false)).rejects.toThrow(/ECONNREFUSED/);
  });
});
