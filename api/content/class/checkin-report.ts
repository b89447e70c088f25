import type { FastifyInstance, FastifyRequest } from "fastify";
import { CHECKIN_SOURCE_NAME, isAttended } from "../../../contract/checkin-codes";
import { exportQuerySchema } from "../../../contract/schemas/enrollment";
import type { CheckinReportRow } from "../../../contract/schemas/class-checkin";
import type { Db } from "../../db/index";
import type { ApiContext } from "../../http/context";
import { parseInput } from "../../http/errors";
import { paginate } from "../../http/paging";
import { localTime, sendTable, type ExportCell, type ExportColumn } from "../../engine/table-export";
import { configValues } from "../../system/config-store";
import { accountName, activeEnrollments } from "../activity/shared";
import { learnerSearch } from "../activity/slots";
import { translator } from "../features/enrollment/learners";
import { contentAccess, type ContentRef } from "../ref";
import { CHECKIN_BASE, REPORT_ORDERING, learnerQuery } from "./checkin-query";
import { classResource } from "./resource";

/**
 * A class's attendance report (docs/decisions/042):
 *   GET class/{id}/checkin/report/         paged, per learner holding a seat (?search, ?ordering
 *       name | username): sessions attended out of all, and each session's check-in and check-out
 *       times and sources; beside the rows `session_list` (the columns), `session_count`, `check_in_type` (view)
 *   GET class/{id}/checkin/report/export/  ?format_type=xlsx|csv: every learner, one row each (export)
 */

/** The learners of the report's page or export, searched and ordered. */
function learners(
  db: Db,
  ref: ContentRef,
  search: string | undefined,
  order: ReturnType<typeof learnerQuery>["order"],
) {
  let query = activeEnrollments(db, ref).select([
    "e.id as enrollment_id",
    "e.status as enrollment_status",
    "a.id as account_id",
    "a.username",
    "a.first_name",
    "a.last_name",
  ]);
  if (search) query = query.where(learnerSearch(search));
  for (const o of order) query = query.orderBy(o.expr, o.desc ? "desc" : "asc");
  return query.orderBy("e.id");
}
type Learner = Awaited<ReturnType<ReturnType<typeof learners>["execute"]>>[number];

/** The report rows of `rows`: each session's attendance (in session order) and how many were attended. */
async function reportRows(
  db: Db,
  rows: Learner[],
  sessions: { id: number }[],
  checkInType: number,
): Promise<CheckinReportRow[]> {
  const ids = rows.map((r) => r.enrollment_id);
  const marks =
    ids.length && sessions.length
      ? await db
          .selectFrom("class_attendance")
          .selectAll()
          .where("enrollment_id", "in", ids)
          .where(
            "session_id",
            "in",
            sessions.map((s) => s.id),
          )
          .execute()
      : [];
  const byKey = new Map(marks.map((m) => [`${m.enrollment_id}:${m.session_id}`, m]));
  return rows.map((r) => {
    const cells = sessions.map((s) => {
      const m = byKey.get(`${r.enrollment_id}:${s.id}`);
      return {
        session_id: s.id,
        datetime_checkin: m?.datetime_checkin ?? null,
        checkin_source: m?.checkin_source ?? null,
        datetime_checkout: m?.datetime_checkout ?? null,
        checkout_source: m?.checkout_source ?? null,
      };
    });
    return {
      enrollment_id: r.enrollment_id,
      account: accountName({
        id: r.account_id,
        username: r.username,
        first_name: r.first_name,
        last_name: r.last_name,
      }),
      enrollment_status: r.enrollment_status,
      attended: cells.filter((c) => isAttended(c, checkInType)).length,
      sessions: cells,
    };
  });
}

export function reportRoutes(app: FastifyInstance, ctx: ApiContext) {
  const { db } = ctx;
  const classOf = async (req: FastifyRequest, action: "view" | "export") => {
    const access = await contentAccess(req, db, classResource, action);
    const sessions = await db
      .selectFrom("class_session")
      .select(["id", "name"])
      .where("class_id", "=", access.id)
      .orderBy("datetime_start")
      .orderBy("id")
      .execute();
    const klass = await db
      .selectFrom("class")
      .select(["code", "check_in_type"])
      .where("id", "=", access.id)
      .executeTakeFirstOrThrow();
    return { ...access, sessions, klass };
  };

  app.get(`${CHECKIN_BASE}report/`, async (req) => {
    const { ref, sessions, klass } = await classOf(req, "view");
    const { page, order } = learnerQuery(req, REPORT_ORDERING);
    const result = await paginate(req, learners(db, ref, page.search, order), page);
    const results = await reportRows(db, result.results, sessions, klass.check_in_type);
    return {
      ...result,
      results,
      session_list: sessions,
      session_count: sessions.length,
      check_in_type: klass.check_in_type,
    };
  });

  app.get(`${CHECKIN_BASE}report/export/`, async (req, reply) => {
    const { ref, sessions, klass, account } = await classOf(req, "export");
    const { format_type: format } = parseInput(exportQuerySchema, req.query);
    const { page, order } = learnerQuery(req, REPORT_ORDERING);
    const t = translator(account.language);
    const { "time-zone-offset-minutes": offset } = await configValues(db, ["time-zone-offset-minutes"]);
    const at = (iso: string | null) => localTime(iso, Number(offset) || 0);
    const source = (code: number | null) => {
      const name = code === null ? undefined : CHECKIN_SOURCE_NAME.get(code);
      return name && name !== "none" ? t(`chk_source_${name}`) : "";
    };
    const withOut = klass.check_in_type === 1;
    const columns: ExportColumn[] = [
      { header: t("export_col_no"), kind: "number", width: 6 },
      { header: t("export_col_username") },
      { header: t("export_col_full_name"), width: 32 },
      { header: t("cls_report_col_attended"), kind: "number" },
      { header: t("cls_report_col_sessions"), kind: "number" },
      ...sessions.flatMap((s) => [
        { header: `${s.name} · ${t("chk_col_checked_in")}`, kind: "date" as const },
        { header: `${s.name} · ${t("chk_col_source")}` },
        ...(withOut
          ? [
              { header: `${s.name} · ${t("chk_col_checked_out")}`, kind: "date" as const },
              { header: `${s.name} · ${t("cls_checkin_col_out_source")}` },
            ]
          : []),
      ]),
    ];
    async function* rows(): AsyncGenerator<(ExportCell | Date)[]> {
      let n = 0;
      // A chunk at a time, so a large class never sits in memory whole.
      for (let offsetRows = 0; ; offsetRows += 500) {
        const chunk = await learners(db, ref, page.search, order).limit(500).offset(offsetRows).execute();
        for (const r of await reportRows(db, chunk, sessions, klass.check_in_type)) {
          n++;
          yield [
            n,
            r.account.username,
            r.account.name,
            r.attended,
            sessions.length,
            ...r.sessions.flatMap((c) => [
              at(c.datetime_checkin),
              source(c.checkin_source),
              ...(withOut ? [at(c.datetime_checkout), source(c.checkout_source)] : []),
            ]),
          ];
        }
        if (chunk.length < 500) return;
      }
    }
    const day = ctx.now().toISOString().slice(0, 10).replace(/-/g, "");
    return sendTable(reply, {
      format,
      filename: `${klass.code}-attendance-${day}`,
      sheetName: t("cls_overall_report"),
      columns,
      rows: rows(),
    });
  });
}
