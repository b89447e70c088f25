import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { BudgetRow } from "../../contract/schemas/approvals";
import { DataTable } from "~/components/content/data-table";
import { ExportLinks } from "~/components/content/export-links";
import { Pager } from "~/components/content/pager";
import { QueryFilters } from "~/components/content/query-filters";
import { BudgetTotals, useMoney } from "~/components/approvals/budget-parts";
import { BUDGET_TYPES } from "~/components/approvals/content-types";
import { budgetListLoader } from "~/lms/budget-page.server";
import { dash } from "~/lms/paths";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["approvals", "enrollment", "content"] };

/**
 * Budgets (spec 000 §2.10 "/budget"; issue 17 §4, docs/decisions/055): every content that has a
 * budget, with its price, planned and actual totals and what is left, and the totals of all the
 * contents the filters match per budget category. Each content opens its budget summary; the list
 * exports as filtered (xlsx, csv). GET forms and links: works without JavaScript.
 */
export const loader = (args: LoaderFunctionArgs) => budgetListLoader(args);

export default function BudgetList() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const money = useMoney();
  const type = (key: string) => BUDGET_TYPES.find((x) => x.key === key);
  return (
    <div className="space-y-3">
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold">{t("bgt_title")}</h1>
        <p className="max-w-3xl text-sm text-slate-700">{t("bgt_intro")}</p>
      </header>
      <QueryFilters
        selects={[
          {
            name: "content_type",
            label: t("apv_filter_type"),
            options: BUDGET_TYPES.map((x) => ({ value: x.key, label: t(x.labelKey) })),
          },
        ]}
        keep={["ordering"]}
        placeholder={t("bgt_search_placeholder")}
        id="budget-filters"
      />
      {d.exportHref && d.list.results.length ? (
        <div className="flex justify-end">
          <ExportLinks href={d.exportHref} keys={["search", "ordering", "content_type"]} />
        </div>
      ) : null}
      {d.badQuery ? (
        <p className="text-sm text-red-700" role="alert">
          {t("invalid")}
        </p>
      ) : null}
      <DataTable<BudgetRow>
        caption={t("bgt_title")}
        rows={d.list.results}
        empty={t("bgt_empty")}
        columns={[
          {
            key: "content",
            label: t("apv_col_content"),
            sort: "name",
            render: (r) => (
              <>
                <a href={dash(`budget/${r.id}`)} className="block font-medium text-primary underline">
                  {r.content.name}
                </a>
                <span className="block text-xs text-slate-600">
                  {type(r.content.type) ? t(type(r.content.type)!.labelKey) : r.content.type} ·{" "}
                  <span className="font-mono">{r.content.code}</span>
                </span>
              </>
            ),
          },
          { key: "price", label: t("bgt_col_price"), className: "text-right", render: (r) => money(r.price) },
          { key: "learners", label: t("bgt_col_learners"), className: "text-right", render: (r) => r.count_learner },
          { key: "plan", label: t("bgt_col_plan"), className: "text-right", render: (r) => money(r.plan) },
          { key: "actual", label: t("bgt_col_actual"), className: "text-right", render: (r) => money(r.actual) },
          {
            key: "difference",
            label: t("bgt_col_difference"),
            className: "text-right",
            render: (r) =>
              r.difference < 0 ? (
                <span className="text-red-800">{t("bgt_over", { amount: money(-r.difference) })}</span>
              ) : (
                money(r.difference)
              ),
          },
        ]}
      />
      <Pager count={d.list.count} page={d.list.page} pageSize={d.list.page_size} />
      <BudgetTotals title={t("bgt_totals_title")} totals={d.totals} />
    </div>
  );
}
