import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { CLIENT_ADDRESS_HEADER } from "../../contract/http";
import { clientAddress, trustSetting } from "../../server/client-address";

/**
 * The dashboard server's trust model (docs/decisions/019): the client's address and protocol come
 * from the socket, and from X-Forwarded-* only when the peer is a proxy of TRUST_PROXY.
 */
let server: http.Server | null = null;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function serve(trust: string | undefined) {
  const app = express();
  app.set("trust proxy", trustSetting(trust));
  app.use(clientAddress());
  app.get("/echo", (req, res) => {
    res.cookie("a", "1", { httpOnly: true });
    res.json({ headers: req.headers, protocol: req.protocol });
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server!.once("listening", r));
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}/echo`;
}

const FORGED = {
  "x-forwarded-for": "10.6.6.6",
  "x-forwarded-proto": "https",
  "x-forwarded-host": "evil.example",
  [CLIENT_ADDRESS_HEADER]: "10.7.7.7",
  "x-real-ip": "10.8.8.8",
};

describe("client address and protocol", () => {
  it("ignores every forwarding header when no proxy is trusted (the default)", async () => {
    const res = await fetch(await serve(undefined), { headers: FORGED });
    const body = await res.json();
    expect(body.headers[CLIENT_ADDRESS_HEADER]).toBe("127.0.0.1");
    expect(body.protocol).toBe("http");
    for (const h of ["x-forwarded-for", "x-forwarded-proto", "x-forwarded-host", "x-real-ip"])
      expect(body.headers[h]).toBeUndefined();
    expect(res.headers.get("set-cookie")).not.toMatch(/secure/i);
  });

  it("believes a trusted proxy: the address it saw, HTTPS, its host, and every cookie Secure", async () => {
    const res = await fetch(await serve("127.0.0.1"), {
      headers: { "x-forwarded-for": "203.0.113.5", "x-forwarded-proto": "https", "x-forwarded-host": "lms.example" },
    });
    const body = await res.json();
    expect(body.headers[CLIENT_ADDRESS_HEADER]).toBe("203.0.113.5");
    expect(body.protocol).toBe("https");
    expect(body.headers["x-forwarded-host"]).toBe("lms.example");
    expect(res.headers.get("set-cookie")).toMatch(/; Secure/);
  });

  it("takes from a chain only what trusted proxies added", async () => {
    // The browser wrote 10.6.6.6 itself; the trusted proxy appended the address it really saw.
    const res = await fetch(await serve("127.0.0.1"), { headers: { "x-forwarded-for": "10.6.6.6, 198.51.100.4" } });
    expect((await res.json()).headers[CLIENT_ADDRESS_HEADER]).toBe("198.51.100.4");
  });

  it("reads TRUST_PROXY as a list, empty meaning none", () => {
    expect(trustSetting("")).toBe(false);
    expect(trustSetting(" 10.0.0.1 , 10.0.0.0/8,")).toEqual(["10.0.0.1", "10.0.0.0/8"]);
  });
});
