import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { LearnerCell, OverallHeading } from "~/components/activity-overall/slot-parts";
import {
  CHECKIN_NAMESPACES,
  CheckinTickForm,
  PagedTable,
  tickedAfter,
  useInstant,
  useSourceName,
  useTickColumn,
} from "~/components/checkin/checkin-parts";
import { CheckinSessionList } from "~/components/checkin/session-list";
import { ScanForm } from "~/components/checkin/scan-form";
import type { DataColumn } from "~/components/content/data-table";
import { QueryFilters } from "~/components/content/query-filters";
import { useDates } from "~/components/use-dates";
import { useShiftRange } from "~/components/use-shift-range";
import { dash } from "~/lms/paths";
import {
  checkinIdOf,
  classCheckinPage,
  classCheckinPost,
  loadCheckinPoints,
  loadSessionLearners,
  type CheckinTableRow,
} from "~/lms/class-checkin.server";
import { sessionWhen } from "~/components/class/session-text";
import { checkinWindow } from "../../contract/checkin-codes";
import type { CheckinSessionRow } from "../../contract/schemas/class-checkin";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts); the class's own come with its URL. */
export const handle = { i18n: [...CHECKIN_NAMESPACES] };

/**
 * The check-in tab of a class (spec 000 §2.4 `checkin/{checkinid?}`, docs/decisions/042). Without
 * an id: the class's sessions (its check-in points) with their counts, each linking to its page.
 * With one: that session's learners with their check-in and check-out times and sources, searched
 * by a GET form; with the progress flag, tick learners (shift-click ticks a range) and check them
 * in or out by hand (source: administrator). Plain forms: it works without JavaScript.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { page, checkInType, canCheckIn, readOnly, options } = await classCheckinPage(args, "view");
  const base = `${page.base}/checkin`;
  // The sessions' QR print page (routes/print.class-qrcode.tsx): each session's sheet, or all of them.
  const common = {
    base,
    checkOut: checkInType === 1,
    canCheckIn,
    readOnly,
    options,
    qrBase: dash(`print/portrait/class/${page.id}/qrcode`),
    // Learners holding the code: their cards to print (routes/print.class-learner-qrcode.tsx).
    learnerCodesHref: dash(`print/portrait/class/${page.id}/learner-qrcode`),
  };
  if (args.params.checkinid === undefined) {
    return data(
      { ...common, points: await loadCheckinPoints(page), session: null, list: null, badQuery: false },
      { headers: page.api.headers() },
    );
  }
  const { session, list, badQuery } = await loadSessionLearners(page, checkinIdOf(args), args.request);
  return data({ ...common, points: null, session, list, badQuery }, { headers: page.api.headers() });
}

/** intent=checkin (progress flag): the ticked learners checked in or out; the API's refusal is the form's error. */
export const action = (args: ActionFunctionArgs) => classCheckinPost(args);

export default function CheckinTab() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section aria-labelledby="checkin-title" className="space-y-3">
      {d.session && d.list ? (
        <SessionCheckin />
      ) : (
        <>
          <OverallHeading id="checkin-title" title={t("tab_checkin")} />
          <p className="text-sm text-slate-600">{t("cls_checkin_intro")}</p>
          <CheckinModeNote />
          {/* The session sheets are scanned only where the administrator holds the code. */}
          <CheckinSessionList
            points={d.points ?? []}
            hrefBase={d.base}
            checkOut={d.checkOut}
            qrHref={d.options.learnerHolds ? null : `${d.qrBase}/{id}`}
            caption={t("cls_checkin_points")}
          />
          {d.points?.length && !d.options.learnerHolds ? (
            <a href={d.qrBase} className="inline-block text-sm text-primary underline">
              {t("cls_qr_print_all")}
            </a>
          ) : null}
        </>
      )}
    </section>
  );
}

