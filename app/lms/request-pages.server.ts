import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs } from "@remix-run/node";
import { MSG } from "../../contract/messages";
import { kindOfPath } from "~/components/requests/kinds";
import { requirePermission } from "./auth.server";
import { requireCsrf } from "./csrf.server";
import { invariantResponse } from "./invariant";
import { readForm } from "./read-form.server";
import { decisionSchema, learningResultSchema } from "./request-schemas.server";
import { redirectWithToast } from "./toast.server";
import { dash } from "./paths";

/**
 * The actions of the request pages (docs/decisions/058, 074): an approver's approval of the step a
 * request waits at (the request page), its rejection with the reason the learner is shown (the
 * rejection's own page), and an administrator's change of a learning result's progress. Each
 * checks the guard — the kind's change flag, or being one of the flow's deciders — the
 * anti-forgery field and the contract's schema before sending; the API's refusals come back as a
 * message on the form — "not yours to decide" (403) without the 403 reaction's sign-out, since
 * the account may well decide other steps.
 */

type Answer = { errors?: string[]; fields?: Record<string, string[]> };

/** Send a decision; done → the request page with a toast; a refusal → its message on the form. */
async function sendDecision(args: ActionFunctionArgs, intent: "decide" | "reject") {
  const url = new URL(args.request.url);
  const def = kindOfPath(url.pathname);
  const { api } = await requirePermission(args, def.flags.change, [def.decides]);
  const { form, refusal } = await readForm(args.request);
  if (!form) return data<Answer>({ errors: [refusal.message] }, { status: refusal.status });
  await requireCsrf(api, form);
  invariantResponse(String(form.get("intent") ?? "") === intent, "Bad Request");
  const id = Number(args.params.requestid);
  invariantResponse(Number.isInteger(id) && id > 0, "Not Found", { status: 404 });
  const submission = parseWithZod(form, { schema: decisionSchema });
  if (submission.status !== "success") {
    const fields = (submission.error ?? {}) as Record<string, string[]>;
    return data<Answer>(fields.note ? { fields: { note: fields.note } } : { errors: [MSG.invalid_choice] }, {
      status: 400,
      headers: api.headers(),
    });
  }
  const res = await api.post<{ detail?: string; note?: string[] }>(`${def.api}${id}/decision/`, submission.value, {
    accept: [400, 403, 404, 409],
  });
  const item = dash(`${def.segment}/${id}`);
  if (res.status === 404)
    return redirectWithToast(dash(def.list), { type: "error", message: MSG.not_found }, { headers: api.headers() });
  if (res.status === 400 && res.data?.note)
    return data<Answer>({ fields: { note: res.data.note } }, { status: 400, headers: api.headers() });
  if (res.status !== 200)
    return data<Answer>({ errors: [res.data?.detail ?? MSG.invalid] }, { status: res.status, headers: api.headers() });
  const message = submission.value.decision === "approve" ? "req_toast_approved" : "req_toast_rejected";
  return redirectWithToast(item, { type: "success", message }, { headers: api.headers() });
}

export const requestDecisionAction = (args: ActionFunctionArgs) => sendDecision(args, "decide");
export const requestRejectAction = (args: ActionFunctionArgs) => sendDecision(args, "reject");

export async function learningResultAction(args: ActionFunctionArgs) {
  const url = new URL(args.request.url);
  const { api } = await requirePermission(args, "request_form_progress_request_form");
  const { form, refusal } = await readForm(args.request);
  if (!form) return data<Answer>({ errors: [refusal.message] }, { status: refusal.status });
  await requireCsrf(api, form);
  invariantResponse(String(form.get("intent") ?? "") === "change", "Bad Request");
  const id = Number(args.params.learningresultid);
  invariantResponse(Number.isInteger(id) && id > 0, "Not Found", { status: 404 });
  const submission = parseWithZod(form, { schema: learningResultSchema });
  if (submission.status !== "success")
    return data<Answer>({ fields: { status: [MSG.required] } }, { status: 400, headers: api.headers() });
  const res = await api.post<Record<string, string[]>>(`dashboard/learning-result/${id}/progress/`, submission.value, {
    accept: [400, 404],
  });
  if (res.status === 404)
    return redirectWithToast(
      url.pathname,
      { type: "error", message: MSG.not_found, status: 404 },
      { headers: api.headers() },
    );
  if (res.status === 400) return data<Answer>({ fields: res.data }, { status: 400, headers: api.headers() });
  return redirectWithToast(
    url.pathname,
    { type: "success", message: "req_toast_progress_saved" },
    { headers: api.headers() },
  );
}
