import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "../../contract/messages";
import { PLAYLIST_ROLE } from "../../contract/playlist-codes";
import type { PermissionAnswer } from "../../contract/permissions";
import type { Collaborator, Playlist, PlaylistGrant, PlaylistRow } from "../../contract/schemas/playlist";
import { contentRefs, startTestApi, type Client, type TestApi } from "./harness";
import { changedTables, writeFingerprint } from "./route-kit";

/**
 * A playlist's owner and collaborators (spec 001 §3 "Collaborator: account, group_list"; spec 002
 * §6 playlist roles; issue 36 §4, docs/decisions/102). Each role's allowed and refused writes, as
 * the inspector (a staff account without any playlist flag) holds them: an editor or a content
 * manager changes the playlist and its contents but not who collaborates, nor deletes or publishes
 * it; a viewer or a recommender only sees it; the owner and an admin name collaborators; a group
 * grants its members its role; roles act in the dashboard only for staff. A refused collaborator
 * writes nothing. Both dialects.
 */

let api: TestApi;
let admin: Client;
let inspector: Client;
let manager: Client;
let learner: Client;
let refs: Record<string, number>;
let fingerprint: () => Promise<string>;
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.signedIn("admin");
  inspector = await api.signedIn("inspector");
  manager = await api.signedIn("manager");
  learner = await api.signedIn("learner");
  refs = await contentRefs(admin);
  fingerprint = await writeFingerprint(api);
});
afterAll(() => api.close());

const P = "/api/dashboard/learning-playlist/";
const accountId = async (username: string) =>
  (await api.db.selectFrom("account").select("id").where("username", "=", username).executeTakeFirstOrThrow()).id;
