import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { BudgetTotals, useMoney } from "~/components/approvals/budget-parts";
import { useDates } from "~/components/use-dates";
import { budgetItemLoader } from "~/lms/budget-page.server";
import { dash } from "~/lms/paths";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["approvals", "content"] };

/**
 * One content's budget (spec 000 §2.10 "/budget/{budgetid}"; docs/decisions/055: the id is
 * `{type}-{id}`): its price, its planning, the planned and actual totals per category and what is
 * left, with links to the content's budget tabs where they are written.
 */
export const loader = (args: LoaderFunctionArgs) => budgetItemLoader(args);

export default function BudgetItem() {
  const { summary: s, typeLabel, tabs } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const money = useMoney();
  const dates = useDates();
  const facts: [string, string][] = [
    [
      t("bgt_col_price"),
      s.price_discount !== null
        ? t("bgt_price_discounted", { price: money(s.price), discount: money(s.price_discount) })
        : money(s.price),
    ],
    [t("bgt_col_learners"), String(s.count_learner)],
    [t("bgt_cost"), money(s.cost)],
    [t("bgt_margin"), `${s.price_margin}%`],
    [t("bgt_col_plan"), money(s.plan)],
    [t("bgt_col_actual"), money(s.actual)],
    [t("bgt_col_difference"), s.difference < 0 ? t("bgt_over", { amount: money(-s.difference) }) : money(s.difference)],
    [
      t("bgt_updated"),
      [s.datetime_update.plan, s.datetime_update.actual].map((d) => (d ? dates.dateTime(d) : "—")).join(" · "),
    ],
  ];
  return (
    <div className="space-y-4">
      <p className="text-sm">
        <a href={dash("budget")} className="text-primary underline">
          {t("bgt_back")}
        </a>
      </p>
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold">{t("bgt_item_title", { content: s.content.name })}</h1>
        <p className="text-sm text-slate-700">
          {typeLabel ? t(typeLabel) : s.content.type} · <span className="font-mono">{s.content.code}</span>
        </p>
      </header>
      <dl className="grid max-w-2xl grid-cols-[max-content_1fr] gap-x-6 gap-y-1 rounded border border-slate-200 bg-white p-4 text-sm">
        {facts.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="font-medium text-slate-700">{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      {tabs ? (
        <nav aria-label={t("bgt_tabs")} className="flex flex-wrap gap-3 text-sm">
          <a href={tabs.plan} className="text-primary underline">
            {t("bgt_open_plan")}
          </a>
          <a href={tabs.actual} className="text-primary underline">
            {t("bgt_open_actual")}
          </a>
          {tabs.price ? (
            <a href={tabs.price} className="text-primary underline">
              {t("bgt_open_price")}
            </a>
          ) : null}
        </nav>
      ) : null}
      <BudgetTotals
        title={t("bgt_by_category")}
        totals={{ plan: s.plan, actual: s.actual, by_category: s.by_category }}
      />
    </div>
  );
}
