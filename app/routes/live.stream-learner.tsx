import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { ProgressBadge } from "~/components/content/progress-badge";
import { DataTable } from "~/components/content/data-table";
import { Pager } from "~/components/content/pager";
import { useDates } from "~/components/use-dates";

/** The stream's learners: app/lms/live.server.ts. */
export { streamLearnerLoader as loader } from "~/lms/live.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts): progress labels are the enrollment's. */
export const handle = { i18n: ["content", "enrollment"] };

/**
 * A live's learners during the stream (spec 000 §2.7 /live/{liveid}/stream/learner;
 * docs/decisions/066): who is enrolled, whether and when they joined, and their progress; those
 * who joined first. Enrolling is the overall learner page.
 */
export default function LiveStreamLearner() {
  const { list } = useLoaderData<typeof import("~/lms/live.server").streamLearnerLoader>();
  const { t } = useTranslation();
  const dates = useDates();
  return (
    <section aria-labelledby="live-learner-title" className="space-y-4">
      <h2 id="live-learner-title" className="text-lg font-semibold text-slate-900">
        {t("live_learner_title")}
      </h2>
      <DataTable
        caption={t("live_learner_title")}
        empty={t("live_learner_none")}
        rows={list.results}
        columns={[
          {
            key: "name",
            label: t("live_learner_name"),
            render: (r) => `${r.account.first_name} ${r.account.last_name} (${r.account.username})`,
          },
          {
            key: "joined",
            label: t("live_learner_joined"),
            render: (r) => (r.has_joined ? t("live_learner_joined") : t("live_learner_not_joined")),
          },
          { key: "started", label: t("live_learner_started"), render: (r) => dates.dateTime(r.datetime_start) },
          { key: "status", label: t("live_learner_status"), render: (r) => <ProgressBadge status={r.status} /> },
        ]}
      />
      <Pager count={list.count} page={list.page} pageSize={list.page_size} capped={list.count_capped} />
    </section>
  );
}
