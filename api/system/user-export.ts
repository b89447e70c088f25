import type { FastifyReply, FastifyRequest } from "fastify";
import { exportQuerySchema } from "../../contract/schemas/enrollment";
import type { UserRow } from "../../contract/schemas/user";
import { translator } from "../content/features/enrollment/learners";
import type { Db } from "../db/index";
import { localTime, pagesOf, sendTable, type ExportCell, type ExportColumn } from "../engine/table-export";
import { parseInput } from "../http/errors";
import { configValues } from "./config-store";

/** One page of the list's rows, as the list presents them. */
type Page = (limit: number, offset: number) => Promise<UserRow[]>;

/** A user's name as the list shows it: title, first and last name. */
const fullName = (u: UserRow) => [u.title, u.first_name, u.last_name].filter(Boolean).join(" ");

/**
 * The user list as xlsx or csv (issue 33 item 14, docs/decisions/081): every row the list's
 * search, filters and ordering select, through the export engine — the list's columns plus the
 * employee code and the creation time, times in the organisation's zone, headings and statuses in
 * the requester's language. Passwords, ID card numbers and phones stay out: a list export is for
 * counting and sorting people, not for carrying their personal data around (decision 081).
 */
export async function exportUsers(req: FastifyRequest, reply: FastifyReply, db: Db, page: Page, now: Date) {
  const { format_type: format } = parseInput(exportQuerySchema, {
    format_type: (req.query as Record<string, unknown>)?.format_type,
  });
  const t = translator(req.account?.language);
  const { "time-zone-offset-minutes": offset } = await configValues(db, ["time-zone-offset-minutes"]);
  const at = (iso: string | null) => localTime(iso, Number(offset) || 0);
  const columns: ExportColumn[] = [
    { header: t("export_col_no"), kind: "number", width: 6 },
    { header: t("col_username"), width: 20 },
    { header: t("col_full_name"), width: 28 },
    { header: t("col_email"), width: 28 },
    { header: t("field_employee_code") },
    { header: t("col_department"), width: 24 },
    { header: t("col_position"), width: 20 },
    { header: t("col_level"), width: 16 },
    { header: t("col_status") },
    { header: t("col_last_active"), kind: "date" },
    { header: t("user_created"), kind: "date" },
  ];
  async function* rows(): AsyncGenerator<(ExportCell | Date)[]> {
    let n = 0;
    for await (const part of pagesOf(page, 500)) {
      for (const u of part) {
        yield [
          ++n,
          u.username,
          fullName(u),
          u.email,
          u.code ?? "",
          u.department?.name ?? "",
          u.position?.name ?? "",
          u.level?.name ?? "",
          t(u.is_active ? "state_active" : "state_inactive"),
          at(u.last_active),
          at(u.datetime_create),
        ];
      }
    }
  }
  const day = now.toISOString().slice(0, 10).replace(/-/g, "");
  return sendTable(reply, { format, filename: `users-${day}`, sheetName: t("master_user"), columns, rows: rows() });
}
