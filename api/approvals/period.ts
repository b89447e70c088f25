import type { FastifyReply, FastifyRequest } from "fastify";
import { sql, type SqlBool } from "kysely";
import { isIgnoredFilterValue } from "../../contract/list-query";
import { MSG } from "../../contract/messages";
import { COMPLETED_STATUSES, PROGRESS_STATUS, type ProgressStatus } from "../../contract/codes";
import { DEFAULT_HOME_PERIOD } from "../../contract/schemas/home";
import { exportQuerySchema } from "../../contract/schemas/enrollment";
import { periodQuerySchema, type PeriodAnswer, type PeriodRow } from "../../contract/schemas/enrollment-period";
import type { FieldErrors } from "../../contract/http";
import type { Db } from "../db/index";
import { badRequest, fieldErrors, parseInput } from "../http/errors";
import { parseOrdering, tieDirection } from "../http/ordering";
import { paginate, readPageQuery } from "../http/paging";
import { likePattern } from "../engine/crud";
import { localTime, pagesOf, sendTable, type ExportCell, type ExportColumn } from "../engine/table-export";
import { translator } from "../content/features/enrollment/learners";
import { configValues } from "../system/config-store";
import { periodDays } from "../system/home";
import { contentUnion, typeByCode, type FeatureContent } from "./contents";

/**
 * GET dashboard/enrollment/period/ (issue 33 item 13; docs/decisions/086): the enrolments of every
 * content with the enrollment feature that were made (`event=enrolled`) or completed
 * (`event=completed`) in a period of the organisation's days, `date_from` … `date_to` inclusive.
 * Enrolled: `datetime_enroll` in the period, whatever the status now, except the asks that never
 * became an enrolment (rejected -3, request expired -6) and those still waiting (1, 2, 3, 5: the
 * waiting list's). Completed: a completed status (30, 31) whose `datetime_complete` is in the
 * period. Filters content_type, search (learner's name, username, email; content's name, code);
 * ordering datetime_enroll, datetime_complete, name, content (default: newest of the event first).
 */

const DAY_MS = 24 * 3600 * 1000;
/** Statuses an "enrolled" row never has: asks refused or lapsed, and asks still waiting (decision 086). */
export const NOT_ENROLLED: readonly ProgressStatus[] = [
  PROGRESS_STATUS.rejected,
  PROGRESS_STATUS.request_expired,
  PROGRESS_STATUS.waiting_approve,
  PROGRESS_STATUS.waiting_list,
  PROGRESS_STATUS.waiting_form,
  PROGRESS_STATUS.waiting_content_request,
];

const ORDERING = {
  datetime_enroll: sql`e.datetime_enroll`,
  datetime_complete: sql`e.datetime_complete`,
  name: [sql`lower(a.first_name)`, sql`lower(a.last_name)`],
  content: sql`lower(c.name)`,
};

/** The instant an organisation's day begins (offset: minutes east of UTC), as ISO text. */
const dayStart = (day: string, offsetMinutes: number, plusDays = 0) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + plusDays * DAY_MS - offsetMinutes * 60_000).toISOString();

/** The query read and checked: 400 field errors for every bad key at once, never a 500. */
async function readQuery(req: FastifyRequest, db: Db, types: readonly FeatureContent[], now: Date) {
  const raw = Object.fromEntries(
    Object.entries((req.query ?? {}) as Record<string, unknown>).filter(
      ([, v]) => typeof v === "string" && !isIgnoredFilterValue(v),
    ),
  );
  const errors: FieldErrors = {};
  const parsed = periodQuerySchema.safeParse(raw);
  if (!parsed.success) Object.assign(errors, fieldErrors(parsed.error));
  const page = readPageQuery(req);
  const event = parsed.success ? parsed.data.event : "enrolled";
  const order = parseOrdering(
    page.ordering,
    ORDERING,
    event === "completed" ? "-datetime_complete" : "-datetime_enroll",
  );
  if (!order) errors.ordering = [MSG.invalid_choice];
  const only = parsed.success && parsed.data.content_type ? typeByCode(types, parsed.data.content_type) : undefined;
  if (parsed.success && parsed.data.content_type && !only) errors.content_type = [MSG.invalid_choice];
  if (Object.keys(errors).length) throw badRequest(errors);
  const f = parsed.data!;
  const { "time-zone-offset-minutes": raw_offset } = await configValues(db, ["time-zone-offset-minutes"]);
  const offset = Number(raw_offset) || 0;
  // No days asked: the home's default period (its last 30 days, today included); one bound alone: that one day.
  const fallback = periodDays(now, DEFAULT_HOME_PERIOD, offset);
  const date_from = f.date_from ?? f.date_to ?? fallback.dates[0];
  const date_to = f.date_to ?? f.date_from ?? fallback.dates[fallback.dates.length - 1];
  return {
    page,
    event,
    only,
    order: order!,
    offset,
    date_from,
    date_to,
    from: dayStart(date_from, offset),
    to: dayStart(date_to, offset, 1),
  };
}

