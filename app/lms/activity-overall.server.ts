import type { LoaderFunctionArgs } from "@remix-run/node";
import type { ChecklistRow, SlotRow } from "../../contract/schemas/activity";
import type { Lms } from "./api.server";
import { activityOf, loadChecklists } from "./activity.server";
import type { Action } from "./content.server";
import { loadPagedList, zoneOffset } from "./enrollment.server";
import { invariantResponse } from "./invariant";
import { ORDERING_KEY, SEARCH_KEY } from "./list-query";

/**
 * What activity's overall pages (spec 000 §2.3; docs/decisions/023) share on the server: the guard
 * with the activity's paths, its checklists (a "slot" of the overall URLs is one of them) and one
 * page of a checklist's learners. The check-in form's schema comes through here, so the page ships
 * no zod to the browser (docs/decisions/016).
 */
export { parseWithZod } from "@conform-to/zod/v4";
export { checkinSchema } from "../../contract/schemas/activity";

/** A checklist's learner row as the tables show it: keyed by enrollment, `slotId` null before the first check-in. */
export type SlotTableRow = Omit<SlotRow, "id"> & { id: number; slotId: number | null };

/** The activity page's guard (activity.server.ts activityOf) with its paths and the organisation's time zone offset. */
export async function requireActivity(args: Pick<LoaderFunctionArgs, "request" | "params">, action: Action) {
  const page = await activityOf(args as LoaderFunctionArgs, action);
  return { ...page, paths: { base: page.base, api: page.apiBase }, offset: await zoneOffset() };
}

export { loadChecklists };

/**
 * The checklist a `:slotid` names, which must be one of `checklists` (otherwise 404). Without one:
 * the first checklist (null when there is none), or null when `optional` (the verify queue's
 * overview of every checklist).
 */
export function chosenChecklist(
  checklists: ChecklistRow[],
  slotid: string | undefined,
  optional = false,
): ChecklistRow | null {
  if (slotid === undefined) return optional ? null : (checklists[0] ?? null);
  const found = /^\d{1,9}$/.test(slotid) ? checklists.find((c) => c.id === Number(slotid)) : undefined;
  invariantResponse(found, "Not Found", { status: 404 });
  return found;
}

/** Query keys of a checklist's learner list the API understands (besides page). */
const SLOT_LIST_KEYS = [SEARCH_KEY, ORDERING_KEY, "status", "waiting"] as const;

/**
 * One page of a checklist's learners (GET …/checklist/{id}/slot/), the URL's search, status,
 * ordering and page passed on; `fixed` adds keys the page always asks (the verify queue's `waiting=1`).
 */
export async function loadSlots(
  api: Lms,
  apiBase: string,
  checklistId: number,
  request: Request,
  fixed: Record<string, string> = {},
) {
  let from = request;
  if (Object.keys(fixed).length) {
    const url = new URL(request.url);
    for (const [k, v] of Object.entries(fixed)) url.searchParams.set(k, v);
    from = new Request(url, { headers: request.headers });
  }
  const { list, badQuery } = await loadPagedList<SlotRow>(
    api,
    `${apiBase}checklist/${checklistId}/slot/`,
    from,
    SLOT_LIST_KEYS,
  );
  const rows: SlotTableRow[] = list.results.map(({ id, ...r }) => ({ ...r, id: r.enrollment_id, slotId: id }));
  return { list: { ...list, results: rows }, badQuery };
}

/** A checklist as the pages' chooser links show it. */
export const checklistLinks = (checklists: ChecklistRow[], href: (id: number) => string) =>
  checklists.map((c) => ({ id: c.id, name: c.name, href: href(c.id) }));

const DAY_MS = 86_400_000;
/** Longest run of days a usage chart spans (about three years): the latest days are kept. */
const MAX_DAYS = 1100;

/**
 * The API's per-day counts (only days with an event, `YYYY-MM-DD` ascending) as every calendar day
 * from the first to the last, quiet days at 0, so the chart's axis is time and not a list of dates.
 */
export function everyDay(days: { date: string; count: number }[]): { date: string; count: number }[] {
  if (!days.length) return [];
  const counts = new Map(days.map((d) => [d.date, d.count]));
  const last = Date.parse(`${days[days.length - 1].date}T00:00:00Z`);
  const first = Math.max(Date.parse(`${days[0].date}T00:00:00Z`), last - (MAX_DAYS - 1) * DAY_MS);
  const out: { date: string; count: number }[] = [];
  for (let t = first; t <= last; t += DAY_MS) {
    const date = new Date(t).toISOString().slice(0, 10);
    out.push({ date, count: counts.get(date) ?? 0 });
  }
  return out;
}
