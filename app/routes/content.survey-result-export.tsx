import type { LoaderFunctionArgs } from "@remix-run/node";
import { itemId, requireContent } from "~/lms/content.server";
import { exportQuery, relayDownload } from "~/lms/download.server";
import { itemPaths } from "~/lms/enrollment.server";
import { invariantResponse } from "~/lms/invariant";

/**
 * The individual answers of a survey attached to a course or class, as xlsx or csv (docs/decisions/081):
 * the results page's export links' target, a resource route (no page), with the content's export flag.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api, type } = await requireContent(request, "export");
  const id = itemId(type, params);
  const row = params.surveyrowid;
  invariantResponse(row && /^\d{1,12}$/.test(row), "Not Found", { status: 404 });
  const { format, query } = exportQuery(new URL(request.url), []);
  return relayDownload(
    api,
    `${itemPaths(type, id).api}survey/${row}/result/export/`,
    query,
    `${type.key}-${id}-survey-answers.${format}`,
  );
}
