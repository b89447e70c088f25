import { data, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import type { FieldErrors } from "../../contract/http";
import type { PeriodAnswer, PeriodEvent } from "../../contract/schemas/enrollment-period";
import { requireScreen } from "./auth.server";
import { canonicalListQuery } from "./list-query";
import { readListPage } from "./paging.server";
import { zoneOffset } from "./zone.server";

/**
 * The period's list (issue 33 item 13; docs/decisions/086): enrolments made or learning completed
 * on a period's days, across contents. The API reads and checks the query; a refused one (a day
 * that is not a date, an unknown event) comes back as its field errors, shown beside the filters.
 */
export const PERIOD_API = "dashboard/enrollment/period/";
/** The query keys the page (and its export) pass on to the API. */
export const PERIOD_KEYS = ["search", "ordering", "event", "date_from", "date_to", "content_type"] as const;

export async function periodLoader({ request }: LoaderFunctionArgs) {
  const { api, permission } = await requireScreen({ request }, "enrollment-period");
  const url = new URL(request.url);
  const canonical = canonicalListQuery(url.searchParams);
  if (canonical) throw redirect(`${url.pathname}${canonical.size ? `?${canonical}` : ""}`, { headers: api.headers() });
  const query: Record<string, string> = {};
  for (const k of PERIOD_KEYS) if (url.searchParams.get(k)) query[k] = url.searchParams.get(k)!;
  const res = await readListPage<PeriodAnswer>(api, PERIOD_API, { url, query, accept: [400] });
  const event: PeriodEvent = url.searchParams.get("event") === "completed" ? "completed" : "enrolled";
  const list: PeriodAnswer =
    res.status === 200
      ? res.data
      : {
          results: [],
          count: 0,
          page_size: 50,
          next: null,
          page: 1,
          event,
          date_from: url.searchParams.get("date_from") ?? "",
          date_to: url.searchParams.get("date_to") ?? "",
        };
  return data(
    {
      list,
      errors: res.status === 400 ? (res.data as unknown as FieldErrors) : null,
      offset: await zoneOffset(),
      canExport: !!permission.permission.enrollment_view_enrollment,
    },
    { headers: api.headers() },
  );
}
