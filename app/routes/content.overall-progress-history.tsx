import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { ProgressHistoryAnswer, ProgressLogRow } from "../../contract/schemas/enrollment";
import { DataTable, type DataColumn } from "~/components/content/data-table";
import { Pager } from "~/components/content/pager";
import { ProgressBadge } from "~/components/content/progress-badge";
import { itemId, requireContent } from "~/lms/content.server";
import { itemPaths, zoneOffset } from "~/lms/enrollment.server";
import { readListPage } from "~/lms/paging.server";
import { formatInstant } from "~/lms/format";
import { invariantResponse } from "~/lms/invariant";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content", "enrollment"] };

/**
 * Overall › Progress › one learner's history (docs/decisions/017): every recorded change of the
 * learner's status — when, from → to, the action (enrolled, changed by hand, bulk change) and who
 * made it — newest first, 50 a page. Reached from the progress list's rows; links only, so it
 * works without JavaScript.
 */
function enrollmentIdOf(params: Record<string, string | undefined>): number {
  const raw = params.enrollmentid;
  invariantResponse(raw && /^\d{1,9}$/.test(raw), "Not Found", { status: 404 });
  return Number(raw);
}

export async function loader(args: LoaderFunctionArgs) {
  const { api, type } = await requireContent(args, "progress");
  const id = itemId(type, args.params);
  const enrollmentId = enrollmentIdOf(args.params);
  const paths = itemPaths(type, id);
  const url = new URL(args.request.url);
  // A page past the end lands on the last page; an enrollment not of this course is a 404.
  const res = await readListPage<ProgressHistoryAnswer>(api, `${paths.api}progress/${enrollmentId}/history/`, {
    url,
    accept: [400, 404],
  });
  invariantResponse(res.status === 200, "Not Found", { status: 404, headers: api.headers() });
  return data(
    { history: res.data, offset: await zoneOffset(), back: `${paths.base}/overall/progress` },
    { headers: api.headers() },
  );
}

export default function OverallProgressHistory() {
  const d = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const e = d.history.enrollment;
  const name = `${e.account.first_name} ${e.account.last_name}`;
  const action = (r: ProgressLogRow) =>
    t(r.is_bulk ? `progress_action_${r.action_type}_bulk` : `progress_action_${r.action_type}`);
  const columns: DataColumn<ProgressLogRow>[] = [
    {
      key: "when",
      label: t("enr_history_col_when"),
      render: (r) => formatInstant("dateTime", i18n.language, r.datetime_create, d.offset),
    },
    {
      key: "change",
      label: t("enr_history_col_change"),
      render: (r) => (
        <span className="inline-flex flex-wrap items-center gap-1">
          {r.from_status === null ? (
            <span className="text-xs text-slate-600">{t("enr_history_new_record")}</span>
          ) : (
            <ProgressBadge status={r.from_status} />
          )}
          <span aria-hidden="true">→</span>
          <span className="sr-only">{t("enr_history_to")}</span>
          <ProgressBadge status={r.to_status} />
        </span>
      ),
    },
    { key: "action", label: t("enr_history_col_action"), render: action },
    {
      key: "by",
      label: t("enr_history_col_by"),
      render: (r) =>
        r.by ? (
          <>
            <span className="block">{`${r.by.first_name} ${r.by.last_name}`}</span>
            <span className="block font-mono text-xs text-slate-600">{r.by.username}</span>
          </>
        ) : (
          <span className="text-slate-600">{t("enr_history_by_unknown")}</span>
        ),
    },
  ];
  return (
    <section aria-labelledby="history-title">
      <div className="mb-3 flex flex-wrap items-center gap-3">
        <h2 id="history-title" className="text-lg font-semibold">
          {t("enr_history_named", { name })}
        </h2>
        <a href={d.back} className="ml-auto text-sm text-primary underline">
          {t("enr_history_back")}
        </a>
      </div>
      <p className="mb-3 text-sm text-slate-700">
        {t("enr_history_of", { name, username: e.account.username, status: t(`progress_status_${e.status}`) })}
      </p>
      <DataTable
        columns={columns}
        rows={d.history.results}
        caption={t("enr_history_title")}
        empty={t("enr_history_empty")}
      />
      <Pager
        count={d.history.count}
        page={d.history.page}
        pageSize={d.history.page_size}
        capped={d.history.count_capped}
      />
    </section>
  );
}
