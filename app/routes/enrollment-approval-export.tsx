import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireScreen } from "~/lms/auth.server";
import { exportQuery, relayDownload } from "~/lms/download.server";
import { API, LIST_KEYS } from "~/lms/approval.server";

/**
 * An approval list as a spreadsheet (issue 33 item 14; docs/decisions/074): the export buttons'
 * target, a resource route (no page) that streams the API's xlsx or csv of the list as the page
 * shows it — its state, filters, search and ordering — for an administrator, or for a flow's
 * decider the enrolments it decides.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireScreen({ request }, "enrollment-export");
  const { format, query } = exportQuery(new URL(request.url), LIST_KEYS);
  return relayDownload(api, `${API}export/`, query, `enrollment-${query.state ?? "waiting"}.${format}`);
}
