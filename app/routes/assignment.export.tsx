import type { LoaderFunctionArgs } from "@remix-run/node";
import { EXPORT_FORMATS } from "../../contract/codes";
import { getLocale } from "~/i18n/i18next.server";
import { itemPage } from "~/lms/item-page.server";
import { invariantResponse } from "~/lms/invariant";
import { relayDownload } from "~/lms/download.server";

/**
 * An assignment's learner results or progress as a spreadsheet (issue 33 §14; docs/decisions/075):
 * the export buttons' target under learner/export and progress/export, a resource route (no page)
 * that streams the API's xlsx or csv through, with the kind's export flag. It carries the list's
 * filters as the tab has them, and the page's language for the file's words.
 */
const KEYS = { learner: ["content", "result", "round", "search"], progress: ["status", "search"] } as const;

export async function loader(args: LoaderFunctionArgs) {
  const { api, apiBase, id, type } = await itemPage(args, "export");
  const url = new URL(args.request.url);
  const list = url.pathname.split("/").at(-2) === "progress" ? "progress" : "learner";
  const format = url.searchParams.get("format_type") ?? "xlsx";
  invariantResponse((EXPORT_FORMATS as readonly string[]).includes(format), "Not Found", { status: 404 });
  const query: Record<string, string> = { format_type: format, language: await getLocale(args.request) };
  for (const k of KEYS[list]) {
    const v = url.searchParams.get(k)?.trim();
    if (v) query[k] = v;
  }
  return relayDownload(api, `${apiBase}${list}/export/`, query, `${type.key}-${id}-${list}.${format}`);
}
