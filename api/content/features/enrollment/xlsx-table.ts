import { Readable } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import ExcelJS from "exceljs";
// exceljs's own zip reader (its dependency, the one `Workbook.xlsx.load` used): it reads the
// central directory and inflates an entry only as its stream is read, so the bytes can be counted.
import JSZip from "jszip";
import { MSG } from "../../../../contract/messages";
import { ApiError, badRequest } from "../../../http/errors";

/**
 * The first sheet of an xlsx read as a stream, within bounds whatever the zip declares (issue 32:
 * a 9.6 MB workbook whose sheet unpacks to 293 MB took the API to 2.25 GB and stalled it):
 * - MAX_XLSX_UNPACKED: the bytes actually inflated from the entries read (the workbook, its
 *   relationships, styles, shared strings and the first sheet), counted as they come out and
 *   stopped there: 400 {file: [import_workbook_too_large]};
 * - MAX_SHARED_STRINGS: the workbook's table of shared strings (held while the sheet is read; a
 *   table of tiny strings costs far more memory than its bytes): the same 400;
 * - `maxRows`: reading stops after that many rows with text (the caller's row limit then refuses);
 * - MAX_XLSX_COLUMNS: cells further right are not read (no import has near that many columns).
 * The XML is parsed by exceljs's streaming reader (the same cell values `Workbook.xlsx.load` gave:
 * shared and rich text, formulas' results, dates by their number format), one row at a time.
 */
export const MAX_XLSX_UNPACKED = 48 * 1024 * 1024;
export const MAX_XLSX_COLUMNS = 256;
export const MAX_SHARED_STRINGS = 1_000_000;
/** Rows of a sheet: Excel's own maximum (a larger row number is not a real workbook). */
const MAX_SHEET_ROW = 1_048_576;

class TooLarge extends Error {}

/** exceljs's streaming reader's steps (lib/stream/xlsx/workbook-reader.js, exceljs 4.4.0, pinned), fed entries we inflate. */
type ReaderSteps = {
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncIterable<{ text: unknown }>;
  _parseWorksheet(entry: AsyncIterable<string>, sheetNo: string): Iterable<{ value: AsyncIterable<ExcelJS.Row> }>;
  workbookRels?: { Id: string; Target: string }[];
  sharedStrings?: unknown[];
  model?: { sheets?: { rId: string }[] };
};

/** One sheet row with text: its row number and cells (as cellText gives them). */
export type SheetRow = { row: number; cells: string[] };

export async function readXlsxRows(
  data: Buffer,
  maxRows: number,
  cellText: (v: unknown) => string,
): Promise<SheetRow[]> {
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(data);
  } catch {
    throw badRequest({ file: [MSG.invalid_file_type] });
  }
  let unpacked = 0;
  /** An entry's text as it inflates, counted against the bound (a multi-byte character split between chunks kept whole). */
  async function* entryText(name: string): AsyncGenerator<string> {
    // JSZip's stream is an old-style one (readable-stream 2): wrapped to be iterable, with backpressure.
    const stream = new Readable().wrap(zip.file(name)!.nodeStream("nodebuffer"));
    const decoder = new StringDecoder("utf8");
    try {
      for await (const chunk of stream) {
        unpacked += (chunk as Buffer).length;
        if (unpacked > MAX_XLSX_UNPACKED) throw new TooLarge();
        yield decoder.write(chunk as Buffer);
      }
      yield decoder.end();
    } finally {
      stream.destroy();
    }
  }
  const entry = (name: string) => Readable.from(entryText(name));
  const has = (name: string) => zip.file(name) !== null;

  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([]), {
    sharedStrings: "emit",
    styles: "cache",
    hyperlinks: "ignore",
    worksheets: "emit",
    entries: "ignore",
  }) as unknown as ReaderSteps;
  const rows: SheetRow[] = [];
  try {
    if (!has("xl/workbook.xml")) throw badRequest({ file: [MSG.invalid_file_type] });
    if (has("xl/_rels/workbook.xml.rels")) await reader._parseRels(entry("xl/_rels/workbook.xml.rels"));
    await reader._parseWorkbook(entry("xl/workbook.xml"));
    if (has("xl/styles.xml")) await reader._parseStyles(entry("xl/styles.xml"));
    if (has("xl/sharedStrings.xml")) {
      // Emitted one by one (not cached by exceljs) so they can be counted; the sheet reads them from here.
      const strings: unknown[] = (reader.sharedStrings = []);
      for await (const { text } of reader._parseSharedStrings(entry("xl/sharedStrings.xml")))
        if (strings.push(text) > MAX_SHARED_STRINGS) throw new TooLarge();
    }
    const sheet = firstSheetPath(reader);
    if (!sheet || !has(sheet)) return rows;
    for (const { value: worksheet } of reader._parseWorksheet(entryText(sheet), "1")) {
      let last = 0;
      for await (const r of worksheet) {
        // A row without its number follows the one before (the format allows leaving it out).
        const n = Number.isInteger(r.number) ? r.number : last + 1;
        if (n < 1 || n > MAX_SHEET_ROW) throw badRequest({ file: [MSG.invalid_file_type] });
        last = n;
        const values = Array.isArray(r.values) ? r.values.slice(1, MAX_XLSX_COLUMNS + 1) : [];
        const cells = Array.from(values, cellText);
        if (!cells.some((c) => c.trim() !== "")) continue;
        rows.push({ row: n, cells });
        // The header, maxRows data rows and one more: enough for the caller to see there are too many.
        if (rows.length >= maxRows + 2) break;
      }
    }
    return rows;
  } catch (err) {
    if (err instanceof TooLarge) throw badRequest({ file: [MSG.import_workbook_too_large] });
    if (err instanceof ApiError) throw err;
    // Anything else is a file that is not a workbook exceljs can read.
    throw badRequest({ file: [MSG.invalid_file_type] });
  }
}

/** The path of the workbook's first sheet (the one a person sees first), by its relationship. */
function firstSheetPath(reader: ReaderSteps): string | null {
  const first = reader.model?.sheets?.[0];
  const target = first && reader.workbookRels?.find((r) => r.Id === first.rId)?.Target;
  if (!target) return "xl/worksheets/sheet1.xml";
  // Relative to xl/ unless absolute within the package.
  return target.startsWith("/") ? target.slice(1) : `xl/${target.replace(/^\.\//, "")}`;
}
