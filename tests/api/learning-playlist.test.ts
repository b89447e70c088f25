import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "../../contract/messages";
import type { Playlist, PlaylistRow } from "../../contract/schemas/playlist";
import { contentRefs, startTestApi, type Client, type TestApi } from "./harness";
import { changedTables, writeFingerprint } from "./route-kit";

/**
 * Learning playlists (spec 001 §3 "Playlist", issue 36 §4, docs/decisions/101) on the engine:
 * made with their type, owner (the maker when none is named) and flags; an owner must be an
 * active account and a type one of the codes, refused on their field with nothing written; the
 * public list and a person's playlists are the list's filters; its contents are the engine's
 * sequence and it publishes only with one; the learning-playlist switch turns every call off.
 * Both dialects.
 */

let api: TestApi;
let admin: Client;
let refs: Record<string, number>;
let fingerprint: () => Promise<string>;
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.signedIn("admin");
  refs = await contentRefs(admin);
  fingerprint = await writeFingerprint(api);
});
afterAll(() => api.close());

const P = "/api/dashboard/learning-playlist/";
const accountId = async (username: string) =>
  (await api.db.selectFrom("account").select("id").where("username", "=", username).executeTakeFirstOrThrow()).id;
let made = 0;
const create = (body: Record<string, unknown> = {}) =>
  admin.post(P, { name: `Playlist ${++made}`, code: `PLT-${made}`, ...refs, ...body });

describe("learning playlists", () => {
  it("are made with the maker as owner by default, or with the type, owner and flags given", async () => {
    const plain = await create();
    expect(plain.status, JSON.stringify(plain.body)).toBe(201);
    const adminId = await accountId("admin");
    expect(plain.body).toMatchObject({
      playlist_type: 1,
      owner: { id: adminId, username: "admin" },
      is_followable: false,
      is_duplicable: false,
      is_dashboard_template: false,
      count_content: 0,
    });
    const learner = await accountId("learner003");
    const full = await create({
      playlist_type: 2,
      owner: learner,
      is_followable: true,
      is_duplicable: true,
      is_dashboard_template: true,
    });
    expect(full.status, JSON.stringify(full.body)).toBe(201);
    expect(full.body).toMatchObject({
      playlist_type: 2,
      owner: { id: learner, username: "learner003" },
      is_followable: true,
      is_duplicable: true,
      is_dashboard_template: true,
    });
    const id = (full.body as Playlist).id;
    const patched = await admin.patch(`${P}${id}/`, { playlist_type: 1, is_followable: false });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body).toMatchObject({ playlist_type: 1, is_followable: false, is_duplicable: true });
  });

  it("refuses an unknown or inactive owner and an unknown type on their field, writing nothing", async () => {
    const inactive = await api.db.selectFrom("account").select("id").where("is_active", "=", 0).executeTakeFirst();
    const before = await fingerprint();
    for (const [body, field] of [
      [{ owner: 2_000_000 }, "owner"],
      ...(inactive ? [[{ owner: inactive.id }, "owner"] as const] : []),
      [{ playlist_type: 3 }, "playlist_type"],
    ] as const) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body as object)).toContain(field);
    }
    expect(changedTables(before, await fingerprint())).toEqual([]);
  });

  it("lists public playlists and a person's by their filters", async () => {
    const all = (await admin.get(`${P}?page_size=100`)).body.results as PlaylistRow[];
    const pub = (await admin.get(`${P}?page_size=100&playlist_type=2`)).body.results as PlaylistRow[];
    expect(pub.length).toBeGreaterThan(0);
    expect(pub.every((p) => p.playlist_type === 2)).toBe(true);
    expect(pub.map((p) => p.id).sort()).toEqual(
      all
        .filter((p) => p.playlist_type === 2)
        .map((p) => p.id)
        .sort(),
    );
    const learner = await accountId("learner003");
    const theirs = (await admin.get(`${P}?page_size=100&owner=${learner}`)).body.results as PlaylistRow[];
    expect(theirs.map((p) => p.code)).toContain("PL-MINE");
    expect(theirs.every((p) => p.owner?.id === learner)).toBe(true);
    expect((await admin.get(`${P}?owner=abc`)).status).toBe(400);
  });

  it("holds contents in order through the engine's sequence, and publishes only with one", async () => {
    const made = (await create()).body as Playlist;
    const refused = await admin.patch(`${P}${made.id}/`, { is_display: true });
    expect([refused.status, refused.body]).toEqual([417, { detail: MSG.publish_no_content }]);
    const courses = await api.db
      .selectFrom("course")
      .select("id")
      .where("is_library", "=", 0)
      .orderBy("id")
      .limit(2)
      .execute();
    for (const c of courses)
      expect((await admin.post(`${P}${made.id}/content/`, { content_type: "course", content_id: c.id })).status).toBe(
        201,
      );
    const held = (await admin.get(`${P}${made.id}/content/`)).body as { content_id: number }[];
    expect(held.map((h) => h.content_id)).toEqual(courses.map((c) => c.id));
    expect((await admin.patch(`${P}${made.id}/`, { is_display: true })).status).toBe(200);
    expect(((await admin.get(`${P}${made.id}/`)).body as Playlist).count_content).toBe(2);
  });

  it("answers 404 on every call while the learning-playlist switch is off", async () => {
    const [row] = (await admin.get(`${P}?page_size=1`)).body.results as PlaylistRow[];
    const set = (on: boolean) =>
      api.db
        .updateTable("config")
        .set({ value: JSON.stringify(on) })
        .where("key", "=", "learning-playlist-is-enabled")
        .execute();
    const existing = await api.db
      .selectFrom("config")
      .select("key")
      .where("key", "=", "learning-playlist-is-enabled")
      .executeTakeFirst();
    if (!existing)
      await api.db
        .insertInto("config")
        .values({ key: "learning-playlist-is-enabled", value: "true", url: null } as never)
        .execute();
    await set(false);
    try {
      for (const path of [P, `${P}${row.id}/`, `${P}${row.id}/content/`])
        expect((await admin.get(path)).status, path).toBe(404);
      expect((await create()).status).toBe(404);
    } finally {
      await set(true);
    }
    expect((await admin.get(`${P}${row.id}/`)).status).toBe(200);
  });
});
