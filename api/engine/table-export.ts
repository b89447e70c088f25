import { PassThrough, Readable } from "node:stream";
import ExcelJS from "exceljs";
import type { FastifyReply } from "fastify";
import type { ExportFormat } from "../../contract/codes";

/**
 * Streamed spreadsheet answers (spec 002 §9 "Export spreadsheet types"), for any list: csv as UTF-8
 * with a byte-order mark (so Excel reads Thai right) and xlsx through exceljs' streaming writer.
 * Rows come from an async source a chunk at a time, so a long list never sits in memory whole.
 */

/** `numFmt`: the xlsx cell format, e.g. "@" (text) so typed phone numbers keep their leading 0. */
export type ExportColumn = { header: string; kind?: "text" | "number" | "date"; width?: number; numFmt?: string };
export type ExportCell = string | number | null;

/** Text that starts like a formula is prefixed with ' so a spreadsheet never runs it (CSV injection). */
export const defuse = (s: string) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);

const csvField = (v: ExportCell) => {
  if (v === null) return "";
  const s = typeof v === "number" ? String(v) : defuse(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** An ISO instant as the organisation's local time (offset in minutes). */
export function localTime(iso: string | null, offsetMinutes: number): Date | null {
  if (!iso) return null;
  const t = Date.parse(iso);
  return Number.isNaN(t) ? null : new Date(t + offsetMinutes * 60_000);
}
const pad = (n: number) => String(n).padStart(2, "0");
const csvDate = (d: Date) =>
  `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;

/** The csv of the rows: BOM, header line, CRLF line ends. Dates are given already shifted (localTime). */
async function* csvLines(columns: ExportColumn[], rows: AsyncIterable<(ExportCell | Date)[]>) {
  yield `\uFEFF${columns.map((c) => csvField(c.header)).join(",")}\r\n`;
  for await (const row of rows) {
    yield `${row.map((v) => (v instanceof Date ? csvDate(v) : csvField(v))).join(",")}\r\n`;
  }
}

async function writeXlsx(
  out: PassThrough,
  sheetName: string,
  columns: ExportColumn[],
  rows: AsyncIterable<(ExportCell | Date)[]>,
) {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = book.addWorksheet(sheetName.slice(0, 31) || "Sheet1");
  sheet.columns = columns.map((c, i) => ({
    header: c.header,
    key: `c${i}`,
    width: c.width ?? (c.kind === "date" ? 18 : c.kind === "number" ? 10 : 24),
    style: c.numFmt ? { numFmt: c.numFmt } : c.kind === "date" ? { numFmt: "yyyy-mm-dd hh:mm" } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for await (const row of rows) sheet.addRow(row).commit();
  sheet.commit();
  await book.commit();
}

/** `name.ext` for Content-Disposition: ASCII fallback plus the UTF-8 form. */
function disposition(filename: string) {
  const ascii = filename.replace(/[^A-Za-z0-9._-]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** A query's rows `size` at a time (`page(limit, offset)`), each page as it is read: an export's source, never whole in memory. */
export async function* pagesOf<T>(
  page: (limit: number, offset: number) => Promise<T[]>,
  size = 1000,
): AsyncGenerator<T[]> {
  for (let offset = 0; ; offset += size) {
    const rows = await page(size, offset);
    if (rows.length) yield rows;
    if (rows.length < size) return;
  }
}

/** Send the rows as a streamed download. */
export function sendTable(
  reply: FastifyReply,
  opts: {
    format: ExportFormat;
    filename: string;
    sheetName: string;
    columns: ExportColumn[];
    rows: AsyncIterable<(ExportCell | Date)[]>;
  },
) {
  reply.header("Content-Disposition", disposition(`${opts.filename}.${opts.format}`));
  reply.header("Cache-Control", "no-store");
  if (opts.format === "csv") {
    reply.type("text/csv; charset=utf-8");
    return reply.send(Readable.from(csvLines(opts.columns, opts.rows)));
  }
  reply.type("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
  const out = new PassThrough();
  writeXlsx(out, opts.sheetName, opts.columns, opts.rows).catch((err) => out.destroy(err as Error));
  return reply.send(out);
}
