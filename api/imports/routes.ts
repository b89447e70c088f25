import type { FastifyInstance, FastifyRequest } from "fastify";
import { sql, type SqlBool } from "kysely";
import { EXPORT_FORMATS, type ExportFormat } from "../../contract/codes";
import type { FieldErrors } from "../../contract/http";
import { DICTIONARIES } from "../../contract/i18n/index";
import type { ImportHistoryItem, ImportModule } from "../../contract/imports";
import { isIgnoredFilterValue } from "../../contract/list-query";
import { MSG } from "../../contract/messages";
import { itemId, likePattern } from "../engine/crud";
import { sendTable } from "../engine/table-export";
import type { ApiContext } from "../http/context";
import { badRequest, notFound } from "../http/errors";
import { parseOrdering, tieDirection } from "../http/ordering";
import { paginate, readPageQuery } from "../http/paging";
import { importViewer, isImportModule, presentHistory, visibleHistory, type ErrorRows, type Viewer } from "./history";
import { ImportQueue } from "./queue";
import { importSocketRoutes } from "./socket";
import { userImportRoutes } from "./user-import";
import { creditImportRoutes } from "./credit-import";

/**
 * Imports (issue 15 §2, docs/decisions/032): the user and credit imports and their job queue, the import
 * history, and the socket of spec 002 §7 that reports the jobs' progress.
 * - GET dashboard/import-history/: paged, newest first; `module`, `status` filters, `search` on
 *   the file name, `ordering` datetime_create, input_filename, status;
 * - GET dashboard/import-history/{id}/ and …/{id}/error-file/?format_type=xlsx|csv&language=en|th
 *   (the refused rows with an "errors" column in that language, else the account's; 404 when none).
 * The import history flag sees every row; whoever may import, the rows they started.
 */
const ORDERING = {
  datetime_create: sql`${sql.ref("datetime_create")}`,
  input_filename: sql`lower(${sql.ref("input_filename")})`,
  status: sql`${sql.ref("status")}`,
};
const STATUSES = ["-1", "2", "3"];

export function importRoutes(app: FastifyInstance, ctx: ApiContext, opts: { works: boolean }) {
  const { db } = ctx;
  const queue = new ImportQueue(ctx, opts);
  app.addHook("onReady", () => queue.start());
  app.addHook("onClose", () => queue.stop());
  const base = "/dashboard/import-history/";
  const item = `${base}:id(^\\d{1,12})/`;

  /** A stored row the viewer may see, with the live percent when this process runs it. */
  const visibleItem = async (
    req: FastifyRequest,
    viewer: Viewer,
  ): Promise<{ item: ImportHistoryItem; errorRows: ErrorRows | null }> => {
    const row = await visibleHistory(db, viewer, null).where("id", "=", itemId(req)).executeTakeFirst();
    if (!row) throw notFound();
    const [stored] = await presentHistory(db, [row]);
    const live = row.status === 2 ? queue.liveItem(row.id) : undefined;
    return {
      item: live ? { ...stored, percent: live.percent, count_failed: live.count_failed } : stored,
      errorRows: row.error_rows ? (JSON.parse(row.error_rows) as ErrorRows) : null,
    };
  };

  app.get(base, async (req) => {
    const viewer = await importViewer(req, db);
    const q = readPageQuery(req);
    const raw = req.query as Record<string, unknown>;
    const given = (k: string) =>
      typeof raw[k] === "string" && !isIgnoredFilterValue(raw[k] as string) ? (raw[k] as string).trim() : null;
    const errors: FieldErrors = {};
    const module = given("module");
    if (module !== null && !isImportModule(module)) errors.module = [MSG.invalid_choice];
    const status = given("status");
    if (status !== null && !STATUSES.includes(status)) errors.status = [MSG.invalid_choice];
    const order = parseOrdering(q.ordering, ORDERING, "-datetime_create");
    if (!order) errors.ordering = [MSG.invalid_choice];
    if (Object.keys(errors).length) throw badRequest(errors);
    let query = visibleHistory(db, viewer, module as ImportModule | null);
    if (status !== null) query = query.where("status", "=", Number(status));
    if (q.search)
      query = query.where(sql<SqlBool>`lower(${sql.ref("input_filename")}) like ${likePattern(q.search)} escape '\\'`);
    for (const o of order!) query = query.orderBy(o.expr, o.desc ? "desc" : "asc");
    const page = await paginate(req, query.orderBy("id", tieDirection(order!)), q);
    const items = await presentHistory(db, page.results);
    return {
      ...page,
      results: items.map((i) =>
        i.status === 2 && queue.liveItem(i.id) ? { ...i, percent: queue.liveItem(i.id)!.percent } : i,
      ),
    };
  });

  app.get(item, async (req) => (await visibleItem(req, await importViewer(req, db))).item);

  app.get(`${item}error-file/`, async (req, reply) => {
    const viewer = await importViewer(req, db);
    const { item: found, errorRows } = await visibleItem(req, viewer);
    if (!errorRows) throw notFound();
    const format = String((req.query as Record<string, unknown>)?.format_type ?? "xlsx");
    if (!(EXPORT_FORMATS as readonly string[]).includes(format))
      throw badRequest({ format_type: [MSG.invalid_choice] });
    // The language the reader is reading in (the dashboard says so), else the account's.
    const asked = (req.query as Record<string, unknown>)?.language;
    const dict = DICTIONARIES[(typeof asked === "string" ? asked : viewer.language) === "th" ? "th" : "en"];
    const t = (key: string) => dict[key] ?? DICTIONARIES.en[key] ?? key;
    const width = Math.max(errorRows.columns.length, ...errorRows.rows.map((r) => r.cells.length));
    const columns = [
      ...Array.from({ length: width }, (_, i) => ({ header: errorRows.columns[i] ?? "", numFmt: "@" })),
      { header: t("import_errors_column"), width: 60 },
    ];
    const rows = (async function* () {
      for (const r of errorRows.rows) {
        const cells = Array.from({ length: width }, (_, i) => r.cells[i] ?? "");
        yield [
          ...cells,
          Object.entries(r.errors)
            .map(([field, messages]) => `${field}: ${messages.map(t).join(" ")}`)
            .join("\n"),
        ];
      }
    })();
    const name = found.input_filename.replace(/\.(csv|xlsx)$/i, "");
    return sendTable(reply, {
      format: format as ExportFormat,
      filename: `${name}-errors`,
      sheetName: "errors",
      columns,
      rows,
    });
  });

  userImportRoutes(app, ctx, queue);
  // Credit given to many learners from a file (docs/decisions/075): the same queue, history and socket.
  creditImportRoutes(app, ctx, queue);
  importSocketRoutes(app, ctx, queue);
}
