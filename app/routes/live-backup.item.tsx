import { Form, Link, NavLink, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { PageHeader } from "~/components/content/page-header";
import { CsrfInput } from "~/components/forms";
import { Facts, LiveStatusBadge, LiveWhen } from "~/components/live/labels";
import { useDates } from "~/components/use-dates";
import { dash } from "~/lms/paths";

/** Its loader and action: app/lms/live-backup.server.ts. */
export { backupItemLoader as loader, backupItemAction as action } from "~/lms/live-backup.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content", "live"] };

/**
 * One recording kept (spec 000 §2.7 /live_backup/{liveid} with publish and live;
 * docs/decisions/066). Publish: whether learners see it, its video, and stop keeping it. Live: the
 * live it was recorded from, linked to its own pages. Plain posts: they work without JavaScript.
 */
export default function LiveBackupItem() {
  const { item, tab, canPublish, canChange } =
    useLoaderData<typeof import("~/lms/live-backup.server").backupItemLoader>();
  const { t } = useTranslation();
  const dates = useDates();
  const base = dash(`live_backup/${item.id}`);
  const post = (intent: string, label: string) => (
    <Form method="post" className="inline">
      <CsrfInput />
      <input type="hidden" name="live" value={item.id} />
      <button
        type="submit"
        name="intent"
        value={intent}
        className="rounded border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50"
      >
        {label}
      </button>
    </Form>
  );
  return (
    <div className="space-y-4">
      <PageHeader
        title={item.name}
        crumbs={[
          { label: t("menu_home"), href: dash() },
          { label: t("live_backup_title"), href: dash("live_backup") },
          { label: item.name },
        ]}
      />
      <nav aria-label={t("live_backup_title")} className="flex gap-4 border-b border-slate-200 text-sm">
        {(["publish", "live"] as const).map((id) => (
          <NavLink
            key={id}
            to={`${base}/${id}`}
            className={({ isActive }) =>
              `-mb-px border-b-2 px-1 pb-2 ${isActive ? "border-primary font-semibold text-slate-900" : "border-transparent text-slate-600"}`
            }
          >
            {t(`live_backup_tab_${id}`)}
          </NavLink>
        ))}
      </nav>
      {tab === "publish" ? (
        <section className="max-w-2xl space-y-4 rounded border border-slate-200 bg-white p-5">
          <Facts
            rows={[
              [t("live_backup_shown"), item.is_backup_display ? t("live_backup_shown") : t("live_backup_hidden")],
              [t("live_backup_kept"), dates.dateTime(item.datetime_backup)],
              [t("live_info_download"), t(`live_download_${item.download_status}`)],
              [t("live_backup_video"), item.video_url || t("live_backup_no_video")],
            ]}
          />
          <div className="flex flex-wrap gap-2">
            {canPublish
              ? item.is_backup_display
                ? post("hide", t("live_backup_hide"))
                : post("show", t("live_backup_show"))
              : null}
            {canChange ? post("remove", t("live_backup_remove")) : null}
          </div>
        </section>
      ) : (
        <section className="max-w-2xl space-y-4 rounded border border-slate-200 bg-white p-5">
          <Facts
            rows={[
              [t("col_code"), item.code],
              [t("live_info_type"), t(`live_type_${item.live_type}`)],
              [t("live_info_status"), <LiveStatusBadge key="status" status={item.status} />],
              [
                t("live_info_when"),
                <LiveWhen key="when" start={item.datetime_live_start} end={item.datetime_live_end} />,
              ],
            ]}
          />
          <Link
            to={dash(`live/${item.id}/information`)}
            className="inline-block text-sm font-medium text-primary hover:underline"
          >
            {t("live_backup_open_live")}
          </Link>
        </section>
      )}
    </div>
  );
}
