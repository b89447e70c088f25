import fs from "node:fs";
import ExcelJS from "exceljs";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { acceptPendingTerms, signIn } from "./helpers";
import { analyse } from "./axe";
import { all } from "./course-fixtures";

/**
 * The user import (issue 15 §2, docs/decisions/032), with JS on (progress over Server-Sent Events)
 * and off (the job's page refreshes itself): a file with one bad row imports nothing and its
 * error file names the row and why; the corrected file imports; the history lists both; the
 * pages in Thai; a department two parents share named by its path, its bare name refused with
 * the candidates (issue 33 §4). Both projects share one database, so usernames carry the project's name.
 */

const IMPORT = "/dashboard/import/user";
const HEADER = "username,email,first_name,last_name,gender,department,level,supervisor";

async function signInAdmin(page: Page, next: string) {
  await signIn(page, "admin", next);
  await page.waitForURL((u) => !u.pathname.includes("/account/signin"));
  await acceptPendingTerms(page);
  if (!page.url().includes(next)) await page.goto(next);
}

/** Usernames of this project's run (the two projects share the database). */
const names = (info: TestInfo, tag: string) =>
  [1, 2, 3].map((i) => `e2e.${tag}.${info.project.name}.${i}`.replace(/-/g, ""));
const csv = (rows: string[]) => `\uFEFF${[HEADER, ...rows].join("\r\n")}\r\n`;
const existing = (usernames: string[]) =>
  all<{ username: string }>(
    `select username from account where username in (${usernames.map(() => "?").join(",")})`,
    ...usernames,
  ).map((r) => r.username);

async function upload(page: Page, file: string, mode?: RegExp) {
  const form = page.getByRole("region", { name: /upload a file|import another file/i });
  if (mode) await page.getByLabel(mode).check();
  await page.getByLabel("CSV or Excel (xlsx) file").setInputFiles(file);
  await page.getByRole("button", { name: "Upload and import" }).click();
  await page.waitForURL(/[?&]job=\d+/);
  return form;
}

const job = (page: Page) => page.getByRole("region", { name: /^Import of / });

