import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { Paged } from "../../contract/http";
import { MSG } from "../../contract/messages";
import { classCancelSchema, sessionSchema, type Class, type ClassSession } from "../../contract/schemas/class";
import { apiFieldErrors } from "./content-form.server";
import { codeOptions } from "./code-options";
import { optionsFor } from "./content.server";
import { invariantResponse, idParam } from "./invariant";
import { redirectWithToast } from "./toast.server";
import { postedIdempotencyKey } from "./idempotency.server";
import { formId, itemPage, itemPost, schemaConstraint, type ItemPage } from "./item-page.server";
import { placeOptions } from "./places.server";

/**
 * The server half of a class's own screens (spec 000 §2.4, docs/decisions/040): the class and its
 * sessions as the API answers them, the session form's schema (the contract's, kept on the server
 * so no zod goes to the browser, docs/decisions/008) with the constraints the browser gets
 * instead, the session writes — the API's 409 overlap answered as a confirmation — and cancelling.
 */
type Args = LoaderFunctionArgs | ActionFunctionArgs;
export type Result = SubmissionResult<string[]>;
/** A session the API says the posted one overlaps (its 409 `overlap`). */
export type Clash = { id: number; name: string; date: string; start_time: string; end_time: string };
/** What a session form's action answers when it does not redirect. */
export type SessionAnswer = { result: Result; overlap: Clash[] };

/** The class a page is about (item-page.server.ts, the same for every type's own pages). */
export const classOf = itemPage;
export type ClassPage = ItemPage;

/** The class itself (404 when it is not there or not in the account's scope). */
export async function loadClass(page: ClassPage): Promise<Class> {
  const res = await page.api.get<Class>(page.apiBase, { accept: [404] });
  invariantResponse(res.status === 200, "Not Found", { status: 404, headers: page.api.headers() });
  return res.data;
}

/** The class's sessions by start (the API answers them all in one page). */
export async function loadSessions(page: ClassPage): Promise<ClassSession[]> {
  return (await page.api.get<Paged<ClassSession>>(`${page.apiBase}session/`)).data.results;
}

/** A session id from the path, or 404. */
export function sessionIdOf(args: Args): number {
  return idParam(args.params.sessionid);
}

/** One session of the class (404 when it is another class's). */
export async function loadSession(page: ClassPage, sessionId: number): Promise<ClassSession> {
  const res = await page.api.get<ClassSession>(`${page.apiBase}session/${sessionId}/`, { accept: [404] });
  invariantResponse(res.status === 200, "Not Found", { status: 404, headers: page.api.headers() });
  return res.data;
}

/** The limits the session schema reads from the configuration (as the API does). */
const schemaOf = (page: ClassPage) =>
  sessionSchema({
    text: Number(page.config["text-limit"]?.value ?? 255),
    description: Number(page.config["description-limit"]?.value ?? 5000),
  });

/** conform's constraints of the session form (`required` where the schema refuses a missing value). */
export const sessionConstraint = (page: ClassPage) => schemaConstraint(schemaOf(page));

/**
 * What the session form chooses from: the session types, the locations and their rooms (the API's
 * `session-options/`; each room names its location, so the form groups them under it — in the
 * locations' order — and, with JavaScript, offers only the chosen location's) and instructors.
 */
export async function sessionChoices(page: ClassPage) {
  const [places, instructors] = await Promise.all([
    page.api.get<{
      locations: { id: number; name: string }[];
      rooms: { id: number; name: string; location_id: number }[];
    }>(`${page.apiBase}session-options/`),
    optionsFor(page.api, "instructor", "instructor_list"),
  ]);
  return {
    // Code options carry their label key (the class namespace), translated by the page.
    types: codeOptions("session_type"),
    ...placeOptions(places.data.locations, places.data.rooms),
    instructors,
  };
}

/** What a write starts with (the guard for `change`, the form, its intent); a post that is no readable form is the form's refusal. */
export const classPost = (args: ActionFunctionArgs) =>
  itemPost(args, "change", (refusal) =>
    data<SessionAnswer>({ result: refusal.result, overlap: [] }, { status: refusal.status }),
  );

