import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { FactList } from "~/components/content/fact-list";
import { PublishBadge } from "~/components/content/publish-badge";
import { Dependants } from "~/components/media/dependants";
import { useDates } from "~/components/use-dates";

/** Its loader: app/lms/media.server.ts. */
export { itemLoader as loader } from "~/lms/media.server";

export const handle = { i18n: ["content"] };

/**
 * Management (spec 000 §2.9 overall/management; docs/decisions/069): how the item is offered —
 * its publish state and who requires it — with its two pages: condition (who may see it: the
 * permission rules) and publish.
 */
export default function MediaManagement() {
  const { item, base } = useLoaderData<typeof import("~/lms/media.server").itemLoader>();
  const { t } = useTranslation();
  const dates = useDates();
  return (
    <section aria-labelledby="media-management-title" className="max-w-3xl space-y-4">
      <h2 id="media-management-title" className="text-lg font-semibold">
        {t("media_overall_management")}
      </h2>
      <FactList
        facts={[
          ["col_publish_status", item.publish_label ? <PublishBadge label={item.publish_label} /> : null],
          [
            "media_first_published",
            item.datetime_first_publish ? dates.dateTime(item.datetime_first_publish) : t("media_none"),
          ],
          ["media_required_by", String(item.dependent_list.length)],
        ]}
      />
      <ul className="flex gap-4 text-sm">
        <li>
          <Link to={`${base}/overall/management/condition`} className="text-primary hover:underline">
            {t("media_condition")}
          </Link>
        </li>
        <li>
          <Link to={`${base}/overall/management/publish`} className="text-primary hover:underline">
            {t("media_publish")}
          </Link>
        </li>
      </ul>
      <Dependants list={item.dependent_list} />
    </section>
  );
}
