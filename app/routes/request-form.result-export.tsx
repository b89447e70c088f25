import type { LoaderFunctionArgs } from "@remix-run/node";
import { itemPage } from "~/lms/item-page.server";
import { exportQuery, relayDownload } from "~/lms/download.server";

/**
 * A form's results as a spreadsheet (issue 33 item 14; docs/decisions/074): the result tab's
 * export buttons' target, a resource route (no page) that streams the API's xlsx or csv through,
 * with the form kind's export flag.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { api, apiBase, id, type } = await itemPage(args, "export");
  const { format, query } = exportQuery(new URL(args.request.url), []);
  return relayDownload(api, `${apiBase}submission/export/`, query, `${type.key}-${id}-results.${format}`);
}
