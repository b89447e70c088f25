import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Material, Section } from "../../contract/schemas/curriculum";
import { contentRefs, startTestApi, type Client, type TestApi } from "./harness";

/**
 * A curriculum slot playing a media library item (issue 19 §4, §5; docs/decisions/069): media_id
 * set on create and update when the item's kind fits the slot type (SLOT_MEDIA_KINDS), refused
 * otherwise with nothing written, cleared with null or ""; the answer names the item; the slot's
 * own link or file may be left out while an item plays, not once it is cleared; and the 424 on
 * deleting an item a required slot plays, all through the API. Both dialects (TEST_DATABASE_URL).
 */
let api: TestApi;
let admin: Client;
let refs: { category: number; provider: number };
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.signedIn("admin");
  refs = await contentRefs(admin);
});
afterAll(() => api.close());

let n = 0;
async function mediaItem(kind: string, extra: Record<string, unknown> = {}) {
  n += 1;
  const res = await admin.post(`/api/dashboard/${kind}/`, {
    name: `Library ${kind} ${n}`,
    code: `CMR${Date.now() % 1e6}${n}`,
    category: refs.category,
    provider: refs.provider,
    ...extra,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; name: string };
}
async function newCourse() {
  n += 1;
  const res = await admin.post(`/api/dashboard/course/`, {
    name: `Media slots ${n}`,
    code: `CM${n}-${Date.now() % 1e4}`,
    category: refs.category,
    provider: refs.provider,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const base = `/api/dashboard/course/${res.body.id}/curriculum`;
  const section = (await admin.post(`${base}/section/`, { name: "Library" })).body as Section;
  return { base, section: `${base}/section/${section.id}` };
}
const slotCount = async () =>
  Number(
    (
      await api.db
        .selectFrom("content_material")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
const mediaIdOf = async (id: number) =>
  (await api.db.selectFrom("content_material").select("media_id").where("id", "=", id).executeTakeFirstOrThrow())
    .media_id;

describe("a slot playing a media item", () => {
  it("sets media_id when the kind fits, without the slot's own file or link, and names the item", async () => {
    const { section } = await newCourse();
    const video = await mediaItem("video");
    const ext = await mediaItem("external_video", { url: "https://youtu.be/dQw4w9WgXcQ" });
    const made = await admin.post(`${section}/material/`, { slot_type: "media", name: "Watch", media_id: video.id });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ media_id: video.id, media: { id: video.id, name: video.name }, file: null });
    const yt = await admin.post(`${section}/material/`, {
      slot_type: "youtube",
      name: "Clip",
      media_id: String(ext.id),
    });
    expect(yt.status, JSON.stringify(yt.body)).toBe(201);
    expect(yt.body).toMatchObject({ media_id: ext.id, url: null });
    // Without an item the slot's own file and link stay required.
    const bare = await admin.post(`${section}/material/`, { slot_type: "media", name: "Nothing", media_id: null });
    expect(bare.status).toBe(400);
    expect(bare.body.file).toEqual(["required"]);
  });

  it("refuses an item of a kind the slot does not play, or none at all, writing nothing", async () => {
    const { base, section } = await newCourse();
    const article = await mediaItem("article", { body: "Words" });
    const audio = await mediaItem("audio");
    const before = await slotCount();
    for (const [slot_type, media_id] of [
      ["media", article.id],
      ["document", audio.id],
      ["youtube", audio.id],
      ["generic", 999999999],
      ["weblink", article.id],
    ] as const) {
      const res = await admin.post(`${section}/material/`, {
        slot_type,
        name: "Wrong",
        media_id,
        url: "https://youtu.be/dQw4w9WgXcQ",
      });
      expect(res.status, `${slot_type}`).toBe(400);
      expect(res.body.media_id, `${slot_type}`).toEqual(["invalid_choice"]);
    }
    expect(
      (await admin.post(`${section}/material/`, { slot_type: "generic", name: "Bad", media_id: "abc" })).body.media_id,
    ).toEqual(["invalid"]);
    expect(await slotCount()).toBe(before);

    const slot = (await admin.post(`${section}/material/`, { slot_type: "media", name: "Listen", media_id: audio.id }))
      .body as Material;
    const wrong = await admin.patch(`${base}/material/${slot.id}/`, { media_id: article.id, name: "Renamed" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.media_id).toEqual(["invalid_choice"]);
    const kept = await api.db
      .selectFrom("content_material")
      .select(["name", "media_id"])
      .where("id", "=", slot.id)
      .executeTakeFirstOrThrow();
    expect(kept).toEqual({ name: "Listen", media_id: audio.id });
  });

  it("changes and clears the item; a link or file slot left with nothing is refused", async () => {
    const { base, section } = await newCourse();
    const article = await mediaItem("article", { body: "Words" });
    const cards = await mediaItem("flash_card");
    const generic = (
      await admin.post(`${section}/material/`, { slot_type: "generic", name: "Read", media_id: article.id })
    ).body as Material;
    const changed = await admin.patch(`${base}/material/${generic.id}/`, { media_id: cards.id });
    expect(changed.body).toMatchObject({ media_id: cards.id, media: { id: cards.id, name: cards.name } });
    const cleared = await admin.patch(`${base}/material/${generic.id}/`, { media_id: "" });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ media_id: null, media: null });

    const ext = await mediaItem("external_video", { url: "https://youtu.be/dQw4w9WgXcQ" });
    const yt = (await admin.post(`${section}/material/`, { slot_type: "youtube", name: "Clip", media_id: ext.id }))
      .body as Material;
    const empty = await admin.patch(`${base}/material/${yt.id}/`, { media_id: null });
    expect(empty.status).toBe(400);
    expect(empty.body.url).toEqual(["required"]);
    expect(await mediaIdOf(yt.id)).toBe(ext.id);
    const own = await admin.patch(`${base}/material/${yt.id}/`, {
      media_id: null,
      url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ media_id: null, url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" });
  });

  it("answers 424 on deleting an item a required slot plays, and lets it go once the slot is optional", async () => {
    const { base, section } = await newCourse();
    const article = await mediaItem("article", { body: "Words" });
    const slot = (
      await admin.post(`${section}/material/`, { slot_type: "generic", name: "Must read", media_id: article.id })
    ).body as Material;
    expect(slot.is_required).toBe(true);
    const del = await admin.delete(`/api/dashboard/article/${article.id}/`);
    expect(del.status).toBe(424);
    expect(del.body).toMatchObject({
      detail: "cannot_delete_because_dependency",
      dependent_list: [{ content_type: "course", material: "Must read" }],
    });
    expect((await admin.get(`/api/dashboard/article/${article.id}/`)).status).toBe(200);
    expect((await admin.patch(`${base}/material/${slot.id}/`, { is_required: false })).status).toBe(200);
    expect((await admin.delete(`/api/dashboard/article/${article.id}/`)).status).toBe(204);
    const after = (await admin.get(`${base}/material/${slot.id}/`)).body as Material;
    expect(after).toMatchObject({ media_id: null, media: null });
  });
});
