import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { HomeLearningAnswer } from "../../contract/schemas/home";
import { BarChart } from "~/components/charts/BarChart";
import { ActionCards, CHART_COLORS, FigureCards, HomeHeader, useFormats, useSeriesSummary } from "~/components/home";
import { loadHome } from "./home.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["home"] };

export const loader = (args: LoaderFunctionArgs) =>
  loadHome<HomeLearningAnswer>(args, "home-learning", "dashboard/home/learning/");

/** Home, learning (spec 000 §2.2): what waits for the viewer, what the organisation has today and how many accounts joined. */
export default function HomeLearning() {
  const { days, periods, figures, actions, tabs, screenId } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const f = useFormats();
  const summary = useSeriesSummary();
  const dates = figures.new_accounts.map((d) => d.date);
  const series = [
    {
      key: "count",
      label: t("home_new_accounts"),
      color: CHART_COLORS.blue,
      values: figures.new_accounts.map((d) => d.count),
    },
  ];
  const title = t("home_new_accounts_per_day");
  return (
    <>
      <HomeHeader
        title={t("home_learning_title")}
        tabs={tabs}
        current={screenId}
        days={days}
        periods={periods}
        from={figures.date_from}
        to={figures.date_to}
      />
      <ActionCards items={actions.filter((a) => a.group === "waiting")} />
      {/* What happened on the period's days (docs/decisions/086): each card opens the list it counts. */}
      <ActionCards
        items={actions.filter((a) => a.group === "period")}
        heading="home_period_heading"
        id="home-period-title"
      />
      <FigureCards
        label={t("home_content_heading")}
        items={[
          { key: "new", label: t("home_new_accounts_in_period"), value: f.number(figures.new_accounts_total) },
          ...figures.content.map((c) => ({
            key: c.key,
            label: t(`home_content_${c.key}`, { defaultValue: c.key }),
            value: f.number(c.count),
          })),
        ]}
      />
      <BarChart
        title={title}
        summary={summary(title, dates, series)}
        categories={f.days(dates)}
        series={series}
        format={f.number}
        table={{ show: t("chart_show_table"), category: t("chart_date") }}
        empty={t("chart_empty")}
      />
    </>
  );
}
