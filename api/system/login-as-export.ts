import type { FastifyReply, FastifyRequest } from "fastify";
import type { LoginAsLogRow } from "../../contract/schemas/login-as";
import { exportQuerySchema } from "../../contract/schemas/enrollment";
import type { Db } from "../db/index";
import { parseInput } from "../http/errors";
import { translator } from "../content/features/enrollment/learners";
import { localTime, pagesOf, sendTable, type ExportCell, type ExportColumn } from "../engine/table-export";
import { configValues } from "./config-store";

/** One page of the list's rows, as the list presents them. */
type Page = (limit: number, offset: number) => Promise<LoginAsLogRow[]>;
const person = (p: LoginAsLogRow["account"]) => `${p.first_name} ${p.last_name}`.trim();

/**
 * The login-as log as xlsx or csv (issue 33 item 14, docs/decisions/079): every row of the list as
 * the page asks it (search, filters, ordering), through the export engine — both accounts, start,
 * due end and end in the organisation's zone, how it ended, how long it lasted (seconds), the
 * number of changes and the address. Headings and statuses in the requester's language.
 */
export async function exportLog(req: FastifyRequest, reply: FastifyReply, db: Db, page: Page, now: Date) {
  const { format_type: format } = parseInput(exportQuerySchema, {
    format_type: (req.query as Record<string, unknown>)?.format_type,
  });
  const t = translator(req.account?.language);
  const { "time-zone-offset-minutes": offset } = await configValues(db, ["time-zone-offset-minutes"]);
  const at = (iso: string | null) => localTime(iso, Number(offset) || 0);
  const columns: ExportColumn[] = [
    { header: t("export_col_no"), kind: "number", width: 6 },
    { header: t("loginas_col_administrator"), width: 28 },
    { header: `${t("loginas_col_administrator")} · ${t("loginas_col_username")}` },
    { header: t("loginas_col_account"), width: 28 },
    { header: `${t("loginas_col_account")} · ${t("loginas_col_username")}` },
    { header: t("loginas_col_start"), kind: "date" },
    { header: t("loginas_col_expire"), kind: "date" },
    { header: t("loginas_col_end"), kind: "date" },
    { header: t("loginas_col_status") },
    { header: t("loginas_export_col_seconds"), kind: "number" },
    { header: t("loginas_col_writes"), kind: "number" },
    { header: t("loginas_col_ip") },
  ];
  async function* rows(): AsyncGenerator<(ExportCell | Date)[]> {
    let n = 0;
    for await (const part of pagesOf(page, 500)) {
      for (const r of part) {
        yield [
          ++n,
          person(r.administrator),
          r.administrator.username,
          person(r.account),
          r.account.username,
          at(r.datetime_start),
          at(r.datetime_expire),
          at(r.datetime_end),
          t(`loginas_status_${r.is_active ? "active" : r.end_reason}`),
          r.duration_seconds,
          r.count_write,
          r.ip ?? "",
        ];
      }
    }
  }
  const day = now.toISOString().slice(0, 10).replace(/-/g, "");
  return sendTable(reply, {
    format,
    filename: `login-as-log-${day}`,
    sheetName: t("loginas_log_title"),
    columns,
    rows: rows(),
  });
}
