import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type Client, type TestApi } from "./harness";

let api: TestApi;
let admin: Client;
beforeAll(async () => {
  api = await startTestApi();
  admin = api.client();
  await admin.login("admin");
});
afterAll(() => api.close());

const F = "/api/dashboard/filter";
const LISTS = [
  "department-cascade",
  "level",
  "position",
  "provider",
  "instructor",
  "group",
  "group/type/ACCOUNT",
  "category",
  "sub-category",
  "content-type",
  "tag",
];
type Option = { id: number; name: string; code: string | null; value: number; parent_id?: number | null };
const names = (body: { results: Option[] }) => body.results.map((r) => r.name);

async function idOf(table: "department" | "category" | "level" | "position" | "tag", name: string) {
  return (await api.db.selectFrom(table).select("id").where("name", "=", name).executeTakeFirstOrThrow()).id;
}

describe("filter lists: access", () => {
  it("needs a session: 401 for everyone anonymous", async () => {
    const c = api.client();
    for (const name of LISTS) {
      const res = await c.get(`${F}/${name}/`);
      expect(res.status, name).toBe(401);
      expect(res.body).toEqual({ detail: "not_authenticated" });
    }
  });

  it("needs the dashboard permission: 403 for a learner", async () => {
    const c = api.client();
    await c.login("learner");
    for (const name of LISTS) {
      const res = await c.get(`${F}/${name}/`);
      expect(res.status, name).toBe(403);
      expect(res.body).toEqual({ detail: "permission_denied" });
    }
  });

  it("serves a staff member with the dashboard permission", async () => {
    const c = api.client();
    await c.login("manager");
    expect((await c.get(`${F}/level/`)).status).toBe(200);
  });

  it("answers 404 for a list that does not exist", async () => {
    const res = await admin.get(`${F}/nothing/`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: "url_not_found" });
  });
});

