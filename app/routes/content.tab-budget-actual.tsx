import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useContentTranslation } from "~/components/content/use-content-translation";
import { BudgetForm } from "~/components/content/budget-form";
import { budgetAction, budgetLoader } from "~/lms/budget.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content", "extras"] };

/** The budget's actual cost (spec 000 §2.5 budget/actual): what was really spent, record by record. */
export const loader = (args: LoaderFunctionArgs) => budgetLoader(args, "actual");
export const action = (args: ActionFunctionArgs) => budgetAction(args, "actual");

export default function BudgetActualTab() {
  const { budget, categories, canChange } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useContentTranslation();
  return (
    <BudgetForm
      title={t("ext_budget_actual_title")}
      intro={t("ext_budget_actual_intro")}
      records={budget.record_list}
      total={budget.total}
      categories={categories}
      categoryName="name_ac"
      canChange={canChange}
      result={(answer?.result ?? null) as SubmissionResult<string[]> | null}
      extraRows={answer?.extraRows ?? 0}
      savedAt={budget.datetime_update}
    />
  );
}