/** How learners are checked in to this class (docs/decisions/046): by the session's code, their own, or by hand. */
function CheckinModeNote() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const text = d.options.learnerHolds
    ? t("cls_checkin_mode_learner")
    : d.options.selfCheckIn
      ? t("cls_checkin_mode_scan")
      : t("cls_checkin_mode_hand");
  return (
    <p role="note" className="rounded border border-sky-200 bg-sky-50 p-3 text-sm text-sky-900">
      {text}
      {d.options.learnerHolds ? (
        <>
          {" "}
          <a href={d.learnerCodesHref} className="font-medium underline">
            {t("cls_learner_codes_print")}
          </a>
        </>
      ) : null}
    </p>
  );
}

/**
 * When the session's check-in is open (contract checkinWindow, docs/decisions/077): learners scan
 * its code within it (a session checked in by hand has none); by hand, from its opening on.
 */
function CheckinWindowNote({ session }: { session: CheckinSessionRow }) {
  const { t } = useTranslation();
  const dates = useDates();
  const w = checkinWindow(session);
  return (
    <p role="note" className="rounded border border-sky-200 bg-sky-50 p-3 text-sm text-sky-900">
      {t(session.is_qr_code ? "cls_checkin_window_qr" : "cls_checkin_window_hand", {
        period: dates.period(w.opens, w.closes),
        opens: dates.dateTime(w.opens),
      })}
    </p>
  );
}

/** One session's learners, with the tick form when the user may check in. */
function SessionCheckin() {
  const d = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  const result = posted && "result" in posted ? posted.result : undefined;
  const { t } = useTranslation();
  const dates = useDates();
  const rows = useShiftRange<HTMLDivElement>();
  const source = useSourceName();
  const when = useInstant();
  const noneLabel = t("chk_source_none");
  const tick = useTickColumn<CheckinTableRow>(tickedAfter(result));
  const session = d.session!;
  const errors = (result?.error?.[""] ?? []).map((e) => t(e));
  const columns: DataColumn<CheckinTableRow>[] = [
    ...(d.canCheckIn ? [tick] : []),
    { key: "name", label: t("enr_col_name"), sort: "name", render: (r) => <LearnerCell row={r} /> },
    {
      key: "checkin",
      label: t("chk_col_checked_in"),
      sort: "datetime_checkin",
      render: (r) => when(r.datetime_checkin),
    },
    // Checked in from an unknown source reads "not set"; not checked in, a dash.
    {
      key: "in_source",
      label: t("chk_col_source"),
      render: (r) => (r.datetime_checkin ? source(r.checkin_source, noneLabel) : "—"),
    },
    ...(d.checkOut
      ? [
          {
            key: "checkout",
            label: t("chk_col_checked_out"),
            sort: "datetime_checkout",
            render: (r: CheckinTableRow) => when(r.datetime_checkout),
          },
          {
            key: "out_source",
            label: t("cls_checkin_col_out_source"),
            render: (r: CheckinTableRow) => source(r.checkout_source),
          },
        ]
      : []),
  ];
  return (
    <>
      <OverallHeading id="checkin-title" title={t("tab_checkin")} sub={session.name} />
      <p className="text-sm text-slate-700">
        {sessionWhen(dates, session)}.{" "}
        <a href={d.base} className="text-primary underline">
          {t("cls_checkin_all_sessions")}
        </a>
      </p>
      <CheckinWindowNote session={session} />
      <QueryFilters id="checkin-filters" placeholder={t("enr_search_placeholder")} keep={["ordering"]} />
      {d.canCheckIn && d.options.learnerHolds && session.is_qr_code ? <ScanForm /> : null}
      {d.canCheckIn ? <CheckinTickForm errors={errors} checkOut={d.checkOut} /> : null}
      <div ref={rows}>
        <PagedTable
          list={d.list!}
          badQuery={d.badQuery}
          columns={columns}
          caption={t("cls_checkin_learners_of", { name: session.name })}
          empty={t("enr_no_learners")}
        />
      </div>
    </>
  );
}
