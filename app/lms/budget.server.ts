import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { BudgetActual, BudgetCategory, BudgetPlan } from "../../contract/schemas/extras";
import { budgetActualFormSchema, budgetPlanFormSchema } from "../../contract/schemas/extras";
import { budgetTypeAllows } from "../../contract/codes";
import { contentFlag } from "~/registry/content.js";
import { apiFieldErrors } from "./content-form.server";
import { itemId, requireContent } from "./content.server";
import { requireCsrf } from "./csrf.server";
import { readForm } from "./read-form.server";
import { dropRemovedRows } from "./editable-list";
import { masterList } from "./extras.server";
import { redirectWithToast } from "./toast.server";
import { invariantResponse } from "./invariant";

/**
 * The budget planning and actual cost pages (spec 001 §3 "Budget"; docs/decisions/012): the
 * page's numbers and its list of records, saved whole with PATCH {api}{id}/budget/ or
 * …/budget/actual/. "Add a record" (intent add-row) comes back with what was typed plus a row;
 * ticked "remove" boxes drop their rows when saving.
 */
export type BudgetPage = "plan" | "actual";
const pathOf = (page: BudgetPage) => (page === "plan" ? "budget/" : "budget/actual/");
type Result = SubmissionResult<string[]>;

export async function budgetLoader(args: LoaderFunctionArgs, page: BudgetPage) {
  const { api, type, permission } = await requireContent(args, "view");
  const id = itemId(type, args.params);
  const [{ data: budget }, categories] = await Promise.all([
    api.get<BudgetPlan | BudgetActual>(`${type.api}${id}/${pathOf(page)}`),
    masterList<Pick<BudgetCategory, "name_bp" | "name_ac"> & { type: number }>(api, "budget-category"),
  ]);
  // Offered: the categories whose type lets this page pick them, and those the page already has
  // (docs/decisions/083; the API keeps the same rule).
  const had = new Set(budget.record_list.map((r) => r.budget_type.id));
  const offered = categories.filter((c) => budgetTypeAllows(c.type, page) || had.has(c.id));
  return data(
    { budget, categories: offered, canChange: !!permission.permission[contentFlag(type, "change")] },
    { headers: api.headers() },
  );
}

export async function budgetAction(args: ActionFunctionArgs, page: BudgetPage) {
  const { api, type } = await requireContent(args, "change");
  const id = itemId(type, args.params);
  const { form: raw, refusal } = await readForm(args.request);
  if (!raw) return data({ result: refusal.result, extraRows: 0 }, { status: refusal.status });
  await requireCsrf(api, raw);
  const intent = String(raw.get("intent") ?? "save");
  const { form } = dropRemovedRows(raw, "record_list");
  const submission = parseWithZod(form, { schema: page === "plan" ? budgetPlanFormSchema : budgetActualFormSchema });
  if (intent === "add-row") return data({ result: { initialValue: submission.payload } as Result, extraRows: 1 });
  invariantResponse(intent === "save", "Bad Request");
  if (submission.status !== "success")
    return data({ result: submission.reply() as Result, extraRows: 0 }, { status: 400 });
  const res = await api.patch<Record<string, unknown>>(`${type.api}${id}/${pathOf(page)}`, submission.value, {
    accept: [400],
  });
  if (res.status === 400)
    return data(
      { result: submission.reply(apiFieldErrors(res.data)) as Result, extraRows: 0 },
      { status: 400, headers: api.headers() },
    );
  return redirectWithToast(
    new URL(args.request.url).pathname,
    { type: "success", message: "toast_saved" },
    { headers: api.headers() },
  );
}
