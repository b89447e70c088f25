import { data, type LoaderFunctionArgs } from "@remix-run/node";
import type { BudgetListAnswer, BudgetSummary } from "../../contract/schemas/approvals";
import { BUDGET_ID } from "../../contract/schemas/approvals";
import { BUDGET_TYPES } from "~/components/approvals/content-types";
import { requireScreen } from "./auth.server";
import { loadPagedList } from "./enrollment.server";
import { invariantResponse } from "./invariant";
import { dash } from "./paths";
import { switchesOn } from "../../contract/config";
import { answerHolds } from "../../contract/permissions";
import { CONTENT_TYPES } from "~/registry/content.js";
import { switchesOf } from "~/registry/features.js";

/**
 * The budget pages (spec 000 §2.10 "/budget, /budget/{budgetid}"; issue 17 §4,
 * docs/decisions/055): every content's planned and actual budget with totals per category, and
 * one content's summary linking to its budget tabs — which stay where the numbers are written.
 */

export async function budgetListLoader({ request }: LoaderFunctionArgs) {
  const { api, permission } = await requireScreen({ request }, "budget");
  const { list, badQuery } = await loadPagedList<BudgetListAnswer["results"][number]>(
    api,
    "dashboard/budget/",
    request,
    ["search", "ordering", "content_type"],
  );
  const totals = (list as Partial<BudgetListAnswer>).totals ?? { plan: 0, actual: 0, by_category: [] };
  // The list as a spreadsheet (issue 33 §14): with the budget's export flag, as the API asks.
  const exportHref = answerHolds(permission, "budget_export_budget") ? dash("budget/export") : null;
  return data({ list, totals, badQuery, exportHref }, { headers: api.headers() });
}

export async function budgetItemLoader({ request, params }: LoaderFunctionArgs) {
  const { api, config } = await requireScreen({ request }, "budget-item");
  const id = params.budgetid ?? "";
  invariantResponse(BUDGET_ID.test(id), "Not Found", { status: 404 });
  const { data: summary } = await api.get<BudgetSummary>(`dashboard/budget/${id}/`);
  const type = BUDGET_TYPES.find((t) => t.key === summary.content.type);
  const base = type ? dash(`${type.segment}/${summary.content.id}/budget`) : null;
  // The price page exists only while the type's price switches are on (the tab's `feature`).
  const priceTab = CONTENT_TYPES.find((t) => t.key === type?.key)
    ?.tabs?.find((t) => t.id === "budget")
    ?.children?.find((c) => c.id === "price");
  const price = base && priceTab && switchesOn(config, switchesOf(priceTab)) ? `${base}/price` : null;
  return data(
    { summary, typeLabel: type?.labelKey ?? null, tabs: base ? { plan: base, actual: `${base}/actual`, price } : null },
    { headers: api.headers() },
  );
}