let made = 0;
const create = async (body: Record<string, unknown> = {}) => {
  const res = await admin.post(P, { name: `Shared ${++made}`, code: `PLC-${made}`, ...refs, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (res.body as Playlist).id;
};
const collaborators = (id: number) => `${P}${id}/collaborator/`;
const grantOf = async (who: Client, id: number) => (await who.get(`${P}${id}/grant/`)).body as PlaylistGrant;
const grantedKinds = async (who: Client) =>
  ((await who.get("/api/dashboard/account/permission/")).body as PermissionAnswer).granted ?? [];

describe("playlist collaborators", () => {
  it("are added as an account or a group of accounts with a role, each refusal on its field writing nothing", async () => {
    const id = await create();
    const inspectorId = await accountId("inspector");
    const added = await admin.post(collaborators(id), { account: inspectorId, role: PLAYLIST_ROLE.editor });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body).toMatchObject({ account: { id: inspectorId, username: "inspector" }, group: null, role: 4 });

    const inactive = await api.db.selectFrom("account").select("id").where("is_active", "=", 0).executeTakeFirst();
    const byCondition = await api.db
      .selectFrom("account_group")
      .select("id")
      .where("type", "=", "CONDITION")
      .executeTakeFirst();
    const before = await fingerprint();
    for (const [body, field, message] of [
      [{ account: inspectorId, role: 5 }, "account", MSG.already_added],
      [{ account: 2_000_000, role: 5 }, "account", MSG.invalid_choice],
      ...(inactive ? [[{ account: inactive.id, role: 5 }, "account", MSG.invalid_choice] as const] : []),
      ...(byCondition ? [[{ group: byCondition.id, role: 5 }, "group", MSG.invalid_choice] as const] : []),
      [{ role: 5 }, "account", MSG.required],
      [{ account: inspectorId, group: 1, role: 5 }, "group", MSG.invalid],
      [{ account: inspectorId, role: 9 }, "role", undefined],
    ] as const) {
      const res = await admin.post(collaborators(id), body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const errors = res.body as Record<string, string[]>;
      expect(Object.keys(errors), JSON.stringify(body)).toContain(field);
      if (message) expect(errors[field]).toContain(message);
    }
    expect(changedTables(before, await fingerprint())).toEqual([]);
    const listed = (await admin.get(collaborators(id))).body.results as Collaborator[];
    expect(listed.map((c) => c.account?.username)).toEqual(["inspector"]);
  });

  it("let an editor see and change the playlist and its contents, not delete, publish it or name collaborators", async () => {
    const id = await create();
    const other = await create();
    await admin.post(collaborators(id), { account: await accountId("inspector"), role: PLAYLIST_ROLE.editor });

    expect(await grantedKinds(inspector)).toEqual(["learning_playlist"]);
    const list = (await inspector.get(`${P}?page_size=100`)).body.results as PlaylistRow[];
    expect(list.map((p) => p.id)).toContain(id);
    expect(list.map((p) => p.id)).not.toContain(other);
    expect((await inspector.get(`${P}${other}/`)).status).toBe(404);
    expect(await grantOf(inspector, id)).toEqual({ actions: ["view", "change"], is_managing: false });

    const renamed = await inspector.patch(`${P}${id}/`, { name: "Renamed by its editor" });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const course = await api.db.selectFrom("course").select("id").where("is_library", "=", 0).executeTakeFirstOrThrow();
    // Its contents: it adds only what it may see itself (no course here), and removes what is held.
    const unseen = await inspector.post(`${P}${id}/content/`, { content_type: "course", content_id: course.id });
    expect([unseen.status, unseen.body]).toEqual([400, { content_id: ["seq_err_content_not_found"] }]);
    const held = await admin.post(`${P}${id}/content/`, { content_type: "course", content_id: course.id });
    expect(held.status, JSON.stringify(held.body)).toBe(201);
    const removed = await inspector.delete(`${P}${id}/content/${(held.body as { id: number }).id}/`);
    expect(removed.status, JSON.stringify(removed.body)).toBe(204);
    const before = await fingerprint();
    expect((await inspector.patch(`${P}${id}/`, { is_display: true })).status, "publish").toBe(403);
    expect((await inspector.delete(`${P}${id}/`)).status, "delete").toBe(403);
    expect((await inspector.post(P, { name: "Mine", code: "PLC-MINE", ...refs })).status, "create").toBe(403);
    expect(
      (await inspector.post(collaborators(id), { account: await accountId("manager"), role: 1 })).status,
      "name a collaborator",
    ).toBe(403);
    // A write to a playlist granting it nothing: the flags' refusal.
    expect((await inspector.patch(`${P}${other}/`, { name: "Not mine" })).status).toBe(403);
    expect(changedTables(before, await fingerprint())).toEqual([]);
  });

  it("let a viewer or a recommender only see it, and a content manager change it", async () => {
    const id = await create();
    const added = (
      await admin.post(collaborators(id), { account: await accountId("inspector"), role: PLAYLIST_ROLE.viewer })
    ).body as Collaborator;
    const before = await fingerprint();
    expect((await inspector.get(`${P}${id}/`)).status).toBe(200);
    expect((await inspector.get(`${P}${id}/content/`)).status).toBe(200);
    expect((await inspector.patch(`${P}${id}/`, { name: "A viewer's rename" })).status).toBe(403);
    expect(changedTables(before, await fingerprint())).toEqual([]);
    expect(await grantOf(inspector, id)).toEqual({ actions: ["view"], is_managing: false });

    for (const [role, change] of [
      [PLAYLIST_ROLE.recommender, false],
      [PLAYLIST_ROLE.content_manager, true],
    ] as const) {
      expect((await admin.patch(`${collaborators(id)}${added.id}/`, { role })).status).toBe(200);
      const res = await inspector.patch(`${P}${id}/`, { name: `As role ${role}` });
      expect(res.status, `role ${role}`).toBe(change ? 200 : 403);
    }
    expect((await admin.patch(`${collaborators(id)}${added.id}/`, { role: 7 })).status).toBe(400);
  });

  it("let the owner and an admin name collaborators; a group grants its members its role", async () => {
    const inspectorId = await accountId("inspector");
    const managerId = await accountId("manager");
    const owned = await create({ owner: inspectorId });
    expect(await grantOf(inspector, owned)).toEqual({ actions: ["view", "change"], is_managing: true });
    expect((await manager.get(`${P}${owned}/`)).status).toBe(403);

    // A group of accounts naming the manager, as an editor: the manager now changes it.
    const group = await api.db
      .insertInto("account_group")
      .values({ name: "Playlist editors", code: "PL-EDITORS", type: "ACCOUNT", desc: "" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await api.db.insertInto("account_group_member").values({ group_id: group.id, account_id: managerId }).execute();
    const byGroup = await inspector.post(collaborators(owned), { group: group.id, role: PLAYLIST_ROLE.editor });
    expect(byGroup.status, JSON.stringify(byGroup.body)).toBe(201);
    expect(byGroup.body).toMatchObject({ account: null, group: { id: group.id, name: "Playlist editors" } });
    expect((await manager.patch(`${P}${owned}/`, { name: "Changed through a group" })).status).toBe(200);

    // An admin names collaborators too.
    const shared = await create();
    await admin.post(collaborators(shared), { account: inspectorId, role: PLAYLIST_ROLE.admin });
    const named = await inspector.post(collaborators(shared), { account: managerId, role: PLAYLIST_ROLE.viewer });
    expect(named.status, JSON.stringify(named.body)).toBe(201);
    const candidates = (await inspector.get(`${collaborators(shared)}account/?page_size=1000`)).body.results as {
      id: number;
    }[];
    expect(candidates.map((c) => c.id)).not.toContain(managerId);

    // The owner handing the playlist to someone else would leave it without a role there: refused on the owner.
    const handed = await inspector.patch(`${P}${owned}/`, { owner: await accountId("admin") });
    expect(handed.status).toBe(400);
    expect(Object.keys(handed.body as object)).toContain("owner");
  });

  it("act in the dashboard for staff only, and end with the last role", async () => {
    const id = await create();
    const added = (
      await admin.post(collaborators(id), { account: await accountId("learner"), role: PLAYLIST_ROLE.editor })
    ).body as Collaborator;
    expect(await grantedKinds(learner)).toEqual([]);
    expect((await learner.get(`${P}${id}/`)).status).toBe(403);
    expect((await admin.delete(`${collaborators(id)}${added.id}/`)).status).toBe(204);
    expect((await admin.delete(`${collaborators(id)}${added.id}/`)).status).toBe(404);

    // The inspector's roles (the tests above): removing every one leaves it no playlist at all.
    await api.db
      .deleteFrom("learning_playlist_collaborator")
      .where("account_id", "=", await accountId("inspector"))
      .execute();
    await api.db
      .updateTable("learning_playlist")
      .set({ owner_id: await accountId("admin") })
      .where("owner_id", "=", await accountId("inspector"))
      .execute();
    expect(await grantedKinds(inspector)).toEqual([]);
    expect((await inspector.get(P)).status).toBe(403);
  });
});