/**
 * intent save: POST session/ (`sessionId` null) or PATCH session/{id}/ with the form read by the
 * contract's schema. Refusals — the API's 400 field errors too — come back onto their fields; the
 * API's 409 comes back with the sessions it clashes with, for the page to ask "save anyway"
 * (the same form posted again with confirm_overlap). Success goes to the curriculum with a toast.
 */
export async function writeSession(page: ClassPage, form: FormData, sessionId: number | null) {
  const headers = () => page.api.headers();
  const curriculum = `${page.base}/curriculum`;
  // The form posts its own texts ("" for an empty optional one); conform's coercion would make them missing.
  const submission = parseWithZod(form, { schema: schemaOf(page), disableAutoCoercion: true });
  const answer = (result: Result, status: number, overlap: Clash[] = []) =>
    data<SessionAnswer>({ result, overlap }, { status, headers: headers() });
  if (submission.status !== "success") return answer(submission.reply() as Result, 400);
  const path = `${page.apiBase}session/${sessionId === null ? "" : `${sessionId}/`}`;
  // The QR switch is a tick box: unticked, the form posts nothing, which the API reads as "as it is".
  const body = { ...submission.value, is_qr_code: submission.value.is_qr_code ?? false };
  // A new session's form carries its idempotency key (docs/decisions/094).
  const res = await (sessionId === null ? page.api.post : page.api.patch)<Record<string, unknown>>(path, body, {
    accept: [400, 404, 409],
    idempotencyKey: sessionId === null ? postedIdempotencyKey(form) : undefined,
  });
  if (res.status === 404)
    return redirectWithToast(
      curriculum,
      { type: "error", message: MSG.not_found, status: 404 },
      { headers: headers() },
    );
  if (res.status === 409)
    return answer(submission.reply() as Result, 409, (res.data.overlap as Clash[] | undefined) ?? []);
  if (res.status === 400) return answer(submission.reply(apiFieldErrors(res.data)) as Result, 400);
  return redirectWithToast(curriculum, { type: "success", message: "cls_toast_session_saved" }, { headers: headers() });
}

/** intent delete: DELETE session/{id}/ (a refusal — a cancelled class — comes back as its message). */
export async function deleteSession(page: ClassPage, form: FormData) {
  const raw = formId(form);
  const back = `${page.base}/curriculum`;
  const res = await page.api.delete<{ detail?: string }>(`${page.apiBase}session/${raw}/`, { accept: [400, 404] });
  if (res.status === 404)
    return redirectWithToast(
      back,
      { type: "error", message: MSG.not_found, status: 404 },
      { headers: page.api.headers() },
    );
  if (res.status === 400)
    return data({ warning: res.data?.detail ?? MSG.invalid }, { status: 400, headers: page.api.headers() });
  return redirectWithToast(
    back,
    { type: "success", message: "cls_toast_session_deleted" },
    { headers: page.api.headers() },
  );
}

/**
 * intent cancel: POST class/{id}/cancel/ {reason} — permanent (docs/decisions/077). The reason is
 * required: without it (or too long) the page comes back with the field's error and nothing is
 * sent; the API's field refusal comes back the same way; a class already cancelled says so.
 */
export async function cancelClass(page: ClassPage, form: FormData) {
  const schema = classCancelSchema({ description: Number(page.config["description-limit"]?.value ?? 2000) });
  const submission = parseWithZod(form, { schema, disableAutoCoercion: true });
  const answer = (result: Result) => data({ result }, { status: 400, headers: page.api.headers() });
  if (submission.status !== "success") return answer(submission.reply() as Result);
  const res = await page.api.post<Record<string, unknown>>(`${page.apiBase}cancel/`, submission.value, {
    accept: [400],
  });
  const back = `${page.base}/information`;
  if (res.status === 400) {
    const refused = apiFieldErrors(res.data);
    if (Object.keys(refused.fieldErrors).length) return answer(submission.reply(refused) as Result);
    return redirectWithToast(
      back,
      { type: "error", message: refused.formErrors[0] ?? MSG.invalid },
      { headers: page.api.headers() },
    );
  }
  return redirectWithToast(back, { type: "success", message: "cls_toast_cancelled" }, { headers: page.api.headers() });
}
