/**
 * The query vocabulary of every list (spec 002 §5, §7; spec 000 §2.14), shared by the dashboard
 * that writes list URLs (app/lms/list-query.ts) and the API that reads them (api/http/paging.ts,
 * api/http/ordering.ts, api/engine/crud.ts): the key names, the descending prefix of an ordering
 * term, and which filter values mean "no filter".
 */
export const SEARCH_KEY = "search";
export const PAGE_KEY = "page";
export const PAGE_SIZE_KEY = "page_size";
export const ORDERING_KEY = "ordering";

/** `-key` orders by key descending; terms are comma-separated. */
export const DESCENDING = "-";
export const ORDERING_SEPARATOR = ",";

/** One term of `?ordering`: its key and direction. */
export function orderingTerm(term: string): { key: string; desc: boolean } {
  const t = term.trim();
  const desc = t.startsWith(DESCENDING);
  return { key: desc ? t.slice(DESCENDING.length) : t, desc };
}

/**
 * spec 002 §5: filter selection ignores empty, null or "all" values ("undefined" too: what a
 * script writes for a missing value), in any case and with spaces around.
 */
const IGNORED = new Set(["", "null", "all", "undefined"]);
export const isIgnoredFilterValue = (raw: string): boolean => IGNORED.has(raw.trim().toLowerCase());
