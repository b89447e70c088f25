import { useTranslation } from "~/i18n/react";
import { IMPORT_STATUS, type ImportHistoryItem, type ImportStatus } from "../../../contract/imports";
import { numberFormat } from "~/lms/format";

/**
 * How an import job stands (issue 15 §2, docs/decisions/032): a labelled status badge (never
 * colour alone), a progress bar with its percent in words, the counts, why it failed, and the
 * error file's link. The job page shows it live; the history table shows the badge and the bar.
 */
const STATUS: Record<ImportStatus, { key: string; className: string }> = {
  [IMPORT_STATUS.in_progress]: { key: "imp_status_in_progress", className: "border-sky-300 bg-sky-50 text-sky-900" },
  [IMPORT_STATUS.succeeded]: {
    key: "imp_status_succeeded",
    className: "border-emerald-300 bg-emerald-50 text-emerald-900",
  },
  [IMPORT_STATUS.failed]: { key: "imp_status_failed", className: "border-red-300 bg-red-50 text-red-900" },
};

export function ImportStatusBadge({ status }: { status: ImportStatus }) {
  const { t } = useTranslation();
  const s = STATUS[status] ?? STATUS[IMPORT_STATUS.failed];
  return (
    <span className={`inline-block rounded border px-2 py-0.5 text-xs font-medium ${s.className}`}>{t(s.key)}</span>
  );
}

/** A bar the width of the percent, announced as a progress bar with its value. */
export function ImportProgress({
  percent,
  label,
  compact = false,
}: {
  percent: number;
  label: string;
  compact?: boolean;
}) {
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div className="flex items-center gap-2">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        className={`${compact ? "h-2 w-24" : "h-3 w-full max-w-md"} overflow-hidden rounded bg-slate-200`}
      >
        <div className="h-full bg-primary transition-[width] duration-300" style={{ width: `${value}%` }} />
      </div>
      <span className="text-sm tabular-nums text-slate-700">{value}%</span>
    </div>
  );
}

/**
 * One job as its page shows it; `errorFileHref` where its error file is downloaded; `labels`: the
 * module's own words for its counts (a credit import credits rows, it creates none).
 */
export function ImportJobCard({
  job,
  errorFileHref,
  labels = {},
}: {
  job: ImportHistoryItem;
  errorFileHref: string;
  labels?: Partial<Record<"created" | "updated" | "unchanged", string>>;
}) {
  const { t, i18n } = useTranslation();
  const fmt = numberFormat(i18n.language);
  const counts: [string, number][] = [
    ["imp_count_total", job.count_total],
    [labels.created ?? "imp_count_created", job.count_created],
    ...(labels.updated === undefined && labels.created !== undefined
      ? []
      : [[labels.updated ?? "imp_count_updated", job.count_updated] as [string, number]]),
    [labels.unchanged ?? "imp_count_unchanged", job.count_unchanged],
    ["imp_count_failed", job.count_failed],
  ];
  const running = job.status === IMPORT_STATUS.in_progress;
  return (
    <section aria-labelledby="import-job-title" className="space-y-3 rounded border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="import-job-title" className="text-lg font-semibold">
          {t("imp_job_title", { file: job.input_filename })}
        </h2>
        {/* Announced when it changes (the live events, or the page refreshed without JS). */}
        <span role="status" aria-live="polite">
          <ImportStatusBadge status={job.status} />
        </span>
      </div>
      <ImportProgress percent={job.percent} label={t("imp_progress_label")} />
      <dl className="grid max-w-2xl grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-5">
        {counts.map(([key, n]) => (
          <div key={key}>
            <dt className="text-slate-600">{t(key)}</dt>
            <dd className="font-medium tabular-nums">{fmt.format(n)}</dd>
          </div>
        ))}
      </dl>
      {job.message ? (
        <p className={`text-sm ${job.status === IMPORT_STATUS.failed ? "text-red-800" : "text-slate-700"}`}>
          {t(job.message)}
        </p>
      ) : null}
      {job.has_error_file ? (
        <p>
          <a href={errorFileHref} className="text-primary underline" download>
            {t("imp_error_file")}
          </a>
        </p>
      ) : null}
      {running ? <p className="text-sm text-slate-600">{t("imp_running_note")}</p> : null}
    </section>
  );
}
