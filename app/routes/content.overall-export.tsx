import type { LoaderFunctionArgs } from "@remix-run/node";
import { EXPORT_FORMATS } from "../../contract/codes";
import { itemId, requireContent } from "~/lms/content.server";
import { ENROLLMENT_LIST_KEYS, itemPaths } from "~/lms/enrollment.server";
import { invariantResponse } from "~/lms/invariant";
import { relayDownload } from "~/lms/download.server";

/**
 * The export buttons' target (a resource route, no page): overall/learner/export and
 * overall/progress/export stream the API's xlsx or csv through as they come, keeping the session
 * (relayed cookies) and naming the file for the browser (Content-Disposition).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api, type } = await requireContent(request, "export");
  const id = itemId(type, params);
  const url = new URL(request.url);
  const list = url.pathname.split("/").at(-2) === "progress" ? "progress" : "learner";
  const format = url.searchParams.get("format_type") ?? "xlsx";
  invariantResponse((EXPORT_FORMATS as readonly string[]).includes(format), "Not Found", { status: 404 });
  const query: Record<string, string> = { format_type: format };
  for (const k of ENROLLMENT_LIST_KEYS) {
    const v = url.searchParams.get(k)?.trim();
    if (v && !["null", "all"].includes(v)) query[k] = v;
  }
  return relayDownload(api, `${itemPaths(type, id).api}${list}/export/`, query, `${type.key}-${id}-${list}.${format}`);
}
