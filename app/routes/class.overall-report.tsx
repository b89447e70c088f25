import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { LearnerCell, OverallHeading } from "~/components/activity-overall/slot-parts";
import { CHECKIN_NAMESPACES, PagedTable, useInstant, useSourceName } from "~/components/checkin/checkin-parts";
import type { DataColumn } from "~/components/content/data-table";
import { QueryFilters } from "~/components/content/query-filters";
import { classCheckinPage, loadCheckinReport, type ReportTableRow } from "~/lms/class-checkin.server";
import { ORDERING_KEY, SEARCH_KEY } from "~/lms/list-query";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts); the class's own come with its URL. */
export const handle = { i18n: [...CHECKIN_NAMESPACES] };

/**
 * Overall › Report of a class (docs/decisions/042): learner × session — how many sessions each
 * learner attended, and when (and from where) they checked in and out of each — searched and
 * paged, with the whole report as an Excel or CSV download (overall/report/export, export flag).
 */
export async function loader(args: LoaderFunctionArgs) {
  const { page, checkInType } = await classCheckinPage(args, "view");
  const report = await loadCheckinReport(page, args.request);
  // The download keeps the report's search and ordering.
  const url = new URL(args.request.url);
  const keep = new URLSearchParams([...url.searchParams].filter(([k]) => k === SEARCH_KEY || k === ORDERING_KEY));
  const download = (format: string) =>
    `${page.base}/overall/report/export?${new URLSearchParams([...keep, ["format_type", format]])}`;
  return data(
    {
      ...report,
      checkOut: checkInType === 1,
      downloads: page.can("export") ? { xlsx: download("xlsx"), csv: download("csv") } : null,
    },
    { headers: page.api.headers() },
  );
}

export default function OverallClassReport() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const when = useInstant();
  const source = useSourceName();
  const columns: DataColumn<ReportTableRow>[] = [
    { key: "name", label: t("enr_col_name"), sort: "name", render: (r) => <LearnerCell row={r} /> },
    {
      key: "attended",
      label: t("cls_report_col_attended"),
      className: "whitespace-nowrap",
      render: (r) => t("cls_report_attended_of", { n: r.attended, total: d.sessionCount }),
    },
    ...d.sessions.map((s, i) => ({
      key: `s${s.id}`,
      label: s.name,
      render: (r: ReportTableRow) => {
        const c = r.sessions[i];
        if (!c?.datetime_checkin) return "—";
        return (
          <span className="whitespace-nowrap text-xs">
            <span className="block">
              {when(c.datetime_checkin)} · {source(c.checkin_source)}
            </span>
            {d.checkOut && c.datetime_checkout ? (
              <span className="block text-slate-600">
                {t("cls_report_out_label")} {when(c.datetime_checkout)}
              </span>
            ) : null}
          </span>
        );
      },
    })),
  ];
  return (
    <section aria-labelledby="report-title" className="space-y-3">
      <OverallHeading id="report-title" title={t("cls_overall_report")} />
      <p className="text-sm text-slate-600">{t("cls_report_intro")}</p>
      {d.downloads ? (
        <p className="flex flex-wrap gap-3 text-sm">
          <a
            href={d.downloads.xlsx}
            className="rounded border border-slate-300 bg-white px-3 py-1.5 hover:bg-slate-50"
            download
          >
            {t("cls_report_download_xlsx")}
          </a>
          <a
            href={d.downloads.csv}
            className="rounded border border-slate-300 bg-white px-3 py-1.5 hover:bg-slate-50"
            download
          >
            {t("cls_report_download_csv")}
          </a>
        </p>
      ) : null}
      <QueryFilters id="report-filters" placeholder={t("enr_search_placeholder")} keep={["ordering"]} />
      <PagedTable
        list={d.list}
        badQuery={d.badQuery}
        columns={columns}
        caption={t("cls_report_caption")}
        empty={t("enr_no_learners")}
      />
    </section>
  );
}
