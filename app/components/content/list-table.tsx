import { Form, useLocation, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import { CsrfInput } from "~/components/forms";
import { nextOrdering, withParam } from "~/lms/list-query";
import { formatDay, labelTemplate } from "~/lms/format";
import { publishBadge } from "./publish-badge";

export type Row = { id: number; name: string; [key: string]: unknown };
type Column = { key: string; labelKey: string; sortable?: boolean; kind?: string };
type Can = { publish: boolean; delete: boolean };

/** The id of the one form every row's show/hide switch submits. */
const ROW_FORM = "list-row-actions";

/** The list table: sortable headers are links, show/hide submits one shared POST form, delete is a link to its confirmation step. */
export function ListTable({ columns, rows, itemBase, can }: { columns: Column[]; rows: Row[]; itemBase: string; can: Can }) {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const { search } = useLocation();
  const ordering = params.get("ordering");
  const labels = rowLabels(t);
  // Every row's delete link: this page's query (page included, so the confirmation finds the
  // row among this page's rows) plus `delete=` and the row's id, built once.
  const deleteBase = deleteQuery(params);
  if (!rows.length) return <p className="rounded border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">{t("no_results")}</p>;
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
              <th key={c.key} scope="col" className="px-3 py-2 font-semibold" aria-sort={sortState(ordering, c.key)}>
                {c.sortable ? (
                  <a href={withParam(params, "ordering", nextOrdering(ordering, c.key))} className="inline-flex items-center gap-1 hover:underline">
                    {t(c.labelKey)}
                    <span aria-hidden="true">{ordering === c.key ? "▲" : ordering === `-${c.key}` ? "▼" : ""}</span>
                  </a>
                ) : (
                  t(c.labelKey)
                )}
              </th>
            ))}
            <th scope="col" className="px-3 py-2 font-semibold">
              <span className="sr-only">{t("actions")}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.id}>
              {columns.map((c) => (
                <td key={c.key}>
                  {cell({ column: c, row, itemBase, can, labels, language: i18n.language })}
                </td>
              ))}
              <td>
                <a href={`${itemBase}/${row.id}`} className="row-open">
                  {labels.open}
                </a>
                {can.delete ? (
                  <a href={`${deleteBase}${row.id}`} className="row-delete" aria-label={labels.deleteNamed(row.name)}>
                    {labels.delete}
                  </a>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
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

/**
 * The words every row repeats, translated once per render: i18next's `t` costs a few
 * microseconds a call, and fifty rows made three hundred calls (docs/decisions/016).
 */
function rowLabels(t: TFunction) {
  const named = (key: string) => labelTemplate(t, key, "name");
  const publish = new Map<string, string>();
  return {
    open: t("action_open"),
    delete: t("action_delete"),
    shown: t("state_shown"),
    hidden: t("state_hidden"),
    deleteNamed: named("action_delete_named"),
    showNamed: named("action_show_named"),
    hideNamed: named("action_hide_named"),
    publish: (label: string) => {
      let text = publish.get(label);
      if (text === undefined) publish.set(label, (text = t(label)));
      return text;
    },
  };
}
type Labels = ReturnType<typeof rowLabels>;

type CellProps = { column: Column; row: Row; itemBase: string; can: Can; labels: Labels; language: string };

/** One cell: a plain function, not a component, so 400 cells cost no hooks of their own (docs/decisions/016). */
function cell({ column, row, itemBase, can, labels, language }: CellProps) {
  const v = row[column.key];
  switch (column.kind) {
    case "image":
      return v ? <img src={String(v)} alt="" width={64} height={36} loading="lazy" className="h-9 w-16 rounded object-cover" /> : <span className="block h-9 w-16 rounded bg-slate-100" />;
    case "code":
      return <span className="whitespace-nowrap font-mono text-xs">{String(v ?? "")}</span>;
    case "ref":
      return <>{(v as { name?: string } | null)?.name ?? "—"}</>;
    case "publish":
      return publishBadge(String(row.publish_label ?? ""), labels.publish(String(row.publish_label ?? "")));
    case "date":
      return v ? <time dateTime={String(v)}>{formatDay(language, String(v))}</time> : <>—</>;
    case "display":
      // One shared form (ROW_FORM, rendered once beside the table) carries the token and the way
      // back; each row's switch is only a submit button naming it: fifty forms of five hidden
      // inputs each were a third of the page's markup (docs/decisions/016).
      return can.publish ? (
        <button
          type="submit"
          form={ROW_FORM}
          name={v ? "hide" : "show"}
          value={row.id}
          role="switch"
          aria-checked={!!v}
          aria-label={(v ? labels.hideNamed : labels.showNamed)(row.name)}
          className="switch"
        >
          {v ? labels.shown : labels.hidden}
        </button>
      ) : (
        <>{v ? labels.shown : labels.hidden}</>
      );
    default:
      return column.key === "name" ? (
        <a href={`${itemBase}/${row.id}`} className="row-name">
          {String(v ?? "")}
        </a>
      ) : (
        <>{String(v ?? "")}</>
      );
  }
}
