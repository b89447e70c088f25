import type { Paged } from "../../contract/http";
import type { ApiResult, Lms } from "./api.server";
import { PAGE_KEY } from "./list-query";

type Query = Record<string, string | number | boolean | null | undefined>;

/** Beyond any list: a larger page asked is asked as this one (and then lands on the last). */
const MAX_PAGE = 1_000_000_000;

/** The page a list URL asks for: a whole number from 1 (1 when absent or not a number). */
export function pageParam(params: URLSearchParams): number {
  const n = Math.floor(Number(params.get(PAGE_KEY) ?? 1));
  return n >= 1 ? Math.min(n, MAX_PAGE) : 1;
}

/** The list URL `url` at page `page` (no page key for page 1), the rest of its query kept. */
export function pageUrl(url: URL, page: number): string {
  const q = new URLSearchParams(url.search);
  if (page > 1) q.set(PAGE_KEY, String(page));
  else q.delete(PAGE_KEY);
  return `${url.pathname}${q.size ? `?${q}` : ""}`;
}

/**
 * One page of a paged API list, the page taken from `url`. A page past the last one (the list
 * shrank, or a typed `?page=45` of 4) is sent straight to the last page, or to page 1 when the
 * list is empty: one redirect (spec 002 §8), never one page back per round trip, which looped
 * through more redirects than a browser follows. The last page comes from the `count` and
 * `page_size` of the API's 404 (api/http/paging.ts); an API whose 404 carries neither is asked for
 * page 1 to learn them. `to(page)` builds the target when the list's URL is not just its query
 * with the page changed. What the caller accepts (400 for a refused filter, 404 for a missing
 * item) comes back to it as before; a 404 on page 1 is the caller's.
 */
export async function readListPage<T extends Paged<unknown>>(
  api: Lms,
  path: string,
  opts: { url: URL; query?: Query; accept?: number[]; to?: (page: number) => string },
): Promise<ApiResult<T>> {
  const page = pageParam(opts.url.searchParams);
  const query = { ...opts.query, [PAGE_KEY]: page };
  const accept = opts.accept ?? [];
  const res = await api.get<T>(path, { query, accept: page > 1 ? [...accept, 404] : accept });
  if (res.status !== 404 || page === 1) return res;
  // Always a lower page than the one asked, so a list that answers oddly cannot loop.
  const last = Math.min(page - 1, await lastPage(api, path, query, res.data));
  throw api.redirect(opts.to ? opts.to(last) : pageUrl(opts.url, last));
}

/** The last page of a list from a 404's count, else from its first page; 1 when neither says. */
async function lastPage(api: Lms, path: string, query: Query, answer: unknown): Promise<number> {
  let sized = countOf(answer);
  if (!sized) {
    const first = await api.get<Paged<unknown>>(path, { query: { ...query, [PAGE_KEY]: 1 }, accept: [400, 404] });
    sized = first.status === 200 ? countOf(first.data) : null;
  }
  return sized ? Math.max(1, Math.ceil(sized.count / sized.pageSize)) : 1;
}

function countOf(answer: unknown): { count: number; pageSize: number } | null {
  const a = answer as { count?: unknown; page_size?: unknown } | null;
  return typeof a?.count === "number" && typeof a.page_size === "number" && a.page_size > 0
    ? { count: a.count, pageSize: a.page_size }
    : null;
}
