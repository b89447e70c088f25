import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sendJson } from "../../app/lms/transport.server";

/** The dashboard's wire to the API (app/lms/transport.server.ts), against a real local server. */
describe("sendJson", () => {
  let server: http.Server | undefined;
  afterEach(async () => {
    const open = server;
    server = undefined;
    if (open) await new Promise<void>((done) => open.close(() => done()));
  });

  const serve = async (handler: http.RequestListener) => {
    server = http.createServer(handler);
    await new Promise<void>((done) => server!.listen(0, "127.0.0.1", done));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/x/`;
  };

  it("sends the body with its length and reads status, cookies and text", async () => {
    const url = await serve((req, res) => {
      let got = "";
      req
        .on("data", (c) => (got += c))
        .on("end", () => {
          res.setHeader("set-cookie", ["a=1; Path=/", "b=2; Path=/"]);
          res.end(JSON.stringify({ method: req.method, length: req.headers["content-length"], got }));
        });
    });
    const answer = await sendJson("POST", url, { "content-type": "application/json" }, JSON.stringify({ name: "ไทย" }));
    expect(answer.status).toBe(200);
    expect(answer.setCookies).toEqual(["a=1; Path=/", "b=2; Path=/"]);
    expect(JSON.parse(answer.text)).toEqual({
      method: "POST",
      length: String(Buffer.byteLength('{"name":"ไทย"}')),
      got: '{"name":"ไทย"}',
    });
  });

  it("gives up on an API that never answers", async () => {
    const url = await serve(() => {
      // Holds the request open and never answers.
    });
    const started = Date.now();
    await expect(sendJson("GET", url, {}, undefined, 200)).rejects.toThrow(/no answer from the API in 200 ms/);
    expect(Date.now() - started).toBeLessThan(5_000);
    server!.closeAllConnections();
  });
});

describe("a page's call to a hung API", () => {
  it("ends on the gateway-timeout page (504) when the page's time is up, not never and not twice over", async () => {
    let calls = 0;
    const server = http.createServer(() => {
      calls++; // holds every request open
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    vi.resetModules();
    vi.stubEnv("LMS_API_URL", `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    vi.stubEnv("LMS_API_TIMEOUT_MS", "300");
    try {
      const { lms } = await import("../../app/lms/api.server");
      const started = Date.now();
      const thrown = await lms(new Request("http://dashboard.test/dashboard/course/"))
        .get("dashboard/course/")
        .catch((e: unknown) => e);
      expect(thrown).toBeInstanceOf(Response);
      expect((thrown as Response).status).toBe(302);
      expect((thrown as Response).headers.get("location")).toBe("/dashboard/error/504");
      // No retry once the page's time is used up: one call, ended within the timeout.
      expect(calls).toBe(1);
      expect(Date.now() - started).toBeLessThan(300 + 200);
    } finally {
      vi.unstubAllEnvs();
      vi.resetModules();
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    }
  });

  it("tries a GET whose connection was dropped once more, in the time left", async () => {
    let calls = 0;
    const server = http.createServer((req, res) => {
      if (++calls === 1) return req.socket.destroy(); // a kept-alive socket the API had closed
      res.setHeader("content-type", "application/json").end('{"ok":true}');
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    vi.resetModules();
    vi.stubEnv("LMS_API_URL", `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    try {
      const { lms } = await import("../../app/lms/api.server");
      expect(await lms(new Request("http://dashboard.test/dashboard/course/")).get("dashboard/course/")).toEqual({
        status: 200,
        data: { ok: true },
      });
      expect(calls).toBe(2);
    } finally {
      vi.unstubAllEnvs();
      vi.resetModules();
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    }
  });
});
