import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { CHECKIN_LOG_ACTIONS, CHECKIN_SOURCES } from "../../contract/checkin-codes";
import { LearnerCell, OverallHeading } from "~/components/activity-overall/slot-parts";
import { CHECKIN_NAMESPACES, PagedTable, useInstant, useSourceName } from "~/components/checkin/checkin-parts";
import type { DataColumn } from "~/components/content/data-table";
import { QueryFilters } from "~/components/content/query-filters";
import { classCheckinPage, loadCheckinLog, loadCheckinPoints, type LogTableRow } from "~/lms/class-checkin.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts); the class's own come with its URL. */
export const handle = { i18n: [...CHECKIN_NAMESPACES] };

/**
 * Overall › Log of a class (docs/decisions/042): every check-in and check-out, newest first — the
 * learner, the session, in or out, its source (every source named: not set, web, mobile app,
 * administrator, live session, force completed), who did it and when — and the resets a change of
 * check-in type made; filtered by a GET form (search, source, session, event), paged.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { page } = await classCheckinPage(args, "view");
  const [points, log] = await Promise.all([loadCheckinPoints(page), loadCheckinLog(page, args.request)]);
  return data({ sessions: points.map((p) => ({ id: p.id, name: p.name })), ...log }, { headers: page.api.headers() });
}

export default function OverallClassLog() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const when = useInstant();
  const source = useSourceName();
  const noneLabel = t("chk_source_none");
  const columns: DataColumn<LogTableRow>[] = [
    {
      key: "time",
      label: t("cls_log_col_time"),
      className: "whitespace-nowrap",
      render: (r) => when(r.datetime_create),
    },
    {
      key: "learner",
      label: t("cls_log_col_learner"),
      render: (r) => (r.account ? <LearnerCell row={{ account: r.account }} /> : t("cls_log_all_learners")),
    },
    { key: "session", label: t("cls_col_session"), render: (r) => r.session?.name ?? "—" },
    { key: "action", label: t("cls_log_col_action"), render: (r) => t(`cls_log_action_${r.action}`) },
    {
      key: "source",
      label: t("chk_col_source"),
      render: (r) => (r.action === "reset" ? "—" : source(r.source, noneLabel)),
    },
    { key: "by", label: t("cls_log_col_by"), render: (r) => r.created_by?.name ?? "—" },
  ];
  return (
    <section aria-labelledby="log-title" className="space-y-3">
      <OverallHeading id="log-title" title={t("cls_overall_log")} />
      <p className="text-sm text-slate-600">{t("cls_log_intro")}</p>
      <QueryFilters
        id="log-filters"
        placeholder={t("enr_search_placeholder")}
        selects={[
          {
            name: "source",
            label: t("chk_col_source"),
            options: CHECKIN_SOURCES.map((s) => ({ value: String(s), label: source(s, noneLabel) })),
          },
          {
            name: "session",
            label: t("cls_col_session"),
            options: d.sessions.map((s) => ({ value: String(s.id), label: s.name })),
          },
          {
            name: "action",
            label: t("cls_log_col_action"),
            options: CHECKIN_LOG_ACTIONS.map((a) => ({ value: a, label: t(`cls_log_action_${a}`) })),
          },
        ]}
      />
      <PagedTable
        list={d.list}
        badQuery={d.badQuery}
        columns={columns}
        caption={t("cls_log_caption")}
        empty={t("cls_log_empty")}
      />
    </section>
  );
}
