import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireScreen } from "~/lms/auth.server";
import { exportQuery, relayDownload } from "~/lms/download.server";

/** The list keys the user list carries (registry/master.js: its search, ordering and filters). */
const USER_LIST_KEYS = ["search", "ordering", "department", "level", "position", "is_active"] as const;

/**
 * The user list as a spreadsheet (issue 33 item 14, docs/decisions/081): the export links'
 * target, a resource route (no page) that streams the API's xlsx or csv of the list as the page
 * shows it — its search, filters and ordering, every row — with the account export flag.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireScreen({ request }, "user-export");
  const { format, query } = exportQuery(new URL(request.url), USER_LIST_KEYS);
  return relayDownload(api, "dashboard/user/export/", query, `users.${format}`);
}
