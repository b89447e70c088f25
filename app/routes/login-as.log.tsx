import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { SearchForm } from "~/components/search-form";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { Paged } from "../../contract/http";
import type { LoginAsLogRow, LoginAsWriteRow } from "../../contract/schemas/login-as";
import { answerHolds, flag } from "../../contract/permissions";
import { DataTable } from "~/components/content/data-table";
import { ExportLinks } from "~/components/content/export-links";
import { Pager } from "~/components/content/pager";
import { LogEntry } from "~/components/login-as/log-entry";
import { LogAccount, LogStatus, useLasted } from "~/components/login-as/log-parts";
import { useDates } from "~/components/use-dates";
import { requireScreen } from "~/lms/auth.server";
import { invariantResponse } from "~/lms/invariant";
import { readListPage } from "~/lms/paging.server";
import { dash } from "~/lms/paths";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["loginAs", "content", "enrollment"] };

const LOG = "dashboard/login-as/log/";
const EXPORT_FLAG = flag("login_as", "export");
/** The orderings the API takes (api/system/login-as-log.ts); another is left out rather than refused. */
const ORDERINGS = new Set(["datetime_start", "datetime_expire", "datetime_end"].flatMap((k) => [k, `-${k}`]));

/**
 * The login-as log (spec 000 "/login-as with a log page"; docs/decisions/033): who acted as
 * whom, when, for how long and how it ended, newest first, with a search on either account. One
 * entry and its writes is `?entry={id}` — a query, not a path, so the page needs no id to be
 * requested. Plain links and GET forms: works without JavaScript.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { api, permission } = await requireScreen(args, "login-as-log");
  const url = new URL(args.request.url);
  const entry = url.searchParams.get("entry");
  if (entry !== null) {
    invariantResponse(/^\d{1,12}$/.test(entry), "Not Found", { status: 404 });
    const [row, writes] = await Promise.all([
      api.get<LoginAsLogRow>(`${LOG}${entry}/`),
      readListPage<Paged<LoginAsWriteRow>>(api, `${LOG}${entry}/write/`, { url }),
    ]);
    return data(
      { entry: row.data, writes: writes.data, list: null, search: "", exportHref: null },
      { headers: api.headers() },
    );
  }
  const search = (url.searchParams.get("search") ?? "").trim();
  const ordering = url.searchParams.get("ordering") ?? "";
  const query = { ...(search ? { search } : {}), ...(ORDERINGS.has(ordering) ? { ordering } : {}) };
  const list = await readListPage<Paged<LoginAsLogRow>>(api, LOG, { url, query });
  // The export links (issue 33 item 14) for a viewer holding the export flag.
  const exportHref = answerHolds(permission, EXPORT_FLAG) ? dash("login-as/log/export") : null;
  return data({ entry: null, writes: null, list: list.data, search, exportHref }, { headers: api.headers() });
}

export default function LoginAsLogPage() {
  const d = useLoaderData<typeof loader>();
  if (d.entry && d.writes) return <LogEntry entry={d.entry} writes={d.writes} />;
  return <LogList list={d.list!} search={d.search} exportHref={d.exportHref} />;
}

function LogList({
  list,
  search,
  exportHref,
}: {
  list: Paged<LoginAsLogRow>;
  search: string;
  exportHref: string | null;
}) {
  const { t } = useTranslation();
  const dates = useDates();
  const lasted = useLasted();
  return (
    <div className="space-y-6">
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold">{t("loginas_log_title")}</h1>
        <p className="max-w-3xl text-sm text-slate-700">{t("loginas_log_intro")}</p>
      </header>
      <div className="flex flex-wrap items-end gap-3">
        <SearchForm id="login-as-log-search" name="search" value={search} label={t("loginas_log_search_label")} />
        {exportHref && list.results.length ? (
          <div className="ml-auto">
            <ExportLinks href={exportHref} keys={["search", "ordering"]} />
          </div>
        ) : null}
      </div>
      <DataTable
        caption={t("loginas_log_title")}
        rows={list.results}
        empty={t(search ? "loginas_no_match" : "loginas_log_empty")}
        columns={[
          {
            key: "administrator",
            label: t("loginas_col_administrator"),
            render: (r) => <LogAccount account={r.administrator} />,
          },
          { key: "account", label: t("loginas_col_account"), render: (r) => <LogAccount account={r.account} /> },
          {
            key: "start",
            label: t("loginas_col_start"),
            sort: "datetime_start",
            render: (r) => dates.dateTime(r.datetime_start),
          },
          {
            key: "expire",
            label: t("loginas_col_expire"),
            sort: "datetime_expire",
            render: (r) => dates.dateTime(r.datetime_expire),
          },
          {
            key: "end",
            label: t("loginas_col_end"),
            sort: "datetime_end",
            render: (r) => dates.dateTime(r.datetime_end),
          },
          { key: "status", label: t("loginas_col_status"), render: (r) => <LogStatus row={r} /> },
          { key: "lasted", label: t("loginas_col_lasted"), render: (r) => lasted(r.duration_seconds) },
          {
            key: "writes",
            label: t("loginas_col_writes"),
            className: "text-right",
            render: (r) => (
              <Link
                to={`${dash("login-as/log")}?entry=${r.id}`}
                className="text-primary underline"
                aria-label={t("loginas_writes_of", { n: r.count_write, account: r.account.username })}
              >
                {r.count_write}
              </Link>
            ),
          },
        ]}
      />
      <Pager count={list.count} page={list.page} pageSize={list.page_size} />
    </div>
  );
}