test("a file with one bad row imports nothing; its error file names the row and why; the corrected file imports", async ({
  page,
}, info) => {
  test.setTimeout(90_000);
  const [a, b, c] = names(info, "bad");
  const file = info.outputPath("people.csv");
  fs.writeFileSync(
    file,
    csv([
      `${a},${a}@example.test,Anna,Import,female,HR,L1,`,
      `${b},not-an-email,Boon,Import,male,IT,L2,${a}`,
      `${c},${c}@example.test,ชนิดา,นำเข้า,female,SAL,L3,${a}`,
    ]),
  );
  // The import starts from the user list, whose search says what it looks in.
  await signInAdmin(page, "/dashboard/user");
  await expect(page.getByRole("searchbox", { name: "Search" })).toHaveAttribute(
    "placeholder",
    "Name, username, email or employee code",
  );
  await page.getByRole("main").getByRole("link", { name: "Import users" }).click();
  await expect(page).toHaveURL(/\/dashboard\/import\/user$/);
  await upload(page, file);
  await expect(job(page).getByRole("status")).toHaveText("Failed", { timeout: 30_000 });
  await expect(job(page)).toContainText("Some rows have errors, so nothing was imported.");
  await expect(job(page).getByRole("definition").nth(4)).toHaveText("1");
  expect(existing([a, b, c])).toEqual([]);

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    job(page).getByRole("link", { name: "Download the rows with errors (xlsx)" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("people-errors.xlsx");
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await download.path());
  const sheet = book.worksheets[0];
  expect(sheet.rowCount).toBe(2);
  expect(sheet.getRow(1).values).toEqual([undefined, ...HEADER.split(","), "errors"]);
  expect(sheet.getRow(2).getCell(1).value).toBe(b);
  expect(String(sheet.getRow(2).getCell(9).value)).toBe("email: Enter a valid email address.");

  // Corrected, in "good rows" mode this time: all three are created, the supervisor linked.
  fs.writeFileSync(
    file,
    csv([
      `${a},${a}@example.test,Anna,Import,female,HR,L1,`,
      `${b},${b}@example.test,Boon,Import,male,IT,L2,${a}`,
      `${c},${c}@example.test,ชนิดา,นำเข้า,female,SAL,L3,${a}`,
    ]),
  );
  await upload(page, file, /Import the good rows/);
  await expect(job(page).getByRole("status")).toHaveText("Succeeded", { timeout: 30_000 });
  await expect(job(page).getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100");
  await expect(job(page).getByRole("definition").nth(1)).toHaveText("3");
  expect(existing([a, b, c]).sort()).toEqual([a, b, c].sort());
  const supervisor = all<{ username: string }>(
    "select s.username from account a join account s on s.id = a.supervisor_id where a.username = ?",
    c,
  );
  expect(supervisor).toEqual([{ username: a }]);

  // The history lists both, newest first.
  await page.goto("/dashboard/log/import-history");
  const rows = page.locator("tbody tr").filter({ hasText: "people.csv" });
  await expect(rows.first()).toContainText("Succeeded");
  await expect(rows.nth(1)).toContainText("Failed");
  await expect(rows.nth(1).getByRole("link", { name: "Download the error file of people.csv" })).toBeVisible();
});

test("a longer import shows it is running, then how it ended: live with JS, by refreshing itself without", async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  const js = info.project.name === "js-on";
  // 1 500 rows with a password each: hashing them takes a few seconds, so the page sees the job run.
  const rows = Array.from(
    { length: 1500 },
    (_, i) =>
      `e2e.long.${js ? "on" : "off"}.${i},e2e.long.${js ? "on" : "off"}.${i}@example.test,Long,Run ${i},male,IT,L1,,Long-Pass${i}!`,
  );
  const file = info.outputPath("long.csv");
  fs.writeFileSync(file, `\uFEFF${[`${HEADER},password`, ...rows].join("\r\n")}\r\n`);
  await signInAdmin(page, IMPORT);
  const requested: string[] = [];
  page.on("request", (r) => requested.push(r.url()));
  await upload(page, file);
  await expect(job(page).getByRole("status")).toHaveText("In progress");
  const url = page.url();
  let documents = 0;
  page.on("framenavigated", (frame) => frame === page.mainFrame() && documents++);
  // The bar moves while it runs (the hashing alone takes seconds).
  const bar = job(page).getByRole("progressbar");
  await expect
    .poll(async () => Number(await bar.getAttribute("aria-valuenow")), { timeout: 60_000, intervals: [250] })
    .toBeGreaterThan(0);
  await expect(job(page).getByRole("status")).toHaveText("Succeeded", { timeout: 90_000 });
  await expect(job(page).getByRole("definition").nth(1)).toHaveText("1,500");
  expect(page.url()).toBe(url);
  if (js) {
    expect(
      requested.some((u) => u.includes("/dashboard/import/user/events?job=")),
      "the page subscribed to the job's events",
    ).toBe(true);
    expect(documents, "the page followed the job without loading again").toBe(0);
  } else expect(documents, "the page refreshed itself").toBeGreaterThan(0);
});

test("the same file again changes nothing", async ({ page }, info) => {
  const [a, b] = names(info, "same");
  const file = info.outputPath("same.csv");
  fs.writeFileSync(
    file,
    csv([`${a},${a}@example.test,Same,Twice,female,HR,L1,`, `${b},${b}@example.test,Same,Again,male,HR,L1,`]),
  );
  await signInAdmin(page, IMPORT);
  await upload(page, file);
  await expect(job(page).getByRole("status")).toHaveText("Succeeded", { timeout: 30_000 });
  await upload(page, file);
  await expect(job(page).getByRole("status")).toHaveText("Succeeded", { timeout: 30_000 });
  // Rows in the file, created, updated, unchanged, with errors.
  await expect(job(page).getByRole("definition")).toHaveText(["2", "0", "0", "2", "0"]);
});

test("a department several carry is named by its path; its name alone is refused naming the candidates (issue 33 §4)", async ({
  page,
}, info) => {
  test.setTimeout(90_000);
  const [a, b] = names(info, "twin");
  const twin = `Twin Team ${info.project.name}`;
  await signInAdmin(page, "/dashboard/user/department/new");
  // The same name under two parents is allowed (siblings only must differ).
  for (const parent of ["Head Office", "Sales"]) {
    await page.goto("/dashboard/user/department/new");
    await page.getByLabel("Name").fill(twin);
    await page.getByLabel("Parent department").selectOption({ label: parent });
    await page.getByRole("button", { name: "Create" }).click();
    await expect(page).toHaveURL(/\/dashboard\/user\/department\/\d+$/);
  }
  const file = info.outputPath("twins.csv");
  fs.writeFileSync(
    file,
    csv([
      `${a},${a}@example.test,Twin,Path,female,sales > ${twin},L1,`,
      `${b},${b}@example.test,Twin,Name,male,${twin},L1,`,
    ]),
  );
  await page.goto(IMPORT);
  await upload(page, file, /Import the good rows/);
  // Rows in the file, created, updated, unchanged, with errors.
  await expect(job(page).getByRole("definition")).toHaveText(["2", "1", "0", "0", "1"], { timeout: 30_000 });
  expect(
    all<{ name: string }>(
      "select p.name from account a join department d on d.id = a.department_id join department p on p.id = d.parent_id where a.username = ?",
      a,
    ),
  ).toEqual([{ name: "Sales" }]);
  expect(existing([b])).toEqual([]);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    job(page).getByRole("link", { name: "Download the rows with errors (xlsx)" }).click(),
  ]);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await download.path());
  const errors = String(book.worksheets[0].getRow(2).getCell(9).value);
  expect(errors).toContain(
    "department: Several rows have this name; give the code (or, for a department, the path) of one of them:",
  );
  expect(errors).toContain(`Head Office > ${twin}; Sales > ${twin}`);
});

