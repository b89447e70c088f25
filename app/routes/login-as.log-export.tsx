import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireScreen } from "~/lms/auth.server";
import { exportQuery, relayDownload } from "~/lms/download.server";

/** The list keys the log page carries (routes/login-as.log.tsx). */
const LOG_LIST_KEYS = ["search", "ordering"] as const;

/**
 * The login-as log as a spreadsheet (issue 33 item 14, docs/decisions/079): the export links'
 * target, a resource route (no page) that streams the API's xlsx or csv of the log as the page
 * lists it — its search and ordering, every row — with the module's export flag.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireScreen({ request }, "login-as-log-export");
  const { format, query } = exportQuery(new URL(request.url), LOG_LIST_KEYS);
  return relayDownload(api, "dashboard/login-as/log/export/", query, `login-as-log.${format}`);
}
