import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_IDLE_SECONDS } from "../../contract/http";
import { startTestApi, type TestApi } from "./harness";

/**
 * The dashboard's short per-session memory of the user's profile and flags
 * (app/lms/user-cache.server.ts), against a real API: reused by the next page view, forgotten by
 * the session's own write, its expiry and its refusal.
 */
let api: TestApi;
let auth: typeof import("~/lms/auth.server");
let client: typeof import("~/lms/api.server");

beforeAll(async () => {
  api = await startTestApi();
  await api.app.listen({ port: 0, host: "127.0.0.1" });
  process.env.LMS_API_URL = `http://127.0.0.1:${(api.app.server.address() as AddressInfo).port}`;
  process.env.LMS_USER_CACHE_MS = "600000";
  // Read after the environment is set: the client takes the API's address when it loads.
  auth = await import("~/lms/auth.server");
  client = await import("~/lms/api.server");
});
afterAll(() => api.close());

async function signedIn(username: string) {
  const c = api.client();
  await c.login(username);
  const cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  return (method = "GET") => new Request("http://dashboard.test/dashboard/course", { method, headers: { cookie } });
}

const rename = (username: string, firstName: string) =>
  api.db.updateTable("account").set({ first_name: firstName }).where("username", "=", username).execute();

async function thrown(p: Promise<unknown>): Promise<Response> {
  try {
    await p;
  } catch (e) {
    if (e instanceof Response) return e;
    throw e;
  }
  throw new Error("expected a response to be thrown");
}

describe("the signed-in user, kept per session for a moment", () => {
  it("a page view after the last one reuses its profile; the session's own write forgets it", async () => {
    const request = await signedIn("admin");
    const before = (await auth.requireDashboardUser(request())).profile.first_name;
    await rename("admin", "Renamed");
    expect((await auth.requireDashboardUser(request())).profile.first_name).toBe(before);
    // Any write through the dashboard's client (here: the language, as the language menu sends it).
    await client.lms(request()).patch("account/profile/", { language: "en" });
    expect((await auth.requireDashboardUser(request())).profile.first_name).toBe("Renamed");
  });

  it("an action reads the user afresh", async () => {
    const request = await signedIn("staff1");
    await auth.requireDashboardUser(request());
    await rename("staff1", "Fresh");
    expect((await auth.requireDashboardUser(request("POST"))).profile.first_name).toBe("Fresh");
  });

  it("an expired session is forgotten at the first call the API refuses with 401", async () => {
    const request = await signedIn("admin");
    await auth.requireDashboardUser(request());
    api.advance((SESSION_IDLE_SECONDS + 1) * 1000);
    const expired = await thrown(client.lms(request()).get("dashboard/course/"));
    expect(expired.headers.get("location")).toMatch(/\/dashboard\/account\/login\/\?next=/);
    const again = await thrown(auth.requireDashboardUser(request()));
    expect(again.headers.get("location")).toMatch(/\/dashboard\/account\/login\/\?next=/);
  });

  it("a refused session is forgotten: the next page is refused too, not served from memory", async () => {
    const request = await signedIn("viewer");
    await auth.requireDashboardUser(request());
    const refused = await thrown(auth.requirePermission(request(), "course_delete_course"));
    expect(refused.headers.get("location")).toBe("/dashboard/error/403");
    // Signed out on the API; for a moment the dashboard answers that session's pages with the
    // same 403 (docs/decisions/015) instead of a user it remembered.
    const again = await thrown(auth.requireDashboardUser(request()));
    expect(again.headers.get("location")).toBe("/dashboard/error/403");
  });

  it("keeps each session's own user", async () => {
    const admin = await signedIn("admin");
    const viewer = await signedIn("viewer");
    const [a, v] = await Promise.all([auth.requireDashboardUser(admin()), auth.requireDashboardUser(viewer())]);
    expect(a.profile.email).not.toBe(v.profile.email);
    expect((await auth.requireDashboardUser(viewer())).profile.email).toBe(v.profile.email);
  });
});
