import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COUNT_CAP } from "../../contract/http";
import { startTestApi, type Client, type TestApi } from "./harness";

/**
 * Paged lists past COUNT_CAP rows (docs/decisions/016): the count stops at the cap (or the end of
 * the page asked for) and says so; paging, `next` and the 404 past the end keep working.
 */
let api: TestApi;
let admin: Client;
let total: number;
const C = "/api/dashboard/course/";
const EXTRA = COUNT_CAP + 50;

beforeAll(async () => {
  api = await startTestApi();
  admin = api.client();
  await admin.login("admin");
  const { id: category } = await api.db
    .selectFrom("category")
    .select("id")
    .where("code", "=", "TECH")
    .executeTakeFirstOrThrow();
  const { id: provider } = await api.db
    .selectFrom("provider")
    .select("id")
    .where("code", "=", "ACAD")
    .executeTakeFirstOrThrow();
  const at = api.clock.now.toISOString();
  for (let start = 0; start < EXTRA; start += 500) {
    const rows = Array.from({ length: Math.min(500, EXTRA - start) }, (_, k) => ({
      name: `Paging ${start + k}`,
      code: `PG${String(start + k).padStart(6, "0")}`,
      category_id: category,
      provider_id: provider,
      desc: "",
      is_display: 0,
      is_environmental: 0,
      datetime_create: at,
      datetime_update: at,
    }));
    await api.db.insertInto("course").values(rows).execute();
  }
  // The organisation's courses: the content library's are not in its list (docs/decisions/071).
  total = Number(
    (
      await api.db
        .selectFrom("course")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("is_library", "=", 0)
        .executeTakeFirstOrThrow()
    ).n,
  );
}, 120_000);
afterAll(() => api.close());

describe("a list longer than the count cap", () => {
  it("counts up to the cap and says there are more", async () => {
    const res = await admin.get(C);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      count: COUNT_CAP,
      count_capped: true,
      page: 1,
      page_size: 50,
      next: "/api/dashboard/course/?page=2",
    });
    expect(res.body.results).toHaveLength(50);
  });

  it("counts exactly, without the flag, when the rows fit under the cap", async () => {
    const res = await admin.get(`${C}?search=paging 1000`);
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(11); // Paging 1000 and Paging 10000…10009
    expect(res.body).not.toHaveProperty("count_capped");
  });

  it("pages past the cap: the count reaches the end of the page asked for, next goes on", async () => {
    const page = Math.floor(COUNT_CAP / 50) + 2;
    const res = await admin.get(`${C}?page=${page}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      count: page * 50,
      count_capped: true,
      page,
      next: `/api/dashboard/course/?page=${page + 1}`,
    });
    expect(res.body.results).toHaveLength(50);
  });

  it("counts exactly on the last page, and answers 404 past it", async () => {
    const last = Math.ceil(total / 50);
    const res = await admin.get(`${C}?page=${last}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: total, page: last, next: null });
    expect(res.body).not.toHaveProperty("count_capped");
    expect(res.body.results).toHaveLength(total - (last - 1) * 50);
    expect((await admin.get(`${C}?page=${last + 1}`)).status).toBe(404);
  });
});
