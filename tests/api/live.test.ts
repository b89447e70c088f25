import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_TRANSITIONS, PROGRESS_STATUS_CODES } from "../../contract/codes";
import { contentRefs, startTestApi, type Client, type TestApi } from "./harness";

/**
 * Live sessions (issue 18 §5, docs/decisions/066): each live transition allowed and refused for
 * both kinds, stream details made by the API and never written by input, validation writing
 * nothing, the questions, the recordings kept, and flags. Both dialects (TEST_DATABASE_URL).
 */
const L = "/api/dashboard/live";
let api: TestApi;
let admin: Client;
let viewer: Client;
let learner: Client;
let refs: { category: number; provider: number };
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.signedIn("admin");
  viewer = await api.signedIn("viewer");
  learner = await api.signedIn("learner");
  refs = await contentRefs(admin);
});
afterAll(() => api.close());

const count = async (table: "live" | "live_instructor" | "live_question" | "content_enrollment") =>
  Number(
    (
      await api.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
const sample = (extra: Record<string, unknown> = {}) => ({
  name: "A live",
  code: `LT${Math.floor(Math.random() * 1e6)}`,
  category: refs.category,
  provider: refs.provider,
  datetime_live_start: "2030-01-01T09:00:00Z",
  datetime_live_end: "2030-01-01T10:00:00Z",
  ...extra,
});

describe("live list and item", () => {
  it("lists the seeded lives with their labels' codes, filtered by live status and type", async () => {
    const all = await admin.get(`${L}/?page_size=50`);
    expect(all.status).toBe(200);
    const rows = all.body.results as { code: string; status: number; live_type: number; download_status: number }[];
    expect(new Set(rows.map((r) => r.status)).size).toBeGreaterThanOrEqual(5);
    expect(new Set(rows.map((r) => r.live_type))).toEqual(new Set([0, 1, 2]));
    const onAir = (await admin.get(`${L}/?live_status=1`)).body.results as { code: string; status: number }[];
    expect(onAir.map((r) => r.code)).toEqual(["LIVE-002"]);
    expect(
      ((await admin.get(`${L}/?live_type=0&page_size=50`)).body.results as { live_type: number }[]).every(
        (r) => r.live_type === 0,
      ),
    ).toBe(true);
    expect((await admin.get(`${L}/?live_status=9`)).status).toBe(400);
    expect((await admin.get(`${L}/?search=LIVE-004`)).body.count).toBe(1);
  });

  it("creates with stream details made by the API, which input never writes", async () => {
    const res = await admin.post(
      `${L}/`,
      sample({ live_type: 1, stream_key: "mine", status: 1, download_status: 1, instructor_list: [] }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { stream } = res.body as {
      stream: { stream_key: string; stream_url: string; stream_user: string; stream_password: string; status: number };
    };
    expect(stream.stream_key).toMatch(/^[0-9a-f]{32}$/);
    expect(stream.stream_password).toMatch(/^[0-9a-f]{24}$/);
    expect(stream.stream_url).toMatch(/^rtmp:\/\//);
    expect(stream.status).toBe(0);
    expect(res.body).toMatchObject({
      status: 0,
      download_status: 3,
      live_type: 1,
      datetime_live_start: "2030-01-01T09:00:00.000Z",
      is_display: false,
    });
    const id = res.body.id as number;
    // A PATCH naming the stream's fields is refused, each field named, and changes nothing (issue 33).
    const forged = await admin.patch(`${L}/${id}/`, {
      stream_key: "x",
      stream_password: "y",
      status: 1,
      download_status: 1,
      name: "Renamed",
    });
    expect(forged.status).toBe(400);
    expect(forged.body).toEqual({
      stream_key: ["unknown_field"],
      stream_password: ["unknown_field"],
      status: ["unknown_field"],
      download_status: ["unknown_field"],
    });
    expect((await admin.get(`${L}/${id}/`)).body).toMatchObject({ name: "A live", stream });
    const patched = await admin.patch(`${L}/${id}/`, { name: "Renamed" });
    expect(patched.status).toBe(200);
    expect(patched.body.stream).toEqual(stream);
    expect(patched.body).toMatchObject({ name: "Renamed", status: 0, download_status: 3 });
    // The datetime-local a form posts is read as UTC.
    const local = await admin.patch(`${L}/${id}/`, {
      datetime_live_start: "2030-01-01T08:30",
      datetime_live_end: "2030-01-01T11:00",
    });
    expect(local.body).toMatchObject({
      datetime_live_start: "2030-01-01T08:30:00.000Z",
      datetime_live_end: "2030-01-01T11:00:00.000Z",
    });
  });

  it("refuses bad input and writes nothing", async () => {
    const before = await count("live");
    const backwards = await admin.post(`${L}/`, sample({ datetime_live_end: "2030-01-01T08:00:00Z" }));
    expect(backwards.status).toBe(400);
    expect(backwards.body.datetime_live_end).toEqual(["live_msg_end_before_start"]);
    const missing = await admin.post(`${L}/`, { name: "", code: "", category: refs.category, provider: refs.provider });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      name: ["required"],
      code: ["required"],
      datetime_live_start: ["required"],
      datetime_live_end: ["required"],
    });
    const badType = await admin.post(`${L}/`, sample({ live_type: 7 }));
    expect(badType.body.live_type).toEqual(["invalid_choice"]);
    const badDate = await admin.post(`${L}/`, sample({ datetime_live_start: "2030-02-30T09:00" }));
    expect(badDate.body.datetime_live_start).toEqual(["invalid"]);
    const badInstructor = await admin.post(`${L}/`, sample({ instructor_list: [999999] }));
    expect(badInstructor.status).toBe(400);
    expect(await count("live")).toBe(before);
    // A PATCH of one end is checked against the stored other one.
    const id = (
      (await admin.get(`${L}/?search=LIVE-006`)).body.results[0] as { id: number; datetime_live_start: string }
    ).id;
    const item = (await admin.get(`${L}/${id}/`)).body as { datetime_live_start: string; datetime_live_end: string };
    const early = await admin.patch(`${L}/${id}/`, { datetime_live_end: "2000-01-01T00:00:00Z" });
    expect(early.status).toBe(400);
    expect(early.body.datetime_live_end).toEqual(["live_msg_end_before_start"]);
    expect((await admin.get(`${L}/${id}/`)).body.datetime_live_end).toBe(item.datetime_live_end);
  });
});

describe("progress transitions by live type", () => {
  /** A fresh live of the type with one learner per start status. */
  async function liveWith(liveType: number) {
    const id = (await admin.post(`${L}/`, sample({ live_type: liveType }))).body.id as number;
    const accounts = (
      await api.db
        .selectFrom("account")
        .select("id")
        .where("username", "like", "student%")
        .orderBy("id")
        .limit(3)
        .execute()
    ).map((r) => r.id);
    await admin.post(`${L}/${id}/enroll/`, { account_list: accounts });
    const ids = ((await admin.get(`${L}/${id}/progress/`)).body.results as { id: number }[]).map((r) => r.id);
    return { id, enrollment: ids[0] };
  }
  const setStatus = (enrollment: number, status: number) =>
    api.db.updateTable("content_enrollment").set({ status }).where("id", "=", enrollment).execute();

  for (const [liveType, row] of [
    [0, "live_offline"],
    [1, "live_convert"],
    [2, "live_convert"],
  ] as const) {
    it(`type ${liveType} follows the ${row} row: every move allowed, every other refused`, async () => {
      const { id, enrollment } = await liveWith(liveType);
      const table = ADMIN_TRANSITIONS[row] as Record<number, readonly number[]>;
      const froms = [0, 21, 30, -5];
      for (const from of froms) {
        for (const to of PROGRESS_STATUS_CODES.filter((s) => [0, 21, 22, 30, -5, 6, -2].includes(s))) {
          await setStatus(enrollment, from);
          const allowed = (table[from] ?? []).includes(to);
          const listed = (
            (await admin.get(`${L}/${id}/progress/`)).body.results as { id: number; allowed_status: number[] }[]
          ).find((r) => r.id === enrollment)!;
          expect(listed.allowed_status, `${row} from ${from}`).toEqual([...(table[from] ?? [])]);
          const res = await admin.patch(`${L}/${id}/progress/${enrollment}/`, { status: to });
          expect(res.status, `${row} ${from} → ${to}`).toBe(allowed ? 200 : 400);
          const now = (
            await api.db
              .selectFrom("content_enrollment")
              .select("status")
              .where("id", "=", enrollment)
              .executeTakeFirstOrThrow()
          ).status;
          expect(now, `${row} ${from} → ${to} stored`).toBe(allowed ? to : from);
          if (!allowed) expect(res.body.status).toEqual(["invalid_transition"]);
        }
      }
    });
  }

  it("a bulk change moves only along the live's row: an offline-type live's learners never to in progress", async () => {
    const offline = await liveWith(0);
    const rows = ((await admin.get(`${L}/${offline.id}/progress/`)).body.results as { id: number }[]).map((r) => r.id);
    await setStatus(rows[0]!, 0);
    await setStatus(rows[1]!, -5);
    await setStatus(rows[2]!, 30);
    // The spec's bulk rule for in progress takes completed, failed and expired; the offline row reaches 21 from nowhere.
    const preview = await admin.post(`${L}/${offline.id}/progress/bulk/`, { target: 21, preview: true });
    expect(preview.body.affected).toBe(0);
    expect((await admin.post(`${L}/${offline.id}/progress/bulk/`, { target: 21 })).body.changed).toBe(0);
    // To completed: the row lets 0 and -5 reach 30, and the bulk rule leaves the failed alone: the one not started moves.
    expect((await admin.post(`${L}/${offline.id}/progress/bulk/`, { target: 30 })).body.changed).toBe(1);
    // A convert live's learner at 30 may go back to 21.
    const convert = await liveWith(1);
    await setStatus(convert.enrollment, 30);
    expect(
      (await admin.post(`${L}/${convert.id}/progress/bulk/`, { target: 21, enrollment_list: [convert.enrollment] }))
        .body.changed,
    ).toBe(1);
  });

  it("the stream page counts learners per status with what each may become", async () => {
    const id = ((await admin.get(`${L}/?search=LIVE-001`)).body.results[0] as { id: number }).id;
    const res = await admin.get(`${L}/${id}/stream/`);
    expect(res.status).toBe(200);
    expect(res.body.transition_kind).toBe("live_offline");
    const at0 = (res.body.progress as { status: number; count: number; allowed_status: number[] }[]).find(
      (p) => p.status === 0,
    )!;
    expect(at0.allowed_status).toEqual([30, -5]);
    expect((await admin.get(`${L}/${id}/stream/learner/`)).body.count).toBeGreaterThan(0);
  });
});

describe("questions and kept recordings", () => {
  it("lists questions (the stream's without hidden ones) and marks one answered and hidden", async () => {
    const id = ((await admin.get(`${L}/?search=LIVE-001`)).body.results[0] as { id: number }).id;
    const all = await admin.get(`${L}/${id}/question/?scope=all`);
    const stream = await admin.get(`${L}/${id}/question/?scope=stream`);
    expect(all.body.count).toBe(6);
    expect(stream.body.count).toBe(5);
    const open = (await admin.get(`${L}/${id}/question/?is_answered=false`)).body.results as {
      id: number;
      is_answered: boolean;
    }[];
    expect(open.length).toBeGreaterThan(0);
    const q = open[0].id;
    const marked = await admin.patch(`${L}/${id}/question/${q}/`, { is_answered: true });
    expect(marked.status).toBe(200);
    expect(marked.body).toMatchObject({ id: q, is_answered: true });
    expect(marked.body.datetime_answer).not.toBeNull();
    expect((await admin.patch(`${L}/${id}/question/${q}/`, { is_hidden: true })).body.is_hidden).toBe(true);
    expect((await admin.patch(`${L}/${id}/question/${q}/`, { is_answered: "yes" })).status).toBe(400);
    // Another live's question is not this live's.
    const other = ((await admin.get(`${L}/?search=LIVE-002`)).body.results[0] as { id: number }).id;
    expect((await admin.patch(`${L}/${other}/question/${q}/`, { is_answered: false })).status).toBe(404);
    // Reading needs the view flag; marking the change flag.
    expect((await viewer.get(`${L}/${id}/question/`)).status).toBe(200);
    expect((await viewer.patch(`${L}/${id}/question/${q}/`, { is_answered: false })).status).toBe(403);
    expect((await learner.get(`${L}/${id}/question/`)).status).toBe(403);
  });

  it("keeps an ended recorded live as a recording, refuses a live-only or unended one", async () => {
    const find = async (code: string) =>
      ((await admin.get(`${L}/?search=${code}`)).body.results[0] as { id: number }).id;
    const kept = await admin.get(`${L}/?is_backup=true`);
    expect((kept.body.results as { code: string }[]).map((r) => r.code).sort()).toEqual(["LIVE-003", "LIVE-004"]);
    expect(
      (
        (await admin.get("/api/dashboard/live_backup/")).body.results as { code: string; is_backup_display: boolean }[]
      ).map((r) => [r.code, r.is_backup_display]),
    ).toEqual([
      ["LIVE-003", true],
      ["LIVE-004", true],
    ]);
    // The candidates: ended, recorded, not kept yet.
    const candidates = (await admin.get("/api/dashboard/live_backup/candidate/")).body.results as { code: string }[];
    expect(candidates.map((r) => r.code).sort()).toEqual(["LIVE-005"]);
    expect((await viewer.get("/api/dashboard/live_backup/candidate/")).status).toBe(403);
    expect((await viewer.get("/api/dashboard/live_backup/")).status).toBe(200);
    const liveOnly = await admin.post("/api/dashboard/live_backup/", { live: await find("LIVE-001") });
    expect(liveOnly.status).toBe(400);
    expect(liveOnly.body.live).toEqual(["live_msg_no_recording"]);
    const notEnded = await admin.post("/api/dashboard/live_backup/", { live: await find("LIVE-006") });
    expect(notEnded.body.live).toEqual(["live_msg_not_ended"]);
    expect((await admin.post("/api/dashboard/live_backup/", { live: 999999 })).body.live).toEqual(["invalid_choice"]);
    expect((await viewer.post("/api/dashboard/live_backup/", { live: await find("LIVE-005") })).status).toBe(403);
    const ok = await admin.post("/api/dashboard/live_backup/", { live: await find("LIVE-005") });
    expect(ok.status).toBe(201);
    expect(ok.body.is_backup).toBe(true);
    const id = ok.body.id as number;
    expect((await admin.patch(`/api/dashboard/live_backup/${id}/`, { is_display: true })).status).toBe(200);
    expect(
      (await api.db.selectFrom("live").select("is_backup_display").where("id", "=", id).executeTakeFirstOrThrow())
        .is_backup_display,
    ).toBe(1);
    expect((await admin.delete(`/api/dashboard/live_backup/${id}/`)).status).toBe(204);
    expect((await admin.delete(`/api/dashboard/live_backup/${id}/`)).status).toBe(404);
  });

  it("flags: the viewer reads, changes nothing; a learner sees nothing", async () => {
    const id = ((await admin.get(`${L}/?search=LIVE-001`)).body.results[0] as { id: number }).id;
    expect((await viewer.get(`${L}/${id}/`)).status).toBe(200);
    const stream = await viewer.get(`${L}/${id}/stream/`);
    expect(stream.status).toBe(200);
    // Without the progress flag, no learner counts.
    expect(stream.body.progress).toBeNull();
    expect((await viewer.patch(`${L}/${id}/`, { name: "x" })).status).toBe(403);
    expect((await viewer.post(`${L}/`, sample())).status).toBe(403);
    expect((await learner.get(`${L}/`)).status).toBe(403);
    expect((await learner.get(`${L}/${id}/stream/`)).status).toBe(403);
  });
});
