import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AddressInfo } from "node:net";
import WebSocket from "ws";
import { IMPORT_EVENTS, IMPORT_SOCKET_PATH } from "../../contract/imports";
import { originAllowed } from "../../api/imports/socket";
import { startTestApi, type Client, type TestApi } from "./harness";

/**
 * Who may open the import socket (issue 32), over a real connection with the `ws` client (as the
 * dashboard's server opens it, app/lms/import-socket.server.ts). The browser never talks to the
 * API: the dashboard relays the socket as Server-Sent Events from its server, which sends no
 * Origin. So no Origin → the session decides, as on every call; an Origin → only the API's own
 * host or PUBLIC_ORIGIN; anything else — `null` (a sandboxed frame), another site, a malformed
 * value — is a 403 before the upgrade, and the socket sends nothing (the history names files).
 */

const PUBLIC_ORIGIN = "https://lms.example.org";
let api: TestApi;
let admin: Client;
let base: string;

beforeAll(async () => {
  api = await startTestApi({}, { env: { PUBLIC_ORIGIN: `${PUBLIC_ORIGIN}/` } });
  await api.app.listen({ port: 0, host: "127.0.0.1" });
  base = `ws://127.0.0.1:${(api.app.server.address() as AddressInfo).port}/api/${IMPORT_SOCKET_PATH}`;
  admin = await api.signedIn("admin");
});
afterAll(async () => {
  await api?.close();
});

const cookieOf = (client: Client) => [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");

/**
 * Open the socket with these headers: the upgrade's status (101 when it opened) and what the
 * socket sent after we asked for the history (waiting a moment for it).
 */
function open(headers: Record<string, string>): Promise<{ status: number; messages: string[] }> {
  return new Promise((resolve, reject) => {
    const messages: string[] = [];
    const ws = new WebSocket(base, { headers });
    const done = (status: number) => setTimeout(() => (ws.terminate(), resolve({ status, messages })), 300);
    ws.on("message", (data) => messages.push(String(data)));
    ws.on("open", () => {
      ws.send(JSON.stringify({ event: IMPORT_EVENTS.history }));
      done(101);
    });
    ws.on("unexpected-response", (_req, res) => {
      res.resume();
      done(res.statusCode ?? 0);
    });
    ws.on("error", (e) => (/Unexpected server response/.test(e.message) ? undefined : reject(e)));
  });
}

describe("the import socket's Origin", () => {
  it("without an Origin (the dashboard's server): the session decides", async () => {
    const opened = await open({ cookie: cookieOf(admin) });
    expect(opened.status).toBe(101);
    expect(opened.messages.map((m) => JSON.parse(m).event)).toContain(IMPORT_EVENTS.history);
    expect((await open({})).status).toBe(401);
    expect((await open({ cookie: cookieOf(await api.signedIn("learner")) })).status).toBe(403);
  });

  it("from the API's own host or PUBLIC_ORIGIN: opens", async () => {
    const own = new URL(base.replace(/^ws/, "http")).origin;
    for (const origin of [own, PUBLIC_ORIGIN]) {
      const opened = await open({ cookie: cookieOf(admin), origin });
      expect(opened.status, origin).toBe(101);
      expect(opened.messages.length, origin).toBeGreaterThan(0);
    }
  });

  it("from `null`, another site or a malformed Origin: 403 before the upgrade, nothing sent", async () => {
    const own = new URL(base.replace(/^ws/, "http"));
    const refused = [
      "null",
      "https://evil.example",
      `https://${own.host}.evil.example`,
      `${PUBLIC_ORIGIN}.evil.example`,
      "http://lms.example.org",
      `${own.origin}/path`,
      "not a url",
      "javascript:alert(1)",
      `file://${own.host}`,
      "",
    ];
    for (const origin of refused) {
      const res = await open({ cookie: cookieOf(admin), origin });
      expect(res.status, JSON.stringify(origin)).toBe(403);
      expect(res.messages, JSON.stringify(origin)).toEqual([]);
    }
  });
});

describe("originAllowed", () => {
  it("takes an absent Origin, the API's host and the public origin only", () => {
    expect(originAllowed(undefined, "api:8000", undefined)).toBe(true);
    expect(originAllowed("http://api:8000", "api:8000", undefined)).toBe(true);
    expect(originAllowed("https://lms.example.org", "api:8000", "https://lms.example.org/")).toBe(true);
    expect(originAllowed("https://lms.example.org", "api:8000", "  ")).toBe(false);
    expect(originAllowed("https://lms.example.org", "api:8000", "not a url")).toBe(false);
    expect(originAllowed("null", "api:8000", "null")).toBe(false);
    expect(originAllowed("HTTP://API:8000", "api:8000", undefined)).toBe(false);
    expect(originAllowed("http://api:8000", undefined, undefined)).toBe(false);
  });
});
