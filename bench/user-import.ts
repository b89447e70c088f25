/**
 * `tsx bench/user-import.ts [--rows 10000] [--passwords] [--csv] [--keep-data]`: the user import's
 * bench figure of issue 15 §2 ("10 000 rows in under a minute on this machine"), not a timed test.
 * Seeds a throw-away API (SQLite, as `npm start` runs it, in its own process), signs in as admin,
 * uploads a file of `--rows` new users (xlsx by default; every row with its own password with
 * --passwords, the worst case: docs/decisions/032), follows the job on the import socket as the
 * dashboard does, then imports the same file again (all unchanged). Prints how long the upload's
 * answer, the job and the whole took, and how many progress pushes came.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import ExcelJS from "exceljs";
import WebSocket from "ws";
import type { ImportHistoryItem, ImportSocketMessage } from "../contract/imports";
import { BENCH_PASSWORD, prepareSchema } from "./seed";
import { startApi, stop } from "./servers";
import { signIn } from "./session";

const { values: args } = parseArgs({
  options: {
    rows: { type: "string", default: "10000" },
    passwords: { type: "boolean", default: false },
    csv: { type: "boolean", default: false },
    "keep-data": { type: "boolean", default: false },
  },
});
const ROWS = Number(args.rows);
const log = (line: string) => process.stderr.write(`[bench user-import] ${line}\n`);

const DEPARTMENTS = ["HR", "IT", "SAL", "SAL-BKK", "HR-REC"];
const header = [
  "username",
  "email",
  "first_name",
  "last_name",
  "gender",
  "department",
  "level",
  "position",
  "phone",
  "date_start",
  ...(args.passwords ? ["password"] : []),
];
const rows = Array.from({ length: ROWS }, (_, i) => [
  `bench.user${i}`,
  `bench.user${i}@example.test`,
  i % 3 ? "สมชาย" : "Alex",
  `Number ${i}`,
  i % 2 ? "male" : "female",
  DEPARTMENTS[i % DEPARTMENTS.length],
  `L${(i % 5) + 1}`,
  `P${(i % 5) + 1}`,
  `08${String(10_000_000 + i).slice(-8)}`,
  "2024-01-15",
  ...(args.passwords ? [`Bench-${i}-Pass!`] : []),
]);

async function fileOf(): Promise<{ name: string; data: Buffer }> {
  if (args.csv)
    return {
      name: "bench.csv",
      data: Buffer.from(`\uFEFF${[header, ...rows].map((r) => r.join(",")).join("\r\n")}\r\n`),
    };
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("users");
  for (const r of [header, ...rows]) sheet.addRow(r);
  return { name: "bench.xlsx", data: Buffer.from(await book.xlsx.writeBuffer()) };
}

/** Upload and follow the job on the socket until it ends; the timings and the final item. */
async function importOnce(apiUrl: string, cookie: string, file: { name: string; data: Buffer }) {
  const csrf = /csrftoken=([^;]+)/.exec(cookie)?.[1] ?? "";
  const socket = new WebSocket(`${apiUrl.replace(/^http/, "ws")}/api/websocket/alert/import/user/`, {
    headers: { cookie },
  });
  await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
  const form = new FormData();
  form.set("mode", "all_or_nothing");
  form.set("file", new Blob([new Uint8Array(file.data)]), file.name);
  const t0 = performance.now();
  const res = await fetch(`${apiUrl}/api/dashboard/user/import/`, {
    method: "POST",
    headers: { cookie, "x-csrftoken": csrf },
    body: form,
  });
  const answered = performance.now() - t0;
  if (res.status !== 202) throw new Error(`upload: ${res.status} ${await res.text()}`);
  const { id } = (await res.json()) as ImportHistoryItem;
  let pushes = 0;
  const done = await new Promise<ImportHistoryItem>((resolve) => {
    socket.on("message", (data) => {
      const m = JSON.parse(String(data)) as ImportSocketMessage;
      if (!("results" in m)) return;
      const mine = m.results.find((r) => r.id === id);
      if (m.event === "import_history_processing_list" && mine) pushes++;
      if (mine && mine.status !== 2) resolve(mine);
    });
  });
  socket.close();
  return { answered, total: performance.now() - t0, pushes, done };
}

const root = fs.mkdtempSync(path.join(os.tmpdir(), "lms-bench-import-"));
const api = await (async () => {
  await prepareSchema(root, new Date());
  return startApi(root);
})();
try {
  const cookie = await signIn(api.url, "", "admin", BENCH_PASSWORD);
  const file = await fileOf();
  log(
    `${ROWS} rows, ${(file.data.length / 1024).toFixed(0)} KiB ${file.name}${args.passwords ? ", a password on every row" : ""}`,
  );
  for (const label of ["first import (all new)", "same file again (all unchanged)"]) {
    const r = await importOnce(api.url, cookie, file);
    console.log(
      `${label.padEnd(32)} upload answered in ${(r.answered / 1000).toFixed(2)} s, job ended in ${(r.total / 1000).toFixed(2)} s ` +
        `(status ${r.done.status}, created ${r.done.count_created}, unchanged ${r.done.count_unchanged}, failed ${r.done.count_failed}), ${r.pushes} progress pushes`,
    );
  }
} finally {
  await stop(api);
  if (!args["keep-data"]) fs.rmSync(root, { recursive: true, force: true });
}
