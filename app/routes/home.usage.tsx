import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { HomeUsageAnswer } from "../../contract/schemas/home";
import { BarChart } from "~/components/charts/BarChart";
import { LineChart } from "~/components/charts/LineChart";
import { CHART_COLORS, FigureCards, HomeHeader, useFormats, useSeriesSummary } from "~/components/home";
import { loadHome } from "./home.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["home"] };

export const loader = (args: LoaderFunctionArgs) =>
  loadHome<HomeUsageAnswer>(args, "home-usage", "dashboard/home/usage/");

/** Home, usage monitoring (spec 000 §2.2): visits by source, sign-ins, who is on now. */
export default function HomeUsage() {
  const { days, periods, figures, tabs, screenId } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const f = useFormats();
  const summary = useSeriesSummary();
  const dates = figures.sessions.map((d) => d.date);
  const categories = f.days(dates);
  const table = { show: t("chart_show_table"), category: t("chart_date"), total: t("chart_total") };
  const sessions = [
    {
      key: "learner",
      label: t("home_source_learner"),
      color: CHART_COLORS.blue,
      values: figures.sessions.map((d) => d.learner),
    },
    {
      key: "dashboard",
      label: t("home_source_dashboard"),
      color: CHART_COLORS.amber,
      values: figures.sessions.map((d) => d.dashboard),
    },
  ];
  const signIns = [
    {
      key: "success",
      label: t("home_sign_in_success"),
      color: CHART_COLORS.teal,
      values: figures.sign_ins.map((d) => d.success),
    },
    {
      key: "failed",
      label: t("home_sign_in_failed"),
      color: CHART_COLORS.red,
      values: figures.sign_ins.map((d) => d.failed),
    },
  ];
  const sessionsTitle = t("home_sessions_per_day");
  const signInsTitle = t("home_sign_ins_per_day");
  return (
    <>
      <HomeHeader
        title={t("home_usage_title")}
        tabs={tabs}
        current={screenId}
        days={days}
        periods={periods}
        from={figures.date_from}
        to={figures.date_to}
      />
      <FigureCards
        label={t("home_usage_figures")}
        items={[
          {
            key: "active",
            label: t("home_active_sessions"),
            value: f.number(figures.active_sessions),
            hint: t("home_active_sessions_hint"),
          },
          { key: "users", label: t("home_distinct_users"), value: f.number(figures.distinct_users) },
          { key: "learner", label: t("home_total_learner"), value: f.number(figures.totals.learner) },
          { key: "dashboard", label: t("home_total_dashboard"), value: f.number(figures.totals.dashboard) },
          { key: "success", label: t("home_total_success"), value: f.number(figures.totals.success) },
          { key: "failed", label: t("home_total_failed"), value: f.number(figures.totals.failed) },
        ]}
      />
      <div className="grid gap-6 2xl:grid-cols-2">
        <BarChart
          title={sessionsTitle}
          summary={summary(sessionsTitle, dates, sessions)}
          categories={categories}
          series={sessions}
          format={f.number}
          table={table}
          empty={t("chart_empty")}
        />
        <LineChart
          title={signInsTitle}
          summary={summary(signInsTitle, dates, signIns)}
          categories={categories}
          series={signIns}
          format={f.number}
          table={table}
          empty={t("chart_empty")}
        />
      </div>
    </>
  );
}
