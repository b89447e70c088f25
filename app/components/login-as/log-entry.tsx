import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { Paged } from "../../../contract/http";
import type { LoginAsLogRow, LoginAsWriteRow } from "../../../contract/schemas/login-as";
import { DataTable } from "~/components/content/data-table";
import { Pager } from "~/components/content/pager";
import { useDates } from "~/components/use-dates";
import { dash } from "~/lms/paths";
import { LogAccount, LogStatus, personName, useLasted } from "./log-parts";

/** What kind of change a write was (issue 33 §15): a new row, a change, a removal, or another action sent. */
const writeKind = (w: LoginAsWriteRow) =>
  w.method === "DELETE" ? "removed" : w.method === "POST" ? (w.status === 201 ? "added" : "sent") : "changed";

/** What a write was made on, from its address: the API's path without its prefix and row ids (`course › curriculum`). */
const writeThing = (path: string) =>
  path
    .replace(/^\/api\/(dashboard\/)?/, "")
    .split("/")
    .filter((p) => p && !/^\d+$/.test(p))
    .join(" › ");

/** One acting of the log: who, as whom, when, how it ended, and every write made meanwhile. */
export function LogEntry({ entry, writes }: { entry: LoginAsLogRow; writes: Paged<LoginAsWriteRow> }) {
  const { t } = useTranslation();
  const dates = useDates();
  const lasted = useLasted();
  const name = personName;
  const facts: [string, React.ReactNode][] = [
    [t("loginas_col_administrator"), <LogAccount key="a" account={entry.administrator} />],
    [t("loginas_col_account"), <LogAccount key="b" account={entry.account} />],
    [t("loginas_col_start"), dates.dateTime(entry.datetime_start)],
    [
      t("loginas_col_expire"),
      `${dates.dateTime(entry.datetime_expire)} (${t("loginas_minutes_n", { n: entry.duration_minutes })})`,
    ],
    [t("loginas_col_end"), dates.dateTime(entry.datetime_end)],
    [t("loginas_col_status"), <LogStatus key="s" row={entry} />],
    [t("loginas_col_lasted"), lasted(entry.duration_seconds)],
    [t("loginas_col_ip"), entry.ip ?? "—"],
  ];
  return (
    <div className="space-y-6">
      <header className="space-y-2">
        <p>
          <Link to={dash("login-as/log")} className="text-sm text-primary underline">
            {t("loginas_back_to_log")}
          </Link>
        </p>
        <h1 className="text-2xl font-semibold">
          {t("loginas_entry_title", { administrator: name(entry.administrator), account: name(entry.account) })}
        </h1>
      </header>
      <dl className="grid max-w-3xl gap-x-6 gap-y-3 rounded border border-slate-200 bg-white p-4 text-sm sm:grid-cols-[max-content_1fr]">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-slate-700">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="login-as-writes" className="space-y-3">
        <h2 id="login-as-writes" className="text-lg font-semibold">
          {t("loginas_writes_title")}
        </h2>
        <p className="text-sm text-slate-600">
          {t("loginas_writes_intro", { administrator: name(entry.administrator), account: name(entry.account) })}
        </p>
        <DataTable
          caption={t("loginas_writes_title")}
          rows={writes.results}
          empty={t("loginas_writes_empty")}
          columns={[
            { key: "time", label: t("loginas_col_time"), render: (w) => dates.dateTime(w.datetime_create) },
            {
              key: "change",
              label: t("loginas_col_change"),
              render: (w) => (
                <>
                  <span className="font-medium">{t(`loginas_write_${writeKind(w)}`)}</span> {writeThing(w.path)}
                  {w.target_name ? <span> “{w.target_name}”</span> : null}
                </>
              ),
            },
            {
              key: "fields",
              label: t("loginas_col_fields"),
              render: (w) => (w.fields.length ? w.fields.join(", ") : "—"),
            },
            {
              key: "path",
              label: t("loginas_col_path"),
              render: (w) => <span className="break-all font-mono text-xs">{`${w.method} ${w.path}`}</span>,
            },
          ]}
        />
        <Pager count={writes.count} page={writes.page} pageSize={writes.page_size} />
      </section>
    </div>
  );
}
