import type { TFunction } from "~/i18n/translator";
import { formatInstant, labelTemplate } from "~/lms/format";
import { html } from "~/lms/html";
import { publishBadgeClass } from "./publish-badge";

/**
 * The list table's rows as one string of markup (list-table.tsx puts it in its <tbody>). On the
 * 50-row list, 900 React elements were the largest part of the page's server time; the rows hold
 * no state (links, and submit buttons of one shared form), so they need no React of their own
 * (docs/decisions/016). Every value goes through `html`, which escapes it as React would.
 */
export type Row = { id: number; name: string; [key: string]: unknown };
export type Column = { key: string; labelKey: string; sortable?: boolean; kind?: string; labelPrefix?: string };
export type Can = { publish: boolean; delete: boolean };

/** The id of the one form every row's show/hide switch submits. */
export const ROW_FORM = "list-row-actions";

/**
 * The words every row repeats, translated once per render: i18next's `t` costs a few
 * microseconds a call, and fifty rows made three hundred calls (docs/decisions/016).
 */
export function rowLabels(t: TFunction) {
  const named = (key: string) => labelTemplate(t, key, "name");
  const coded = new Map<string, string>();
  // A code's label, translated once per render however many rows repeat it.
  const code = (key: string) => {
    let text = coded.get(key);
    if (text === undefined) coded.set(key, (text = t(key)));
    return text;
  };
  return {
    open: t("action_open"),
    delete: t("action_delete"),
    shown: t("state_shown"),
    hidden: t("state_hidden"),
    deleteNamed: named("action_delete_named"),
    showNamed: named("action_show_named"),
    hideNamed: named("action_hide_named"),
    active: t("state_active"),
    inactive: t("state_inactive"),
    publish: code,
    code,
  };
}
export type Labels = ReturnType<typeof rowLabels>;

export type RowsProps = {
  columns: Column[];
  rows: Row[];
  itemBase: string;
  can: Can;
  labels: Labels;
  language: string;
  deleteBase: string;
  offset: number;
};

/**
 * The table body's markup. `deleteBase` is the page's query ending in `delete=`; `offset` the
 * organisation's zone, minutes east of UTC, its dates are shown in (docs/decisions/025).
 */
export function rowsHtml({ columns, rows, itemBase, can, labels, language, deleteBase, offset }: RowsProps): string {
  // Each cell names its column: above 1920 px the rows are cards, whose cells show it (tailwind.css).
  const named = columns.map((c) => labels.code(c.labelKey));
  return html`${rows.map(
    (row) =>
      html`<tr>${columns.map((column, i) =>
        column.kind === "code"
          ? html`<td class="code" data-label="${named[i]}">${row[column.key]}</td>`
          : column.key === "name"
            ? html`<td class="name" data-label="${named[i]}">${cell(column, row, itemBase, can, labels, language, offset)}</td>`
            : html`<td data-label="${named[i]}">${cell(column, row, itemBase, can, labels, language, offset)}</td>`,
      )}<td><a href="${itemBase}/${row.id}" class="row-open">${labels.open}</a>${
        can.delete
          ? html`<a href="${deleteBase}${row.id}" class="row-delete" aria-label="${labels.deleteNamed(row.name)}">${labels.delete}</a>`
          : null
      }</td></tr>`,
  )}`.value;
}

/** One cell's markup. */
function cell(column: Column, row: Row, itemBase: string, can: Can, labels: Labels, language: string, offset: number) {
  const v = row[column.key];
  switch (column.kind) {
    case "image":
      return v
        ? html`<img src="${v}" alt="" width="64" height="36" loading="lazy" class="thumb">`
        : html`<span class="thumb"></span>`;
    case "ref":
      // The loader sends a ref as its name (content.list.tsx tableRow).
      return v ?? "—";
    case "publish": {
      const label = String(row.publish_label ?? "");
      return html`<span class="${publishBadgeClass(label)}">${labels.publish(label)}</span>`;
    }
    case "active":
      return html`<span class="${v ? "badge-active" : "badge-inactive"}">${v ? labels.active : labels.inactive}</span>`;
    case "label":
      return v == null || v === "" ? "—" : labels.code(`${column.labelPrefix ?? ""}${v}`);
    case "date":
      return v ? html`<time datetime="${v}">${formatInstant("date", language, String(v), offset)}</time>` : "—";
    case "display":
      // One shared form (ROW_FORM, rendered once beside the table) carries the token and the way
      // back; each row's switch is only a submit button naming it (docs/decisions/016). A read-only
      // row (a cancelled class) only says where it stands: its show/hide is refused.
      return can.publish && !row.read_only
        ? html`<button type="submit" form="${ROW_FORM}" name="${v ? "hide" : "show"}" value="${row.id}" role="switch" aria-checked="${v ? "true" : "false"}" aria-label="${(v ? labels.hideNamed : labels.showNamed)(row.name)}" class="switch">${v ? labels.shown : labels.hidden}</button>`
        : v
          ? labels.shown
          : labels.hidden;
    default:
      return column.key === "name" ? html`<a href="${itemBase}/${row.id}" class="row-name">${v}</a>` : v;
  }
}
