import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  OverallSummary,
  Transaction,
  TransactionItem,
  TransactionProgress,
  TransactionRow,
} from "../../contract/schemas/identification";
import { busiestContent, startTestApi, type Client, type TestApi } from "./harness";

/**
 * Identification transactions and the overall summary of a course (spec 000 §2.5;
 * docs/decisions/021), on the seeded demo data: the list, one transaction with its attempts, the
 * curriculum it opened, the learner's progress record under it, and who may read what.
 */

let api: TestApi;
let admin: Client;
let viewer: Client;
/** The seeded course with the most transactions, and how many it has. */
let course: number;
let courseType: number;
let total: number;
beforeAll(async () => {
  api = await startTestApi();
  [admin, viewer] = await Promise.all([api.signedIn("admin"), api.signedIn("viewer")]);
  ({ id: course, count: total } = await busiestContent(api.db, "identification_transaction"));
  courseType = (
    await api.db.selectFrom("content_type").select("id").where("code", "=", "course").executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => api.close());

const C = "/api/dashboard/course";
const list = (query = "") => `${C}/${course}/identification/transaction/${query}`;
const firstOf = async (query = "") => ((await admin.get(list(query))).body.results as TransactionRow[])[0];

describe("identification transactions", () => {
  it("lists the course's transactions, newest first, with learner, method, result, attempts, items and lock", async () => {
    const res = await admin.get(list("?page_size=200"));
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(total);
    const rows = res.body.results as TransactionRow[];
    const starts = rows.map((r) => r.datetime_start);
    expect(starts).toEqual([...starts].sort().reverse());
    for (const r of rows) {
      expect(r.attempt_count).toBeGreaterThan(0);
      expect(r.item_count).toBeGreaterThan(0);
      // Locked exactly when three attempts failed.
      expect(r.datetime_lock_until !== null).toBe(r.status === "failed");
    }
    const failed = (await admin.get(list("?status=failed&page_size=200"))).body.results as TransactionRow[];
    expect(failed.every((r) => r.status === "failed" && r.attempt_count === 3)).toBe(true);
    const one = rows[0];
    const mine = (await admin.get(list(`?search=${one.account.username}&page_size=200`))).body
      .results as TransactionRow[];
    expect(mine.map((r) => r.id)).toContain(one.id);
    expect(mine.every((r) => r.account.username === one.account.username)).toBe(true);
    expect((await admin.get(list("?method=7"))).body).toEqual({ method: ["invalid_choice"] });
    expect((await admin.get(list("?ordering=status"))).body).toEqual({ ordering: ["invalid_choice"] });
  });

  it("answers one transaction with its attempts in order, which also appear in the identification log", async () => {
    const row = (await firstOf("?status=failed")) ?? (await firstOf());
    const tx = (await admin.get(list(`${row.id}/`))).body as Transaction;
    expect(tx).toMatchObject({
      id: row.id,
      account: row.account,
      status: row.status,
      attempt_count: tx.attempt_list.length,
    });
    const times = tx.attempt_list.map((a) => a.datetime_create);
    expect(times).toEqual([...times].sort());
    expect(tx.attempt_list.every((a) => a.method === tx.method)).toBe(true);
    const log = (await admin.get(`${C}/${course}/identification/?search=${row.account.username}&page_size=200`)).body
      .results as { id: number }[];
    expect(log.map((a) => a.id)).toEqual(expect.arrayContaining(tx.attempt_list.map((a) => a.id)));
    // Another course's transaction is not found under this one.
    const other = await api.db
      .selectFrom("identification_transaction")
      .select("id")
      .where("content_id", "<>", course)
      .executeTakeFirstOrThrow();
    expect((await admin.get(list(`${other.id}/`))).status).toBe(404);
  });

  it("answers the curriculum the transaction opened, in order, sections before their materials", async () => {
    const row = await firstOf();
    const res = await admin.get(list(`${row.id}/curriculum/`));
    expect(res.status).toBe(200);
    const items = res.body.results as TransactionItem[];
    expect(items.length).toBe(row.item_count);
    expect(items[0].material).toBeNull();
    const sections = await api.db
      .selectFrom("content_section")
      .select(["id", "content_type_id", "content_id"])
      .where(
        "id",
        "in",
        items.map((i) => i.section.id),
      )
      .execute();
    expect(sections.every((s) => s.content_type_id === courseType && s.content_id === course)).toBe(true);
    for (const i of items)
      expect(i.identification).toEqual({ is_enabled: expect.any(Boolean), method: expect.any(Number) });
  });

  it("answers the learner's progress record under the transaction, and no other", async () => {
    const row = await firstOf();
    const records = (await admin.get(list(`${row.id}/progress/`))).body.results as TransactionProgress[];
    expect(records.map((r) => r.id)).toEqual([row.progress_id]);
    const record = (await admin.get(list(`${row.id}/progress/${row.progress_id}/`))).body as TransactionProgress;
    expect(record).toMatchObject({
      id: row.progress_id,
      account: row.account,
      status: expect.any(Number),
      datetime_enroll: expect.any(String),
    });
    const enrollment = await api.db
      .selectFrom("content_enrollment")
      .select(["status", "content_type_id", "content_id"])
      .where("id", "=", row.progress_id!)
      .executeTakeFirstOrThrow();
    expect(enrollment).toEqual({ status: record.status, content_type_id: courseType, content_id: course });
    const someoneElse = await api.db
      .selectFrom("content_enrollment")
      .select("id")
      .where("content_type_id", "=", courseType)
      .where("content_id", "=", course)
      .where("id", "<>", row.progress_id!)
      .executeTakeFirstOrThrow();
    expect((await admin.get(list(`${row.id}/progress/${someoneElse.id}/`))).status).toBe(404);
  });

  it("needs the course's view (the identification log's flag), and its progress flag for the progress record", async () => {
    const row = await firstOf();
    for (const path of ["", `${row.id}/`, `${row.id}/curriculum/`]) {
      expect((await viewer.get(list(path))).status, path).toBe(200);
      expect((await api.client().get(list(path))).status, path).toBe(401);
    }
    // The read-only viewer holds the content's view flags only: no progress flag.
    expect((await viewer.get(list(`${row.id}/progress/`))).status).toBe(403);
    expect((await viewer.get(list(`${row.id}/progress/${row.progress_id}/`))).status).toBe(403);
    expect((await (await api.signedIn("learner")).get(list())).status).toBe(403);
    expect((await admin.post(list(), {})).status).toBe(404);
    expect((await admin.get(`${C}/999999/identification/transaction/`)).status).toBe(404);
  });
});

describe("overall summary", () => {
  it("counts what each overall page shows", async () => {
    const s = (await admin.get(`${C}/${course}/overall/`)).body as OverallSummary;
    const count = async (path: string) =>
      (await admin.get(`${C}/${course}/${path}${path.includes("?") ? "&" : "?"}page_size=1`)).body.count as number;
    expect(s.learner?.count).toBe(await count("learner/"));
    expect(s.progress!.todo + s.progress!.doing + s.progress!.done).toBeLessThanOrEqual(s.progress!.count);
    expect(s.progress!.done).toBe(await count("progress/?status_group=done"));
    expect(s.identification.count).toBe(await count("identification/"));
    expect(s.identification.failed).toBe(await count("identification/?status=failed"));
    expect(s.transaction).toMatchObject({ count: total, pass: await count("identification/transaction/?status=pass") });
    expect(s.discussion.count).toBe(await count("discussion/"));
  });

  it("leaves out the learner and progress figures without their flags, and needs the course's view", async () => {
    const s = (await viewer.get(`${C}/${course}/overall/`)).body as OverallSummary;
    expect(s.learner).toBeNull();
    expect(s.progress).toBeNull();
    expect(s.transaction.count).toBe(total);
    expect((await api.client().get(`${C}/${course}/overall/`)).status).toBe(401);
    expect((await (await api.signedIn("learner")).get(`${C}/${course}/overall/`)).status).toBe(403);
  });
});
