import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { flag } from "../../contract/permissions";
import { startTestApi, type Client, type TestApi } from "./harness";
import { signedInWithout } from "./people-kit";

/** The user list as xlsx/csv (issue 33 item 14, docs/decisions/081). */

let api: TestApi;
let admin: Client;
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.signedIn("admin");
});
afterAll(() => api.close());

const U = "/api/dashboard/user/";
const download = async (client: Client, query: string) => {
  const res = await api.app.inject({
    method: "GET",
    url: `${U}export/?${query}`,
    headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
  });
  return { status: res.statusCode, headers: res.headers, raw: res.rawPayload };
};
const csvLines = (raw: Buffer) =>
  raw
    .toString("utf8")
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n");

describe("user export", () => {
  it("exports every row the list's search, filters and ordering select, as csv and xlsx", async () => {
    const all = (await admin.get(`${U}?ordering=-username&page_size=1000`)).body;
    const csv = await download(admin, "format_type=csv&ordering=-username");
    expect(csv.status).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers["content-disposition"]).toMatch(/^attachment; filename="users-\d{8}\.csv"/);
    const lines = csvLines(csv.raw);
    expect(lines[0].split(",")).toEqual([
      "No.",
      "Username",
      "Name",
      "Email",
      "Employee code",
      "Department",
      "Position",
      "Level",
      "Status",
      "Last active",
      "Created",
    ]);
    expect(lines).toHaveLength(all.count + 1);
    // The list's order, row for row (its first page: a page is capped, the export is not).
    expect(lines.slice(1, all.results.length + 1).map((l) => l.split(",")[1])).toEqual(
      all.results.map((r: { username: string }) => r.username),
    );
    const first = all.results[0];
    expect(lines[1].split(",").slice(0, 4)).toEqual([
      "1",
      first.username,
      [first.title, first.first_name, first.last_name].filter(Boolean).join(" "),
      first.email,
    ]);

    // Search and filters as the list takes them.
    const searched = (await admin.get(`${U}?search=learner&is_active=1&page_size=1000`)).body;
    const found = csvLines((await download(admin, "format_type=csv&search=learner&is_active=1")).raw);
    expect(found).toHaveLength(searched.count + 1);
    expect(found.slice(1).every((l) => l.split(",")[8] === "Active")).toBe(true);

    const xlsx = await download(admin, "format_type=xlsx");
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers["content-type"]).toMatch(/spreadsheetml/);
    expect([...xlsx.raw.subarray(0, 2)]).toEqual([0x50, 0x4b]);
  });

  it("refuses a bad format or filter, and anyone without the account export flag", async () => {
    expect((await download(admin, "format_type=pdf")).status).toBe(400);
    expect((await download(admin, "format_type=csv&ordering=password")).status).toBe(400);
    expect((await download(admin, "format_type=csv&department=abc")).status).toBe(400);
    expect((await download(api.client(), "format_type=csv")).status).toBe(401);
    const { client: refused } = await signedInWithout(api, flag("account", "export"));
    expect((await download(refused, "format_type=csv")).status).toBe(403);
  });
});
