import ExcelJS from "exceljs";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { ImportHistoryItem } from "../../contract/imports";
import { MSG } from "../../contract/messages";
import { flag } from "../../contract/permissions";
import { importTestHooks } from "../../api/imports/queue";
import { startTestApi, type Client, type TestApi } from "./harness";
import { GOOD_PASSWORD, THAI_IDS, accountId, changedRows, signedInWithout, snapshot } from "./people-kit";
import { csvOf, historyOf, openSocket, postImport, xlsxOf } from "./import-kit";

/** The user import (issue 15 §2, docs/decisions/032): bad rows, both modes, idempotence, progress, crash, socket, permission. */

let api: TestApi;
let admin: Client;
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.signedIn("admin");
});
afterAll(() => api.close());
afterEach(() => {
  delete importTestHooks.beforeRun;
  delete importTestHooks.afterRowWritten;
});

const U = "/api/dashboard/user/import/";
const H = "/api/dashboard/import-history/";
const HEADER = [
  "username",
  "email",
  "first_name",
  "last_name",
  "gender",
  "department",
  "level",
  "supervisor",
  "id_card",
  "password",
];
let serial = 0;
/** A good row with fresh unique values; `over` replaces cells by column. */
function row(over: Record<string, string> = {}): string[] {
  serial += 1;
  const base: Record<string, string> = {
    username: `imp.user${serial}`,
    email: `imp.user${serial}@example.test`,
    first_name: "Import",
    last_name: `Person ${serial}`,
    gender: "female",
    department: "HR",
    level: "L2",
    supervisor: "",
    id_card: "",
    password: "",
  };
  return HEADER.map((h) => over[h] ?? base[h]);
}
const usernamesIn = (rows: string[][]) => rows.map((r) => r[0]);
const existing = async (names: string[]) =>
  (await api.db.selectFrom("account").select("username").where("username", "in", names).execute())
    .map((r) => r.username)
    .sort();
/** Upload, then wait for the job's end; the final item. */
async function importFile(data: Buffer, name: string, mode?: string, client = admin) {
  const res = await postImport(client, name, data, mode);
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  return historyOf(client, (res.body as ImportHistoryItem).id);
}

describe("permission and refusals", () => {
  it("needs a session, the import and account flags; the history needs the import or history flag", async () => {
    const file = csvOf([HEADER, row()]);
    expect((await postImport(api.client(), "a.csv", file)).status).toBe(401);
    expect((await postImport(await api.signedIn("learner"), "a.csv", file)).status).toBe(403);
    const { client: staff } = await signedInWithout(api, flag("import", "add"));
    const before = await api.db.selectFrom("import_history").select("id").execute();
    for (const res of [await postImport(staff, "a.csv", file), await staff.get(`${U}template/`), await staff.get(H)]) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ detail: MSG.permission_denied });
    }
    expect(await api.db.selectFrom("import_history").select("id").execute()).toEqual(before);
  });

  it("refuses a whole file without the required columns, rows, a known type or a known mode, at once", async () => {
    const before = await snapshot(api);
    const cases: [string, Buffer, string | undefined, Record<string, string[]>][] = [
      [
        "a.csv",
        csvOf([
          ["username", "email"],
          ["x.user", "x@example.test"],
        ]),
        undefined,
        { file: [MSG.import_missing_columns] },
      ],
      ["a.csv", csvOf([HEADER]), undefined, { file: [MSG.import_no_rows] }],
      ["a.txt", csvOf([HEADER, row()]), undefined, { file: [MSG.invalid_file_type] }],
      ["a.xlsx", csvOf([HEADER, row()]), undefined, { file: [MSG.invalid_file_type] }],
      ["a.csv", csvOf([HEADER, row()]), "some_rows", { mode: [MSG.invalid_choice] }],
    ];
    for (const [name, data, mode, errors] of cases) {
      const res = await postImport(admin, name, data, mode);
      expect(res.status, name).toBe(400);
      expect(res.body).toEqual(errors);
    }
    expect(changedRows(before, await snapshot(api))).toEqual([]);
  });

  it("gives the template: the columns, as xlsx (text cells) or csv", async () => {
    const res = await admin.get(`${U}template/?format_type=csv`);
    expect(res.status).toBe(200);
    expect(
      String(res.body)
        .replace(/^\uFEFF/, "")
        .trim()
        .split(",")
        .slice(0, 5),
    ).toEqual(["username", "email", "first_name", "last_name", "gender"]);
    const xlsx = await api.app.inject({
      url: `${U}template/`,
      headers: { cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0].getRow(1).getCell(1).value).toBe("username");
  });
});

