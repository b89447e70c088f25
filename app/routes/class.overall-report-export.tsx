import type { LoaderFunctionArgs } from "@remix-run/node";
import { EXPORT_FORMATS } from "../../contract/codes";
import { relayDownload } from "~/lms/download.server";
import { invariantResponse } from "~/lms/invariant";
import { itemPage } from "~/lms/item-page.server";
import { SEARCH_KEY, ORDERING_KEY } from "~/lms/list-query";

/**
 * The attendance report's download (a resource route, no page): overall/report/export?format_type=
 * xlsx|csv streams the API's file (GET class/{id}/checkin/report/export/, exceljs) through, the
 * report's search and ordering kept. Needs the export flag, as the learner list's export does.
 */
export async function loader(args: LoaderFunctionArgs) {
  const page = await itemPage(args, "export");
  const url = new URL(args.request.url);
  const format = url.searchParams.get("format_type") ?? "xlsx";
  invariantResponse((EXPORT_FORMATS as readonly string[]).includes(format), "Not Found", { status: 404 });
  const query: Record<string, string> = { format_type: format };
  for (const k of [SEARCH_KEY, ORDERING_KEY]) {
    const v = url.searchParams.get(k)?.trim();
    if (v) query[k] = v;
  }
  return relayDownload(
    page.api,
    `${page.apiBase}checkin/report/export/`,
    query,
    `class-${page.id}-attendance.${format}`,
  );
}
