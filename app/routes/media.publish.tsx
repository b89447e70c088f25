import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { FactList } from "~/components/content/fact-list";
import { PublishBadge } from "~/components/content/publish-badge";
import { Dependants } from "~/components/media/dependants";
import { useDates } from "~/components/use-dates";
import { MEDIA_KINDS, type MediaKind } from "../../contract/media-codes";

/** Its loader: app/lms/media.server.ts. */
export { publishLoader as loader } from "~/lms/media.server";

export const handle = { i18n: ["content"] };

/**
 * Publish (spec 000 §2.9 overall/management/publish, and a video's index/overall/publish;
 * docs/decisions/069): what showing the item depends on — its state, what it needs first (a file,
 * a card), who requires it (then it cannot be hidden). The publish form itself is the item's
 * (above, on every page of the item), so it is not repeated here.
 */
export default function MediaPublish() {
  const { item } = useLoaderData<typeof import("~/lms/media.server").publishLoader>();
  const { t } = useTranslation();
  const dates = useDates();
  const row = MEDIA_KINDS[item.kind as MediaKind];
  const needs = row.file
    ? item.file
      ? "media_ready"
      : "media_msg_file_required"
    : row.cards
      ? item.card_count
        ? "media_ready"
        : "media_msg_card_required"
      : "media_ready";
  return (
    <section aria-labelledby="media-publish-title" className="max-w-3xl space-y-4">
      <h2 id="media-publish-title" className="text-lg font-semibold">
        {t("media_publish")}
      </h2>
      <p className="text-sm text-slate-600">{t("media_publish_intro")}</p>
      <FactList
        facts={[
          ["col_publish_status", item.publish_label ? <PublishBadge label={item.publish_label} /> : null],
          ["media_publish_needs", t(needs)],
          [
            "media_first_published",
            item.datetime_first_publish ? dates.dateTime(item.datetime_first_publish) : t("media_none"),
          ],
        ]}
      />
      <Dependants list={item.dependent_list} />
    </section>
  );
}
