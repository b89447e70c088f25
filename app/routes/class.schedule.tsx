import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { placeOf } from "~/components/class/session-text";
import { useDates } from "~/components/use-dates";
import { classOf, loadSessions } from "~/lms/class-session.server";
import type { ClassSession } from "../../contract/schemas/class";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts); the class's own come with its URL. */
export const handle = { i18n: ["content"] };

/**
 * The schedule tab of a class (spec 000 §2.4): its sessions day by day, read-only. A session's
 * date and times are kept in the organisation's zone (docs/decisions/040), so the days are the
 * organisation's as the curriculum shows them; each with its times, name, type, room and location.
 */
export async function loader(args: LoaderFunctionArgs) {
  const page = await classOf(args, "view");
  return data({ sessions: await loadSessions(page) }, { headers: page.api.headers() });
}

/** Sessions by day, in the API's order (by start), each day once. */
function byDay(sessions: ClassSession[]): [string, ClassSession[]][] {
  const days = new Map<string, ClassSession[]>();
  for (const s of sessions) days.set(s.date, [...(days.get(s.date) ?? []), s]);
  return [...days.entries()];
}

export default function ScheduleTab() {
  const { sessions } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const dates = useDates();
  return (
    <section aria-labelledby="schedule-title" className="max-w-4xl space-y-4">
      <h2 id="schedule-title" className="text-lg font-semibold text-slate-900">
        {t("tab_schedule")}
      </h2>
      {sessions.length === 0 ? (
        <p className="rounded border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
          {t("cls_schedule_empty")}
        </p>
      ) : (
        <ol className="space-y-4">
          {byDay(sessions).map(([day, list]) => (
            <li key={day} className="rounded border border-slate-200 bg-white">
              <h3
                id={`day-${day}`}
                className="border-b border-slate-200 bg-slate-50 px-4 py-2 text-sm font-semibold text-slate-800"
              >
                {dates.day(day)}
              </h3>
              <ul className="divide-y divide-slate-100">
                {list.map((s) => (
                  <li key={s.id} className="grid gap-1 px-4 py-3 text-sm sm:grid-cols-[8rem_1fr_14rem]">
                    <span className="font-mono text-slate-800">
                      {s.start_time}–{s.end_time}
                    </span>
                    <span>
                      <span className="font-medium text-slate-900">{s.name}</span>
                      <span className="block text-xs text-slate-600">{t(`cls_session_type_${s.type}`)}</span>
                    </span>
                    <span className="text-slate-700">{placeOf(s) ?? t("cls_none")}</span>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
