import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { Facts, LiveStatusBadge, LiveWhen } from "~/components/live/labels";
import { StreamDetails } from "~/components/live/stream-details";

/** The stream's loader: app/lms/live.server.ts. */
export { streamLoader as loader } from "~/lms/live.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content"] };

/**
 * A live's stream (spec 000 §2.7 /live/{liveid}/stream; docs/decisions/066): its status, when it
 * runs, its recording's download state and link, and the connection details with copy buttons.
 * Its learners, their progress and their questions are the sub-pages.
 */
export default function LiveStream() {
  const { stream } = useLoaderData<typeof import("~/lms/live.server").streamLoader>();
  const { t } = useTranslation();
  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,42rem)_1fr]">
      <section aria-labelledby="live-stream-state" className="space-y-4 rounded border border-slate-200 bg-white p-5">
        <h2 id="live-stream-state" className="text-lg font-semibold text-slate-900">
          {t("live_tab_stream")}
        </h2>
        <Facts
          rows={[
            [t("live_info_status"), <LiveStatusBadge key="status" status={stream.status} />],
            [
              t("live_info_when"),
              <LiveWhen key="when" start={stream.datetime_live_start} end={stream.datetime_live_end} />,
            ],
            [t("live_info_download"), t(`live_download_${stream.download_status}`)],
            [
              t("live_backup_video"),
              stream.video_url ? (
                <a key="video" href={stream.video_url} className="text-primary hover:underline">
                  {stream.video_url}
                </a>
              ) : (
                t("live_backup_no_video")
              ),
            ],
          ]}
        />
      </section>
      <StreamDetails stream={stream.stream} />
    </div>
  );
}
