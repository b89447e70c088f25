import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IDEMPOTENCY_HEADER } from "../../contract/http";
import { contentRefs, startTestApi, type Client, type TestApi } from "./harness";

/**
 * A create call with an idempotency key (issue 35 §4, docs/decisions/094): a second call with the
 * same key — the retry of a post whose answer was lost — gets what the first one created, never a
 * second row; racing calls with one key create one row; a refused call records nothing; a key is
 * the account's own and names one address.
 */
let api: TestApi;
let admin: Client;
let manager: Client;
let refs: { category: number; provider: number };
beforeAll(async () => {
  api = await startTestApi();
  admin = api.client();
  await admin.login("admin");
  manager = api.client();
  await manager.login("staff1");
  refs = await contentRefs(admin);
});
afterAll(() => api.close());

const COURSES = "/api/dashboard/course/";
let n = 0;
const fresh = () => {
  n += 1;
  return { key: `key-${Date.now()}-${n}-abcdef`, code: `IDK${n}${Date.now() % 1e5}` };
};
const course = (code: string, name = `Idempotent ${code}`) => ({
  name,
  code,
  category: refs.category,
  provider: refs.provider,
});
const withKey = (key: string) => ({ [IDEMPOTENCY_HEADER]: key });
const rows = async (code: string) =>
  (await api.db.selectFrom("course").select("id").where("code", "=", code).execute()).map((r) => r.id);

describe("a create with an idempotency key", () => {
  it("answered again with the first call's row when repeated, whatever the repeat's body", async () => {
    const { key, code } = fresh();
    const first = await admin.post(COURSES, course(code), withKey(key));
    expect(first.status).toBe(201);
    const again = await admin.post(COURSES, course(code, "A retry typed differently"), withKey(key));
    expect(again.status).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect((again.body as { id: number }).id).toBe((first.body as { id: number }).id);
    expect((again.body as { name: string }).name).toBe(`Idempotent ${code}`);
    expect(await rows(code)).toEqual([(first.body as { id: number }).id]);
  });

  it("racing with the same key creates one row, and both calls answer it", async () => {
    const { key, code } = fresh();
    const answers = await Promise.all([1, 2, 3].map(() => admin.post(COURSES, course(code), withKey(key))));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    const ids = new Set(answers.map((a) => (a.body as { id: number }).id));
    expect(ids.size).toBe(1);
    expect(await rows(code)).toEqual([...ids]);
  });

  it("records nothing when refused: the corrected retry with the same key creates", async () => {
    const { key, code } = fresh();
    const refused = await admin.post(COURSES, { ...course(code), category: null }, withKey(key));
    expect(refused.status).toBe(400);
    expect(await rows(code)).toEqual([]);
    const created = await admin.post(COURSES, course(code), withKey(key));
    expect(created.status).toBe(201);
    expect(created.headers["idempotent-replayed"]).toBeUndefined();
    expect(await rows(code)).toHaveLength(1);
  });

  it("is the account's own: another account's call with the same key creates its own row", async () => {
    const { key, code } = fresh();
    const mine = await admin.post(COURSES, course(code), withKey(key));
    const theirs = await manager.post(COURSES, course(`${code}B`), withKey(key));
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    expect((theirs.body as { id: number }).id).not.toBe((mine.body as { id: number }).id);
  });

  it("names one address: the same key at another is refused, and a malformed key writes nothing", async () => {
    const { key, code } = fresh();
    expect((await admin.post(COURSES, course(code), withKey(key))).status).toBe(201);
    const elsewhere = await admin.post(
      "/api/dashboard/activity/",
      { name: "Elsewhere", code: `${code}A`, category: refs.category, provider: refs.provider },
      withKey(key),
    );
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body).toEqual({ [IDEMPOTENCY_HEADER]: ["invalid"] });
    for (const bad of ["short", "x".repeat(101), "has space in it", "semi;colon;key"]) {
      const other = fresh();
      const res = await admin.post(COURSES, course(other.code), withKey(bad));
      expect(res.status, bad).toBe(400);
      expect(await rows(other.code), bad).toEqual([]);
    }
  });

  it("without a key, two calls are two creates (the old contract)", async () => {
    const { code } = fresh();
    expect((await admin.post(COURSES, course(code))).status).toBe(201);
    expect((await admin.post(COURSES, course(code))).status).toBe(400); // the code is unique: refused, not doubled
    const other = fresh();
    expect((await admin.post(COURSES, course(other.code))).status).toBe(201);
    expect((await admin.post(COURSES, course(`${other.code}2`))).status).toBe(201);
  });
});
