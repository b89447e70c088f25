import { execFileSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_TRANSITIONS, PROGRESS_STATUS_CODES } from "../../contract/codes";
import { MEDIA_KIND_KEYS } from "../../contract/media-codes";
import { contentRefs, postFile, startTestApi, type Client, type TestApi } from "./harness";

/**
 * Media content (issue 19, docs/decisions/069): the six kinds on one module — create and
 * validation per kind (an external video's URL rules and providers; bad input writes nothing),
 * each kind seeing only its own rows, the learning material transition row allowed and refused,
 * the material lists (id_list, paging, video with external videos), the 424 on deleting or hiding
 * a required material naming who needs it, a file through the uploads module, and flash cards'
 * cards and learners' cards. Both dialects (TEST_DATABASE_URL).
 */
let api: TestApi;
let admin: Client;
let viewer: Client;
let refs: { category: number; provider: number };
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.signedIn("admin");
  viewer = await api.signedIn("viewer");
  refs = await contentRefs(admin);
});
afterAll(() => api.close());

const P = (kind: string) => `/api/dashboard/${kind}`;
let n = 0;
const sample = (extra: Record<string, unknown> = {}) => ({
  name: "A media item",
  code: `MD${Date.now() % 1e6}${n++}`,
  category: refs.category,
  provider: refs.provider,
  ...extra,
});
const mediaCount = async () =>
  Number(
    (
      await api.db
        .selectFrom("media")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
const YT = "https://www.youtube.com/watch?v=dQw4w9WgXcQ";

async function create(kind: string, extra: Record<string, unknown> = {}) {
  const res = await admin.post(`${P(kind)}/`, sample(extra));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; kind: string; [k: string]: unknown };
}

describe("the six kinds on one module", () => {
  it("creates each kind, which its own path lists and the others do not know", async () => {
    const made: Record<string, number> = {};
    for (const kind of MEDIA_KIND_KEYS) {
      const body = await create(
        kind,
        kind === "external_video" ? { url: YT } : kind === "article" ? { body: "Some words" } : {},
      );
      expect(body.kind).toBe(kind);
      made[kind] = body.id;
    }
    for (const kind of MEDIA_KIND_KEYS) {
      const ids = ((await admin.get(`${P(kind)}/?page_size=200`)).body.results as { id: number; kind: string }[]).map(
        (r) => r.id,
      );
      expect(ids).toContain(made[kind]);
      for (const other of MEDIA_KIND_KEYS.filter((k) => k !== kind)) {
        expect(ids).not.toContain(made[other]);
        expect((await admin.get(`${P(kind)}/${made[other]}/`)).status).toBe(404);
      }
    }
  });

  it("takes an external video's link from YouTube or Vimeo, with its thumbnail from the video id", async () => {
    const yt = await create("external_video", { url: "https://youtu.be/dQw4w9WgXcQ" });
    expect(yt).toMatchObject({
      video_provider: "youtube",
      video_id: "dQw4w9WgXcQ",
      thumbnail: "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg",
    });
    const vimeo = await create("external_video", { url: "https://vimeo.com/76979871" });
    expect(vimeo).toMatchObject({ video_provider: "vimeo", video_id: "76979871" });
    const patched = await admin.patch(`${P("external_video")}/${yt.id}/`, {
      url: "https://player.vimeo.com/video/123456789",
    });
    expect(patched.body).toMatchObject({ video_provider: "vimeo", video_id: "123456789" });
  });

  it("refuses a bad link with the spec's distinct messages, writing nothing", async () => {
    const before = await mediaCount();
    const cases: [unknown, string][] = [
      [undefined, "required"],
      ["", "required"],
      ["www.youtube.com/watch?v=dQw4w9WgXcQ", "url_must_start_with_http"],
      [`https://youtube.com/watch?v=dQw4w9WgXcQ&x=${"a".repeat(250)}`, "too_long"],
      ["https://example.com/video.mp4", "invalid_video_link"],
      ["https://www.youtube.com/watch?v=short", "invalid_video_link"],
    ];
    for (const [url, message] of cases) {
      const res = await admin.post(`${P("external_video")}/`, sample(url === undefined ? {} : { url }));
      expect(res.status, String(url)).toBe(400);
      expect(res.body.url, String(url)).toEqual([message]);
    }
    expect((await admin.post(`${P("video")}/`, sample({ name: "" }))).body.name).toBeTruthy();
    expect((await admin.post(`${P("article")}/`, sample({ body: "x".repeat(20001) }))).body.body).toEqual(["too_long"]);
    expect(await mediaCount()).toBe(before);
  });

  it("needs the material flags: a viewer reads and cannot write", async () => {
    expect((await viewer.get(`${P("video")}/`)).status).toBe(200);
    expect((await viewer.post(`${P("video")}/`, sample())).status).toBe(403);
  });
});

describe("publishing", () => {
  it("shows a file kind only with its file and a flash card set only with a card", async () => {
    const video = await create("video");
    expect((await admin.patch(`${P("video")}/${video.id}/`, { is_display: true })).status).toBe(428);
    const set = await create("flash_card");
    expect((await admin.patch(`${P("flash_card")}/${set.id}/`, { is_display: true })).body.detail).toBe(
      "media_msg_card_required",
    );
    expect((await admin.post(`${P("flash_card")}/${set.id}/card/`, { front: "Hello", back: "Sawasdee" })).status).toBe(
      201,
    );
    expect((await admin.patch(`${P("flash_card")}/${set.id}/`, { is_display: true })).status).toBe(200);
    const article = await create("article");
    expect((await admin.patch(`${P("article")}/${article.id}/`, { is_display: true })).body.is_display).toBe(true);
  });

  it("stores a document sent as a plain multipart form, refusing a file its kind does not take", async () => {
    const doc = await create("document");
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
    const wrong = await postFile(admin, `${P("document")}/${doc.id}/file/`, "notes.txt", Buffer.from("hello"), "file");
    expect(wrong.status).toBe(400);
    expect(wrong.body.file).toBeTruthy();
    const res = await postFile(admin, `${P("document")}/${doc.id}/file/`, "notes.pdf", pdf, "file");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ file_name: "notes.pdf", file_size: pdf.length });
    expect(String(res.body.file)).toMatch(/^\/api\/media\/uploads\//);
    expect((await admin.patch(`${P("document")}/${doc.id}/`, { is_display: true })).status).toBe(200);
    // A resumable upload that does not exist is a field error on `file`.
    expect((await admin.post(`${P("document")}/${doc.id}/file/`, { file_upload_id: "nope" })).body.file).toBeTruthy();
  });

  it("removes a file without a new one: the shown item is hidden with it, its stored file goes; a required item refuses", async () => {
    const doc = await create("document");
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
    const stored = await postFile(admin, `${P("document")}/${doc.id}/file/`, "notes.pdf", pdf, "file");
    expect((await admin.patch(`${P("document")}/${doc.id}/`, { is_display: true })).status).toBe(200);
    const url = String(stored.body.file).replace(/^\/api/, "/api");
    expect((await admin.get(url)).status).toBe(200);
    expect((await viewer.delete(`${P("document")}/${doc.id}/file/`)).status).toBe(403);
    const removed = await admin.delete(`${P("document")}/${doc.id}/file/`);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body).toMatchObject({ file: null, file_name: null, is_display: false });
    expect((await admin.get(url)).status, "the stored file is gone").toBe(404);
    expect((await admin.delete(`${P("document")}/${doc.id}/file/`)).status).toBe(404);

    // An article has no file at all.
    const article = await create("article");
    expect((await admin.delete(`${P("article")}/${article.id}/file/`)).status).toBe(404);

    // A shown document a course requires keeps its file (hiding it is refused, 424), nothing changed.
    const needed = await create("document");
    await postFile(admin, `${P("document")}/${needed.id}/file/`, "needed.pdf", pdf, "file");
    await admin.patch(`${P("document")}/${needed.id}/`, { is_display: true });
    const { slot } = await requiredSlot(needed.id, "document", "Read the handbook");
    const refused = await admin.delete(`${P("document")}/${needed.id}/file/`);
    expect(refused.status).toBe(424);
    expect(refused.body.detail).toBe("cannot_delete_because_dependency");
    expect((await admin.get(`${P("document")}/${needed.id}/`)).body).toMatchObject({
      file_name: "needed.pdf",
      is_display: true,
    });
    await api.db.deleteFrom("content_material").where("id", "=", slot.id).execute();
  });

  it.skipIf(!hasFfmpeg())("reads a video's duration and draws its thumbnail", async () => {
    const video = await create("video");
    const clip = execFileSync("ffmpeg", [
      "-v",
      "error",
      "-f",
      "lavfi",
      "-i",
      "testsrc=duration=2:size=160x120:rate=10",
      "-pix_fmt",
      "yuv420p",
      "-movflags",
      "frag_keyframe+empty_moov",
      "-f",
      "mp4",
      "pipe:1",
    ]);
    const res = await postFile(admin, `${P("video")}/${video.id}/file/`, "clip.mp4", clip, "file");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.duration).toBe(2);
    expect(String(res.body.thumbnail)).toMatch(/^\/api\/media\/uploads\//);
  });
});

