import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Category, Highlight, Instructor, Provider } from "../../contract/schemas/master-data";
import { startTestApi, type Client, type TestApi } from "./harness";

/**
 * Providers (with administrators and highlights), instructors (with administrators) and
 * categories as a tree with permission rules (issue 15 §5, docs/decisions/030): the generic
 * calls, the flags of each module, refusals that write nothing, the 424 of a row in use, the
 * refused cycle, and the filter lists that show them.
 */

let api: TestApi;
let admin: Client;
const clients = new Map<string, Client>();
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.signedIn("admin");
  for (const username of ["provider", "viewer", "learner"]) clients.set(username, await api.signedIn(username));
});
afterAll(() => api.close());

const D = "/api/dashboard";
const as = (username: string) => clients.get(username)!;
const idBy = async (table: "category" | "provider" | "instructor", code: string) =>
  (await api.db.selectFrom(table).select("id").where("code", "=", code).executeTakeFirstOrThrow()).id;
const accountId = async (username: string) =>
  (await api.db.selectFrom("account").select("id").where("username", "=", username).executeTakeFirstOrThrow()).id;
const count = async (table: "provider" | "instructor" | "category" | "provider_highlight") =>
  Number(
    (
      await api.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

describe("providers", () => {
  it("lists, creates, reads, changes and deletes; a provider with contents is kept (424)", async () => {
    const list = await admin.get(`${D}/provider/?search=academy`);
    expect(list.body).toMatchObject({
      count: 1,
      results: [{ code: "ACAD", name: "Internal Academy", count_admin: 0 }],
    });
    const created = await admin.post(`${D}/provider/`, { name: "Skill Lab", code: "SKL", about: "About us", desc: "" });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      name: "Skill Lab",
      code: "SKL",
      about: "About us",
      desc: "",
      image: null,
      count_admin: 0,
    } satisfies Provider);
    const changed = await admin.patch(`${D}/provider/${created.body.id}/`, { desc: "Short courses" });
    expect(changed.body).toMatchObject({ name: "Skill Lab", desc: "Short courses" });
    expect((await admin.delete(`${D}/provider/${created.body.id}/`)).status).toBe(204);
    expect((await admin.get(`${D}/provider/${created.body.id}/`)).status).toBe(404);
    const used = await admin.delete(`${D}/provider/${await idBy("provider", "ACAD")}/`);
    expect(used.status).toBe(424);
    expect(used.body).toEqual({ detail: "cannot_delete_because_dependency" });
  });

  it("refuses bad input and a taken code, writing nothing", async () => {
    const before = await count("provider");
    expect((await admin.post(`${D}/provider/`, { name: "", code: "no spaces" })).body).toEqual({
      name: ["required"],
      code: ["invalid_code"],
    });
    expect((await admin.post(`${D}/provider/`, { name: "Twin", code: "acad" })).body).toEqual({
      code: ["code_already_used"],
    });
    expect((await admin.patch(`${D}/provider/${await idBy("provider", "BLC")}/`, { code: "GSP" })).body).toEqual({
      code: ["code_already_used"],
    });
    expect(await count("provider")).toBe(before);
    expect((await admin.get(`${D}/provider/${await idBy("provider", "BLC")}/`)).body.code).toBe("BLC");
  });

  it("needs the provider flags: the provider role reads, may not write", async () => {
    const before = await count("provider");
    expect((await as("provider").get(`${D}/provider/`)).status).toBe(200);
    expect((await as("provider").post(`${D}/provider/`, { name: "Mine" })).status).toBe(403);
    expect(
      (await as("provider").patch(`${D}/provider/${await idBy("provider", "BLC")}/`, { name: "Renamed" })).status,
    ).toBe(403);
    expect((await as("viewer").get(`${D}/provider/`)).status).toBe(403);
    expect((await as("learner").get(`${D}/provider/`)).status).toBe(403);
    expect((await api.client().get(`${D}/provider/`)).status).toBe(401);
    expect(await count("provider")).toBe(before);
  });

  it("its administrators are the accounts holding its provider role", async () => {
    const blc = await idBy("provider", "BLC");
    const admins = await admin.get(`${D}/provider/${blc}/admin/`);
    expect(admins.body.results).toEqual([expect.objectContaining({ username: "provider", is_in_use: true })]);
    const added = await admin.post(`${D}/provider/${blc}/admin/`, { account: await accountId("staff2") });
    expect(added.status).toBe(201);
    const role = await api.db
      .selectFrom("account_role_scope")
      .selectAll()
      .where("account_id", "=", await accountId("staff2"))
      .where("kind", "=", "provider")
      .execute();
    expect(role).toEqual([expect.objectContaining({ ref_id: blc, is_in_use: 1 })]);
    expect((await admin.get(`${D}/provider/${blc}/`)).body.count_admin).toBe(2);
    expect((await admin.post(`${D}/provider/${blc}/admin/`, { account: await accountId("learner") })).body).toEqual({
      account: ["account_not_staff"],
    });
    expect(
      (await as("provider").post(`${D}/provider/${blc}/admin/`, { account: await accountId("staff1") })).status,
    ).toBe(403);
    expect((await admin.delete(`${D}/provider/${blc}/admin/${await accountId("staff2")}/`)).status).toBe(204);
    expect(
      (await admin.get(`${D}/provider/${blc}/admin/candidate/?search=staff2`)).body.results.map(
        (r: { code: string }) => r.code,
      ),
    ).toEqual(["staff2"]);
  });

  it("takes an image", async () => {
    const id = await idBy("provider", "GSP");
    const boundary = "----lmsTestBoundary";
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await admin.post(`${D}/provider/${id}/image/`, body as never, {
      "content-type": `multipart/form-data; boundary=${boundary}`,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.image).toMatch(/^\/api\/media\/provider\/[0-9a-f]{40}\.png$/);
    expect((await admin.delete(`${D}/provider/${id}/image/`)).body.image).toBeNull();
  });
});

describe("provider highlights", () => {
  it("shows one of the provider's contents or a link, ordered by sort", async () => {
    const acad = await idBy("provider", "ACAD");
    const H = `${D}/provider/${acad}/highlight/`;
    const courseType = (
      await api.db.selectFrom("content_type").select("id").where("code", "=", "course").executeTakeFirstOrThrow()
    ).id;
    const own = await api.db
      .selectFrom("course")
      .select(["id", "name"])
      .where("provider_id", "=", acad)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const other = await api.db
      .selectFrom("course")
      .select("id")
      .where("provider_id", "<>", acad)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const link = await admin.post(H, {
      title: "Our catalogue",
      external_link: "https://example.org/catalogue",
      sort: 2,
    });
    expect(link.status).toBe(201);
    const content = await admin.post(H, {
      title: "Featured",
      content_type: courseType,
      content_id: own.id,
      sort: "1",
      video_type: "",
    });
    expect(content.body).toMatchObject({
      title: "Featured",
      content_type: { id: courseType, name: "Course" },
      content: { id: own.id, name: own.name },
      external_link: null,
      sort: 1,
    } satisfies Partial<Highlight>);
    expect((await admin.get(H)).body.results.map((h: Highlight) => h.title)).toEqual(["Featured", "Our catalogue"]);

    const before = await count("provider_highlight");
    expect((await admin.post(H, { title: "Nothing" })).body).toEqual({ content_id: ["highlight_target_required"] });
    expect((await admin.post(H, { title: "Not ours", content_type: courseType, content_id: other.id })).body).toEqual({
      content_id: ["invalid_choice"],
    });
    expect((await admin.post(H, { title: "Half", content_type: courseType })).body).toEqual({
      content_id: ["required"],
    });
    expect((await admin.post(H, { title: "", external_link: "ftp://x" })).body).toEqual({
      title: ["required"],
      external_link: ["url_must_start_with_http"],
    });
    expect((await admin.patch(`${H}${link.body.id}/`, { external_link: "" })).body).toEqual({
      content_id: ["highlight_target_required"],
    });
    expect(await count("provider_highlight")).toBe(before);
    // Another provider's highlight is not found under this one.
    expect((await admin.get(`${D}/provider/${await idBy("provider", "BLC")}/highlight/${link.body.id}/`)).status).toBe(
      404,
    );
    expect((await admin.delete(`${H}${link.body.id}/`)).status).toBe(204);
  });
});

describe("instructors", () => {
  it("creates, links an account, keeps one who teaches (424), has administrators", async () => {
    const created = await admin.post(`${D}/instructor/`, {
      name: "Guest Speaker",
      contact: "guest@example.org",
      account: await accountId("viewer"),
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: "Guest Speaker",
      code: null,
      contact: "guest@example.org",
      overview: "",
      account: { id: await accountId("viewer"), name: "Vipa Viewer" },
    } satisfies Partial<Instructor>);
    expect((await admin.patch(`${D}/instructor/${created.body.id}/`, { account: 999999 })).body).toEqual({
      account: ["invalid_choice"],
    });
    expect((await admin.patch(`${D}/instructor/${created.body.id}/`, { account: null })).body.account).toBeNull();
    expect((await admin.delete(`${D}/instructor/${created.body.id}/`)).status).toBe(204);
    const teacher = await idBy("instructor", "INS-001");
    const taught = await api.db
      .selectFrom("course_instructor")
      .select("course_id")
      .where("instructor_id", "=", teacher)
      .executeTakeFirst();
    expect(taught).toBeDefined();
    expect((await admin.delete(`${D}/instructor/${teacher}/`)).status).toBe(424);
    expect(
      (await admin.get(`${D}/instructor/${teacher}/admin/`)).body.results.map((a: { username: string }) => a.username),
    ).toEqual(["instructor"]);
  });
});

describe("categories", () => {
  it("a tree: top level and children by `parent`, with paths and counts", async () => {
    const tech = await idBy("category", "TECH");
    const tops = await admin.get(`${D}/category/?parent=0`);
    expect(tops.body.results.map((c: Category) => c.code)).toEqual(["COMP", "SOFT", "TECH"]);
    const children = await admin.get(`${D}/category/?parent=${tech}`);
    expect(children.body.results.map((c: Category) => c.name)).toEqual(["Data", "Programming", "Security"]);
    expect(children.body.results[0]).toMatchObject({
      parent: { id: tech, name: "Technology" },
      path: ["Technology", "Data"],
      count_children: 0,
    });
    expect((await admin.get(`${D}/category/${tech}/`)).body).toMatchObject({
      parent: null,
      path: ["Technology"],
      count_children: 3,
    });
    expect((await admin.get(`${D}/category/?parent=x`)).body).toEqual({ parent: ["invalid"] });
  });

  it("refuses a cycle, writing nothing", async () => {
    const top = (await admin.post(`${D}/category/`, { name: "Languages" })).body as Category;
    const mid = (await admin.post(`${D}/category/`, { name: "European", parent: top.id })).body as Category;
    const leaf = (await admin.post(`${D}/category/`, { name: "French", parent: mid.id })).body as Category;
    expect(leaf.path).toEqual(["Languages", "European", "French"]);
    for (const parent of [top.id, mid.id, leaf.id]) {
      // Under itself, under its child, under its grandchild.
      const res = await admin.patch(`${D}/category/${top.id}/`, { parent, name: "Renamed" });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ parent: ["category_cycle"] });
    }
    expect((await admin.get(`${D}/category/${top.id}/`)).body).toMatchObject({ name: "Languages", parent: null });
    expect((await admin.patch(`${D}/category/${mid.id}/`, { parent: 999999 })).body).toEqual({
      parent: ["invalid_choice"],
    });
    // Moving a branch elsewhere is fine; a category with children or contents is kept (424).
    expect((await admin.patch(`${D}/category/${leaf.id}/`, { parent: top.id })).body.path).toEqual([
      "Languages",
      "French",
    ]);
    expect((await admin.delete(`${D}/category/${top.id}/`)).status).toBe(424);
    expect((await admin.delete(`${D}/category/${await idBy("category", "TECH-DAT")}/`)).status).toBe(424);
    expect((await admin.delete(`${D}/category/${leaf.id}/`)).status).toBe(204);
  });

  it("has permission rules with conditions, for the category change flag", async () => {
    const safety = await idBy("category", "COMP-SAF");
    const R = `${D}/category/${safety}/permission/`;
    const rule = await admin.post(R, { mode: 2, permission: 1 });
    expect(rule.status).toBe(201);
    expect(rule.body).toMatchObject({ mode: 2, permission: 1, operator: 1, criteria_count: 0 });
    const cond = await admin.put(`${R}${rule.body.id}/condition/`, {
      level: [1, 2],
      operator: 2,
      is_include_sub_department: "on",
    });
    expect(cond.status).toBe(200);
    expect(cond.body).toMatchObject({ id: rule.body.id, level: [1, 2], operator: 2, is_include_sub_department: true });
    expect((await admin.get(R)).body.results).toEqual([
      expect.objectContaining({ id: rule.body.id, criteria_count: 1 }),
    ]);
    expect((await admin.get(`${D}/category/${safety}/`)).body.count_permission).toBe(1);
    expect(
      (await admin.put(`${R}${rule.body.id}/condition/`, { level: [999999], age_gte: 50, age_lte: 20 })).body,
    ).toEqual({ age_lte: ["range_lte_below_gte"] });
    expect((await admin.put(`${R}${rule.body.id}/condition/`, { level: [999999] })).body).toEqual({
      level: ["invalid_choice"],
    });
    expect((await admin.get(`${R}${rule.body.id}/condition/`)).body.level).toEqual([1, 2]);
    // Another category's rule is not found here; the provider role (category view only) may not.
    expect(
      (await admin.get(`${D}/category/${await idBy("category", "COMP")}/permission/${rule.body.id}/`)).status,
    ).toBe(404);
    expect((await as("provider").get(R)).status).toBe(403);
    expect((await admin.delete(`${R}${rule.body.id}/`)).status).toBe(204);
  });
});

