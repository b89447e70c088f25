import type { LoaderFunctionArgs } from "@remix-run/node";
import { EXPORT_FORMATS } from "../../contract/codes";
import { getLocale } from "~/i18n/i18next.server";
import { importPageOf, importScreens } from "~/components/imports/import-pages";
import { requireScreen } from "~/lms/auth.server";
import { invariantResponse } from "~/lms/invariant";
import { relayDownload } from "~/lms/download.server";

/**
 * An import's spreadsheets (a resource route, no page; `/import/{module}/file`), streamed through from the API:
 * without `job`, the template (the columns to fill); with `?job={id}`, that job's error file
 * (its refused rows and an "errors" column, in the page's language). `format_type` xlsx
 * (default) or csv. Both are files to fill and upload again, hence one route.
 */
export async function loader(args: LoaderFunctionArgs) {
  const page = importPageOf(new URL(args.request.url).pathname);
  invariantResponse(page, "Not Found", { status: 404 });
  const { api } = await requireScreen(args, importScreens(page.module).file);
  const url = new URL(args.request.url);
  const format = url.searchParams.get("format_type") ?? "xlsx";
  invariantResponse((EXPORT_FORMATS as readonly string[]).includes(format), "Not Found", { status: 404 });
  const job = url.searchParams.get("job");
  invariantResponse(job === null || /^\d{1,9}$/.test(job), "Not Found", { status: 404 });
  // An error file speaks the language of the page it was downloaded from.
  const path = job === null ? `${page.api}template/` : `dashboard/import-history/${job}/error-file/`;
  return relayDownload(
    api,
    path,
    { format_type: format, language: await getLocale(args.request) },
    `${page.module}-import.${format}`,
  );
}
