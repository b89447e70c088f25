import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { Paged } from "../../contract/http";
import type {
  CheckinLearnerRow,
  CheckinLogRow,
  CheckinReportAnswer,
  CheckinReportRow,
  CheckinSessionAnswer,
  CheckinSessionRow,
} from "../../contract/schemas/class-checkin";
import { checkinAction } from "./checkin.server";
import { scanLearnerCode } from "./class-options.server";
import { loadClass } from "./class-session.server";
import { loadPagedList } from "./enrollment.server";
import { invariantResponse, idParam } from "./invariant";
import { itemPage, itemPost, type ItemPage } from "./item-page.server";
import { ORDERING_KEY, SEARCH_KEY } from "./list-query";
import { refusalAnswer } from "./read-form.server";

/**
 * The server half of a class's check-in screens (docs/decisions/042): the check-in tab (a
 * session's learners, checked in and out by hand), and the overall pages check-in, log and report,
 * all on GET/POST class/{id}/checkin/… (api/content/class/checkin.ts).
 */
type Args = LoaderFunctionArgs | ActionFunctionArgs;

/** A learner row keyed for the tables (and tick boxes) by enrollment. */
export type CheckinTableRow = CheckinLearnerRow & { id: number };
export type ReportTableRow = CheckinReportRow & { id: number };
export type LogTableRow = CheckinLogRow;

/** The class a check-in page is about, guarded for `action`, and what it shows: its check-in type, whether it may still change. */
export async function classCheckinPage(args: Args, action: "view" | "progress") {
  const page = await itemPage(args, action);
  const klass = await loadClass(page);
  // Its check-in options (docs/decisions/046): who holds the code, whether learners scan it themselves.
  const options = { learnerHolds: klass.qr_code_holder === 0, selfCheckIn: klass.is_user_check_in };
  return {
    page,
    checkInType: klass.check_in_type,
    readOnly: klass.is_read_only,
    canCheckIn: page.can("progress") && !klass.is_read_only,
    options,
  };
}

/** The class's sessions as check-in points, with their counts. */
export async function loadCheckinPoints(page: ItemPage): Promise<CheckinSessionRow[]> {
  return (await page.api.get<Paged<CheckinSessionRow>>(`${page.apiBase}checkin/`)).data.results;
}

/** The path's check-in point (a session id), or 404. */
export function checkinIdOf(args: Args): number {
  return idParam(args.params.checkinid);
}

/** One page of a session's learners (404 when the session is not the class's), the URL's search, ordering and page passed on. */
export async function loadSessionLearners(page: ItemPage, sessionId: number, request: Request) {
  const path = `${page.apiBase}checkin/${sessionId}/`;
  const { list, badQuery } = await loadPagedList<CheckinLearnerRow>(page.api, path, request, [
    SEARCH_KEY,
    ORDERING_KEY,
  ]);
  // The answer names its session; a refused query (400) does not, and an unknown session is a 404.
  let session = (list as Partial<CheckinSessionAnswer>).session;
  if (!session) {
    const probe = await page.api.get<CheckinSessionAnswer>(path, { query: { page_size: 1 }, accept: [404] });
    invariantResponse(probe.status === 200, "Not Found", { status: 404, headers: page.api.headers() });
    session = probe.data.session;
  }
  const rows: CheckinTableRow[] = list.results.map((r) => ({ ...r, id: r.enrollment_id }));
  return { session, list: { ...list, results: rows }, badQuery };
}

/** One page of the check-in log, filtered by the URL's search, session, source and action. */
export async function loadCheckinLog(page: ItemPage, request: Request) {
  return loadPagedList<CheckinLogRow>(page.api, `${page.apiBase}checkin/log/`, request, [
    SEARCH_KEY,
    "session",
    "source",
    "action",
  ]);
}

/** One page of the attendance report: per learner, each session's attendance, and the sessions as columns. */
export async function loadCheckinReport(page: ItemPage, request: Request) {
  const { list, badQuery } = await loadPagedList<CheckinReportRow>(
    page.api,
    `${page.apiBase}checkin/report/`,
    request,
    [SEARCH_KEY, ORDERING_KEY],
  );
  const extra = list as unknown as Partial<CheckinReportAnswer>;
  const rows: ReportTableRow[] = list.results.map((r) => ({ ...r, id: r.enrollment_id }));
  return {
    list: { ...list, results: rows },
    badQuery,
    sessions: extra.session_list ?? [],
    sessionCount: extra.session_count ?? 0,
  };
}

/** intent=checkin on a session's page: the ticked learners checked in or out by hand (source 2 admin). */
export async function classCheckinPost(args: ActionFunctionArgs) {
  const post = await itemPost(args, "progress", refusalAnswer);
  if (post.refused) return post.refused;
  // A learner's personal code scanned (or typed) at the session: app/lms/class-options.server.ts.
  if (post.intent === "scan") return scanLearnerCode(post.page, post.form, checkinIdOf(args));
  invariantResponse(post.intent === "checkin", "Bad Request");
  const sessionId = checkinIdOf(args);
  return checkinAction(post.page.api, post.form, `${post.page.apiBase}checkin/${sessionId}/`, post.here, {
    learnersInvalid: "cls_checkin_learners_invalid",
  });
}
