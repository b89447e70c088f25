import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "../../contract/messages";
import { flag } from "../../contract/permissions";
import { startTestApi, type Client, type TestApi } from "./harness";
import { changedRows, signedInWithout, snapshot } from "./people-kit";

/** Levels and positions: list, create, update, delete refused while in use (issue 15 §3). */

let api: TestApi;
let admin: Client;
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.signedIn("admin");
});
afterAll(() => api.close());

async function refused(send: () => Promise<{ status: number; body: unknown }>, status: number, body: unknown) {
  const before = await snapshot(api);
  const res = await send();
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toEqual(body);
  expect(changedRows(before, await snapshot(api))).toEqual([]);
}

describe.each(["level", "position"] as const)("%s", (table) => {
  const base = `/api/dashboard/${table}/`;

  it("lists with how many people hold each, searchable and ordered", async () => {
    const res = await admin.get(base);
    expect(res.status).toBe(200);
    const rows = res.body.results as { id: number; name: string; count_account: number }[];
    const held = await api.db
      .selectFrom("account")
      .select("id")
      .where(`${table}_id` as "level_id", "=", rows[0].id)
      .execute();
    expect(rows[0].count_account).toBe(held.length);
    expect(rows.map((r) => r.name)).toEqual(
      [...rows.map((r) => r.name)].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );
    const byCode = await admin.get(`${base}?ordering=-code&search=${table === "level" ? "L" : "P"}`);
    expect(byCode.body.results[0].code).toBe(table === "level" ? "L5" : "P5");
    expect((await admin.get(`${base}?ordering=secret`)).status).toBe(400);
  });

  it("creates, renames and deletes an unused one; refuses a blank name and a used code", async () => {
    const created = await admin.post(base, { name: `New ${table}`, code: `N-${table}` });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ name: `New ${table}`, code: `N-${table}`, count_account: 0 });
    const id = created.body.id as number;
    expect((await admin.patch(`${base}${id}/`, { name: "Renamed", code: "" })).body).toMatchObject({
      name: "Renamed",
      code: null,
    });
    await refused(() => admin.post(base, { name: "" }), 400, { name: [MSG.required] });
    const used = table === "level" ? "l1" : "p1";
    await refused(() => admin.post(base, { name: "Copy", code: used }), 400, { code: [MSG.code_already_used] });
    await refused(() => admin.patch(`${base}${id}/`, { code: used }), 400, { code: [MSG.code_already_used] });
    expect((await admin.delete(`${base}${id}/`)).status).toBe(204);
    expect((await admin.get(`${base}${id}/`)).status).toBe(404);
  });

  it("refuses to delete one that people hold (424)", async () => {
    const column = `${table}_id` as "level_id";
    const held = await api.db
      .selectFrom("account")
      .select(column)
      .where(column, "is not", null)
      .executeTakeFirstOrThrow();
    await refused(() => admin.delete(`${base}${held[column]}/`), 424, { detail: MSG.in_use_by_users });
  });

  it("refuses to delete one a permission rule names (424)", async () => {
    const id = (await admin.post(base, { name: `Ruled ${table}` })).body.id as number;
    const rule = await api.db.selectFrom("content_permission").select("id").executeTakeFirstOrThrow();
    await api.db
      .insertInto("content_permission_item")
      .values({ permission_id: rule.id, field: table, ref_id: id })
      .execute();
    await refused(() => admin.delete(`${base}${id}/`), 424, { detail: MSG.cannot_delete_because_dependency });
  });

  it("refuses staff without the account flags", async () => {
    const { client } = await signedInWithout(api, flag("account", "view"));
    expect((await client.get(base)).status).toBe(403);
    await refused(() => client.post(base, { name: "Nope" }), 403, { detail: MSG.permission_denied });
  });
});

it("refuses to delete a level that content uses as its level (424)", async () => {
  const id = (await admin.post("/api/dashboard/level/", { name: "Content level" })).body.id as number;
  const course = await api.db.selectFrom("course").select("id").orderBy("id").executeTakeFirstOrThrow();
  await api.db.updateTable("course").set({ content_level: id }).where("id", "=", course.id).execute();
  await refused(() => admin.delete(`/api/dashboard/level/${id}/`), 424, {
    detail: MSG.cannot_delete_because_dependency,
  });
});