/** A required slot of the organisation's first course that plays media item `mediaId` (so the item is needed). */
async function requiredSlot(mediaId: number, slotType: "document" | "generic", name: string) {
  const course = await api.db
    .selectFrom("course")
    .select(["id", "name"])
    .where("is_library", "=", 0)
    .orderBy("id")
    .executeTakeFirstOrThrow();
  const courseType = (
    await api.db.selectFrom("content_type").select("id").where("code", "=", "course").executeTakeFirstOrThrow()
  ).id;
  const section = await api.db
    .selectFrom("content_section")
    .select("id")
    .where("content_type_id", "=", courseType)
    .where("content_id", "=", course.id)
    .executeTakeFirstOrThrow();
  const at = new Date().toISOString();
  const slot = await api.db
    .insertInto("content_material")
    .values({
      content_type_id: courseType,
      content_id: course.id,
      section_id: section.id,
      sort: 999,
      slot_type: slotType,
      name,
      is_required: 1,
      is_preview: 0,
      is_display: 1,
      is_non_skippable: 0,
      is_paused_inactive: 0,
      is_allow_download: 0,
      attempt: 0,
      duration: 0,
      url: null,
      file: null,
      file_name: null,
      media_id: mediaId,
      iden_attempt: null,
      iden_duration_lock: null,
      datetime_create: at,
      datetime_update: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { course, slot };
}

function hasFfmpeg() {
  try {
    execFileSync("ffmpeg", ["-version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

describe("progress: the learning material row", () => {
  it("allows 0/21 → 30 and 30 → 21, refuses every other move", async () => {
    const article = await create("article");
    const accounts = (
      await api.db
        .selectFrom("account")
        .select("id")
        .where("username", "like", "student%")
        .orderBy("id")
        .limit(1)
        .execute()
    ).map((r) => r.id);
    expect((await admin.post(`${P("article")}/${article.id}/enroll/`, { account_list: accounts })).status).toBeLessThan(
      300,
    );
    const enrollment = (
      (await admin.get(`${P("article")}/${article.id}/progress/`)).body.results as { id: number }[]
    )[0].id;
    const table = ADMIN_TRANSITIONS.learning_material as Record<number, readonly number[]>;
    for (const from of [0, 21, 30, -5]) {
      for (const to of PROGRESS_STATUS_CODES.filter((s) => [0, 21, 22, 30, -5].includes(s))) {
        await api.db.updateTable("content_enrollment").set({ status: from }).where("id", "=", enrollment).execute();
        const allowed = (table[from] ?? []).includes(to);
        const res = await admin.patch(`${P("article")}/${article.id}/progress/${enrollment}/`, { status: to });
        expect(res.status, `${from} → ${to}`).toBe(allowed ? 200 : 400);
      }
    }
  });
});

describe("material lists", () => {
  it("answer the paged filter shape; the video list holds external videos; id_list and paging", async () => {
    const video = await create("video", { name: "Zz list video" });
    const external = await create("external_video", { name: "Zz list external", url: YT });
    const audio = await create("audio", { name: "Zz list audio" });
    const list = await admin.get(`/api/dashboard/material/video/?search=Zz%20list`);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ count: 2 });
    expect((list.body.results as { id: number }[]).map((r) => r.id).sort()).toEqual([video.id, external.id].sort());
    const picked = await admin.get(`/api/dashboard/material/video/?id_list=${external.id},${audio.id}`);
    expect(
      (picked.body.results as { id: number; value: number; thumbnail: string }[]).map((r) => [r.id, r.value]),
    ).toEqual([[external.id, external.id]]);
    expect((await admin.get(`/api/dashboard/material/audio/?id_list=${audio.id}`)).body.count).toBe(1);
    const paged = await admin.get(`/api/dashboard/material/video/?page_size=1`);
    expect(paged.body.results).toHaveLength(1);
    expect(paged.body.page_size).toBe(1);
    expect(paged.body.next).toBeTruthy();
    expect((await admin.get(`/api/dashboard/material/pdf/`)).status).toBe(200);
  });
});

describe("dependencies", () => {
  it("refuses deleting or hiding a material a curriculum requires (424 naming it), then lets it go", async () => {
    const article = await create("article", { name: "Needed article" });
    await admin.patch(`${P("article")}/${article.id}/`, { is_display: true });
    const { course, slot } = await requiredSlot(article.id, "generic", "Read this");
    const del = await admin.delete(`${P("article")}/${article.id}/`);
    expect(del.status).toBe(424);
    expect(del.body).toMatchObject({
      detail: "cannot_delete_because_dependency",
      dependent_list: [
        { content_type: "course", content_id: course.id, content_name: course.name, material: "Read this" },
      ],
    });
    const hide = await admin.patch(`${P("article")}/${article.id}/`, { is_display: false });
    expect(hide.status).toBe(424);
    expect((await admin.get(`${P("article")}/${article.id}/`)).body).toMatchObject({
      is_display: true,
      dependent_list: [{ content_id: course.id }],
    });
    // An optional slot that nobody waits on does not hold it.
    await api.db.updateTable("content_material").set({ is_required: 0 }).where("id", "=", slot.id).execute();
    expect((await admin.patch(`${P("article")}/${article.id}/`, { is_display: false })).status).toBe(200);
    expect((await admin.delete(`${P("article")}/${article.id}/`)).status).toBe(204);
    expect(
      (
        await api.db
          .selectFrom("content_material")
          .select("media_id")
          .where("id", "=", slot.id)
          .executeTakeFirstOrThrow()
      ).media_id,
    ).toBeNull();
    await api.db.deleteFrom("content_material").where("id", "=", slot.id).execute();
  });
});

describe("flash cards", () => {
  it("keeps cards in order, edits and removes them; a shown set keeps its last card", async () => {
    const set = await create("flash_card");
    const base = `${P("flash_card")}/${set.id}`;
    expect((await admin.post(`${base}/card/`, { front: "", back: "x" })).body.front).toEqual(["required"]);
    const a = (await admin.post(`${base}/card/`, { front: "One", back: "หนึ่ง" })).body as { id: number; sort: number };
    const b = (await admin.post(`${base}/card/`, { front: "Two", back: "สอง" })).body as { id: number; sort: number };
    expect(b.sort).toBeGreaterThan(a.sort);
    expect((await admin.patch(`${base}/card/${a.id}/`, { back: "1" })).body).toMatchObject({ front: "One", back: "1" });
    expect(((await admin.get(`${base}/card/`)).body.results as { front: string }[]).map((c) => c.front)).toEqual([
      "One",
      "Two",
    ]);
    await admin.patch(`${base}/`, { is_display: true });
    expect((await admin.delete(`${base}/card/${a.id}/`)).status).toBe(204);
    expect((await admin.delete(`${base}/card/${b.id}/`)).status).toBe(428);
    expect((await admin.get(`${base}/`)).body.card_count).toBe(1);
    // Another set's card is not this set's.
    const other = await create("flash_card");
    expect((await admin.patch(`${P("flash_card")}/${other.id}/card/${b.id}/`, { back: "x" })).status).toBe(404);
    expect((await viewer.post(`${base}/card/`, { front: "a", back: "b" })).status).toBe(403);
  });

  it("reviews learners' cards: the text changes while waiting only; summary counts them", async () => {
    const set = await create("flash_card");
    const base = `${P("flash_card")}/${set.id}`;
    const learner = (
      await api.db
        .selectFrom("account")
        .select("id")
        .where("username", "like", "student%")
        .orderBy("id")
        .executeTakeFirstOrThrow()
    ).id;
    const at = new Date().toISOString();
    const ugc = await api.db
      .insertInto("media_ugc_card")
      .values({
        media_id: set.id,
        account_id: learner,
        front: "Mine",
        back: "ของฉัน",
        datetime_create: at,
        datetime_update: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const listed = await admin.get(`${base}/ugc/?status=0`);
    expect(listed.body.count).toBe(1);
    expect(listed.body.results[0]).toMatchObject({ id: ugc.id, status: 0, account: { id: learner } });
    expect((await admin.patch(`${base}/ugc/${ugc.id}/`, { front: "Mine, fixed" })).body.front).toBe("Mine, fixed");
    expect((await admin.patch(`${base}/ugc/${ugc.id}/`, { status: 1 })).body.status).toBe(1);
    expect((await admin.patch(`${base}/ugc/${ugc.id}/`, { back: "x" })).body.detail).toBe("media_msg_ugc_not_waiting");
    expect((await admin.patch(`${base}/ugc/${ugc.id}/`, { status: 5 })).status).toBe(400);
    expect((await admin.get(`${base}/summary/`)).body).toMatchObject({
      card_count: 0,
      ugc: { "0": 0, "1": 1, "-1": 0 },
    });
    expect((await admin.get(`${base}/ugc/?status=9`)).status).toBe(400);
    expect((await admin.delete(`${base}/ugc/${ugc.id}/`)).status).toBe(204);
  });

  it("lists who made learners' cards (the flash-card creator filter list) and filters a set's cards by them", async () => {
    const set = await create("flash_card");
    const base = `${P("flash_card")}/${set.id}`;
    const [one, two] = await api.db
      .selectFrom("account")
      .select(["id", "username"])
      .where("username", "like", "student%")
      .orderBy("id")
      .limit(2)
      .execute();
    const at = new Date().toISOString();
    for (const who of [one, one, two])
      await api.db
        .insertInto("media_ugc_card")
        .values({
          media_id: set.id,
          account_id: who.id,
          front: "F",
          back: "B",
          datetime_create: at,
          datetime_update: at,
        })
        .execute();
    const creators = await admin.get(`/api/dashboard/filter/flash-card/account/?flash_card=${set.id}`);
    expect(creators.status).toBe(200);
    expect(
      (creators.body.results as { id: number; code: string; value: number }[])
        .map((r) => [r.id, r.code, r.value])
        .sort(),
    ).toEqual(
      [
        [one.id, one.username, one.id],
        [two.id, two.username, two.id],
      ].sort(),
    );
    expect(
      (
        await admin.get(`/api/dashboard/filter/flash-card/account/?flash_card=${set.id}&id_list=${two.id}`)
      ).body.results.map((r: { id: number }) => r.id),
    ).toEqual([two.id]);
    expect(
      (await admin.get(`/api/dashboard/filter/flash-card/account/?flash_card=${set.id}&search=${two.username}`)).body
        .count,
    ).toBe(1);
    // Without a set: whoever made a card for any set (the seeded set's makers too).
    expect(
      (await admin.get(`/api/dashboard/filter/flash-card/account/?page_size=200`)).body.count,
    ).toBeGreaterThanOrEqual(2);
    expect((await admin.get(`/api/dashboard/filter/flash-card/account/?flash_card=abc`)).status).toBe(400);
    expect((await admin.get(`${base}/ugc/?account=${one.id}`)).body.count).toBe(2);
    expect((await admin.get(`${base}/ugc/?account=${two.id}&status=0`)).body.count).toBe(1);
    expect((await admin.get(`${base}/ugc/?account=x`)).status).toBe(400);
    const learner = await api.signedIn("learner");
    expect((await learner.get(`/api/dashboard/filter/flash-card/account/`)).status).toBe(403);
  });
});

describe("the seed", () => {
  it("has every kind, learners, cards, and a required article; its files are made at seed time", async () => {
    const kinds = new Set(
      (await api.db.selectFrom("media").select("kind").where("code", "like", "M%-00%").execute()).map((r) => r.kind),
    );
    expect([...kinds].sort()).toEqual([...MEDIA_KIND_KEYS].sort());
    const article = await api.db
      .selectFrom("media")
      .select("id")
      .where("code", "=", "MR-001")
      .executeTakeFirstOrThrow();
    expect((await admin.delete(`${P("article")}/${article.id}/`)).status).toBe(424);
    const set = await api.db.selectFrom("media").select("id").where("code", "=", "MF-001").executeTakeFirstOrThrow();
    expect((await admin.get(`${P("flash_card")}/${set.id}/summary/`)).body).toMatchObject({
      card_count: 5,
      ugc: { "0": 2, "1": 1, "-1": 1 },
    });
    const { seedMediaFiles } = await import("../../api/db/seed-media");
    const lines: string[] = [];
    await seedMediaFiles({ db: api.db, now: () => api.clock.now, secret: "test", mediaDir: api.mediaDir }, (l) =>
      lines.push(l),
    );
    const doc = await api.db
      .selectFrom("media")
      .select(["file_key", "file_name", "is_display"])
      .where("code", "=", "MD-001")
      .executeTakeFirstOrThrow();
    expect(doc).toMatchObject({ file_name: "handbook.pdf", is_display: 1 });
    const video = await api.db
      .selectFrom("media")
      .select(["file_key", "duration", "thumbnail"])
      .where("code", "=", "MV-001")
      .executeTakeFirstOrThrow();
    if (hasFfmpeg()) expect(video.duration).toBe(3);
    else expect(lines).toHaveLength(1);
  });
});
