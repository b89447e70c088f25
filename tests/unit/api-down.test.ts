import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

/**
 * While `npm start` restarts a crashed API nothing listens on its port: the dashboard's calls are
 * refused at once. They must end on the 504 page (never a hang, never a bare 500), and work again
 * as soon as the API is back — in the same dashboard process, without restarting it.
 */
describe("a page's call while the API is down", () => {
  let port = 0;
  let lms: typeof import("../../app/lms/api.server").lms;
  beforeAll(async () => {
    const probe = http.createServer();
    await new Promise<void>((done) => probe.listen(0, "127.0.0.1", done));
    port = (probe.address() as AddressInfo).port;
    await new Promise<void>((done) => probe.close(() => done())); // nothing listens there now
    vi.resetModules();
    vi.stubEnv("LMS_API_URL", `http://127.0.0.1:${port}`);
    ({ lms } = await import("../../app/lms/api.server"));
  });
  afterAll(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  const page = (method = "GET") =>
    new Request("http://dashboard.test/dashboard/course", {
      method,
      headers: { cookie: "sessionid=s1; csrftoken=c1" },
    });
  const thrownBy = (p: Promise<unknown>) =>
    p.then(
      () => "answered",
      (e: unknown) => e,
    );

  it("GET and POST end on the 504 page at once", async () => {
    const started = Date.now();
    for (const thrown of [
      await thrownBy(lms(page()).get("dashboard/course/")),
      await thrownBy(lms(page("POST")).post("dashboard/course/", { name: "x" })),
    ]) {
      expect(thrown).toBeInstanceOf(Response);
      expect((thrown as Response).status).toBe(302);
      expect((thrown as Response).headers.get("location")).toBe("/dashboard/error/504");
    }
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("the same process reaches the API again once it is back", async () => {
    const api = http.createServer((_req, res) =>
      res.setHeader("content-type", "application/json").end('{"results":[],"count":0}'),
    );
    await new Promise<void>((done) => api.listen(port, "127.0.0.1", done));
    try {
      expect(await lms(page()).get("dashboard/course/")).toEqual({ status: 200, data: { results: [], count: 0 } });
    } finally {
      api.closeAllConnections();
      await new Promise<void>((done) => api.close(() => done()));
    }
  });
});
