import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { BudgetRecord } from "../../../contract/schemas/extras";
import { CURRENCIES, DEFAULT_CURRENCY, DEFAULT_EXCHANGE_RATE, UNIT_MAX } from "../../../contract/extras-codes";
import { EditableList } from "~/components/content/editable-list";
import { SettingSections, type SettingSection } from "~/components/content/settings-form";
import { CsrfInput, ErrorList } from "~/components/forms";
import { errorsAt, type FormResult } from "~/lms/form-result";
import { useSubmitting } from "~/components/use-submitting";
import { useItemWritable } from "./item-writable";

type Category = { id: number; name_bp: string; name_ac: string; code: string };

/** Money as people read it: thousands separators, 2 decimals (spec 002 §9). */
export function useMoney() {
  const { i18n } = useTranslation();
  const fmt = new Intl.NumberFormat(i18n.language === "th" ? "th-TH" : "en-GB", {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return (n: number) => fmt.format(n);
}

/**
 * A budget page of a content item (planning or actual cost, docs/decisions/012): optional
 * sections of numbers, then the records (category, units, cost per unit, currency — baht by
 * default — and exchange rate to baht, 1 by default), each with its total in baht, and the total.
 * Read-only without `canChange`.
 */
export function BudgetForm({
  title,
  intro,
  sections = [],
  values = {},
  records,
  total,
  categories,
  categoryName,
  canChange: mayChange,
  result,
  extraRows,
  savedAt,
}: {
  title: string;
  intro: string;
  sections?: SettingSection[];
  values?: Record<string, unknown>;
  records: BudgetRecord[];
  total: number;
  categories: Category[];
  /** Which of the category's names this page shows. */
  categoryName: "name_bp" | "name_ac";
  canChange: boolean;
  result: FormResult;
  extraRows: number;
  /** When the page was last saved (remounts the form after a save). */
  savedAt: string | null;
}) {
  const writable = useItemWritable();
  const canChange = mayChange && writable;
  const { t } = useTranslation();
  const money = useMoney();
  const busy = useSubmitting();
  const rows = records.map((r) => ({
    id: r.id,
    title: "",
    subtitle: t("ext_record_total", { total: money(r.total) }),
    values: {
      budget_type: String(r.budget_type.id),
      unit: String(r.unit),
      cost: String(r.cost),
      currency: r.currency,
      exchange_rate: String(r.exchange_rate),
    },
  }));
  return (
    <section aria-labelledby="budget-title" className="max-w-5xl space-y-4">
      <div>
        <h2 id="budget-title" className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <p className="text-sm text-slate-600">{intro}</p>
      </div>
      {/* Keyed by the saved state: after a save the fields show what was stored, JS or not. */}
      <Form key={savedAt ?? "new"} method="post" noValidate className="space-y-5">
        <CsrfInput />
        <ErrorList errors={errorsAt(result, "")?.map((e) => t(e))} />
        <fieldset disabled={!canChange} className="space-y-5">
          {sections.length ? <SettingSections sections={sections} values={values} result={result} /> : null}
          <fieldset className="rounded border border-slate-200 bg-white p-5">
            <legend className="px-1 text-base font-semibold text-slate-900">{t("ext_budget_records")}</legend>
            <EditableList
              name="record_list"
              rows={rows}
              result={result}
              extraRows={extraRows}
              rowTitle={(i) => t("ext_record_n", { n: i + 1 })}
              empty={t("ext_budget_records_empty")}
              removeLabel={t("ext_record_remove")}
              newRow={{ currency: DEFAULT_CURRENCY, exchange_rate: String(DEFAULT_EXCHANGE_RATE) }}
              fields={[
                {
                  name: "budget_type",
                  label: t("ext_field_budget_type"),
                  kind: "select",
                  options: [
                    { value: "", label: t("choose") },
                    ...categories.map((c) => ({ value: String(c.id), label: c[categoryName] })),
                  ],
                },
                { name: "unit", label: t("ext_field_unit"), kind: "number", min: 1, max: UNIT_MAX },
                { name: "cost", label: t("ext_field_unit_cost"), kind: "text", placeholder: "0.00" },
                {
                  name: "currency",
                  label: t("ext_field_currency"),
                  kind: "select",
                  options: CURRENCIES.map((c) => ({ value: c, label: t(`ext_currency_${c}`) })),
                },
                {
                  name: "exchange_rate",
                  label: t("ext_field_exchange_rate"),
                  kind: "text",
                  hint: t("ext_hint_exchange_rate"),
                },
              ]}
            />
            <p className="mt-3 text-right text-sm font-medium text-slate-900">
              {t("ext_budget_total", { total: money(total) })}
            </p>
          </fieldset>
        </fieldset>
        {canChange ? (
          <div className="flex justify-end gap-2">
            {/* Save first: Enter in a field saves. */}
            <button
              type="submit"
              name="intent"
              value="save"
              disabled={busy}
              className="order-2 rounded bg-primary px-5 py-2 text-sm font-medium text-primary-fg hover:opacity-90 disabled:opacity-60"
            >
              {t("action_save")}
            </button>
            <button
              type="submit"
              name="intent"
              value="add-row"
              disabled={busy}
              className="order-1 rounded border border-slate-300 bg-white px-4 py-2 text-sm hover:bg-slate-50"
            >
              {t("ext_record_add")}
            </button>
          </div>
        ) : null}
      </Form>
    </section>
  );
}
