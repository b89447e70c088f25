import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type {
  ClassTerms,
  SessionEnrollmentAnswer,
  SessionEnrollmentOverview,
  StaffScanAnswer,
} from "../../contract/schemas/class-options";
import { apiFieldErrors } from "./content-form.server";
import { invariantResponse, idParam } from "./invariant";
import { itemPage, itemPost, type ItemPage } from "./item-page.server";
import { refusalAnswer } from "./read-form.server";
import { redirectWithToast } from "./toast.server";

/**
 * The server half of a class's option screens (docs/decisions/046, 047): a learner's session
 * enrollment, the enrolment overview (enrollment-old), the terms of a class inside a program, and
 * staff scanning a learner's personal code on the check-in tab. Field errors come back as
 * `{errors: {field: [key]}, form: [key]}` for the page to show under its fields.
 */
type Args = LoaderFunctionArgs | ActionFunctionArgs;
export type OptionErrors = { fields: Record<string, string[]>; form: string[] };

/** The path's learner (an enrollment id), or 404. */
export function enrollmentIdOf(args: Args): number {
  return idParam(args.params.enrollmentid);
}

/** A learner's sessions with the class's rules (404: not a learner of the class). */
export async function loadSessionChoice(page: ItemPage, enrollmentId: number): Promise<SessionEnrollmentAnswer> {
  const res = await page.api.get<SessionEnrollmentAnswer>(`${page.apiBase}learner/${enrollmentId}/session/`, {
    accept: [404],
  });
  invariantResponse(res.status === 200, "Not Found", { status: 404, headers: page.api.headers() });
  return res.data;
}

const errorsOf = (body: unknown): OptionErrors => {
  const e = apiFieldErrors(body as Record<string, unknown>);
  return { fields: e.fieldErrors, form: e.formErrors };
};

/** intent=save (enrollment flag): the ticked sessions become the learner's; refused → the errors, nothing saved. */
export async function saveSessionChoice(args: ActionFunctionArgs) {
  const post = await itemPost(args, "enrollment", refusalAnswer);
  if (post.refused) return post.refused;
  invariantResponse(post.intent === "save", "Bad Request");
  const enrollmentId = enrollmentIdOf(args);
  const chosen = post.form.getAll("session_list").map(String);
  const res = await post.page.api.post<SessionEnrollmentAnswer>(
    `${post.page.apiBase}learner/${enrollmentId}/session/`,
    { session_list: chosen.join(",") },
    { accept: [400, 404] },
  );
  invariantResponse(res.status !== 404, "Not Found", { status: 404, headers: post.page.api.headers() });
  if (res.status === 400)
    return data({ errors: errorsOf(res.data), chosen }, { status: 400, headers: post.page.api.headers() });
  return redirectWithToast(
    post.here,
    { type: "success", message: "cls_session_enrollment_saved" },
    { headers: post.page.api.headers() },
  );
}

/** The class's enrolment by session (the enrollment-old tab). */
export async function loadOverview(page: ItemPage): Promise<SessionEnrollmentOverview> {
  return (await page.api.get<SessionEnrollmentOverview>(`${page.apiBase}session-enrollment/`)).data;
}

/** The terms of a class inside a program (404 for a class on its own). */
export async function loadTerms(page: ItemPage): Promise<ClassTerms> {
  const res = await page.api.get<ClassTerms>(`${page.apiBase}terms/`, { accept: [404] });
  invariantResponse(res.status === 200, "Not Found", { status: 404, headers: page.api.headers() });
  return res.data;
}

/** intent=save (change flag): the terms saved; refused → the errors and what was typed. */
export async function saveTerms(args: ActionFunctionArgs) {
  const post = await itemPost(args, "change", refusalAnswer);
  if (post.refused) return post.refused;
  invariantResponse(post.intent === "save", "Bad Request");
  const body = {
    terms: String(post.form.get("terms") ?? ""),
    is_terms_required: post.form.get("is_terms_required") === "on",
  };
  const res = await post.page.api.post<ClassTerms>(`${post.page.apiBase}terms/`, body, { accept: [400, 404] });
  invariantResponse(res.status !== 404, "Not Found", { status: 404, headers: post.page.api.headers() });
  if (res.status === 400)
    return data({ errors: errorsOf(res.data), typed: body }, { status: 400, headers: post.page.api.headers() });
  return redirectWithToast(
    post.here,
    { type: "success", message: "cls_terms_saved" },
    { headers: post.page.api.headers() },
  );
}

/**
 * intent=scan on a session's check-in page (progress flag, a class whose learners hold the code):
 * the scanned (or typed) personal code checks its learner in, then out; the answer says who and what.
 */
export async function scanLearnerCode(page: ItemPage, form: FormData, sessionId: number) {
  const code = String(form.get("code") ?? "");
  const res = await page.api.post<StaffScanAnswer>(
    `${page.apiBase}checkin/${sessionId}/scan/`,
    { code, source: 0 },
    { accept: [400, 404] },
  );
  invariantResponse(res.status !== 404, "Not Found", { status: 404, headers: page.api.headers() });
  if (res.status === 400)
    return data({ scan: null, scanErrors: errorsOf(res.data) }, { status: 400, headers: page.api.headers() });
  return data({ scan: res.data, scanErrors: null }, { headers: page.api.headers() });
}

export { itemPage };
