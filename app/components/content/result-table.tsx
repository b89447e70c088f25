import { useId } from "react";
import { useTranslation } from "~/i18n/react";

export type ResultRow = { key: string | number; cells: React.ReactNode[]; refused?: boolean };

/**
 * The outcome of a batch (an upload, an enrolment…): a summary line and one row per item, refused
 * ones marked in words and colour. At most `limit` rows are listed, with a note saying so.
 */
export function ResultTable({
  title,
  summary,
  headers,
  rows,
  limit = 500,
}: {
  title: string;
  summary: React.ReactNode;
  headers: string[];
  rows: ResultRow[];
  limit?: number;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const shown = rows.slice(0, limit);
  return (
    <section aria-labelledby={titleId} className="mb-5 rounded border border-slate-200 bg-white p-4">
      <h3 id={titleId} className="text-base font-semibold">
        {title}
      </h3>
      <p role="status" className="mt-1 text-sm text-slate-700">
        {summary}
      </p>
      {shown.length ? (
        <div
          role="region"
          aria-label={t("enr_result_rows", { title })}
          tabIndex={0}
          className="mt-3 max-h-96 overflow-auto rounded border border-slate-200"
        >
          <table className="min-w-full text-sm">
            <thead className="sticky top-0 bg-slate-50 text-left text-xs uppercase tracking-wide text-slate-600">
              <tr>
                {headers.map((h) => (
                  <th key={h} scope="col" className="px-3 py-2 font-semibold">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {shown.map((r) => (
                <tr key={r.key} className={r.refused ? "bg-red-50 text-red-900" : undefined}>
                  {r.cells.map((c, i) => (
                    <td key={i} className="px-3 py-1.5">
                      {c}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {rows.length > limit ? (
        <p className="mt-2 text-xs text-slate-600">{t("enr_rows_not_listed", { n: rows.length - limit })}</p>
      ) : null}
    </section>
  );
}
