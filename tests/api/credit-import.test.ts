import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type Client, type TestApi } from "./harness";
import { csvOf, historyOf, postImport, xlsxOf } from "./import-kit";

/**
 * Credit for many learners from a file (issue 33 §3; docs/decisions/075): the user import's job
 * machinery with the credit file's own rules — each row by the credit form's rules, all the good
 * rows in one transaction, a reference once per account (the same file again credits nobody), a
 * deduction never below the balance, the error file, the flags.
 */
let api: TestApi;
let admin: Client;
const IMPORT = "/api/dashboard/user/credit/import/";
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.signedIn("admin");
});
afterAll(() => api.close());

const HEADER = ["username", "amount", "reason", "reference"];
const accountId = async (username: string) =>
  (await api.db.selectFrom("account").select("id").where("username", "=", username).executeTakeFirstOrThrow()).id;
const balance = async (username: string) =>
  (
    await api.db
      .selectFrom("account_credit")
      .select("balance_minor")
      .where("account_id", "=", await accountId(username))
      .executeTakeFirst()
  )?.balance_minor ?? 0;
/** Learners with no credit and no history: each test names its own. */
async function fresh(...usernames: string[]) {
  for (const u of usernames) {
    const id = await accountId(u);
    await api.db.deleteFrom("credit_transaction").where("account_id", "=", id).execute();
    await api.db.deleteFrom("account_credit").where("account_id", "=", id).execute();
  }
}
async function run(file: Buffer, name = "credit.csv", mode?: string) {
  const res = await postImport(admin, name, file, mode, IMPORT);
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  expect(res.body).toMatchObject({ module: "credit", status: 2 });
  return historyOf(admin, res.body.id);
}

describe("credit import", () => {
  it("credits every row in one go, and the same file again credits nobody twice", async () => {
    await fresh("learner006", "learner007");
    const file = csvOf([
      HEADER,
      ["learner006", "1500", "Budget 2027", "PO-100"],
      ["LEARNER007", "250.75", "Budget 2027", "PO-100"],
      ["learner006", "-500", "Correction", "CN-1"],
    ]);
    const job = await run(file);
    expect(job).toMatchObject({
      status: 3,
      percent: 100,
      count_total: 3,
      count_created: 3,
      count_unchanged: 0,
      count_failed: 0,
      has_error_file: false,
    });
    expect(await balance("learner006")).toBe(100_000);
    expect(await balance("learner007")).toBe(25_075);
    const history = (await admin.get(`/api/dashboard/user/${await accountId("learner006")}/credit/`)).body.results;
    expect(
      history.map((r: { amount_minor: number; reason: string; note: string; reference: string }) => [
        r.amount_minor,
        r.reason,
        r.note,
        r.reference,
      ]),
    ).toEqual([
      [-50_000, "deduction", "Correction", "CN-1"],
      [150_000, "top_up", "Budget 2027", "PO-100"],
    ]);
    const again = await run(
      await xlsxOf([
        HEADER,
        ["learner006", "1500", "Budget 2027", "PO-100"],
        ["learner007", "250.75", "Budget 2027", "PO-100"],
        ["learner006", "-500", "Correction", "CN-1"],
      ]),
      "again.xlsx",
    );
    expect(again).toMatchObject({ status: 3, count_created: 0, count_unchanged: 3, count_failed: 0 });
    expect(await balance("learner006")).toBe(100_000);
    expect(await balance("learner007")).toBe(25_075);
  });

  it("all or nothing: one refused row and nothing is written; the error file says why, in the language asked", async () => {
    await fresh("learner008", "learner009");
    const file = csvOf([
      HEADER,
      ["learner008", "100", "Budget", "A-1"],
      ["nobody-here", "100", "Budget", "A-2"],
      ["learner009", "-1", "Too much", "A-3"],
      ["learner008", "abc", "", "A-4"],
      ["learner008", "5", "Twice", "A-1"],
    ]);
    const job = await run(file);
    expect(job).toMatchObject({
      status: -1,
      message: "import_rows_refused",
      count_failed: 4,
      count_created: 0,
      has_error_file: true,
    });
    expect(await balance("learner008")).toBe(0);
    const res = await admin.get(`/api/dashboard/import-history/${job.id}/error-file/?format_type=csv&language=en`);
    expect(res.status).toBe(200);
    const text = String(res.body);
    expect(text).toContain("username: No account has this username.");
    expect(text).toContain("amount: The balance does not cover this amount.");
    expect(text).toContain("reason: This field is required.");
    expect(text).toContain("reference: ");
    const th = String(
      (await admin.get(`/api/dashboard/import-history/${job.id}/error-file/?format_type=csv&language=th`)).body,
    );
    expect(th).toContain("ไม่มีบัญชีที่ใช้ชื่อผู้ใช้นี้");
  });

  it("valid rows: the good rows are credited, the refused ones come back", async () => {
    await fresh("learner010");
    const job = await run(
      csvOf([HEADER, ["learner010", "300", "Budget", "B-1"], ["learner010", "0", "Nothing", "B-2"]]),
      "valid.csv",
      "valid_rows",
    );
    expect(job).toMatchObject({ status: 3, count_created: 1, count_failed: 1, has_error_file: true });
    expect(await balance("learner010")).toBe(30_000);
  });

  it("refuses a file without the columns at once, and is the import and account-transaction flags'", async () => {
    const missing = await postImport(
      admin,
      "bad.csv",
      csvOf([
        ["username", "amount"],
        ["learner006", "1"],
      ]),
      undefined,
      IMPORT,
    );
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ file: ["import_missing_columns"] });
    for (const username of ["manager", "viewer", "instructor"]) {
      const who = await api.signedIn(username);
      expect(
        (await postImport(who, "c.csv", csvOf([HEADER, ["learner006", "1", "x", "y"]]), undefined, IMPORT)).status,
        username,
      ).toBe(403);
      expect((await who.get(`${IMPORT}template/`)).status, username).toBe(403);
    }
    const template = await admin.get(`${IMPORT}template/?format_type=csv`);
    expect(template.status).toBe(200);
    expect(
      String(template.body)
        .replace(/^\uFEFF/, "")
        .trim(),
    ).toBe("username,amount,reason,reference");
  });
});
