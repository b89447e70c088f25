import { useTranslation } from "~/i18n/react";
import type { TestbankLogEntry } from "../../../contract/schemas/testbank";
import { DataTable } from "~/components/content/data-table";
import { Pager } from "~/components/content/pager";
import { useDates } from "~/components/use-dates";

export type LogPage = { count: number; page: number; page_size: number; results: TestbankLogEntry[] };

/** What an entry changed, in one line: "field: value" pairs as the API recorded them. */
export const changeSummary = (changes: Record<string, unknown>) =>
  Object.entries(changes)
    .map(([k, v]) => `${k}: ${typeof v === "string" ? v : JSON.stringify(v)}`)
    .join(" · ");

/**
 * A bank's log, newest first (docs/decisions/063): the question log tab (numbered entries, each
 * linked to its own page) and the overall bank log share it. Plain links and a pager: no JS needed.
 */
export function LogTable({
  log,
  entryHref,
  withNumber,
}: {
  log: LogPage;
  entryHref: ((id: number) => string) | null;
  withNumber: boolean;
}) {
  const { t } = useTranslation();
  const dates = useDates();
  return (
    <>
      <DataTable
        caption={t(withNumber ? "tbk_tab_log" : "tbk_overall_log")}
        rows={log.results}
        empty={t("tbk_log_empty")}
        columns={[
          {
            key: "when",
            label: t("tbk_col_when"),
            render: (r) =>
              entryHref ? (
                <a
                  className="text-primary hover:underline"
                  href={entryHref(r.id)}
                  aria-label={t("tbk_log_view", { id: r.id })}
                >
                  {dates.dateTime(r.datetime_create)}
                </a>
              ) : (
                dates.dateTime(r.datetime_create)
              ),
          },
          ...(withNumber
            ? [
                {
                  key: "number",
                  label: t("tbk_col_number"),
                  render: (r: TestbankLogEntry) => (r.number === null ? "—" : t("tbk_log_question_n", { n: r.number })),
                },
              ]
            : []),
          { key: "action", label: t("tbk_col_action"), render: (r) => t(`tbk_log_action_${r.action}`) },
          { key: "who", label: t("tbk_col_who"), render: (r) => r.created_by?.name ?? "—" },
          {
            key: "details",
            label: t("tbk_col_details"),
            className: "max-w-md truncate text-slate-600",
            render: (r) => changeSummary(r.changes) || "—",
          },
        ]}
      />
      <Pager count={log.count} page={log.page} pageSize={log.page_size} />
    </>
  );
}
