import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { ProgressBadge } from "~/components/content/progress-badge";
import { DataTable } from "~/components/content/data-table";

/** The stream's loader (its learners counted by progress): app/lms/live.server.ts. */
export { streamProgressLoader as loader } from "~/lms/live.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts): progress labels are the enrollment's. */
export const handle = { i18n: ["content", "enrollment"] };

/**
 * A live's learners by progress (spec 000 §2.7 /live/{liveid}/stream/progress; docs/decisions/066):
 * how many are at each status and what an administrator may set them to by hand — the row of the
 * transition table its live type follows. Changing one learner is the overall progress page.
 */
export default function LiveStreamProgress() {
  const { stream, base, canProgress } = useLoaderData<typeof import("~/lms/live.server").streamProgressLoader>();
  const { t } = useTranslation();
  const rows = (stream.progress ?? []).map((p) => ({ id: p.status, ...p }));
  return (
    <section aria-labelledby="live-progress-title" className="space-y-4">
      <div>
        <h2 id="live-progress-title" className="text-lg font-semibold text-slate-900">
          {t("live_progress_title")}
        </h2>
        <p className="text-sm text-slate-600">{t("live_progress_intro")}</p>
      </div>
      <DataTable
        caption={t("live_progress_title")}
        empty={t("live_progress_none")}
        rows={rows}
        columns={[
          { key: "status", label: t("live_progress_status"), render: (r) => <ProgressBadge status={r.status} /> },
          { key: "count", label: t("live_progress_count"), render: (r) => r.count },
          {
            key: "allowed",
            label: t("live_progress_allowed"),
            render: (r) =>
              r.allowed_status.length ? r.allowed_status.map((s) => t(`progress_status_${s}`)).join(", ") : "—",
          },
        ]}
      />
      {canProgress ? (
        <Link to={`${base}/overall/progress`} className="inline-block text-sm font-medium text-primary hover:underline">
          {t("live_progress_open")}
        </Link>
      ) : null}
    </section>
  );
}
