import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { USAGE_TYPES, type UsageType } from "../../contract/activity-codes";
import type { ActivityUsage } from "../../contract/schemas/activity";
import { LinkRow } from "~/components/activity-overall/link-row";
import { OverallHeading } from "~/components/activity-overall/slot-parts";
import { BarChart } from "~/components/charts/BarChart";
import { DataTable } from "~/components/content/data-table";
import { CHART_COLORS, FigureCards, useFormats, useSeriesSummary } from "~/components/home";
import { everyDay, requireActivity } from "~/lms/activity-overall.server";
import { invariantResponse } from "~/lms/invariant";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content", "enrollment", "home"] };

/**
 * Overall › Usage (spec 000 §2.3 `usage/{usage_type?}`; docs/decisions/023): how many check-ins,
 * submissions or verifications the activity had (check-ins without a type), per day as a chart
 * whose figures are also a table, in total and per checklist (GET {activity}/usage/). The types
 * are links; an unknown type is 404.
 */
export async function loader(args: LoaderFunctionArgs) {
  const activity = await requireActivity(args, "view");
  const { api, paths } = activity;
  const usageType = (args.params.usage_type ?? USAGE_TYPES[0]) as UsageType;
  invariantResponse(USAGE_TYPES.includes(usageType), "Not Found", { status: 404 });
  const answer = (await api.get<ActivityUsage>(`${paths.api}usage/`, { query: { usage_type: usageType } })).data;
  const usage = { ...answer, days: everyDay(answer.days) };
  return data(
    {
      usage,
      usageType,
      tabs: USAGE_TYPES.map((u) => ({ key: u, href: `${paths.base}/overall/usage/${u}`, current: u === usageType })),
    },
    { headers: api.headers() },
  );
}

export default function OverallUsage() {
  const { usage, usageType, tabs } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const f = useFormats();
  const summary = useSeriesSummary();
  const label = t(`acto_usage_${usageType}`);
  const dates = usage.days.map((d) => d.date);
  const series = [{ key: usageType, label, color: CHART_COLORS.blue, values: usage.days.map((d) => d.count) }];
  const chartTitle = t("acto_usage_per_day", { type: label });
  return (
    <section aria-labelledby="usage-title" className="space-y-4">
      <OverallHeading id="usage-title" title={t("overall_usage")} sub={label} />
      <LinkRow
        label={t("acto_usage_type")}
        links={tabs.map((tab) => ({ ...tab, label: t(`acto_usage_${tab.key}`) }))}
      />
      <FigureCards
        label={t("acto_usage_figures")}
        items={[{ key: "total", label: t("acto_usage_total", { type: label }), value: f.number(usage.total) }]}
      />
      {dates.length ? (
        <BarChart
          title={chartTitle}
          summary={summary(chartTitle, dates, series)}
          categories={f.days(dates)}
          series={series}
          format={f.number}
          table={{ show: t("chart_show_table"), category: t("chart_date") }}
          empty={t("chart_empty")}
        />
      ) : (
        <p className="rounded border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
          {t("chart_empty")}
        </p>
      )}
      <div>
        <h3 className="mb-2 font-medium text-slate-900">{t("acto_usage_by_checklist")}</h3>
        <DataTable
          caption={t("acto_usage_by_checklist")}
          rows={usage.checklists}
          empty={t("acto_no_checklists")}
          columns={[
            { key: "name", label: t("act_checklist_title"), render: (c) => c.name },
            { key: "count", label: label, className: "text-right tabular-nums", render: (c) => f.number(c.count) },
          ]}
        />
      </div>
    </section>
  );
}
