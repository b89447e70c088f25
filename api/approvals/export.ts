import type { FastifyReply, FastifyRequest } from "fastify";
import { exportQuerySchema } from "../../contract/schemas/enrollment";
import type { Db } from "../db/index";
import type { AccountRow } from "../http/context";
import { parseInput } from "../http/errors";
import { configValues } from "../system/config-store";
import { localTime, pagesOf, sendTable, type ExportCell, type ExportColumn } from "../engine/table-export";
import { translator } from "../content/features/enrollment/learners";
import type { FeatureContent } from "./contents";
import { approvalQuery, presentApprovals } from "./list";

/**
 * GET dashboard/enrollment/export/?format_type=xlsx|csv (issue 33 item 14; docs/decisions/074):
 * the approval page's list — the same state, filters, search and ordering, every page of it — as a
 * spreadsheet through the export engine: the learner, the content, the status, when enrolled, the
 * flow's step, and the decision (who, when, why). Headings and labels in the requester's language,
 * dates in the organisation's zone.
 */
export async function exportApprovals(
  req: FastifyRequest,
  reply: FastifyReply,
  db: Db,
  types: readonly FeatureContent[],
  decider: AccountRow | null,
  admin: boolean,
  now: Date,
) {
  const { format_type: format } = parseInput(exportQuerySchema, req.query);
  const state = String((req.query as Record<string, string>).state ?? "waiting");
  const { query } = approvalQuery(req, db, types, decider);
  const account = req.account!;
  const t = translator(account.language);
  const { "time-zone-offset-minutes": offset } = await configValues(db, ["time-zone-offset-minutes"]);
  const at = (iso: string | null | undefined) => localTime(iso ?? null, Number(offset) || 0);
  const columns: ExportColumn[] = [
    { header: t("export_col_no"), kind: "number", width: 6 },
    { header: t("export_col_username") },
    { header: t("export_col_full_name"), width: 32 },
    { header: t("export_col_email"), width: 32 },
    { header: t("export_col_department") },
    { header: t("apv_col_content"), width: 32 },
    { header: t("apv_export_col_content_code") },
    { header: t("export_col_status") },
    { header: t("export_col_enrolled"), kind: "date" },
    { header: t("apv_export_col_step") },
    { header: t("apv_col_decided_by") },
    { header: t("apv_col_decided"), kind: "date" },
    { header: t("apv_col_reason"), width: 40 },
  ];
  async function* rows(): AsyncGenerator<(ExportCell | Date)[]> {
    let n = 0;
    for await (const part of pagesOf((limit, off) => query.limit(limit).offset(off).execute(), 500)) {
      for (const r of await presentApprovals(db, part, { account, admin })) {
        const d = r.decision;
        yield [
          ++n,
          r.account.username,
          `${r.account.first_name} ${r.account.last_name}`.trim(),
          r.account.email,
          r.account.department?.name ?? "",
          r.content.name,
          r.content.code,
          t(`progress_status_${r.status}`),
          at(r.datetime_enroll),
          r.flow ? `${r.flow.name} · ${r.flow.step}/${r.flow.count_step}` : "",
          d?.by ? `${d.by.first_name} ${d.by.last_name}`.trim() || d.by.username : "",
          at(d?.datetime),
          d ? d.note || t(`apv_reason_${d.reason}`) : "",
        ];
      }
    }
  }
  const day = now.toISOString().slice(0, 10).replace(/-/g, "");
  return sendTable(reply, {
    format,
    filename: `enrollment-${state}-${day}`,
    sheetName: t(`apv_tab_${state === "any" ? "waiting" : state}`),
    columns,
    rows: rows(),
  });
}
