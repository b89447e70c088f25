import type { RawBuilder } from "kysely";
import { ORDERING_SEPARATOR, orderingTerm } from "../../contract/list-query";

/** What a list may be ordered by: key → the expression (or expressions, in turn) it orders by. */
export type OrderingWhitelist = Readonly<Record<string, RawBuilder<unknown> | readonly RawBuilder<unknown>[]>>;
/** One expression to order by and its direction. */
export type OrderTerm = { expr: RawBuilder<unknown>; desc: boolean };

/**
 * THE reading of `?ordering` (spec 002 §7) for every list: comma-separated keys of the list's
 * whitelist, `-key` descending; empty → `fallback`. Null when a key is not in the whitelist: the
 * caller answers {ordering: [invalid_choice]} with its other field errors, in one 400.
 */
export function parseOrdering(
  raw: string | undefined,
  whitelist: OrderingWhitelist,
  fallback: string,
): OrderTerm[] | null {
  const text = raw?.trim() ? raw : fallback;
  const out: OrderTerm[] = [];
  for (const term of text.split(ORDERING_SEPARATOR)) {
    const { key, desc } = orderingTerm(term);
    if (!Object.hasOwn(whitelist, key)) return null;
    const exprs = whitelist[key];
    for (const expr of Array.isArray(exprs) ? exprs : [exprs as RawBuilder<unknown>]) out.push({ expr, desc });
  }
  return out;
}

/** The last term's direction: the id that breaks ties runs the same way. */
export const tieDirection = (order: readonly OrderTerm[]) => (order.at(-1)?.desc ? "desc" : "asc");