describe("filter lists: shape and content", () => {
  it("answers every list as the paged answer of filter options, ordered by name", async () => {
    for (const name of LISTS) {
      const res = await admin.get(`${F}/${name}/?format=json`);
      expect(res.status, name).toBe(200);
      expect(res.body).toMatchObject({ page_size: 50, next: null, page: 1 });
      expect(res.body.count, name).toBe(res.body.results.length);
      expect(res.body.count, name).toBeGreaterThan(0);
      for (const r of res.body.results as Option[]) {
        expect(r.value).toBe(r.id);
        expect(r).toMatchObject({ id: expect.any(Number), name: expect.any(String) });
      }
      const lower = names(res.body).map((n) => n.toLowerCase());
      expect(lower, name).toEqual([...lower].sort());
    }
  });

  it("lists levels as exactly {id, name, code, value}", async () => {
    const res = await admin.get(`${F}/level/`);
    expect(res.body.count).toBe(5);
    const senior = res.body.results.find((r: Option) => r.name === "Senior");
    expect(senior).toEqual({
      id: await idOf("level", "Senior"),
      name: "Senior",
      code: "L2",
      value: await idOf("level", "Senior"),
    });
  });

  it("walks the department tree with parent: 0 the roots, N the children, absent everything", async () => {
    const roots = await admin.get(`${F}/department-cascade/?parent=0`);
    expect(names(roots.body)).toEqual(["Head Office", "Sales"]);
    expect(roots.body.results[0]).toEqual({
      id: await idOf("department", "Head Office"),
      name: "Head Office",
      code: "HQ",
      value: await idOf("department", "Head Office"),
      parent_id: null,
    });
    const hq = await idOf("department", "Head Office");
    const children = await admin.get(`${F}/department-cascade/?parent=${hq}`);
    expect(names(children.body)).toEqual(["Human Resources", "Information Technology"]);
    expect(children.body.results.every((r: Option) => r.parent_id === hq)).toBe(true);
    expect((await admin.get(`${F}/department-cascade/`)).body.count).toBe(9);
    expect((await admin.get(`${F}/department-cascade/?parent=`)).body.count).toBe(9);
    expect((await admin.get(`${F}/department-cascade/?parent=999999`)).body).toMatchObject({ count: 0, results: [] });
  });

  it("refuses a bad parent with a field error", async () => {
    for (const parent of ["abc", "-1", "1.5", "99999999999"]) {
      const res = await admin.get(`${F}/department-cascade/?parent=${parent}`);
      expect(res.status, parent).toBe(400);
      expect(res.body).toEqual({ parent: ["invalid"] });
    }
    expect((await admin.get(`${F}/sub-category/?parent=x`)).status).toBe(400);
  });

  it("answers top-level categories for category and the others for sub-category", async () => {
    const top = await admin.get(`${F}/category/`);
    expect(names(top.body)).toEqual(["Compliance", "Soft Skills", "Technology"]);
    expect(top.body.results.every((r: Option) => r.parent_id === null)).toBe(true);
    const subs = await admin.get(`${F}/sub-category/`);
    expect(names(subs.body)).toEqual(["Communication", "Data", "Leadership", "Programming", "Safety", "Security"]);
    const tech = await idOf("category", "Technology");
    const techSubs = await admin.get(`${F}/sub-category/?parent=${tech}`);
    expect(names(techSubs.body)).toEqual(["Data", "Programming", "Security"]);
    expect(techSubs.body.results[0].parent_id).toBe(tech);
  });

  it("lists groups of every type, and one type on group/type/{TYPE}", async () => {
    await api.db
      .insertInto("account_group")
      .values({ name: "Course cohort", code: "CC1", type: "COURSE", desc: null })
      .execute();
    // The demo's condition groups (HR team, Senior sales: docs/decisions/030) are groups too.
    expect(names((await admin.get(`${F}/group/`)).body)).toEqual([
      "Course cohort",
      "HR team",
      "Leadership Track",
      "New Joiners 2026",
      "Safety Champions",
      "Senior sales",
    ]);
    expect(names((await admin.get(`${F}/group/type/ACCOUNT/`)).body)).toEqual([
      "Leadership Track",
      "New Joiners 2026",
      "Safety Champions",
    ]);
    expect(names((await admin.get(`${F}/group/type/COURSE/`)).body)).toEqual(["Course cohort"]);
    expect((await admin.get(`${F}/group/type/NONE/`)).body).toMatchObject({ count: 0, results: [] });
  });

  it("lists content types by name and code, with their type", async () => {
    const res = await admin.get(`${F}/content-type/?search=video`);
    // By name: the external video type (issue 19) matches "video" too.
    expect(res.body.results).toEqual([
      {
        id: expect.any(Number),
        name: "External video",
        code: "external_video",
        value: expect.any(Number),
        type: "material.externalvideo",
      },
      { id: expect.any(Number), name: "Video", code: "video", value: expect.any(Number), type: "material.video" },
    ]);
    expect(names((await admin.get(`${F}/content-type/?search=flash_`)).body)).toEqual(["Flash card"]);
  });

  it("orders by name, then id", async () => {
    // Providers: a position's name is unique (issue 33, migration 0043), so two cannot tie.
    const first = await api.db
      .insertInto("provider")
      .values({ name: "Analyst", code: "PA1" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const second = await api.db
      .insertInto("provider")
      .values({ name: "Analyst", code: "PA2" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const res = await admin.get(`${F}/provider/`);
    expect(res.body.results.slice(0, 2).map((r: Option) => r.id)).toEqual([first.id, second.id]);
    expect(names(res.body).slice(2)).toEqual(["Bangkok Learning Co.", "Global Skills Partner", "Internal Academy"]);
    expect(names((await admin.get(`${F}/position/`)).body)).toEqual([
      "Engineer",
      "HR Specialist",
      "Officer",
      "Sales Representative",
      "Team Lead",
    ]);
  });
});

describe("filter lists: query", () => {
  it("searches name and code case-insensitively", async () => {
    expect(names((await admin.get(`${F}/level/?search=SEN`)).body)).toEqual(["Senior"]);
    expect(names((await admin.get(`${F}/level/?search=l3`)).body)).toEqual(["Supervisor"]);
    expect(names((await admin.get(`${F}/department-cascade/?search=branch`)).body)).toEqual([
      "Bangkok Branch",
      "Chiang Mai Branch",
    ]);
    expect(
      names(
        (await admin.get(`${F}/department-cascade/?search=hr-&parent=${await idOf("department", "Human Resources")}`))
          .body,
      ),
    ).toEqual(["Recruitment", "Training and Development"]);
    expect(names((await admin.get(`${F}/provider/?search=%20skills%20`)).body)).toEqual(["Global Skills Partner"]);
  });

  it("takes the search literally: wildcards and quotes match themselves", async () => {
    await api.db
      .insertInto("tag")
      .values([
        { name: "100% Online", code: "T_100", type: "GENERAL" },
        { name: "O'Reilly", code: null, type: "GENERAL" },
      ])
      .execute();
    expect(names((await admin.get(`${F}/tag/?search=${encodeURIComponent("%")}`)).body)).toEqual(["100% Online"]);
    expect(names((await admin.get(`${F}/tag/?search=_`)).body)).toEqual(["100% Online"]);
    expect(names((await admin.get(`${F}/tag/?search=${encodeURIComponent("o'r")}`)).body)).toEqual(["O'Reilly"]);
    expect((await admin.get(`${F}/tag/?search=${encodeURIComponent("' or 1=1 --")}`)).body.count).toBe(0);
    expect((await admin.get(`${F}/tag/?search=${encodeURIComponent("\\")}`)).body.count).toBe(0);
  });

  it("pages with page and page_size, links next, and answers 404 past the last page", async () => {
    const p1 = await admin.get(`${F}/level/?page_size=2`);
    expect(p1.body).toMatchObject({
      count: 5,
      page_size: 2,
      page: 1,
      next: "/api/dashboard/filter/level/?page_size=2&page=2",
    });
    expect(names(p1.body)).toEqual(["Executive", "Manager"]);
    const p3 = await admin.get(`${F}/level/?page_size=2&page=3`);
    expect(p3.body).toMatchObject({ count: 5, page: 3, next: null });
    expect(names(p3.body)).toEqual(["Supervisor"]);
    const past = await admin.get(`${F}/level/?page_size=2&page=4`);
    expect(past.status).toBe(404);
    // With what the dashboard needs to send the browser to the last page (decision 026).
    expect(past.body).toEqual({ detail: "not_found", count: 5, page_size: 2 });
    // A search with no match is an empty first page, not a 404.
    expect((await admin.get(`${F}/level/?search=zzz`)).body).toMatchObject({ count: 0, results: [], next: null });
  });

  it("answers one item for id, and nothing for an unknown one", async () => {
    const id = await idOf("level", "Manager");
    const res = await admin.get(`${F}/level/?id=${id}`);
    expect(res.body).toMatchObject({ count: 1, results: [{ id, name: "Manager", value: id }] });
    expect((await admin.get(`${F}/level/?id=999999`)).body.count).toBe(0);
    expect((await admin.get(`${F}/level/?id=99999999999999`)).body.count).toBe(0);
    // The list's own condition still applies: a top-level category is no sub-category.
    expect((await admin.get(`${F}/sub-category/?id=${await idOf("category", "Technology")}`)).body.count).toBe(0);
  });

  it("answers the requested ids for id_list", async () => {
    const a = await idOf("level", "Staff");
    const b = await idOf("level", "Executive");
    const res = await admin.get(`${F}/level/?id_list=${a},${b},${a},999999`);
    expect(names(res.body)).toEqual(["Executive", "Staff"]);
    expect((await admin.get(`${F}/level/?id_list=${a},${b}&search=exec`)).body.count).toBe(1);
    expect((await admin.get(`${F}/level/?id_list=99999999999999`)).body.count).toBe(0);
  });

  it("refuses bad paging input with field errors", async () => {
    for (const [query, field] of [
      ["page=abc", "page"],
      ["page=0", "page"],
      ["page_size=0", "page_size"],
      ["page_size=100000", "page_size"],
      ["id=abc", "id"],
      ["id=-1", "id"],
      ["id_list=1,,2", "id_list"],
      ["id_list=a", "id_list"],
    ]) {
      const res = await admin.get(`${F}/level/?${query}`);
      expect(res.status, query).toBe(400);
      expect(Object.keys(res.body), query).toEqual([field]);
      expect(res.body[field]).toHaveLength(1);
    }
  });
});
