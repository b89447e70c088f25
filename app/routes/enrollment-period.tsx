import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { PERIOD_EVENTS } from "../../contract/period-events";
import { DataTable } from "~/components/content/data-table";
import { Pager } from "~/components/content/pager";
import { SearchInput } from "~/components/content/search-input";
import { ExportLinks } from "~/components/content/export-links";
import { APPROVAL_TYPES } from "~/components/approvals/content-types";
import { periodColumns } from "~/components/approvals/period-columns";
import { formatCalendarDay } from "~/lms/format";
import { dash } from "~/lms/paths";
import { periodLoader } from "~/lms/enrollment-period.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["approvals", "enrollment", "content"] };

export const loader = (args: LoaderFunctionArgs) => periodLoader(args);

/** The query keys the export carries (the list's own, never its page). */
const EXPORT_KEYS = ["search", "ordering", "event", "date_from", "date_to", "content_type"];
const FIELD = "rounded border border-slate-300 px-2 py-1.5 text-sm aria-[invalid=true]:border-red-600";

/**
 * Enrolments and completions in a period (issue 33 item 13; docs/decisions/086): what the home's
 * two period cards count, across contents — the learner, the content (opening its learners), its
 * type, when enrolled and completed, the status. The period is days of the organisation's zone;
 * the filters are one plain GET form, the two lists plain links: works without JavaScript.
 */
export default function EnrollmentPeriod() {
  const { list, errors, offset, canExport } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const event = list.event;
  const day = (d: string) => formatCalendarDay(i18n.language, d);
  const fieldError = (name: string) => errors?.[name]?.[0] ?? null;
  // The other list of the same days, filters and search: a plain link.
  const eventHref = (e: string) => {
    const q = new URLSearchParams([...params].filter(([k]) => k !== "page" && k !== "ordering" && k !== "event"));
    q.set("event", e);
    return `${dash("enrollment/period")}?${q}`;
  };
  const dateField = (name: "date_from" | "date_to", value: string) => {
    const error = fieldError(name);
    return (
      <div>
        <label htmlFor={`period-${name}`} className="mb-1 block text-xs font-medium text-slate-700">
          {t(`prd_${name}`)}
        </label>
        <input
          id={`period-${name}`}
          name={name}
          type="date"
          defaultValue={params.get(name) ?? value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `period-${name}-error` : undefined}
          className={FIELD}
        />
        {error ? (
          <p id={`period-${name}-error`} className="mt-1 text-xs text-red-700">
            {t(error)}
          </p>
        ) : null}
      </div>
    );
  };
  const typeError = fieldError("content_type") ?? fieldError("event") ?? fieldError("ordering");
  return (
    <div className="space-y-2">
      <header className="mb-3 space-y-1">
        <h1 className="text-2xl font-semibold">{t(`prd_title_${event}`)}</h1>
        {list.date_from && list.date_to && !errors ? (
          <p className="max-w-3xl text-sm text-slate-700">
            {t(`prd_intro_${event}`, { from: day(list.date_from), to: day(list.date_to) })}
          </p>
        ) : null}
      </header>
      <nav aria-label={t("prd_tabs")} className="mb-4 flex gap-1 border-b border-slate-200 text-sm">
        {PERIOD_EVENTS.map((e) => (
          <a
            key={e}
            href={eventHref(e)}
            aria-current={event === e ? "page" : undefined}
            className={`-mb-px border-b-2 px-3 py-2 ${event === e ? "border-primary font-semibold text-slate-900" : "border-transparent text-slate-700 hover:text-slate-900"}`}
          >
            {t(`prd_tab_${e}`)}
          </a>
        ))}
      </nav>
      <Form
        method="get"
        role="search"
        className="mb-3 flex flex-wrap items-end gap-3 rounded border border-slate-200 bg-white p-3"
      >
        <input type="hidden" name="event" value={event} />
        {params.get("ordering") ? <input type="hidden" name="ordering" value={params.get("ordering") ?? ""} /> : null}
        <div>
          <label htmlFor="period-search" className="mb-1 block text-xs font-medium text-slate-700">
            {t("search")}
          </label>
          <SearchInput
            id="period-search"
            placeholder={t("apv_search_placeholder")}
            className="w-64 rounded border border-slate-300 px-3 py-1.5 text-sm"
          />
        </div>
        {dateField("date_from", list.date_from)}
        {dateField("date_to", list.date_to)}
        <div>
          <label htmlFor="period-content_type" className="mb-1 block text-xs font-medium text-slate-700">
            {t("apv_filter_type")}
          </label>
          <select
            id="period-content_type"
            name="content_type"
            defaultValue={params.get("content_type") ?? "all"}
            className={`max-w-[14rem] ${FIELD}`}
          >
            <option value="all">{t("filter_all")}</option>
            {APPROVAL_TYPES.map((x) => (
              <option key={x.key} value={x.key}>
                {t(x.labelKey)}
              </option>
            ))}
          </select>
        </div>
        <button
          type="submit"
          className="rounded border border-slate-300 bg-white px-3 py-1.5 text-sm hover:bg-slate-50"
        >
          {t("apply_filters")}
        </button>
        <a href={`?event=${event}`} className="px-2 py-1.5 text-sm text-primary underline">
          {t("clear_filters")}
        </a>
      </Form>
      {typeError ? (
        <p role="alert" className="text-sm text-red-700">
          {t(typeError)}
        </p>
      ) : null}
      {canExport && list.results.length ? (
        <ExportLinks href={dash("enrollment/period/export")} keys={EXPORT_KEYS} extra={{ event }} />
      ) : null}
      <DataTable
        columns={periodColumns(t, i18n.language, offset)}
        rows={list.results}
        caption={t(`prd_title_${event}`)}
        empty={t(errors ? "prd_empty_invalid" : `prd_empty_${event}`)}
      />
      <Pager count={list.count} page={list.page} pageSize={list.page_size} capped={!!list.count_capped} />
    </div>
  );
}