describe("filter lists answer spec 002 §7", () => {
  it.each(["group", "instructor", "provider", "category", "level", "position", "department-cascade"])(
    "%s: results, count, page_size, next, by id_list",
    async (name) => {
      const all = await admin.get(`${D}/filter/${name}/?page_size=2`);
      expect(all.status).toBe(200);
      expect(all.body).toMatchObject({ count: expect.any(Number), page_size: 2 });
      expect(all.body.next === null || typeof all.body.next === "string").toBe(true);
      const ids = all.body.results.map((r: { id: number }) => r.id);
      const picked = await admin.get(`${D}/filter/${name}/?id_list=${ids.join(",")}`);
      expect(picked.body.results.map((r: { id: number; value: number }) => r.value).sort()).toEqual([...ids].sort());
    },
  );

  it("a new row shows in its list at once, and the list's update time moves", async () => {
    const before = (await admin.get("/api/config/check-update/")).body.filter_update?.instructor;
    api.advance(1000);
    const fresh = await api.signedIn("admin");
    await fresh.post(`${D}/instructor/`, { name: "Zed Newcomer" });
    expect(
      (await fresh.get(`${D}/filter/instructor/?search=newcomer`)).body.results.map((r: { name: string }) => r.name),
    ).toEqual(["Zed Newcomer"]);
    expect((await fresh.get("/api/config/check-update/")).body.filter_update.instructor).not.toBe(before);
  });
});
