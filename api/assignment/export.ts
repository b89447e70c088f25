import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { resultLabelKey } from "../../contract/assignment-codes";
import { exportQuerySchema } from "../../contract/schemas/enrollment";
import { translator } from "../content/features/enrollment/learners";
import { localTime, pagesOf, sendTable, type ExportCell, type ExportColumn } from "../engine/table-export";
import type { ApiContext } from "../http/context";
import { parseInput } from "../http/errors";
import { readPageQuery } from "../http/paging";
import { configValues } from "../system/config-store";
import { progressQuery, resultQuery } from "./result-query";
import type { KindAccess } from "./routes";
import { contentNames, contentsOf, type AssignmentKindDef } from "./store";

/**
 * An assignment's lists as spreadsheets (issue 33 §14; the export engine api/engine/table-export.ts),
 * with the module's export flag:
 * - GET ./{id}/learner/export/?format_type=xlsx|csv (&content, result, round, search): the learner
 *   results as the learner tab filters them — each result in words, with its code beside;
 * - GET ./{id}/progress/export/ (&status, search): the learners it enrolled and their progress.
 * In the language asked (`language`, the page's), else the account's; times in the organisation's zone.
 */
type ContentKeyed = { content_type_id: number; content_id: number };
/**
 * A query's rows page by page, each with its content's name: the assignment's own (`held`), or —
 * a content it no longer holds — the name looked up once per page.
 */
async function* withContentNames<R extends ContentKeyed>(
  db: ApiContext["db"],
  page: (limit: number, offset: number) => Promise<R[]>,
  held: Map<string, string>,
): AsyncGenerator<[R, string]> {
  for await (const part of pagesOf(page)) {
    const gone = await contentNames(
      db,
      part.filter((r) => !held.has(`${r.content_type_id}:${r.content_id}`)),
    );
    for (const r of part) {
      const key = `${r.content_type_id}:${r.content_id}`;
      yield [r, held.get(key) ?? gone.get(key)?.name ?? ""];
    }
  }
}

export function exportRoutes(app: FastifyInstance, ctx: ApiContext, kind: AssignmentKindDef, access: KindAccess) {
  const { db } = ctx;
  const item = `/dashboard/${kind.path}/:id(^\\d{1,12})/`;

  /** What every export of an assignment shares: the row, the format, the texts, the zone, the file's name. */
  const setUp = async (req: Parameters<KindAccess>[0], list: string) => {
    const { row, account } = await access(req, "export");
    const { format_type: format } = parseInput(exportQuerySchema, {
      format_type: (req.query as Record<string, unknown>)?.format_type,
    });
    const asked = (req.query as Record<string, unknown>)?.language;
    const t = translator(typeof asked === "string" ? asked : (account as { language?: string }).language);
    const { "time-zone-offset-minutes": offset } = await configValues(db, ["time-zone-offset-minutes"]);
    const at = (iso: string | null) => localTime(iso, Number(offset) || 0);
    const day = ctx.now().toISOString().slice(0, 10).replace(/-/g, "");
    return { row, format, t, at, filename: `${kind.path}-${row.id}-${list}-${day}` };
  };

  app.get(`${item}learner/export/`, async (req, reply) => {
    const { row, format, t, at, filename } = await setUp(req, "learner");
    const contents = await contentsOf(db, row.id);
    const { q } = await resultQuery(db, row, contents, req.query, readPageQuery(req).search, ctx.now());
    const selected = q
      .select([
        "r.id",
        "r.round_id",
        "r.result",
        "r.credit_minor",
        "r.datetime_expire",
        "r.content_type_id",
        "r.content_id",
        "r.datetime_update",
        "a.username",
        "a.first_name",
        "a.last_name",
        "a.email",
        "e.status",
      ])
      .orderBy(sql`lower(a.username)`)
      .orderBy("r.id");
    const held = new Map(contents.map((c) => [`${c.ref.contentTypeId}:${c.ref.contentId}`, c.name]));
    const columns: ExportColumn[] = [
      { header: t("export_col_no"), kind: "number", width: 6 },
      { header: t("export_col_username") },
      { header: t("export_col_first_name") },
      { header: t("export_col_last_name") },
      { header: t("export_col_email"), width: 32 },
      { header: t("asg_col_content"), width: 32 },
      { header: t("asg_col_result"), width: 32 },
      { header: t("asg_export_result_code"), kind: "number" },
      { header: t("asg_col_progress") },
      { header: t("asg_export_credit"), kind: "number" },
      { header: t("asg_col_expire") },
      { header: t("export_col_updated"), kind: "date" },
    ];
    async function* rows(): AsyncGenerator<(ExportCell | Date)[]> {
      let n = 0;
      for await (const [r, name] of withContentNames(
        db,
        (limit, offset) => selected.limit(limit).offset(offset).execute(),
        held,
      )) {
        yield [
          ++n,
          r.username,
          r.first_name,
          r.last_name,
          r.email,
          name,
          t(resultLabelKey(r.result)),
          r.result,
          r.status === null ? "" : t(`progress_status_${r.status}`),
          r.credit_minor / 100,
          r.datetime_expire ?? "",
          at(r.datetime_update),
        ];
      }
    }
    return sendTable(reply, { format, filename, sheetName: t("asg_results_title"), columns, rows: rows() });
  });

  app.get(`${item}progress/export/`, async (req, reply) => {
    const { row, format, t, at, filename } = await setUp(req, "progress");
    const contents = await contentsOf(db, row.id);
    const names = new Map(contents.map((c) => [`${c.ref.contentTypeId}:${c.ref.contentId}`, c.name]));
    const selected = progressQuery(db, row.id, req.query, readPageQuery(req).search);
    const columns: ExportColumn[] = [
      { header: t("export_col_no"), kind: "number", width: 6 },
      { header: t("export_col_username") },
      { header: t("export_col_full_name"), width: 32 },
      { header: t("asg_col_content"), width: 32 },
      { header: t("export_col_status") },
      { header: t("export_col_status_code"), kind: "number" },
      { header: t("export_col_started"), kind: "date" },
      { header: t("export_col_completed"), kind: "date" },
      { header: t("export_col_updated"), kind: "date" },
    ];
    async function* rows(): AsyncGenerator<(ExportCell | Date)[]> {
      let n = 0;
      for await (const [r, name] of withContentNames(
        db,
        (limit, offset) => selected.limit(limit).offset(offset).execute(),
        names,
      )) {
        yield [
          ++n,
          r.username,
          `${r.first_name} ${r.last_name}`.trim(),
          name,
          t(`progress_status_${r.status}`),
          r.status,
          at(r.datetime_start),
          at(r.datetime_complete),
          at(r.datetime_update),
        ];
      }
    }
    return sendTable(reply, { format, filename, sheetName: t("asg_tab_progress"), columns, rows: rows() });
  });
}