test("the import pages in Thai, and without serious accessibility faults", async ({ page }, info) => {
  test.setTimeout(90_000);
  const [a] = names(info, "thai");
  const file = info.outputPath("thai.csv");
  fs.writeFileSync(file, csv([`${a},bad-email,สมศรี,ใจดี,female,HR,L1,`]));
  await signInAdmin(page, IMPORT);
  await page.goto(`${IMPORT}?language=th`);
  await expect(page.locator("html")).toHaveAttribute("lang", "th");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("นำเข้าผู้ใช้");
  await expect(page.getByRole("link", { name: "ดาวน์โหลดเทมเพลต (xlsx)" })).toBeVisible();
  await page.getByLabel("ไฟล์ CSV หรือ Excel (xlsx)").setInputFiles(file);
  await page.getByRole("button", { name: "อัปโหลดและนำเข้า" }).click();
  await page.waitForURL(/[?&]job=\d+/);
  await expect(page.getByRole("region", { name: /^การนำเข้า / }).getByRole("status")).toHaveText("ไม่สำเร็จ", {
    timeout: 30_000,
  });
  await expect(page.getByText("บางแถวมีข้อผิดพลาด จึงไม่ได้นำเข้าข้อมูลใดเลย", { exact: false })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "ดาวน์โหลดแถวที่มีข้อผิดพลาด (xlsx)" }).click(),
  ]);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await download.path());
  expect(book.worksheets[0].getRow(1).getCell(9).value).toBe("ข้อผิดพลาด");
  expect(String(book.worksheets[0].getRow(2).getCell(9).value)).toContain("กรุณากรอกอีเมลให้ถูกต้อง");
  for (const [path, title] of [
    [page.url(), "นำเข้าผู้ใช้"],
    ["/dashboard/log/import-history?language=th", "ประวัติการนำเข้า"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page).toHaveTitle(new RegExp(`^${title}`));
    const { violations } = await analyse(page, info);
    expect(
      violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id),
      path,
    ).toEqual([]);
  }
});
