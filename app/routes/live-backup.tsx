import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { DataTable } from "~/components/content/data-table";
import { Pager } from "~/components/content/pager";
import { PageHeader } from "~/components/content/page-header";
import { LiveStatusBadge } from "~/components/live/labels";
import { useDates } from "~/components/use-dates";
import { dash } from "~/lms/paths";

/** Its loader: app/lms/live-backup.server.ts. */
export { backupListLoader as loader } from "~/lms/live-backup.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content", "live"] };

/**
 * The recordings kept (spec 000 §2.7 /live_backup; docs/decisions/066): lives that ended with a
 * video, kept for learners to watch again; each opens its publish page.
 */
export default function LiveBackupList() {
  const { list, canChange } = useLoaderData<typeof import("~/lms/live-backup.server").backupListLoader>();
  const { t } = useTranslation();
  const dates = useDates();
  return (
    <div className="space-y-4">
      <PageHeader
        title={t("live_backup_title")}
        crumbs={[{ label: t("menu_home"), href: dash() }, { label: t("live_backup_title") }]}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600">{t("live_backup_intro")}</p>
        {canChange ? (
          <Link
            to={dash("live_backup/create")}
            className="rounded bg-primary px-3 py-1.5 text-sm font-medium text-white hover:opacity-90"
          >
            {t("live_backup_create")}
          </Link>
        ) : null}
      </div>
      <DataTable
        caption={t("live_backup_title")}
        empty={t("live_backup_none")}
        rows={list.results}
        columns={[
          {
            key: "name",
            label: t("col_name"),
            render: (r) => (
              <Link to={dash(`live_backup/${r.id}/publish`)} className="text-primary hover:underline">
                {r.name}
              </Link>
            ),
          },
          { key: "code", label: t("col_code"), render: (r) => <span className="font-mono">{r.code}</span> },
          { key: "status", label: t("live_col_status"), render: (r) => <LiveStatusBadge status={r.status} /> },
          { key: "download", label: t("live_info_download"), render: (r) => t(`live_download_${r.download_status}`) },
          { key: "start", label: t("live_col_start"), render: (r) => dates.dateTime(r.datetime_live_start) },
        ]}
      />
      <Pager count={list.count} page={list.page} pageSize={list.page_size} capped={list.count_capped} />
    </div>
  );
}
