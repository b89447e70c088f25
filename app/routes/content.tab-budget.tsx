import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useContentTranslation } from "~/components/content/use-content-translation";
import type { BudgetPlan } from "../../contract/schemas/extras";
import { COUNT_LEARNER_MAX } from "../../contract/extras-codes";
import { BudgetForm } from "~/components/content/budget-form";
import { budgetAction, budgetLoader } from "~/lms/budget.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content", "extras"] };

/**
 * The budget tab (spec 001 §3 "Budget planning"): learners counted, the planned cost, the price
 * margin and the planned records. Its sub-pages are the price and the actual cost.
 */
export const loader = (args: LoaderFunctionArgs) => budgetLoader(args, "plan");
export const action = (args: ActionFunctionArgs) => budgetAction(args, "plan");

export default function BudgetPlanTab() {
  const { budget, categories, canChange } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useContentTranslation();
  const plan = budget as BudgetPlan;
  return (
    <BudgetForm
      title={t("ext_budget_plan_title")}
      intro={t("ext_budget_plan_intro")}
      sections={[
        {
          id: "plan",
          title: t("ext_budget_plan_figures"),
          fields: [
            {
              name: "count_learner",
              label: t("ext_field_count_learner"),
              kind: "number",
              min: 0,
              max: COUNT_LEARNER_MAX,
              unit: t("ext_unit_learners"),
            },
            { name: "cost", label: t("ext_field_plan_cost"), kind: "text", unit: t("ext_unit_thb") },
            {
              name: "price_margin",
              label: t("ext_field_price_margin"),
              kind: "text",
              unit: "%",
              hint: t("ext_hint_price_margin"),
            },
          ],
        },
      ]}
      values={{
        count_learner: String(plan.count_learner),
        cost: String(plan.cost),
        price_margin: String(plan.price_margin),
      }}
      records={plan.record_list}
      total={plan.total}
      categories={categories}
      categoryName="name_bp"
      canChange={canChange}
      result={(answer?.result ?? null) as SubmissionResult<string[]> | null}
      extraRows={answer?.extraRows ?? 0}
      savedAt={plan.datetime_update}
    />
  );
}
