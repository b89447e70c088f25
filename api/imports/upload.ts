import type { FastifyReply, FastifyRequest } from "fastify";
import { EXPORT_FORMATS, type ExportFormat } from "../../contract/codes";
import type { ImportHistoryItem, ImportModule } from "../../contract/imports";
import { MSG } from "../../contract/messages";
import { importFormSchema } from "../../contract/schemas/imports";
import { checkRowCount, readTable, readTableUpload } from "../content/features/enrollment/import-file";
import { sendTable, type ExportColumn } from "../engine/table-export";
import type { ApiContext } from "../http/context";
import { badRequest, parseInput } from "../http/errors";
import { configValues } from "../system/config-store";
import { startJob } from "./history";

/**
 * What every import's POST and template share (the user import, the credit import;
 * docs/decisions/032, 075): the upload read within the file-size limit, its mode, its rows counted
 * and its columns checked by the module (`checkColumns` throws the 400 of a file without them),
 * then the job stored (its history row and its table, docs/decisions/095) for a process to claim;
 * and the empty template of its columns.
 */
export async function receiveImport(
  ctx: ApiContext,
  req: FastifyRequest,
  opts: {
    module: ImportModule;
    maxRows: number;
    by: number;
    checkColumns: (header: string[]) => unknown;
    options?: Record<string, unknown>;
  },
): Promise<ImportHistoryItem> {
  const { "file-size-limit": limit } = await configValues(ctx.db, ["file-size-limit"]);
  const upload = await readTableUpload(req, "file", Number(limit) || 10485760);
  const { mode } = parseInput(importFormSchema, {
    mode: upload.fields.mode ?? (req.query as Record<string, unknown>)?.mode,
  });
  const file = await readTable(upload, opts.maxRows);
  opts.checkColumns(file.header);
  checkRowCount(file.rows, opts.maxRows);
  return startJob(ctx.db, {
    module: opts.module,
    filename: upload.filename.slice(0, 255) || "import",
    mode,
    file,
    options: opts.options ?? {},
    by: opts.by,
    now: ctx.now(),
  });
}

/** GET template/?format_type=xlsx|csv: the columns to fill, no row. */
export function sendTemplate(
  req: FastifyRequest,
  reply: FastifyReply,
  opts: { filename: string; sheetName: string; columns: ExportColumn[] },
) {
  const format = String((req.query as Record<string, unknown>)?.format_type ?? "xlsx");
  if (!(EXPORT_FORMATS as readonly string[]).includes(format)) throw badRequest({ format_type: [MSG.invalid_choice] });
  return sendTable(reply, { format: format as ExportFormat, ...opts, rows: (async function* () {})() });
}
