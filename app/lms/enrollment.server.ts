import { redirect } from "@remix-run/node";
import type { Paged } from "../../contract/http";
import type { EnrollmentRow } from "../../contract/schemas/enrollment";
import type { Lms } from "./api.server";
import type { ContentType } from "./content.server";
import { canonicalListQuery, ORDERING_KEY, SEARCH_KEY } from "./list-query";
import { readListPage } from "./paging.server";
import { dash } from "./paths";

/** Query keys of the learner and progress lists the API understands (besides page). */
export const ENROLLMENT_LIST_KEYS = [SEARCH_KEY, ORDERING_KEY, "status_group", "status_set", "status"] as const;

/** The item's base URL and its API path of learners (…/course/{id}/). */
export const itemPaths = (type: ContentType, id: number) => ({
  base: dash(`${type.segment}/${id}`),
  api: `${type.api}${id}/`,
});

/**
 * One page of a content item's enrollments (`learner/` or `progress/`): loadPagedList with the
 * enrollment lists' query keys.
 */
export const loadEnrollments = (api: Lms, apiPath: string, request: Request) =>
  loadPagedList<EnrollmentRow>(api, apiPath, request, ENROLLMENT_LIST_KEYS);

/**
 * One page of a paged API list under a content item, the query string made canonical first
 * (trimmed search, no empty filters, no page=1), only `keys` (and page) passed on, a page past the
 * end sent to the last page (spec 002 §8) and a refused query shown as an empty list with `badQuery`.
 * `fixed`: keys the page itself always asks (from its path, not its query: a verify page's view
 * "all"), sent as they are — never made canonical, so a value such as "all", which a filter of
 * the URL drops, cannot send the page back to itself.
 */
export async function loadPagedList<R>(
  api: Lms,
  apiPath: string,
  request: Request,
  keys: readonly string[],
  fixed: Record<string, string> = {},
) {
  const url = new URL(request.url);
  const canonical = canonicalListQuery(url.searchParams);
  if (canonical) throw redirect(`${url.pathname}${canonical.size ? `?${canonical}` : ""}`, { headers: api.headers() });
  const q = url.searchParams;
  const query: Record<string, string | number> = {};
  for (const k of keys) if (q.get(k)) query[k] = q.get(k)!;
  Object.assign(query, fixed);
  const res = await readListPage<Paged<R>>(api, apiPath, { url, query, accept: [400, 404] });
  const list: Paged<R> = res.status === 200 ? res.data : { results: [], count: 0, page_size: 50, next: null, page: 1 };
  return { list, badQuery: res.status === 400 };
}

/** The organisation's zone (app/lms/zone.server.ts), where the learner and progress pages have always read it. */
export { zoneOffset } from "./zone.server";
