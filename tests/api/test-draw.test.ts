import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drawForAttempt, seededShuffle } from "../../api/content/test/draw";
import { startTestApi, contentRefs, type Client, type TestApi } from "./harness";

/**
 * Drawing from a bank (issue 18 §2; docs/decisions/064): a section's draw rules are checked
 * against the bank (range out of bank, more than the pool: field errors saying how many), saved
 * with the range normalised, and drawForAttempt picks the same questions for the same seed.
 */

const T = "/api/dashboard/test";
let api: TestApi;
let admin: Client;
let viewer: Client;
let bank: number;
let bankIds: Map<number, number>;
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.signedIn("admin");
  viewer = await api.signedIn("viewer");
  bank = (await api.db.selectFrom("testbank").select("id").where("code", "=", "TB-SEC").executeTakeFirstOrThrow()).id;
  const rows = await api.db.selectFrom("test_question").select(["id", "number"]).where("bank_id", "=", bank).execute();
  bankIds = new Map(rows.map((r) => [r.number, r.id]));
});
afterAll(() => api.close());

async function newSection(code: string, extra: Record<string, unknown> = {}) {
  const t = await admin.post(`${T}/`, { name: `Test ${code}`, code, ...(await contentRefs(admin)) });
  const s = await admin.post(`${T}/${t.body.id}/section/`, extra);
  expect(s.status).toBe(201);
  return { test: t.body.id as number, section: s.body.id as number, base: `${T}/${t.body.id}/section/${s.body.id}/` };
}
const draws = async () =>
  Number(
    (
      await api.db
        .selectFrom("test_section_draw")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("draw rules", () => {
  it("refuses ranges the bank cannot satisfy, saying how many there are; writes nothing", async () => {
    const { base } = await newSection("TST-DRW-1");
    const before = await draws();
    const out = await admin.post(`${base}testbank/`, { bank, range: "1-5, 10-20", number: "2" });
    expect(out).toMatchObject({ status: 400, body: { range: ["tst_msg_range_out_of_bank|12"] } });
    const many = await admin.post(`${base}testbank/`, { bank, range: "1-3", number: "4" });
    expect(many).toMatchObject({ status: 400, body: { number: ["tst_msg_range_too_many|3"] } });
    const all = await admin.post(`${base}testbank/`, { bank, number: "13" });
    expect(all.body).toEqual({ number: ["tst_msg_range_too_many|12"] });
    expect((await admin.post(`${base}testbank/`, { bank, range: "1-x" })).body).toEqual({
      range: ["tst_msg_range_syntax"],
    });
    expect((await admin.post(`${base}testbank/`, { bank, range: "5-1" })).body).toEqual({
      range: ["tst_msg_range_order"],
    });
    expect((await admin.post(`${base}testbank/`, { bank: 999999, number: "1" })).body).toEqual({
      bank: ["invalid_choice"],
    });
    expect((await admin.post(`${base}testbank/`, { bank, type_method: "1", question_list: "2,40" })).body).toEqual({
      question_list: ["tst_msg_range_out_of_bank|12"],
    });
    expect((await viewer.post(`${base}testbank/`, { bank, number: "1" })).status).toBe(403);
    expect(await draws()).toBe(before);
  });

  it("saves a rule per bank with the range merged; a rule alone lets the test publish", async () => {
    // The section's full score is what the rule's two questions give (docs/decisions/076).
    const { test, base } = await newSection("TST-DRW-2", { full_score: "2" });
    const saved = await admin.post(`${base}testbank/`, { bank, range: "1-5, 3-8", number: "3" });
    expect(saved).toMatchObject({
      status: 201,
      body: { bank: { id: bank }, range: "1-8", number: 3, type_method: 0, question_count: 12 },
    });
    const again = await admin.post(`${base}testbank/`, { bank, range: "2-4", number: "2" });
    expect(again.body).toMatchObject({ id: saved.body.id, range: "2-4", number: 2 });
    expect((await admin.get(`${base}testbank/`)).body.count).toBe(1);
    expect((await admin.get(`${base}testbank/${bank}/`)).body).toMatchObject({ range: "2-4" });
    expect((await admin.patch(`${T}/${test}/`, { is_display: true })).status).toBe(200);
    expect((await admin.delete(`${base}testbank/${bank}/`)).status).toBe(204);
    expect((await admin.get(`${base}testbank/${bank}/`)).body).toBeNull();
  });
});

describe("a rule's preview (docs/decisions/070)", () => {
  type Q = { number: number; desc: string };
  it("lists the pool a random rule picks from, and the fixed picks of a selected list or one shared draw", async () => {
    const { base, section } = await newSection("TST-DRW-7");
    expect((await admin.get(`${base}testbank/${bank}/preview/`)).status).toBe(404);
    await admin.post(`${base}testbank/`, { bank, range: "2-5, 9", number: "2" });
    const random = await viewer.get(`${base}testbank/${bank}/preview/`);
    expect(random.status).toBe(200);
    expect(random.body).toMatchObject({ type_method: 0, type_random: 0, number: 2, picks: null });
    expect((random.body.pool as Q[]).map((q) => q.number)).toEqual([2, 3, 4, 5, 9]);
    const descs = new Map(
      (await api.db.selectFrom("test_question").select(["number", "desc"]).where("bank_id", "=", bank).execute()).map(
        (r) => [r.number, r.desc],
      ),
    );
    expect((random.body.pool as Q[])[0].desc).toBe(descs.get(2));
    // Selected numbers: exactly those, in order.
    await admin.post(`${base}testbank/`, { bank, type_method: "1", question_list: "7,1" });
    expect(((await admin.get(`${base}testbank/${bank}/preview/`)).body.picks as Q[]).map((q) => q.number)).toEqual([
      7, 1,
    ]);
    // One draw for every attempt: the preview shows what every attempt asks.
    await admin.post(`${base}testbank/`, { bank, type_random: "1", number: "3" });
    const fixed = (await admin.get(`${base}testbank/${bank}/preview/`)).body;
    const drawn = await drawForAttempt(api.db, section, 5);
    expect((fixed.picks as Q[]).map((q) => bankIds.get(q.number))).toEqual(drawn);
    expect(fixed.pool).toHaveLength(12);
  });
});

describe("drawForAttempt", () => {
  it("own questions first, then the rule's picks, the same for the same seed", async () => {
    const { base, section } = await newSection("TST-DRW-3");
    await admin.post(`${base}question/`, { desc: "Own one", type: 1 });
    await admin.post(`${base}question/`, { desc: "Own two", type: 4 });
    await admin.post(`${base}testbank/`, { bank, range: "1-8", number: "3" });
    const own = (
      await api.db
        .selectFrom("test_question")
        .select("id")
        .where("section_id", "=", section)
        .orderBy("number")
        .execute()
    ).map((r) => r.id);
    const a = await drawForAttempt(api.db, section, 42);
    expect(a.slice(0, 2)).toEqual(own);
    expect(a).toHaveLength(5);
    const inRange = new Set([1, 2, 3, 4, 5, 6, 7, 8].map((n) => bankIds.get(n)));
    for (const id of a.slice(2)) expect(inRange.has(id)).toBe(true);
    expect(new Set(a).size).toBe(5);
    expect(await drawForAttempt(api.db, section, 42)).toEqual(a);
    // Over many seeds the picks vary (a new draw per attempt, type_random 0).
    const seen = new Set<string>();
    for (let seed = 1; seed <= 20; seed++) seen.add((await drawForAttempt(api.db, section, seed)).join(","));
    expect(seen.size).toBeGreaterThan(1);
  });

  it("a fixed draw (type_random 1) and a selected list ask the same for every seed; shuffle follows the seed", async () => {
    const { base, section } = await newSection("TST-DRW-4");
    await admin.post(`${base}testbank/`, { bank, type_method: "1", question_list: "4,2,9" });
    expect(await drawForAttempt(api.db, section, 1)).toEqual([4, 2, 9].map((n) => bankIds.get(n)));
    expect(await drawForAttempt(api.db, section, 99)).toEqual([4, 2, 9].map((n) => bankIds.get(n)));
    const fixed = await newSection("TST-DRW-5", { is_question_shuffle: "on" });
    await admin.post(`${fixed.base}testbank/`, { bank, type_random: "1", number: "4" });
    const x = await drawForAttempt(api.db, fixed.section, 7);
    expect(x).toHaveLength(4);
    expect([...(await drawForAttempt(api.db, fixed.section, 8))].sort()).toEqual([...x].sort());
    expect(await drawForAttempt(api.db, fixed.section, 7)).toEqual(x);
  });

  it("tags narrow the pool (any / all)", async () => {
    const { base, section } = await newSection("TST-DRW-6");
    const tags = await api.db
      .selectFrom("tag")
      .select(["id", "code"])
      .where("code", "in", ["TAG-DIG", "TAG-MAN"])
      .execute();
    const both = tags.map((t) => t.id).join(",");
    const tagged = await api.db
      .selectFrom("test_question_tag")
      .select(["question_id", "tag_id"])
      .where("question_id", "in", [...bankIds.values()])
      .execute();
    const withAll = [...bankIds.values()].filter((id) =>
      tags.every((t) => tagged.some((x) => x.question_id === id && x.tag_id === t.id)),
    );
    const tooMany = await admin.post(`${base}testbank/`, {
      bank,
      tag_list: both,
      type_select: "1",
      number: String(withAll.length + 1),
    });
    expect(tooMany.body).toEqual({ number: [`tst_msg_range_too_many|${withAll.length}`] });
    await admin.post(`${base}testbank/`, { bank, tag_list: both, type_select: "1", number: "0" });
    expect([...(await drawForAttempt(api.db, section, 3))].sort()).toEqual([...withAll].sort());
  });

  it("seededShuffle is a permutation fixed by its seed", () => {
    const items = [1, 2, 3, 4, 5, 6, 7, 8];
    expect(seededShuffle(items, 123)).toEqual(seededShuffle(items, 123));
    expect([...seededShuffle(items, 123)].sort()).toEqual(items);
    expect(seededShuffle(items, 123)).toMatchInlineSnapshot(`
      [
        1,
        4,
        6,
        5,
        8,
        3,
        2,
        7,
      ]
    `);
  });
});
