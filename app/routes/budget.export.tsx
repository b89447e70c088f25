import type { LoaderFunctionArgs } from "@remix-run/node";
import { EXPORT_FORMATS } from "../../contract/codes";
import { getLocale } from "~/i18n/i18next.server";
import { requireScreen } from "~/lms/auth.server";
import { invariantResponse } from "~/lms/invariant";
import { relayDownload } from "~/lms/download.server";

/**
 * The budget list as a spreadsheet (issue 33 §14; docs/decisions/075): the export buttons'
 * target, a resource route (no page) that streams the API's xlsx or csv of the list as the page
 * filters it (type, search, ordering), with the budget's export flag, in the page's language.
 */
const KEYS = ["search", "ordering", "content_type"] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireScreen({ request }, "budget-export");
  const url = new URL(request.url);
  const format = url.searchParams.get("format_type") ?? "xlsx";
  invariantResponse((EXPORT_FORMATS as readonly string[]).includes(format), "Not Found", { status: 404 });
  const query: Record<string, string> = { format_type: format, language: await getLocale(request) };
  for (const k of KEYS) {
    const v = url.searchParams.get(k)?.trim();
    if (v && !["null", "all"].includes(v)) query[k] = v;
  }
  return relayDownload(api, "dashboard/budget/export/", query, `budgets.${format}`);
}