/** The list's query: the event's rows in [from, to), filtered and ordered. */
async function periodQuery(req: FastifyRequest, db: Db, types: readonly FeatureContent[], now: Date) {
  const p = await readQuery(req, db, types, now);
  let q = db
    .selectFrom("content_enrollment as e")
    .innerJoin(contentUnion(p.only ? [p.only] : types, "c"), (j) =>
      j.onRef("c.content_type_id", "=", "e.content_type_id").onRef("c.content_id", "=", "e.content_id"),
    )
    .innerJoin("account as a", "a.id", "e.account_id");
  q =
    p.event === "completed"
      ? q
          .where("e.status", "in", COMPLETED_STATUSES as number[])
          .where("e.datetime_complete", ">=", p.from)
          .where("e.datetime_complete", "<", p.to)
      : q
          .where("e.status", "not in", NOT_ENROLLED as number[])
          .where("e.datetime_enroll", ">=", p.from)
          .where("e.datetime_enroll", "<", p.to);
  if (p.page.search) {
    const s = likePattern(p.page.search);
    q = q.where(
      sql<SqlBool>`(lower(a.username) like ${s} escape '\\' or lower(a.email) like ${s} escape '\\' or lower(a.first_name || ' ' || a.last_name) like ${s} escape '\\' or lower(c.name) like ${s} escape '\\' or lower(c.code) like ${s} escape '\\')`,
    );
  }
  let selected = q.select([
    "e.id",
    "e.status",
    "e.datetime_enroll",
    "e.datetime_complete",
    "e.content_id",
    "c.type",
    "c.name as content_name",
    "c.code as content_code",
    "a.id as account_id",
    "a.username",
    "a.email",
    "a.first_name",
    "a.last_name",
  ]);
  for (const o of p.order) selected = selected.orderBy(o.expr, o.desc ? "desc" : "asc");
  return { ...p, query: selected.orderBy("e.id", tieDirection(p.order)) };
}
type Row = Awaited<ReturnType<Awaited<ReturnType<typeof periodQuery>>["query"]["execute"]>>[number];

const present = (r: Row): PeriodRow => ({
  id: r.id,
  account: { id: r.account_id, username: r.username, email: r.email, first_name: r.first_name, last_name: r.last_name },
  content: { type: r.type, id: r.content_id, name: r.content_name, code: r.content_code },
  status: r.status as ProgressStatus,
  datetime_enroll: r.datetime_enroll,
  datetime_complete: r.datetime_complete,
});

export async function periodList(
  req: FastifyRequest,
  db: Db,
  types: readonly FeatureContent[],
  now: Date,
): Promise<PeriodAnswer> {
  const { page, query, event, date_from, date_to } = await periodQuery(req, db, types, now);
  const result = await paginate(req, query, page);
  return { ...result, results: result.results.map(present), event, date_from, date_to };
}

/**
 * GET dashboard/enrollment/period/export/?format_type=xlsx|csv: the same list, every page of it,
 * through the export engine; headings in the requester's language, dates in the organisation's zone.
 */
export async function exportPeriod(
  req: FastifyRequest,
  reply: FastifyReply,
  db: Db,
  types: readonly FeatureContent[],
  now: Date,
) {
  const { format_type: format } = parseInput(exportQuerySchema, req.query);
  const { query, event, offset, date_from, date_to } = await periodQuery(req, db, types, now);
  const t = translator(req.account!.language);
  const at = (iso: string | null) => localTime(iso, offset);
  const columns: ExportColumn[] = [
    { header: t("export_col_no"), kind: "number", width: 6 },
    { header: t("export_col_username") },
    { header: t("export_col_full_name"), width: 32 },
    { header: t("export_col_email"), width: 32 },
    { header: t("apv_col_content"), width: 32 },
    { header: t("apv_export_col_content_code") },
    { header: t("prd_col_type") },
    { header: t("export_col_status") },
    { header: t("export_col_enrolled"), kind: "date" },
    { header: t("export_col_completed"), kind: "date" },
  ];
  async function* rows(): AsyncGenerator<(ExportCell | Date)[]> {
    let n = 0;
    for await (const part of pagesOf((limit, off) => query.limit(limit).offset(off).execute(), 500)) {
      for (const r of part) {
        yield [
          ++n,
          r.username,
          `${r.first_name} ${r.last_name}`.trim(),
          r.email,
          r.content_name,
          r.content_code,
          t(`content_${r.type}`),
          t(`progress_status_${r.status}`),
          at(r.datetime_enroll),
          at(r.datetime_complete),
        ];
      }
    }
  }
  return sendTable(reply, {
    format,
    filename: `enrollment-${event}-${date_from}-${date_to}`,
    sheetName: t(`prd_title_${event}`),
    columns,
    rows: rows(),
  });
}
