import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireScreen } from "~/lms/auth.server";
import { exportQuery, relayDownload } from "~/lms/download.server";
import { PERIOD_API, PERIOD_KEYS } from "~/lms/enrollment-period.server";

/**
 * The period's list as a spreadsheet (docs/decisions/086): the export links' target, a resource
 * route (no page) that streams the API's xlsx or csv of the list as the page shows it.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireScreen({ request }, "enrollment-period-export");
  const { format, query } = exportQuery(new URL(request.url), PERIOD_KEYS);
  return relayDownload(api, `${PERIOD_API}export/`, query, `enrollment-${query.event ?? "enrolled"}.${format}`);
}
