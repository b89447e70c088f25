import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { OverallHeading } from "~/components/activity-overall/slot-parts";
import { CHECKIN_NAMESPACES } from "~/components/checkin/checkin-parts";
import { CheckinSessionList } from "~/components/checkin/session-list";
import { classCheckinPage, loadCheckinPoints } from "~/lms/class-checkin.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts); the class's own come with its URL. */
export const handle = { i18n: [...CHECKIN_NAMESPACES] };

/**
 * Overall › Check-in of a class (spec 000 §2.4, docs/decisions/042): per session, how many of the
 * class's learners checked in (and out), each session linking to its check-in page on the
 * check-in tab, where learners are checked in or out by hand.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { page, checkInType } = await classCheckinPage(args, "view");
  return data(
    { points: await loadCheckinPoints(page), hrefBase: `${page.base}/checkin`, checkOut: checkInType === 1 },
    { headers: page.api.headers() },
  );
}

export default function OverallClassCheckin() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section aria-labelledby="checkin-title" className="space-y-3">
      <OverallHeading id="checkin-title" title={t("cls_overall_checkin")} />
      <p className="text-sm text-slate-600">{t("cls_checkin_overall_intro")}</p>
      <CheckinSessionList
        points={d.points}
        hrefBase={d.hrefBase}
        checkOut={d.checkOut}
        caption={t("cls_checkin_points")}
      />
    </section>
  );
}