describe("bad rows", () => {
  const bad = () => [
    row(),
    row({ email: "not-an-email", gender: "x" }),
    row({ department: "NO-SUCH-DEPT", id_card: "1234567890123" }),
    row({ username: "learner001", email: "dup@example.test" }),
    row({ password: "short" }),
  ];

  it("all or nothing (the default): one bad row and nothing is written; the error file says why, in the reader's language", async () => {
    const rows = bad();
    const before = await snapshot(api);
    const done = await importFile(csvOf([HEADER, ...rows]), "people.csv");
    expect(done).toMatchObject({
      status: -1,
      message: MSG.import_rows_refused,
      count_total: 5,
      count_failed: 3,
      count_created: 0,
      has_error_file: true,
      mode: "all_or_nothing",
    });
    expect(changedRows(before, await snapshot(api))).toEqual([]);
    const res = await api.app.inject({
      url: `${H}${done.id}/error-file/`,
      headers: { cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toContain("people-errors.xlsx");
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.rowCount).toBe(4);
    expect(sheet.getRow(1).values).toEqual([undefined, ...HEADER, "errors"]);
    const errorsOf = (username: string) => {
      for (let r = 2; r <= sheet.rowCount; r++)
        if (sheet.getRow(r).getCell(1).value === username)
          return String(sheet.getRow(r).getCell(HEADER.length + 1).value);
      return null;
    };
    expect(errorsOf(rows[0][0])).toBeNull();
    expect(errorsOf(rows[1][0])).toContain("email: Enter a valid email address.");
    expect(errorsOf(rows[1][0])).toContain("gender: Select a valid choice.");
    expect(errorsOf(rows[2][0])).toMatch(/department: Select a valid choice\.[\s\S]*id_card: /);
    // learner001 exists: its row is an update, refused for nothing (a password never changes an existing account).
    expect(errorsOf("learner001")).toBeNull();
    expect(errorsOf(rows[4][0])).toContain("password: The password must be 8 to 32 characters long.");
    // A Thai reader gets the messages in Thai.
    const thai = await api.signedIn("staff1");
    await api.db.updateTable("account").set({ language: "th" }).where("username", "=", "staff1").execute();
    const th = await api.app.inject({
      url: `${H}${done.id}/error-file/?format_type=csv`,
      headers: { cookie: [...thai.cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
    });
    expect(th.statusCode).toBe(200);
    expect(th.body).toContain("กรุณากรอกอีเมลให้ถูกต้อง");
    expect(th.body.split("\r\n")[0]).toContain("ข้อผิดพลาด");
    // The page's language, when the dashboard names it, wins over the account's.
    const en = await api.app.inject({
      url: `${H}${done.id}/error-file/?format_type=csv&language=en`,
      headers: { cookie: [...thai.cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
    });
    expect(en.body).toContain("Enter a valid email address.");
  });

  it("valid rows: the good rows are written, the bad ones come back in the error file", async () => {
    const rows = bad();
    const done = await importFile(csvOf([HEADER, ...rows]), "people.csv", "valid_rows");
    expect(done).toMatchObject({
      status: 3,
      percent: 100,
      count_total: 5,
      count_failed: 3,
      count_created: 1,
      count_updated: 1,
      count_success: 2,
      has_error_file: true,
    });
    expect(await existing(usernamesIn(rows))).toEqual([rows[0][0], "learner001"].sort());
    const created = await api.db
      .selectFrom("account")
      .selectAll()
      .where("username", "=", rows[0][0])
      .executeTakeFirstOrThrow();
    const hr = await api.db.selectFrom("department").select("id").where("code", "=", "HR").executeTakeFirstOrThrow();
    expect(created).toMatchObject({ department_id: hr.id, gender: "female", is_active: 1, password_hash: "!" });
    const history = await api.db
      .selectFrom("account_history")
      .selectAll()
      .where("account_id", "=", created.id)
      .execute();
    expect(history.map((h) => [h.action, h.created_by])).toEqual([["create", await accountId(api, "admin")]]);
  });
});

describe("idempotence", () => {
  it("re-importing the same file changes nothing; a changed value updates that account, recorded", async () => {
    const boss = row();
    const rows = [
      row({ supervisor: boss[0], id_card: THAI_IDS[0], password: GOOD_PASSWORD }),
      boss,
      row({ supervisor: "learner002" }),
    ];
    const file = xlsxOf([HEADER, ...rows]);
    const first = await importFile(await file, "team.xlsx");
    expect(first).toMatchObject({ status: 3, count_created: 3, count_unchanged: 0, count_failed: 0 });
    const bossId = await accountId(api, boss[0]);
    expect(
      (
        await api.db
          .selectFrom("account")
          .select("supervisor_id")
          .where("username", "=", rows[0][0])
          .executeTakeFirstOrThrow()
      ).supervisor_id,
    ).toBe(bossId);
    const before = await snapshot(api);
    const again = await importFile(await file, "team.xlsx");
    expect(again).toMatchObject({ status: 3, count_created: 0, count_updated: 0, count_unchanged: 3 });
    expect(changedRows(before, await snapshot(api))).toEqual([]);
    // A differing value: that account is updated, with a history row by the importer.
    const oldName = rows[2][3];
    rows[2][3] = "Renamed";
    const third = await importFile(csvOf([HEADER, ...rows]), "team.csv");
    expect(third).toMatchObject({ status: 3, count_updated: 1, count_unchanged: 2 });
    const changed = await api.db
      .selectFrom("account_history")
      .select(["action", "changes", "created_by"])
      .where("account_id", "=", await accountId(api, rows[2][0]))
      .orderBy("id")
      .execute();
    expect(changed.map((c) => c.action)).toEqual(["create", "update"]);
    expect(JSON.parse(changed[1].changes)).toEqual({ last_name: [oldName, "Renamed"] });
    expect(changed[1].created_by).toBe(await accountId(api, "admin"));
  });

  it("a password in the file signs in (and is hashed at full cost then); no password: no sign-in", async () => {
    const [withPassword, without] = [row({ password: GOOD_PASSWORD }), row()];
    expect(await importFile(csvOf([HEADER, withPassword, without]), "pw.csv")).toMatchObject({
      status: 3,
      count_created: 2,
    });
    const hash = async (u: string) =>
      (await api.db.selectFrom("account").select("password_hash").where("username", "=", u).executeTakeFirstOrThrow())
        .password_hash;
    expect(await hash(withPassword[0])).toMatch(/^scrypt\$2048\$/);
    expect(
      (await api.client().post("/api/account/login/", { username: withPassword[0], password: GOOD_PASSWORD })).status,
    ).toBe(200);
    expect(await hash(withPassword[0])).toMatch(/^scrypt\$32768\$/);
    expect(
      (await api.client().post("/api/account/login/", { username: without[0], password: GOOD_PASSWORD })).status,
    ).toBe(400);
  });
});

describe("progress and crashes", () => {
  it("reports 2 with its percent on the socket while running, then 3 at 100", async () => {
    let release!: () => void;
    // Held once a process has claimed it (the claim follows the upload, a query later).
    const claimed = new Promise<void>((started) => {
      importTestHooks.beforeRun = () => (started(), new Promise<void>((r) => (release = r)));
    });
    const socket = await openSocket(api, admin, "user");
    const rows = Array.from({ length: 30 }, () => row());
    const res = await postImport(admin, "progress.csv", csvOf([HEADER, ...rows]));
    const id = (res.body as ImportHistoryItem).id;
    expect(res.body).toMatchObject({ status: 2, percent: 0, input_filename: "progress.csv" });
    socket.send("import_history_processing_list");
    expect(
      (
        await socket.next((m) => m.event === "import_history_processing_list" && m.results.some((r) => r.id === id))
      ).results.find((r) => r.id === id),
    ).toMatchObject({ status: 2, percent: 0 });
    await claimed;
    release();
    const ended = await socket.next(
      (m) => m.event === "import_history" && m.results.some((r) => r.id === id && r.status !== 2),
    );
    expect(ended.results.find((r) => r.id === id)).toMatchObject({ status: 3, percent: 100, count_created: 30 });
    const percents = socket.messages
      .filter((m) => m.event === "import_history_processing_list")
      .flatMap((m) => m.results.filter((r) => r.id === id).map((r) => r.percent));
    expect(percents.some((p) => p > 0 && p < 100)).toBe(true);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    socket.close();
  });

  it("a crash mid-import leaves no row of it written, and fails the job (-1)", async () => {
    importTestHooks.afterRowWritten = (n) => {
      if (n === 3) throw new Error("injected crash");
    };
    const rows = Array.from({ length: 6 }, () => row());
    const before = await snapshot(api);
    const done = await importFile(csvOf([HEADER, ...rows]), "crash.csv", "valid_rows");
    expect(done).toMatchObject({ status: -1, message: MSG.server_error, count_created: 0 });
    expect(await existing(usernamesIn(rows))).toEqual([]);
    expect(changedRows(before, await snapshot(api))).toEqual([]);
  });
});

describe("history and socket", () => {
  it("someone who may import but not read the history sees their own jobs only", async () => {
    const role = await api.db
      .insertInto("auth_group")
      .values({ code: "importer", name: "Importer" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const flags = [flag("dashboard", "view"), flag("import", "add"), flag("account", "add")];
    await api.db
      .insertInto("auth_group_permission")
      .values(flags.map((f) => ({ auth_group_id: role.id, flag: f })))
      .execute();
    const id = await accountId(api, "learner010");
    await api.db
      .insertInto("account_auth_group")
      .values({ account_id: id, auth_group_id: role.id, is_in_use: 1 })
      .execute();
    await api.db.updateTable("account").set({ is_dashboard_permission: 1 }).where("id", "=", id).execute();
    const importer = await api.signedIn("learner010");
    const own = await importFile(csvOf([HEADER, row()]), "mine.csv", undefined, importer);
    expect(own).toMatchObject({ status: 3, count_created: 1, created_by: { username: "learner010" } });
    const list = (await importer.get(H)).body as { results: ImportHistoryItem[]; count: number };
    expect(list.results.map((r) => r.id)).toEqual([own.id]);
    const others = (await admin.get(`${H}?page_size=1`)).body.results[0] as ImportHistoryItem;
    expect(others.id).toBe(own.id);
    const adminsJob = (
      await api.db
        .selectFrom("import_history")
        .select("id")
        .where("created_by", "=", await accountId(api, "admin"))
        .executeTakeFirstOrThrow()
    ).id;
    expect((await importer.get(`${H}${adminsJob}/`)).status).toBe(404);
    expect((await importer.get(`${H}${adminsJob}/error-file/`)).status).toBe(404);
    // Existing accounts need the account change flag: the row is refused, nothing else is.
    const refused = await importFile(
      csvOf([HEADER, row({ username: "learner011" })]),
      "change.csv",
      "valid_rows",
      importer,
    );
    expect(refused).toMatchObject({ status: 3, count_failed: 1, count_updated: 0 });
  });

  it("lists the history newest first, filtered, and answers an item; the socket needs a session and a known module", async () => {
    const list = await admin.get(`${H}?module=user&page_size=3`);
    expect(list.status).toBe(200);
    expect(Object.keys(list.body).sort()).toEqual(["count", "next", "page", "page_size", "results"]);
    const ids = (list.body.results as ImportHistoryItem[]).map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect((await admin.get(`${H}?status=3`)).body.results.every((r: ImportHistoryItem) => r.status === 3)).toBe(true);
    expect((await admin.get(`${H}?status=7&module=x`)).body).toEqual({
      status: [MSG.invalid_choice],
      module: [MSG.invalid_choice],
    });
    expect((await admin.get(`${H}${ids[0]}/`)).body).toMatchObject({
      id: ids[0],
      module: "user",
      created_by: { username: expect.any(String) },
    });
    expect((await admin.get(`${H}999999/`)).status).toBe(404);
    await expect(openSocket(api, api.client(), "user")).rejects.toThrow(/401/);
    await expect(openSocket(api, await api.signedIn("learner"), "user")).rejects.toThrow(/403/);
    await expect(openSocket(api, admin, "course")).rejects.toThrow(/404/);
    await expect(openSocket(api, admin, "user", { origin: "https://evil.example" })).rejects.toThrow(/403/);
    const socket = await openSocket(api, admin, null);
    socket.send(JSON.stringify({ event: "import_history" }));
    const recent = await socket.next((m) => m.event === "import_history");
    expect(recent.results.length).toBeGreaterThan(0);
    expect(recent.results.length).toBeLessThanOrEqual(20);
    socket.send("hello");
    expect(await socket.next((m) => (m.event as string) === "error")).toEqual({ event: "error", detail: MSG.invalid });
    socket.close();
  });
});
