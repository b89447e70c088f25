import { useActionData, useLoaderData } from "@remix-run/react";
import { useMemo } from "react";
import { nounValues, useContentTranslation } from "~/components/content/use-content-translation";
import { ListFilters } from "~/components/content/list-filters";
import { LIST_ROWS, ListTable, type Row } from "~/components/content/list-table";
import { Pager } from "~/components/content/pager";
import { ConfirmDelete, WarningDialog } from "~/components/content/dialogs";
import { PageHeader } from "~/components/content/page-header";
import { ExportLinks } from "~/components/content/export-links";
import { dash } from "~/lms/paths";
import { useRenderOnly } from "~/components/render-only";
import type { action, loader } from "~/lms/content-list.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content"] };

/**
 * The generic list screen (issue 4 §2): search, filters, sortable columns, pager, show/hide and
 * delete with a confirmation step — all plain GET forms, links and POST forms, so it works
 * without JavaScript. Which columns and filters: the content registry. Its loader and action are
 * app/lms/content-list.server.ts; inside another item's tab (a program's classes) it renders
 * without its page header, under the item's.
 */
export { action, loader } from "~/lms/content-list.server";

export default function ContentList() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useContentTranslation();
  const warning = actionData && "warning" in actionData ? actionData.warning : null;
  const kept = useRenderOnly<Row[]>(LIST_ROWS);
  // null while the rows are the document's own markup (the browser, until a navigation).
  const rows = useMemo(() => (d.rows === null ? (kept ?? null) : (JSON.parse(d.rows) as Row[])), [d.rows, kept]);
  const links = (
    <>
      {/* Inside another item's tab its sub-page bar links these already. */}
      {(d.inTab ? [] : d.pages).map((p) => (
        <a
          key={p.id}
          href={p.href}
          className="rounded border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
        >
          {t(p.labelKey)}
        </a>
      ))}
      {d.can.add ? (
        <a
          href={d.createHref}
          className="rounded bg-primary px-4 py-2 text-sm font-medium text-primary-fg hover:opacity-90"
        >
          {t("action_create")}
        </a>
      ) : null}
    </>
  );
  return (
    <div>
      {d.inTab ? (
        // Inside another item's tab (a program's classes): under the item's own header.
        <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-lg font-semibold">{t(d.labelKey)}</h2>
          <div className="flex flex-wrap gap-2">{links}</div>
        </div>
      ) : (
        <PageHeader title={t(d.labelKey)} crumbs={[{ label: t("menu_home"), href: dash() }, { label: t(d.labelKey) }]}>
          {links}
        </PageHeader>
      )}
      <ListFilters filters={d.filters} options={d.options} searchKey={d.searchKey} />
      {d.exportLink && d.list.count ? (
        // The whole list as searched, filtered and ordered (docs/decisions/081); the default order when none is asked.
        <div className="my-3 flex justify-end">
          <ExportLinks
            href={d.exportLink.href}
            keys={d.exportLink.keys}
            defaults={{ ordering: d.exportLink.ordering }}
          />
        </div>
      ) : null}
      {d.badQuery ? (
        <p className="my-3 text-sm text-red-700" role="alert">
          {t("invalid")}
        </p>
      ) : null}
      <ListTable
        columns={d.columns}
        rows={rows}
        rowCount={d.rowCount}
        itemBase={d.itemBase}
        can={d.can}
        empty={d.filtered ? t("no_results") : t("list_empty", nounValues(t, d.nounKey))}
      />
      <Pager count={d.list.count} page={d.list.page} pageSize={d.list.page_size} capped={d.list.count_capped} />
      {/* A refused delete replaces its confirmation step (the URL still names the item). */}
      {d.pending && !warning ? <ConfirmDelete item={d.pending} /> : null}
      {warning ? (
        <WarningDialog
          messageKey={warning}
          items={actionData && "items" in actionData ? (actionData.items as string[]) : undefined}
        />
      ) : null}
    </div>
  );
}
