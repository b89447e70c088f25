import { API_TIMEOUT_MS } from "./transport.server";

/**
 * What code of a page request is given: the loader's (or action's) arguments, or just its request.
 * Remix hands every loader of one page request a Request object of its own but the same `context`
 * (one object per HTTP request: server/dashboard.ts gives no getLoadContext), so only with the
 * arguments can the loaders share what is per page: the user read (auth.server.ts) and the deadline.
 */
export type RequestArgs = Request | { request: Request; context?: unknown };
export const requestOf = (from: RequestArgs): Request => ("request" in from ? from.request : from);

/**
 * When a page request stops waiting for the API (spec 002 §8): LMS_API_TIMEOUT_MS after it first
 * needs the API, for all its calls together — its action's and every loader's, side by side or
 * one after another, retries included — so a frozen or crawling API ends the page on the 504 page
 * in that time however many calls it makes (docs/decisions/026). Keyed by the load context (and
 * found by each request that shares it); code given only a request has a deadline of its own.
 */
export type Deadline = { at: number };
const deadlines = new WeakMap<object, Deadline>();
export function pageDeadline(from: RequestArgs): Deadline {
  const context = "request" in from ? from.context : null;
  const request = requestOf(from);
  const key = context && typeof context === "object" ? context : request;
  let deadline = deadlines.get(key);
  if (!deadline) deadlines.set(key, (deadline = { at: Date.now() + API_TIMEOUT_MS }));
  if (key !== request) deadlines.set(request, deadline);
  return deadline;
}

/**
 * The request's body has arrived (read-form.server.ts): a large upload's time on the wire is the
 * browser's, not the API's, so the page's time for the API counts from now.
 */
export function bodyArrived(request: Request) {
  const deadline = deadlines.get(request);
  if (deadline) deadline.at = Math.max(deadline.at, Date.now() + API_TIMEOUT_MS);
}
