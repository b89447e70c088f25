import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { FilterOption, Paged } from "../../contract/http";
import {
  MAX_DECISION_IDS,
  REFUSED_OUTCOMES,
  isDecisionAction,
  type ApprovalPage,
  type DecisionAction,
} from "../../contract/approval-codes";
import {
  closeEnrollmentSchema,
  decisionSchema,
  rejectionSchema,
  type ApprovalRow,
  type DecisionAnswer,
} from "../../contract/schemas/approvals";
import { answerHolds } from "../../contract/permissions";
import { MSG } from "../../contract/messages";
import { requireScreen } from "./auth.server";
import { requireCsrf } from "./csrf.server";
import { loadPagedList, zoneOffset } from "./enrollment.server";
import { readForm } from "./read-form.server";
import { redirectWithToast } from "./toast.server";
import { invariantResponse } from "./invariant";
import { dash } from "./paths";
import type { Lms } from "./api.server";

/**
 * The enrollment approval pages (issue 17 §3; docs/decisions/054, 074): the waiting, approved and
 * rejected lists and the old single list (`all`, with a status filter) are one loader and one
 * action; `enrollment/confirm` is the confirmation page of a decision on several enrolments, and
 * of every rejection (it asks the reason the learner is shown). Administrators (the enrollment
 * flags) and the deciders of enrolment flows (`decides_enrollment`) use them; the API
 * (api/approvals/) checks both again and decides per enrolment, each by who decides it.
 */

export type ApprovalView = ApprovalPage | "all";
export const API = "dashboard/enrollment/";
/** The query keys the lists (and their exports) pass on to the API. */
export const LIST_KEYS = ["search", "ordering", "content_type", "content", "department", "state"] as const;

/** The screen of each view (app/registry/screens-approvals.js). */
export const SCREEN_OF: Record<ApprovalView, string> = {
  waiting: "enrollment-waiting",
  approved: "enrollment-approved",
  rejected: "enrollment-rejected",
  all: "enrollment-old",
};

export async function approvalLoader({ request }: LoaderFunctionArgs, view: ApprovalView, screen: string) {
  const { api, permission } = await requireScreen({ request }, screen);
  const url = new URL(request.url);
  const admin = !!permission.permission.enrollment_change_enrollment;
  // The old page chooses its state with a filter; the others are their state.
  const state = view === "all" ? (url.searchParams.get("state") ?? "any") : view;
  const query = new URLSearchParams(url.searchParams);
  query.set("state", state);
  const withState = new Request(`${url.origin}${url.pathname}?${query}`, request);
  const [{ list, badQuery }, departments] = await Promise.all([
    loadPagedList<ApprovalRow>(api, API, withState, LIST_KEYS),
    api
      .get<Paged<FilterOption>>("dashboard/filter/department-cascade/", { query: { page_size: 1000 } })
      .then((r) => r.data.results),
  ]);
  return data(
    {
      view,
      list,
      badQuery,
      departments: departments.map((d) => ({ value: String(d.id), label: d.name })),
      offset: await zoneOffset(),
      // Decisions: an administrator's, or a flow's decider's on the rows at its steps (each row says: can_decide).
      canDecide: admin || answerHolds(permission, "decides_enrollment"),
      admin,
      canExport: answerHolds(permission, "enrollment_view_enrollment") || answerHolds(permission, "decides_enrollment"),
      tickAll: url.searchParams.get("tick") === "page",
    },
    { headers: api.headers() },
  );
}

/** The ticked enrolments of a form (`enrollment`, repeated), as numbers. */
const ticked = (form: FormData) =>
  form
    .getAll("enrollment")
    .map(String)
    .filter((v) => /^\d{1,12}$/.test(v))
    .map(Number);

export type DecisionResult = { action: DecisionAction; answer: DecisionAnswer } | null;
export type ActionData = { error?: string; noteError?: string; decision?: DecisionResult };

/** Send a decision (a rejection with its reason, `note`); all done → back to `back` with a toast; any refused → its results shown. */
export async function sendDecision(api: Lms, action: DecisionAction, ids: number[], back: string, note = "") {
  const submission = (action === "reject" ? rejectionSchema : decisionSchema).safeParse({ enrollment_list: ids, note });
  if (!submission.success) {
    const reason = submission.error.issues.some((i) => i.path[0] === "note");
    return data<ActionData>(reason ? { noteError: MSG.reason_required } : { error: "apv_none_selected" }, {
      status: 400,
    });
  }
  const res = await api.post<DecisionAnswer>(`${API}${action}/`, submission.data, { accept: [400] });
  if (res.status === 400) return data<ActionData>({ error: "invalid" }, { status: 400, headers: api.headers() });
  const refused = res.data.results.filter((r) => REFUSED_OUTCOMES.includes(r.result)).length;
  if (!refused) {
    return redirectWithToast(
      back,
      { type: "success", message: `apv_toast_${action.replace("-", "_")}`, values: { count: res.data.results.length } },
      { headers: api.headers() },
    );
  }
  return data<ActionData>({ decision: { action, answer: res.data } }, { headers: api.headers() });
}

/**
 * The lists' action: intent approve with the ticked enrolments (one → decided at once; several →
 * the confirmation page), reject (always the confirmation page: it asks the reason), cancel-reject
 * (a rejection undone at once: it only puts the learner back in the queue), close (a content's
 * enrollment, from the waiting list filtered to it).
 */
export async function approvalAction({ request }: ActionFunctionArgs, screen: string) {
  const { api } = await requireScreen({ request }, screen);
  const { form, refusal } = await readForm(request);
  if (!form) return data<ActionData>({ error: refusal.message }, { status: refusal.status });
  await requireCsrf(api, form);
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  const intent = String(form.get("intent") ?? "");
  if (intent === "close") {
    const parsed = closeEnrollmentSchema.safeParse({
      content_type: form.get("content_type"),
      content: form.get("content"),
    });
    invariantResponse(parsed.success, "Bad Request");
    const res = await api.post<{ rejected: number }>(`${API}close/`, parsed.data, { accept: [400] });
    if (res.status === 400) return data<ActionData>({ error: "invalid" }, { status: 400, headers: api.headers() });
    return redirectWithToast(
      back,
      { type: "success", message: "apv_toast_closed", values: { count: res.data.rejected } },
      { headers: api.headers() },
    );
  }
  invariantResponse(isDecisionAction(intent), "Bad Request");
  const ids = ticked(form).slice(0, MAX_DECISION_IDS);
  if (!ids.length) return data<ActionData>({ error: "apv_none_selected" }, { status: 400, headers: api.headers() });
  if ((ids.length > 1 && intent !== "cancel-reject") || intent === "reject") {
    const query = new URLSearchParams([
      ["decision", intent],
      ["back", back],
      ...ids.map((id) => ["enrollment", String(id)]),
    ]);
    throw redirect(`${dash("enrollment/confirm")}?${query}`, { headers: api.headers() });
  }
  return sendDecision(api, intent, ids, back);
}

/** Where a confirmation page goes back to: one of the approval pages only (never another site). */
export function safeBack(raw: string | null): string {
  const fallback = dash("enrollment/waiting");
  if (!raw || !raw.startsWith(`${dash("enrollment")}`) || raw.startsWith("//")) return fallback;
  return raw;
}

export { ticked };
