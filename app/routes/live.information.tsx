import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { Facts, LiveStatusBadge, LiveWhen } from "~/components/live/labels";
import { StreamDetails } from "~/components/live/stream-details";

/** The live's loader: app/lms/live.server.ts. */
export { informationLoader as loader } from "~/lms/live.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts); the live's own come with its URL. */
export const handle = { i18n: ["content"] };

/**
 * A live's information (spec 000 §2.7 /live/{liveid}/information; docs/decisions/066): the live as
 * read — its type, status and video download state as labels, when it runs, who teaches — and its
 * stream details with copy buttons. Editing is the `edit` tab (the engine's form).
 */
export default function LiveInformation() {
  const { item, base, canChange } = useLoaderData<typeof import("~/lms/live.server").informationLoader>();
  const { t } = useTranslation();
  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,42rem)_1fr]">
      <section aria-labelledby="live-info-title" className="space-y-4 rounded border border-slate-200 bg-white p-5">
        <h2 id="live-info-title" className="text-lg font-semibold text-slate-900">
          {item.name} <span className="font-mono text-sm text-slate-500">({item.code})</span>
        </h2>
        <Facts
          rows={[
            [
              t("live_info_when"),
              <LiveWhen key="when" start={item.datetime_live_start} end={item.datetime_live_end} />,
            ],
            [t("live_info_type"), t(`live_type_${item.live_type}`)],
            [t("live_info_status"), <LiveStatusBadge key="status" status={item.status} />],
            [t("live_info_download"), t(`live_download_${item.download_status}`)],
            [
              t("live_info_instructors"),
              item.instructor_list.length ? item.instructor_list.map((i) => i.name).join(", ") : t("live_info_none"),
            ],
            [t("field_category"), item.category.name],
            [t("field_provider"), item.provider.name],
            [t("field_desc"), item.desc || t("live_info_none")],
          ]}
        />
        {canChange ? (
          <Link to={`${base}/edit`} className="inline-block text-sm font-medium text-primary hover:underline">
            {t("live_info_edit")}
          </Link>
        ) : null}
      </section>
      <StreamDetails stream={item.stream} />
    </div>
  );
}
