import { Form, useLocation, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "~/i18n/react";
import { CsrfInput } from "~/components/form-basics";
import { nextOrdering, withParam } from "~/lms/list-query";
import { useZoneOffset } from "~/components/use-dates";
import { ROW_FORM, rowLabels, rowsHtml, type Can, type Column, type Row } from "./list-rows";

export type { Row };

/** The key under which a document's loader hands the render its rows aside (content-list.server.ts keepForRender). */
export const LIST_ROWS = "list-rows";

/** The <tbody>'s id: the browser finds the document's rows by it. */
const ROWS_ID = "list-rows";

/** `empty`: what an empty table says instead (why it is empty: nothing matches, or nothing yet). */
type Props = { columns: Column[]; rows: Row[] | null; rowCount: number; itemBase: string; can: Can; empty?: string };

/**
 * The list table: sortable headers are links, show/hide submits one shared POST form, delete is
 * a link to its confirmation step. `rows` is null in the browser while the rows are the markup
 * the document came with (its loader data leaves them out, content.list.tsx): the table then
 * keeps that markup as it is, so hydration and later renders leave it alone.
 */
export function ListTable({ columns, rows, rowCount, itemBase, can, empty }: Props) {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const { search } = useLocation();
  const ordering = params.get("ordering");
  const offset = useZoneOffset();
  const labels = rowLabels(t);
  // Every row's delete link: this page's query (page included, so the confirmation finds the
  // row among this page's rows) plus `delete=` and the row's id, built once.
  const deleteBase = deleteQuery(params);
  const [inDocument] = useState(() =>
    rows === null && typeof document !== "undefined" ? (document.getElementById(ROWS_ID)?.innerHTML ?? "") : "",
  );
  if (!rowCount)
    return (
      <p className="rounded border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
        {empty ?? t("no_results")}
      </p>
    );
  return (
    <div className="overflow-x-auto rounded border border-slate-200 bg-white">
      {can.publish ? (
        <Form method="post" id={ROW_FORM} className="hidden">
          <CsrfInput />
          <input type="hidden" name="intent" value="toggle" />
          <input type="hidden" name="back" value={search} />
        </Form>
      ) : null}
      <table className="list-table min-w-full text-sm">
        <thead className="bg-slate-50 text-left text-xs uppercase tracking-wide text-slate-600">
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" className="px-2 py-2 font-semibold" aria-sort={sortState(ordering, c.key)}>
                {c.sortable ? (
                  <a
                    href={withParam(params, "ordering", nextOrdering(ordering, c.key))}
                    className="inline-flex items-center gap-1 hover:underline"
                  >
                    {t(c.labelKey)}
                    <span aria-hidden="true">{ordering === c.key ? "▲" : ordering === `-${c.key}` ? "▼" : ""}</span>
                  </a>
                ) : (
                  t(c.labelKey)
                )}
              </th>
            ))}
            <th scope="col" className="px-2 py-2 font-semibold">
              <span className="sr-only">{t("actions")}</span>
            </th>
          </tr>
        </thead>
        {/* The rows are one string of markup, not 900 React elements: on the 50-row list this was
            the largest part of the page's server time (docs/decisions/016). They hold no state
            (links, and submit buttons of the shared form), so hydration keeps them as they are. */}
        <tbody
          id={ROWS_ID}
          className="divide-y divide-slate-100"
          dangerouslySetInnerHTML={{
            __html: rows
              ? rowsHtml({ columns, rows, itemBase, can, labels, language: i18n.language, deleteBase, offset })
              : inDocument,
          }}
        />
      </table>
    </div>
  );
}

function deleteQuery(params: URLSearchParams) {
  const keep = new URLSearchParams(params);
  keep.delete("delete");
  const s = keep.toString();
  return `?${s ? `${s}&` : ""}delete=`;
}

function sortState(ordering: string | null, key: string) {
  if (ordering === key) return "ascending" as const;
  if (ordering === `-${key}`) return "descending" as const;
  return undefined;
}
