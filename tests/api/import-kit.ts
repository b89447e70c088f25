import ExcelJS from "exceljs";
import type { ImportHistoryItem, ImportSocketMessage } from "../../contract/imports";
import type { Client, TestApi } from "./harness";

/** Shared by the import tests (tests/api/user-import.test.ts): files, the upload, the job's end, the socket. */

/** A csv of the rows, as Excel saves one (BOM, CRLF, quotes where needed). */
export function csvOf(rows: string[][]): Buffer {
  const field = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return Buffer.from(`\uFEFF${rows.map((r) => r.map(field).join(",")).join("\r\n")}\r\n`, "utf8");
}

/** An xlsx whose first sheet holds the rows, every cell a text. */
export async function xlsxOf(rows: string[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("users");
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** POST an import (the user import's, or `path`: the credit import's) as the dashboard sends it: the mode field first, then the file. */
export function postImport(
  client: Client,
  filename: string,
  data: Buffer,
  mode?: string,
  path = "/api/dashboard/user/import/",
) {
  const boundary = "----lmsImportBoundary7MA4YWxkTrZu0gW";
  const body = Buffer.concat([
    Buffer.from(
      mode === undefined ? "" : `--${boundary}\r\nContent-Disposition: form-data; name="mode"\r\n\r\n${mode}\r\n`,
    ),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return client.post(path, body as never, { "content-type": `multipart/form-data; boundary=${boundary}` });
}

/** The job's item once it left status 2 (in progress). */
export async function historyOf(client: Client, id: number, timeoutMs = 20_000): Promise<ImportHistoryItem> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await client.get(`/api/dashboard/import-history/${id}/`);
    if (res.status !== 200) throw new Error(`history ${id}: ${res.status} ${JSON.stringify(res.body)}`);
    const item = res.body as ImportHistoryItem;
    if (item.status !== 2) return item;
    if (Date.now() > until) throw new Error(`import ${id} still running after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

type Answer = Extract<ImportSocketMessage, { results: unknown }>;
type Received = Answer | { event: "error"; detail: string };

/** The import socket as `client` opens it (its cookies), every message kept; rejects with the HTTP status when refused. */
export async function openSocket(
  api: TestApi,
  client: Client,
  module: string | null,
  headers: Record<string, string> = {},
) {
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  // injectWS's request has no socket; the API reads the client's address from it (api/http/client.ts).
  const upgrade = { headers: { cookie, ...headers }, socket: { remoteAddress: "127.0.0.1" } } as unknown as Parameters<
    TestApi["app"]["injectWS"]
  >[1];
  const ws = await api.app.injectWS(`/api/websocket/alert/import/${module ? `${module}/` : ""}`, upgrade);
  const messages: Received[] = [];
  const waiters: { test: (m: Received) => boolean; resolve: (m: Received) => void }[] = [];
  ws.on("message", (data) => {
    const m = JSON.parse(String(data)) as Received;
    messages.push(m);
    for (const w of waiters.splice(0)) {
      if (w.test(m)) w.resolve(m);
      else waiters.push(w);
    }
  });
  return {
    messages: messages as Answer[],
    send: (text: string) => ws.send(text),
    close: () => ws.terminate(),
    /** The first message (already received or to come) that passes `test`. */
    next<M extends Received = Answer>(test: (m: Answer) => boolean, timeoutMs = 20_000): Promise<M> {
      const pass = (m: Received) => test("results" in m ? m : ({ ...m, results: [] } as unknown as Answer));
      const found = messages.find(pass);
      if (found) return Promise.resolve(found as M);
      return new Promise<M>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("no such message on the socket")), timeoutMs);
        waiters.push({ test: pass, resolve: (m) => (clearTimeout(timer), resolve(m as M)) });
      });
    },
  };
}
