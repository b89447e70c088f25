import { Form, useLocation, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import { CsrfInput } from "~/components/forms";
import { nextOrdering, withParam } from "~/lms/list-query";
import { dateFormat } from "~/lms/format";
import { PublishBadge } from "./publish-badge";

export type Row = { id: number; name: string; [key: string]: unknown };
type Column = { key: string; labelKey: string; sortable?: boolean; kind?: string };
type Can = { publish: boolean; delete: boolean };

/** The list table: sortable headers are links, show/hide and delete are small POST forms. */
export function ListTable({ columns, rows, itemBase, can }: { columns: Column[]; rows: Row[]; itemBase: string; can: Can }) {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const { search } = useLocation();
  const ordering = params.get("ordering");
  if (!rows.length) return <p className="rounded border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">{t("no_results")}</p>;
  return (
    <div className="overflow-x-auto rounded border border-slate-200 bg-white">
      <table className="min-w-full text-sm">
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
            <tr key={row.id} className="hover:bg-slate-50">
              {columns.map((c) => (
                <td key={c.key} className="px-3 py-2 align-middle">
                  {cell({ column: c, row, itemBase, can, t, language: i18n.language, search })}
                </td>
              ))}
              <td className="whitespace-nowrap px-3 py-2 text-right">
                <a href={`${itemBase}/${row.id}`} className="mr-3 text-primary hover:underline">
                  {t("action_open")}
                </a>
                {can.delete ? (
                  <a href={withParam(params, "delete", String(row.id)).replace(/^\?$/, "")} className="text-red-700 hover:underline" aria-label={t("action_delete_named", { name: row.name })}>
                    {t("action_delete")}
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

function sortState(ordering: string | null, key: string) {
  if (ordering === key) return "ascending" as const;
  if (ordering === `-${key}`) return "descending" as const;
  return undefined;
}

type CellProps = { column: Column; row: Row; itemBase: string; can: Can; t: TFunction; language: string; search: string };

/** One cell: a plain function, not a component, so 400 cells cost no hooks of their own (docs/decisions/011). */
function cell({ column, row, itemBase, can, t, language, search }: CellProps) {
  const v = row[column.key];
  switch (column.kind) {
    case "image":
      return v ? <img src={String(v)} alt="" width={64} height={36} loading="lazy" className="h-9 w-16 rounded object-cover" /> : <span className="block h-9 w-16 rounded bg-slate-100" />;
    case "code":
      return <span className="whitespace-nowrap font-mono text-xs">{String(v ?? "")}</span>;
    case "ref":
      return <>{(v as { name?: string } | null)?.name ?? "—"}</>;
    case "publish":
      return <PublishBadge label={String(row.publish_label ?? "")} />;
    case "date":
      return v ? <time dateTime={String(v)}>{dateFormat(language).format(new Date(String(v)))}</time> : <>—</>;
    case "display":
      return can.publish ? (
        <Form method="post" className="inline">
          <CsrfInput />
          <input type="hidden" name="intent" value="toggle" />
          <input type="hidden" name="id" value={row.id} />
          <input type="hidden" name="back" value={search} />
          <input type="hidden" name="is_display" value={v ? "false" : "true"} />
          <button
            type="submit"
            role="switch"
            aria-checked={!!v}
            aria-label={t(v ? "action_hide_named" : "action_show_named", { name: row.name })}
            className={`rounded border px-2 py-0.5 text-xs ${v ? "border-emerald-300 bg-emerald-50 text-emerald-800" : "border-slate-300 bg-white text-slate-700"}`}
          >
            {t(v ? "state_shown" : "state_hidden")}
          </button>
        </Form>
      ) : (
        <>{t(v ? "state_shown" : "state_hidden")}</>
      );
    default:
      return column.key === "name" ? (
        <a href={`${itemBase}/${row.id}`} className="font-medium text-slate-900 hover:underline">
          {String(v ?? "")}
        </a>
      ) : (
        <>{String(v ?? "")}</>
      );
  }
}
