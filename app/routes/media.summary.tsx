import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { FactList } from "~/components/content/fact-list";

/** Its loader: app/lms/media.server.ts. */
export { summaryLoader as loader } from "~/lms/media.server";

export const handle = { i18n: ["content", "enrollment"] };

/** A flash card set's summary (spec 000 §2.9 flash-card summary): its cards, the learners' cards by status, its learners by progress. */
export default function MediaSummary() {
  const { summary, base } = useLoaderData<typeof import("~/lms/media.server").summaryLoader>();
  const { t } = useTranslation();
  return (
    <section aria-labelledby="media-summary-title" className="max-w-3xl space-y-4">
      <h2 id="media-summary-title" className="text-lg font-semibold">
        {t("media_tab_summary")}
      </h2>
      <FactList
        facts={[
          ["media_col_card_count", summary.card_count],
          [
            "media_ugc_status_0",
            <Link key="0" to={`${base}/ugc?status=0`} className="text-primary hover:underline">
              {summary.ugc["0"] ?? 0}
            </Link>,
          ],
          ["media_ugc_status_1", summary.ugc["1"] ?? 0],
          ["media_ugc_status_-1", summary.ugc["-1"] ?? 0],
          ["progress_status_0", summary.learner["0"] ?? 0],
          ["progress_status_21", summary.learner["21"] ?? 0],
          ["progress_status_30", summary.learner["30"] ?? 0],
        ]}
      />
    </section>
  );
}
