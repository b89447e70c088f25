import { DESCENDING, PAGE_KEY, SEARCH_KEY, isIgnoredFilterValue } from "../../contract/list-query";

/**
 * The list screens' query string rules, pure so each has a unit test, over the vocabulary the API
 * reads too (contract/list-query.ts). spec 000 §2.14: a non-empty search is trimmed, stored under
 * the search key and resets the page to 1; an empty search removes the search key and the page
 * key. spec 002 §5: filter selection ignores empty, null or "all" values.
 */
export { ORDERING_KEY, PAGE_KEY, SEARCH_KEY } from "../../contract/list-query";

/** How long a list waits after the last key before it searches what was typed (spec 002 §9 "search navigation wait 100 ms"). */
export const SEARCH_WAIT_MS = 100;

/**
 * The canonical form of a list URL's query, or null when it already is canonical. A submitted
 * search form carries `search` without `page`, so trimming and dropping happen here.
 */
export function canonicalListQuery(params: URLSearchParams): URLSearchParams | null {
  const out = new URLSearchParams();
  let changed = false;
  for (const [k, v] of params) {
    if (k === SEARCH_KEY) {
      const trimmed = v.trim();
      if (!trimmed) {
        changed = true; // an empty search removes the search and the page keys
        continue;
      }
      if (trimmed !== v) changed = true;
      out.set(k, trimmed);
    } else if (isIgnoredFilterValue(v)) {
      changed = true;
    } else {
      out.append(k, v);
    }
  }
  if (params.has(SEARCH_KEY) && !params.get(SEARCH_KEY)!.trim()) out.delete(PAGE_KEY);
  if (out.get(PAGE_KEY) === "1") {
    out.delete(PAGE_KEY);
    changed = true;
  }
  return changed ? out : null;
}

/** The ordering a header link sets: ascending first, then descending, then back. */
export function nextOrdering(current: string | null, column: string): string {
  if (current === column) return `${DESCENDING}${column}`;
  return column;
}

/** The same query with one key changed (or removed with null); the page resets unless it is the key. */
export function withParam(params: URLSearchParams, key: string, value: string | null): string {
  const out = new URLSearchParams(params);
  if (value === null || (key === PAGE_KEY && value === "1")) out.delete(key);
  else out.set(key, value);
  if (key !== PAGE_KEY) out.delete(PAGE_KEY);
  const s = out.toString();
  return s ? `?${s}` : "?";
}

/** Page numbers to show around the current one (first, last, neighbours; null = gap). */
export function pageWindow(page: number, pages: number): (number | null)[] {
  const set = new Set([1, pages, page - 1, page, page + 1].filter((p) => p >= 1 && p <= pages));
  const sorted = [...set].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const p of sorted) {
    if (out.length && (out[out.length - 1] as number) < p - 1) out.push(null);
    out.push(p);
  }
  return out;
}
