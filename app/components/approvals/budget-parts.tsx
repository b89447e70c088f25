import { useTranslation } from "~/i18n/react";
import type { BudgetCategoryTotal } from "../../../contract/schemas/approvals";

/** Baht with two decimals in the page's language. */
export function useMoney() {
  const { i18n } = useTranslation();
  const fmt = new Intl.NumberFormat(i18n.language === "th" ? "th-TH" : "en-GB", {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return (n: number) => fmt.format(n);
}

/**
 * Planned and actual totals per budget category, and altogether (issue 17 §4): a table whose
 * last row is the sum. A category is named as in planning, with its actual-cost name beside it
 * when that differs.
 */
export function BudgetTotals({
  title,
  totals,
}: {
  title: string;
  totals: { plan: number; actual: number; by_category: BudgetCategoryTotal[] };
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const id = `totals-${title.length}`;
  return (
    <section aria-labelledby={id} className="space-y-2">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {totals.by_category.length ? (
        <div
          role="region"
          aria-labelledby={id}
          tabIndex={0}
          className="overflow-x-auto rounded border border-slate-200 bg-white"
        >
          <table className="min-w-full text-sm">
            <thead className="bg-slate-50 text-left text-xs uppercase tracking-wide text-slate-600">
              <tr>
                <th scope="col" className="px-2 py-2">
                  {t("bgt_col_category")}
                </th>
                <th scope="col" className="px-2 py-2 text-right">
                  {t("bgt_col_plan")}
                </th>
                <th scope="col" className="px-2 py-2 text-right">
                  {t("bgt_col_actual")}
                </th>
                <th scope="col" className="px-2 py-2 text-right">
                  {t("bgt_col_difference")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {totals.by_category.map((c) => (
                <tr key={c.category.id}>
                  <th scope="row" className="px-2 py-2 text-left font-normal">
                    <span className="block">{c.category.name_bp}</span>
                    <span className="block text-xs text-slate-600">
                      {c.category.name_ac !== c.category.name_bp ? `${c.category.name_ac} · ` : ""}
                      <span className="font-mono">{c.category.code}</span>
                    </span>
                  </th>
                  <td className="px-2 py-2 text-right">{money(c.plan)}</td>
                  <td className="px-2 py-2 text-right">{money(c.actual)}</td>
                  <td className="px-2 py-2 text-right">{money(Math.round((c.plan - c.actual) * 100) / 100)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot className="border-t-2 border-slate-300 font-semibold">
              <tr>
                <th scope="row" className="px-2 py-2 text-left">
                  {t("bgt_total")}
                </th>
                <td className="px-2 py-2 text-right">{money(totals.plan)}</td>
                <td className="px-2 py-2 text-right">{money(totals.actual)}</td>
                <td className="px-2 py-2 text-right">{money(Math.round((totals.plan - totals.actual) * 100) / 100)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      ) : (
        <p className="text-sm text-slate-600">{t("bgt_no_records")}</p>
      )}
    </section>
  );
}
