import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { analyse } from "./axe";
import { isJs, all as rows, one } from "./course-fixtures";
import { acceptPendingTerms, API_ORIGIN, DEMO_PASSWORD, signIn } from "./helpers";

/**
 * A class's check-in QR sheets (issue 16 part 3b, docs/decisions/042 "QR code"), JS on and off:
 * the print page (one sheet per session, each with its code as SVG; in Thai too), the PDF
 * (one page per session, counted by pdfinfo; today's page rasterised by pdftoppm and its code
 * decoded with jsQR: it is the check-in address), then the printed code scanned: the `learner`
 * demo account (no dashboard permission) signs in from the address, checks in once, sees
 * "already" on a second visit — exactly one check-in, source 0 web — and is still refused the
 * dashboard. Regenerating the code kills the printed one. Each project makes its own class.
 */
const tag = (info: TestInfo) => (isJs(info) ? "ON" : "OFF");

/** A call of the API as the signed-in browser (its session and CSRF cookies go to the API's host too). */
async function apiPost(page: Page, p: string, data: Record<string, unknown>) {
  const csrf = (await page.context().cookies()).find((c) => c.name === "csrftoken")?.value ?? "";
  const res = await page.request.post(`${API_ORIGIN}/api/dashboard/${p}`, { data, headers: { "x-csrftoken": csrf } });
  expect(res.status(), `${p}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as { id: number };
}

/** A calendar day in the organisation's zone (config time-zone-offset-minutes), `days` from today. */
function zoneDay(days: number) {
  const offset = Number(
    JSON.parse(one<{ value: string }>("select value from config where key = 'time-zone-offset-minutes'").value),
  );
  return new Date(Date.now() + offset * 60_000 + days * 86_400_000).toISOString().slice(0, 10);
}

/** A check-in class with three sessions — today's all day long first — and `learner` enrolled. */
async function classWithSessions(page: Page, info: TestInfo) {
  const code = `QR${tag(info)}${Date.now() % 100000}`;
  const refs = {
    category: one<{ id: number }>("select id from category order by id").id,
    provider: one<{ id: number }>("select id from provider order by id").id,
  };
  const klass = await apiPost(page, "class/", {
    name: `QR drill ${tag(info)}`,
    code,
    ...refs,
    check_in_type: 0,
    is_user_check_in: true,
    is_allow_change_qr: true,
  });
  const sessions = [
    { name: "Today's session", date: zoneDay(0), start_time: "00:00", end_time: "23:59" },
    { name: "Tomorrow's session", date: zoneDay(1), start_time: "09:00", end_time: "12:00" },
    { name: "Next week's session", date: zoneDay(7), start_time: "13:00", end_time: "16:00" },
  ];
  const ids = [];
  for (const s of sessions) ids.push((await apiPost(page, `class/${klass.id}/session/`, { ...s, type: 3 })).id);
  const learner = one<{ id: number }>("select id from account where username = 'learner'");
  await apiPost(page, `class/${klass.id}/enroll/`, { account_list: [learner.id] });
  return { id: klass.id, code, sessions: ids, names: sessions.map((s) => s.name) };
}

/** The text of the QR code on page `n` (1-based) of a PDF, rasterised at 150 dpi. */
function decodePage(pdfFile: string, n: number): string | null {
  const prefix = path.join(path.dirname(pdfFile), `page-${n}`);
  execFileSync("pdftoppm", ["-png", "-r", "150", "-f", String(n), "-l", String(n), "-singlefile", pdfFile, prefix]);
  const png = PNG.sync.read(fs.readFileSync(`${prefix}.png`));
  return (
    jsQR(new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.byteLength), png.width, png.height)
      ?.data ?? null
  );
}

test.beforeEach(async ({ page }) => {
  await signIn(page, "admin", "/dashboard/class");
  await acceptPendingTerms(page);
});

test("print the sheets, check the PDF and its codes, and check a learner in exactly once with the printed code", async ({
  page,
  browser,
}, info) => {
  test.setTimeout(180_000);
  const c = await classWithSessions(page, info);
  const printUrl = `/dashboard/print/portrait/class/${c.id}/qrcode`;

  // The session list links each session's sheet, and all of them.
  await page.goto(`/dashboard/class/${c.id}/checkin`);
  await expect(page.getByRole("link", { name: `Print the QR code of ${c.names[1]}` })).toHaveAttribute(
    "href",
    `${printUrl}/${c.sessions[1]}`,
  );
  await page.getByRole("link", { name: "Print all QR codes" }).click();
  await expect(page).toHaveURL(new RegExp(`${printUrl}/?$`));

  // One sheet per session, each with its code as SVG and the address under it; no shell around it.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Check-in QR codes: QR drill ${tag(info)}`);
  await expect(page.locator("nav")).toHaveCount(0);
  const sheets = page.locator("section.qr-sheet");
  await expect(sheets).toHaveCount(3);
  for (const [i, name] of c.names.entries()) {
    const sheet = page.getByRole("region", { name });
    await expect(sheet.locator("svg")).toHaveCount(1);
    await expect(sheet).toContainText(c.code);
    await expect(sheet.locator(".qr-url")).toContainText(`/dashboard/checkin/${c.sessions[i]}.1.`);
  }
  const address = (await page.getByRole("region", { name: c.names[0] }).locator(".qr-url").textContent())!.trim();
  expect(address).toMatch(
    new RegExp(`^http://127\\.0\\.0\\.1:\\d+/dashboard/checkin/${c.sessions[0]}\\.1\\.[A-Za-z0-9_-]{22}$`),
  );
  // Print: the browser's print with JavaScript, the PDF by a plain link without.
  const pdfUrl = `/dashboard/print/portrait/class/${c.id}/qrcode-pdf`;
  if (isJs(info)) await expect(page.getByRole("button", { name: "Print", exact: true })).toBeVisible();
  else await expect(page.getByRole("link", { name: "Print", exact: true })).toHaveAttribute("href", pdfUrl);
  await expect(page.getByRole("link", { name: "Download PDF" })).toHaveAttribute("href", `${pdfUrl}?download=1`);

  // The same page in Thai.
  await page.goto(`${printUrl}?language=th`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`QR code สำหรับเช็กอิน: QR drill ${tag(info)}`);
  await expect(page.getByRole("region", { name: c.names[0] })).toContainText("สแกนรหัสนี้ด้วยโทรศัพท์เพื่อเช็กอิน");
  await page.goto(`${printUrl}?language=en`);

  // The PDF: one A4 page per session; today's code decodes to the check-in address.
  const res = await page.request.get(`${pdfUrl}?download=1`);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toBe("application/pdf");
  expect(res.headers()["content-disposition"]).toMatch(/^attachment; filename="class-QR.*-qr\.pdf"$/);
  const pdf = await res.body();
  expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "class-qr-"));
  const file = path.join(dir, "sheets.pdf");
  fs.writeFileSync(file, pdf);
  const info1 = execFileSync("pdfinfo", [file]).toString();
  expect(info1).toMatch(/^Pages:\s+3$/m);
  expect(info1).toMatch(/^Page size:.* pts \(A4\)$/m);
  const decoded = decodePage(file, 1);
  expect(decoded).toBe(address);
  expect(decodePage(file, 3)).toContain(`/dashboard/checkin/${c.sessions[2]}.1.`);
  // One session's sheet alone: one page.
  const single = await page.request.get(`${pdfUrl}/${c.sessions[1]}`);
  fs.writeFileSync(path.join(dir, "one.pdf"), await single.body());
  expect(execFileSync("pdfinfo", [path.join(dir, "one.pdf")]).toString()).toMatch(/^Pages:\s+1$/m);
  fs.rmSync(dir, { recursive: true, force: true });

  // The printed code, scanned: the learner signs in from the address and checks in once.
  const phone = await browser.newContext({ baseURL: info.project.use.baseURL, javaScriptEnabled: isJs(info) });
  const learner = await phone.newPage();
  const target = new URL(decoded!).pathname;
  await learner.goto(target);
  await expect(learner).toHaveURL(/\/dashboard\/account\/login\/\?next=/);
  await learner.getByLabel(/username or email/i).fill("learner");
  await learner.getByLabel(/^password$/i).fill(DEMO_PASSWORD);
  await learner.getByRole("button", { name: /^sign in$/i }).click();
  await learner.waitForURL((u) => !/\/account\/login/.test(u.pathname));
  await acceptPendingTerms(learner);
  await expect(learner).toHaveURL(new RegExp(`${target.replace(/\./g, "\\.")}/?$`));
  await expect(learner.getByRole("heading", { name: c.names[0] })).toBeVisible();
  await learner.getByRole("button", { name: "Check in", exact: true }).click();
  await expect(learner.getByRole("status").filter({ hasText: /^Checked in at \d\d:\d\d\.$/ })).toBeVisible();
  await learner.goto(target);
  await expect(learner.getByText(/You were already checked in at \d\d:\d\d\./)).toBeVisible();
  await expect(learner.getByRole("button", { name: "Check in", exact: true })).toHaveCount(0);
  const attendance = rows<{ checkin_source: number }>(
    "select t.checkin_source from class_attendance t join class_session s on s.id = t.session_id where s.class_id = ? and t.enrollment_id = (select e.id from content_enrollment e join account a on a.id = e.account_id where a.username = 'learner' and e.content_id = ? and e.content_type_id = (select id from content_type where code = 'class'))",
    c.id,
    c.id,
  );
  expect(attendance).toEqual([{ checkin_source: 0 }]);
  expect(rows("select id from class_checkin_log where class_id = ?", c.id)).toHaveLength(1);
  // The session was kept for the check-in page alone: the dashboard still refuses a learner.
  await learner.goto("/dashboard/");
  await expect(learner).toHaveURL(/\/dashboard\/error\/403/);

  // Regenerating today's code: the printed one no longer checks anyone in.
  await page.goto(`${printUrl}/${c.sessions[0]}`);
  await expect(page.getByText("sheets already printed stop working")).toBeVisible();
  // One click only leads to a page that asks (docs/decisions/077); keeping the code changes nothing.
  await page.getByRole("link", { name: `Regenerate the QR code of ${c.names[0]}` }).click();
  await expect(page.getByRole("heading", { name: "Make a new QR code" })).toBeVisible();
  await expect(page.getByText(c.names[0])).toBeVisible();
  await page.getByRole("link", { name: "Keep the current code" }).click();
  await expect(page.getByRole("region", { name: c.names[0] }).locator(".qr-url")).toContainText(`${c.sessions[0]}.1.`);
  await page.getByRole("link", { name: `Regenerate the QR code of ${c.names[0]}` }).click();
  await page.getByRole("button", { name: "Make a new code" }).click();
  await expect(page.getByRole("status").filter({ hasText: "A new QR code was made" })).toBeVisible();
  await expect(page.getByRole("region", { name: c.names[0] }).locator(".qr-url")).toContainText(`${c.sessions[0]}.2.`);
  const again = await phone.newPage();
  await again.goto(`/dashboard/account/login/?next=${encodeURIComponent(target)}`);
  await again.getByLabel(/username or email/i).fill("learner");
  await again.getByLabel(/^password$/i).fill(DEMO_PASSWORD);
  await again.getByRole("button", { name: /^sign in$/i }).click();
  await expect(again.getByRole("alert")).toContainText("QR code expired or invalid");
  await phone.close();
});

test("a made-up code is said plainly, with nothing to press", async ({ page }) => {
  await page.goto("/dashboard/checkin/1.1.AAAAAAAAAAAAAAAAAAAAAA");
  await expect(page.getByRole("alert")).toContainText("QR code expired or invalid");
  await expect(page.getByRole("button", { name: "Check in" })).toHaveCount(0);
});

test("the print page and the check-in page pass axe", async ({ page }, info) => {
  test.setTimeout(120_000);
  const c = await classWithSessions(page, info);
  const token = (
    await (await page.request.get(`${API_ORIGIN}/api/dashboard/class/${c.id}/checkin/qr/?format=json`)).json()
  ).results[0].token as string;
  for (const url of [
    `/dashboard/print/portrait/class/${c.id}/qrcode`,
    `/dashboard/print/portrait/class/${c.id}/qrcode/${c.sessions[0]}`,
    `/dashboard/checkin/${token}`,
    "/dashboard/checkin/x",
  ]) {
    await page.goto(url);
    const { violations } = await analyse(page, info);
    const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(
      serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
      url,
    ).toEqual([]);
  }
});
