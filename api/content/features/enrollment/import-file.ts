import path from "node:path";
import type { FastifyRequest } from "fastify";
import { MSG } from "../../../../contract/messages";
import { MAX_IMPORT_ROWS } from "../../../../contract/schemas/enrollment";
import { badRequest } from "../../../http/errors";
import { readOneFile } from "../../../system/media";
import { readXlsxRows, type SheetRow } from "./xlsx-table";

/**
 * Reading an enrolment file (spec 001 §5 "excel xls, xlsx, csv"; docs/decisions/013): a csv
 * (UTF-8, with or without a BOM) or an xlsx whose first sheet's first row names the columns, one
 * of them `username` or `email`. xls (the old binary format) is refused as a file type.
 */

export const IMPORT_EXTENSIONS = ["csv", "xlsx"] as const;
/** Header names (trimmed, lower case) that name the identifying column. */
const USERNAME_HEADERS = ["username", "user name", "user", "ชื่อผู้ใช้"];
const EMAIL_HEADERS = ["email", "e-mail", "email address", "อีเมล"];

export type ImportTable = { column: "username" | "email"; rows: { row: number; value: string }[] };

/** The one file of a multipart request in field `field`, at most `limit` bytes, csv or xlsx by name and content. */
export async function readTableUpload(
  req: FastifyRequest,
  field: string,
  limit: number,
): Promise<{ data: Buffer; ext: "csv" | "xlsx"; filename: string; fields: Record<string, string> }> {
  const { data, filename, fields } = await readOneFile(req, field, limit);
  if (!data.length) throw badRequest({ [field]: [MSG.required] });
  const ext = path.extname(filename).slice(1).toLowerCase();
  const isZip = data.length >= 4 && data.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  if (ext === "xlsx" && isZip) return { data, ext, filename, fields };
  if (ext === "csv" && !isZip && !data.includes(0)) return { data, ext, filename, fields };
  throw badRequest({ [field]: [MSG.invalid_file_type] });
}

/** RFC 4180 csv: commas, double quotes (doubled inside), CRLF or LF; a leading BOM is dropped. */
export function parseCsv(text: string): string[][] {
  const s = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (quoted) {
      if (ch === '"' && s[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === "") quoted = true;
    else if (ch === ",") {
      row.push(cell);
      cell = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && s[i + 1] === "\n") i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
    } else cell += ch;
  }
  if (cell !== "" || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** A cell of exceljs as the text a person sees: rich text joined, a link's text, a formula's result. */
export function cellText(v: unknown): string {
  if (v === null || v === undefined) return "";
  if (typeof v === "string") return v;
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  if (v instanceof Date) return v.toISOString();
  if (typeof v === "object") {
    const o = v as { richText?: { text: string }[]; text?: unknown; result?: unknown; hyperlink?: string };
    if (Array.isArray(o.richText)) return o.richText.map((r) => r.text).join("");
    if (o.text !== undefined) return cellText(o.text);
    if (o.result !== undefined) return cellText(o.result);
  }
  return "";
}

/**
 * A csv or xlsx table (the enrolment file, the user import): the first row with any text is the
 * header (cells trimmed), each later row with any text a data row with its line in the file (the
 * header's line being 1 when it is first). No header at all is a 400 on `file`. At most `maxRows`
 * + 1 data rows are read (checkRowCount then refuses the file): an xlsx is read as a stream within
 * the bounds of xlsx-table.ts, never whole into memory.
 */
export type TableFile = { header: string[]; rows: { row: number; cells: string[] }[] };
export async function readTable(file: { data: Buffer; ext: "csv" | "xlsx" }, maxRows: number): Promise<TableFile> {
  const lines: SheetRow[] =
    file.ext === "csv"
      ? parseCsv(file.data.toString("utf8")).flatMap((cells, i) =>
          cells.some((c) => c.trim() !== "") ? [{ row: i + 1, cells }] : [],
        )
      : await readXlsxRows(file.data, maxRows, cellText);
  if (!lines.length) throw badRequest({ file: [MSG.import_no_rows] });
  const [header, ...rows] = lines;
  return { header: header.cells.map((h) => (h ?? "").trim()), rows: rows.slice(0, maxRows + 1) };
}

/** No data rows, or more than `max`: a 400 on `file`. */
export function checkRowCount(rows: readonly unknown[], max: number) {
  if (!rows.length) throw badRequest({ file: [MSG.import_no_rows] });
  if (rows.length > max) throw badRequest({ file: [MSG.import_too_many_rows] });
}

/**
 * The file as its identifying column and one entry per data row (its line in the file, the header
 * being line 1); rows with every cell empty are skipped. No such column, no data rows or more than
 * MAX_IMPORT_ROWS are a 400 on `file`.
 */
export async function readImportTable(file: { data: Buffer; ext: "csv" | "xlsx" }): Promise<ImportTable> {
  const { header: cells, rows: data } = await readTable(file, MAX_IMPORT_ROWS);
  const header = cells.map((h) => h.toLowerCase());
  let column: ImportTable["column"] = "username";
  let index = header.findIndex((h) => USERNAME_HEADERS.includes(h));
  if (index === -1) {
    column = "email";
    index = header.findIndex((h) => EMAIL_HEADERS.includes(h));
  }
  if (index === -1) throw badRequest({ file: [MSG.import_no_identifier_column] });
  checkRowCount(data, MAX_IMPORT_ROWS);
  return { column, rows: data.map(({ row, cells: c }) => ({ row, value: (c[index] ?? "").trim() })) };
}
