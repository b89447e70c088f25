import { useSearchParams } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { nextOrdering, withParam } from "~/lms/list-query";

/**
 * A column of a DataTable: its header, how a row shows in it, and (when sortable) the ordering
 * key the API accepts for it.
 */
export type DataColumn<R> = {
  key: string;
  label: string;
  /** The `ordering` key this column sorts by; omitted: not sortable. */
  sort?: string;
  render: (row: R) => React.ReactNode;
  className?: string;
  /** What the header cell holds instead of `label` (a select-all tick box); `label` still names the column. */
  header?: React.ReactNode;
};

/**
 * A generic table of rows (learners, attempts, records of any content): sortable headers are
 * plain links that keep the rest of the query (ascending, then descending), so it works without
 * JavaScript. An empty list shows `empty`.
 */
export function DataTable<R extends { id: number | string }>({
  columns,
  rows,
  caption,
  empty,
}: {
  columns: DataColumn<R>[];
  rows: R[];
  caption?: string;
  empty?: string;
}) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const ordering = params.get("ordering");
  if (!rows.length)
    return (
      <p className="rounded border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
        {empty ?? t("no_results")}
      </p>
    );
  return (
    // Focusable, so a table wider than the screen can be scrolled from the keyboard.
    <div
      role="region"
      aria-label={caption}
      tabIndex={0}
      className="overflow-x-auto rounded border border-slate-200 bg-white"
    >
      <table className="min-w-full text-sm">
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        <thead className="bg-slate-50 text-left text-xs uppercase tracking-wide text-slate-600">
          <tr>
            {columns.map((c) => {
              const sort = c.sort;
              const state =
                sort && ordering === sort ? "ascending" : sort && ordering === `-${sort}` ? "descending" : undefined;
              return (
                <th
                  key={c.key}
                  scope="col"
                  className={`px-2 py-2 font-semibold ${c.className ?? ""}`}
                  aria-sort={state}
                >
                  {c.header ? (
                    c.header
                  ) : sort ? (
                    <a
                      href={withParam(params, "ordering", nextOrdering(ordering, sort))}
                      className="inline-flex items-center gap-1 hover:underline"
                    >
                      {c.label}
                      <span aria-hidden="true">{state === "ascending" ? "▲" : state === "descending" ? "▼" : ""}</span>
                    </a>
                  ) : (
                    c.label
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.id} className="hover:bg-slate-50">
              {columns.map((c) => (
                <td key={c.key} className={`px-2 py-2 align-middle ${c.className ?? ""}`}>
                  {c.render(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
