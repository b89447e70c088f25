import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { OverviewLearner } from "../../contract/schemas/class-options";
import { ProgressBadge } from "~/components/content/progress-badge";
import { useDates } from "~/components/use-dates";
import { sessionWhen } from "~/components/class/session-text";
import { itemPage, loadOverview } from "~/lms/class-options.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts); the class's own come with its URL. */
export const handle = { i18n: ["content", "enrollment"] };

/**
 * The class's `enrollment-old` tab (spec 000 §2.4 names it beside enrollment; docs/decisions/046):
 * the enrolment as the previous product showed it — by session. Read-only: the settings in effect
 * (session enrollment, minimum and maximum, change, overlap, the class's capacity), then each
 * session with its seats and the learners who chose it, then the learners who chose none. Each
 * learner links to their sessions page (Overall › Learners), where they are chosen.
 */
export async function loader(args: LoaderFunctionArgs) {
  const page = await itemPage(args, "view");
  return data(
    { o: await loadOverview(page), learnerBase: `${page.base}/overall/learner` },
    { headers: page.api.headers() },
  );
}

export default function EnrollmentOld() {
  const { o, learnerBase } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const dates = useDates();
  const s = o.settings;
  const yes = (v: boolean) => (v ? t("cls_yes") : t("cls_no"));
  const people = (list: OverviewLearner[], empty: string) =>
    list.length === 0 ? (
      <p className="px-4 py-2 text-sm text-slate-600">{empty}</p>
    ) : (
      <ul className="divide-y divide-slate-100">
        {list.map((l) => (
          <li key={l.enrollment_id} className="flex flex-wrap items-center gap-3 px-4 py-2 text-sm">
            <a href={`${learnerBase}/${l.enrollment_id}/session`} className="font-medium text-primary underline">
              {l.account.name || l.account.username}
            </a>
            <span className="font-mono text-xs text-slate-600">{l.account.username}</span>
            <ProgressBadge status={l.status} />
            <span className="ml-auto text-xs text-slate-600">
              {t("cls_enrolled_on", { date: dates.date(l.datetime_enroll) })}
            </span>
          </li>
        ))}
      </ul>
    );
  return (
    <section aria-labelledby="enrollment-old-title" className="max-w-4xl space-y-4">
      <h2 id="enrollment-old-title" className="text-lg font-semibold text-slate-900">
        {t("cls_enrollment_old")}
      </h2>
      <dl className="grid gap-x-6 gap-y-1 rounded border border-slate-200 bg-white p-4 text-sm sm:grid-cols-2">
        {[
          [t("cls_old_session_enrollment"), yes(s.is_session_enrollment)],
          [t("cls_old_min_max"), `${s.minimum} – ${s.maximum}`],
          [t("cls_old_change"), yes(s.is_allow_change)],
          [t("cls_old_overlap"), yes(s.is_overlap_time)],
          [t("cls_old_capacity"), o.capacity > 0 ? String(o.capacity) : t("cls_unlimited")],
          [t("cls_old_enrolled"), String(o.enrolled)],
        ].map(([k, v]) => (
          <div key={k} className="flex justify-between gap-2 border-b border-slate-100 py-1">
            <dt className="text-slate-600">{k}</dt>
            <dd className="font-medium text-slate-900">{v}</dd>
          </div>
        ))}
      </dl>
      <ol className="space-y-3">
        {o.sessions.map((x) => (
          <li key={x.id} className="rounded border border-slate-200 bg-white">
            <h3 className="flex flex-wrap gap-3 border-b border-slate-200 bg-slate-50 px-4 py-2 text-sm font-semibold text-slate-800">
              <span>{x.name}</span>
              <span className="font-normal text-slate-700">{sessionWhen(dates, x)}</span>
              <span className="ml-auto font-normal">
                {x.capacity > 0
                  ? t("cls_session_seats", { taken: x.taken, capacity: x.capacity })
                  : t("cls_session_seats_unlimited", { taken: x.taken })}
              </span>
            </h3>
            {people(x.learners, t("cls_old_session_empty"))}
          </li>
        ))}
      </ol>
      {o.sessions.length === 0 ? (
        <p className="rounded border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">
          {t("cls_schedule_empty")}
        </p>
      ) : null}
      <div className="rounded border border-slate-200 bg-white">
        <h3 className="border-b border-slate-200 bg-slate-50 px-4 py-2 text-sm font-semibold text-slate-800">
          {t("cls_old_unassigned", { n: o.unassigned.length })}
        </h3>
        {people(o.unassigned, t("cls_old_unassigned_none"))}
      </div>
    </section>
  );
}
