import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "~/i18n/react";
import type { Paged } from "../../contract/http";
import { IMPORT_STATUS, type ImportHistoryItem } from "../../contract/imports";
import { DataTable } from "~/components/content/data-table";
import { Pager } from "~/components/content/pager";
import { controlClass } from "~/components/forms";
import { ImportProgress, ImportStatusBadge } from "~/components/imports/job-status";
import { useDates } from "~/components/use-dates";
import { requireScreen } from "~/lms/auth.server";
import { readListPage } from "~/lms/paging.server";
import { dash } from "~/lms/paths";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["imports", "content"] };

const EMPTY: Paged<ImportHistoryItem> = { results: [], count: 0, page_size: 50, next: null, page: 1 };
const STATUS_FILTER = [
  { value: "2", key: "imp_status_in_progress" },
  { value: "3", key: "imp_status_succeeded" },
  { value: "-1", key: "imp_status_failed" },
] as const;
/** While a row is in progress the list is read again this often (JS on; without JS the page refreshes itself). */
const REFRESH_MS = 2_000;

/**
 * /log/import-history (spec 000 §2 "log tabs … import-history"; docs/decisions/032): every import,
 * newest first, with its status, progress, counts, who started it and when; a status filter (a
 * GET form) and pages. The error file of a job is one link away for whoever may import.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { api, permission } = await requireScreen(args, "import-history");
  const url = new URL(args.request.url);
  const status = url.searchParams.get("status") ?? "";
  const known = STATUS_FILTER.some((s) => s.value === status);
  const res = await readListPage<Paged<ImportHistoryItem>>(api, "dashboard/import-history/", {
    url,
    query: known ? { status } : {},
    accept: [400],
  });
  return data(
    {
      list: res.status === 200 ? res.data : EMPTY,
      status: known ? status : "",
      canImport: !!permission.permission.import_add_import,
    },
    { headers: api.headers() },
  );
}

export default function ImportHistory() {
  const { list, status, canImport } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const dates = useDates();
  const running = list.results.some((r) => r.status === IMPORT_STATUS.in_progress);
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => revalidator.state === "idle" && revalidator.revalidate(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [running, revalidator]);
  return (
    <div className="space-y-6">
      {running ? (
        <noscript>
          <meta httpEquiv="refresh" content="2" />
        </noscript>
      ) : null}
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold">{t("imp_history_title")}</h1>
        <p className="max-w-3xl text-sm text-slate-700">{t("imp_history_intro")}</p>
      </header>
      <Form method="get" className="flex items-end gap-2">
        <div>
          <label htmlFor="import-status" className="mb-1 block text-sm font-medium text-slate-700">
            {t("imp_col_status")}
          </label>
          <select id="import-status" name="status" defaultValue={status} className={controlClass}>
            <option value="">{t("imp_filter_all")}</option>
            {STATUS_FILTER.map((s) => (
              <option key={s.value} value={s.value}>
                {t(s.key)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="rounded border border-slate-300 bg-white px-4 py-2 text-sm hover:bg-slate-50">
          {t("imp_filter_apply")}
        </button>
      </Form>
      <DataTable
        caption={t("imp_history_title")}
        rows={list.results}
        empty={t("imp_history_empty")}
        columns={[
          {
            key: "file",
            label: t("imp_col_file"),
            render: (r) =>
              canImport ? (
                <Link to={`${dash("import/user")}?job=${r.id}`} className="text-primary underline">
                  {r.input_filename}
                </Link>
              ) : (
                r.input_filename
              ),
          },
          { key: "module", label: t("imp_col_module"), render: (r) => t(`imp_module_${r.module}`) },
          {
            key: "status",
            label: t("imp_col_status"),
            sort: "status",
            render: (r) => <ImportStatusBadge status={r.status} />,
          },
          {
            key: "progress",
            label: t("imp_col_progress"),
            render: (r) => (
              <ImportProgress compact percent={r.percent} label={t("imp_progress_of", { file: r.input_filename })} />
            ),
          },
          {
            key: "result",
            label: t("imp_col_result"),
            render: (r) => (
              <span>
                {t("imp_result_summary", { total: r.count_total, success: r.count_success, failed: r.count_failed })}
                {r.message ? <span className="block text-xs text-slate-600">{t(r.message)}</span> : null}
              </span>
            ),
          },
          {
            key: "errors",
            label: t("imp_col_error_file"),
            render: (r) =>
              r.has_error_file && canImport ? (
                <a
                  href={`${dash("import/user/file")}?job=${r.id}&format_type=xlsx`}
                  className="text-primary underline"
                  download
                  aria-label={t("imp_error_file_of", { file: r.input_filename })}
                >
                  {t("imp_download")}
                </a>
              ) : (
                "—"
              ),
          },
          {
            key: "by",
            label: t("imp_col_by"),
            render: (r) =>
              r.created_by
                ? `${r.created_by.first_name} ${r.created_by.last_name}`.trim() || r.created_by.username
                : "—",
          },
          {
            key: "started",
            label: t("imp_col_started"),
            sort: "datetime_create",
            render: (r) => dates.dateTime(r.datetime_create),
          },
          { key: "finished", label: t("imp_col_finished"), render: (r) => dates.dateTime(r.datetime_finish) },
        ]}
      />
      <Pager count={list.count} page={list.page} pageSize={list.page_size} />
    </div>
  );
}
