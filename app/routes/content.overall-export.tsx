import type { LoaderFunctionArgs } from "@remix-run/node";
import { itemId, requireContent } from "~/lms/content.server";
import { ENROLLMENT_LIST_KEYS, itemPaths } from "~/lms/enrollment.server";
import { exportQuery, relayDownload } from "~/lms/download.server";

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
  const { format, query } = exportQuery(url, ENROLLMENT_LIST_KEYS);
  return relayDownload(api, `${itemPaths(type, id).api}${list}/export/`, query, `${type.key}-${id}-${list}.${format}`);
}
