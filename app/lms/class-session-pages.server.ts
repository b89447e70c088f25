import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs } from "@remix-run/node";
import type { Paged } from "../../contract/http";
import { MSG } from "../../contract/messages";
import type { Curriculum } from "../../contract/schemas/curriculum";
import {
  sessionLiveItemSchema,
  sessionLiveSchema,
  sessionMaterialSchema,
  type SessionLive,
} from "../../contract/schemas/class-session-pages";
import type { TableTabAnswer } from "~/components/content/table-tab";
import { apiFieldErrors } from "./content-form.server";
import { invariantResponse } from "./invariant";
import { itemPage, itemPost, formId, type ItemPage } from "./item-page.server";
import { readForm } from "./read-form.server";
import { requireCsrf } from "./csrf.server";
import { requirePermission } from "./auth.server";
import { redirectWithToast } from "./toast.server";
import { postedIdempotencyKey } from "./idempotency.server";
import { sessionIdOf } from "./class-session.server";
import { CONTENT_SCHEMAS, DEFAULT_CONTENT_LIMITS } from "../../contract/schemas/content";
import { contentFlag } from "~/registry/content.js";
import { REGISTRY_TYPES } from "~/registry/types.js";

/**
 * The server half of a class session's own pages and of create-activity (docs/decisions/045):
 * their reads, and their writes parsed with the contract's schemas (kept on the server so no zod
 * reaches the browser) before anything is sent; the API's refusals come back onto their fields.
 */
export type Result = SubmissionResult<string[]>;

const urlLimit = (page: ItemPage) => Number(page.config["url-limit"]?.value) || 255;

/** The session's live details (404 when it is another class's). */
export async function loadLive(page: ItemPage, sessionId: number): Promise<SessionLive> {
  const res = await page.api.get<SessionLive>(`${page.apiBase}session/${sessionId}/live/`, { accept: [404] });
  invariantResponse(res.status === 200, "Not Found", { status: 404, headers: page.api.headers() });
  return res.data;
}

/**
 * The lives a session may replay: the account's own list of lives (its flags and scope, the same
 * list as /live; none without the live view flag), the latest 200, and the chosen one even if older.
 */
export async function liveChoices(
  page: ItemPage,
  current: SessionLive["live"],
): Promise<{ value: string; label: string }[]> {
  const res = await page.api.get<Paged<{ id: number; name: string; code: string | null }>>("dashboard/live/", {
    query: { page_size: 200 },
    accept: [403],
  });
  const rows = res.status === 200 ? res.data.results : [];
  const options = rows.map((r) => ({ value: String(r.id), label: r.code ? `${r.name} (${r.code})` : r.name }));
  if (current && !rows.some((r) => r.id === current.id))
    options.unshift({ value: String(current.id), label: current.name });
  return options;
}

/** intent save of the live page: PUT live/ with the link and playback; intent live: PATCH live/ with the live item. */
export async function saveLive(args: ActionFunctionArgs) {
  const post = await itemPost(args, "change", (r) =>
    data<{ result: Result; form?: string }>({ result: r.result }, { status: r.status }),
  );
  if (post.refused) return post.refused;
  const { page, form } = post;
  const session = sessionIdOf(args);
  if (post.intent === "live") {
    const chosen = parseWithZod(form, { schema: sessionLiveItemSchema });
    if (chosen.status !== "success") return data({ form: "live", result: chosen.reply() as Result }, { status: 400 });
    const sent = await page.api.call<Record<string, unknown>>("PATCH", `${page.apiBase}session/${session}/live/`, {
      body: chosen.value,
      accept: [400, 404],
    });
    if (sent.status === 404)
      return redirectWithToast(
        `${page.base}/curriculum`,
        { type: "error", message: MSG.not_found, status: 404 },
        { headers: page.api.headers() },
      );
    if (sent.status === 400)
      return data(
        { form: "live", result: chosen.reply(apiFieldErrors(sent.data)) as Result },
        { status: 400, headers: page.api.headers() },
      );
    return redirectWithToast(
      post.here,
      { type: "success", message: "cls_toast_live_item_saved" },
      { headers: page.api.headers() },
    );
  }
  invariantResponse(post.intent === "save", "Bad Request");
  const submission = parseWithZod(form, {
    schema: sessionLiveSchema({ url: urlLimit(page) }),
    disableAutoCoercion: true,
  });
  if (submission.status !== "success") return data({ result: submission.reply() as Result }, { status: 400 });
  const res = await page.api.call<Record<string, unknown>>("PUT", `${page.apiBase}session/${session}/live/`, {
    body: submission.value,
    accept: [400, 404],
  });
  if (res.status === 404)
    return redirectWithToast(
      `${page.base}/curriculum`,
      { type: "error", message: MSG.not_found, status: 404 },
      { headers: page.api.headers() },
    );
  if (res.status === 400)
    return data(
      { result: submission.reply(apiFieldErrors(res.data)) as Result },
      { status: 400, headers: page.api.headers() },
    );
  return redirectWithToast(
    post.here,
    { type: "success", message: "cls_toast_live_saved" },
    { headers: page.api.headers() },
  );
}

/** The class's materials by section, as the material tab has them (the choices of a session's material page). */
export async function classMaterials(page: ItemPage) {
  const { data: curriculum } = await page.api.get<Curriculum>(`${page.apiBase}material/`);
  return curriculum.results.flatMap((s) =>
    s.material_list.map((m) => ({ id: m.id, name: m.name, section: s.name, slot_type: m.slot_type })),
  );
}

/** The materials a session uses. */
export async function loadSessionMaterials<T>(page: ItemPage, sessionId: number): Promise<T[]> {
  const res = await page.api.get<Paged<T>>(`${page.apiBase}session/${sessionId}/material/`, { accept: [404] });
  invariantResponse(res.status === 200, "Not Found", { status: 404, headers: page.api.headers() });
  return res.data.results;
}

/**
 * The session material page's action, a table tab's intents: create (POST material/ {material})
 * and delete (DELETE material/{id}/); refusals onto the add form or as the warning dialog.
 */
export async function sessionMaterialAction(args: ActionFunctionArgs) {
  const post = await itemPost(args, "change", (r) =>
    data<TableTabAnswer>({ form: "add", result: r.result }, { status: r.status }),
  );
  if (post.refused) return post.refused;
  const { page, form, intent } = post;
  const base = `${page.apiBase}session/${sessionIdOf(args)}/material/`;
  const here = new URL(args.request.url).pathname;
  const done = (message: string) =>
    redirectWithToast(here, { type: "success", message }, { headers: page.api.headers() });
  if (intent === "create") {
    const submission = parseWithZod(form, { schema: sessionMaterialSchema });
    if (submission.status !== "success")
      return data<TableTabAnswer>({ form: "add", result: submission.reply() as Result }, { status: 400 });
    const res = await page.api.post<Record<string, unknown>>(base, submission.value, { accept: [400] });
    if (res.status === 400) {
      if (typeof res.data?.detail === "string")
        return data<TableTabAnswer>({ warning: res.data.detail }, { status: 400, headers: page.api.headers() });
      return data<TableTabAnswer>(
        { form: "add", result: submission.reply(apiFieldErrors(res.data)) as Result },
        { status: 400, headers: page.api.headers() },
      );
    }
    return done("cls_toast_session_material_added");
  }
  invariantResponse(intent === "delete", "Bad Request");
  const res = await page.api.delete<{ detail?: string }>(`${base}${formId(form)}/`, { accept: [400, 404] });
  if (res.status === 400)
    return data<TableTabAnswer>(
      { warning: res.data?.detail ?? MSG.invalid },
      { status: 400, headers: page.api.headers() },
    );
  if (res.status === 404)
    return redirectWithToast(
      here,
      { type: "error", message: MSG.not_found, status: 404 },
      { headers: page.api.headers() },
    );
  return done("cls_toast_session_material_removed");
}

// ---- create-activity ------------------------------------------------------------------------

/** The activity add flag (the registry's), which creating an activity from a class also needs. */
export const ACTIVITY_ADD = contentFlag(
  REGISTRY_TYPES.find((t) => t.key === "activity")!,
  "add",
);

/** The activity create schema's fields this page posts (the API fills category and provider from the class). */
const activityFormSchema = (page: ItemPage) =>
  CONTENT_SCHEMAS.activity({
    text: Number(page.config["text-limit"]?.value) || DEFAULT_CONTENT_LIMITS.text,
    code: Number(page.config["code-limit"]?.value) || DEFAULT_CONTENT_LIMITS.code,
    description: Number(page.config["description-limit"]?.value) || DEFAULT_CONTENT_LIMITS.description,
  }).create.pick({ name: true, code: true });

/**
 * The create-activity page's action, a table tab's intents: create (POST activity/ — the class's
 * change flag and the activity add flag, checked here before anything is sent) and delete (unlink).
 */
export async function classActivityAction(args: ActionFunctionArgs) {
  // Each intent's flag before the form token (as every guard): the class's change flag, and to create the activity add flag.
  const page = await itemPage(args, "change");
  const { form, refusal: unread } = await readForm(args.request);
  if (!form) return data<TableTabAnswer>({ form: "add", result: unread.result }, { status: unread.status });
  const intent = String(form.get("intent") ?? "");
  if (intent === "create") await requirePermission(args, ACTIVITY_ADD);
  await requireCsrf(page.api, form);
  const base = `${page.apiBase}activity/`;
  const here = new URL(args.request.url).pathname;
  const done = (message: string) =>
    redirectWithToast(here, { type: "success", message }, { headers: page.api.headers() });
  const refusal = (status: number, detail?: unknown) =>
    data<TableTabAnswer>(
      { warning: typeof detail === "string" ? detail : MSG.invalid },
      { status, headers: page.api.headers() },
    );
  if (intent === "create") {
    const submission = parseWithZod(form, { schema: activityFormSchema(page), disableAutoCoercion: true });
    if (submission.status !== "success")
      return data<TableTabAnswer>({ form: "add", result: submission.reply() as Result }, { status: 400 });
    const res = await page.api.post<Record<string, unknown>>(base, submission.value, {
      accept: [400],
      idempotencyKey: postedIdempotencyKey(form),
    });
    if (res.status === 400) {
      if (typeof res.data?.detail === "string") return refusal(400, res.data.detail);
      return data<TableTabAnswer>(
        { form: "add", result: submission.reply(apiFieldErrors(res.data)) as Result },
        { status: 400, headers: page.api.headers() },
      );
    }
    return done("cls_toast_activity_created");
  }
  invariantResponse(intent === "delete", "Bad Request");
  const res = await page.api.delete<{ detail?: string }>(`${base}${formId(form)}/`, { accept: [400, 404] });
  if (res.status === 400) return refusal(400, res.data?.detail);
  if (res.status === 404)
    return redirectWithToast(
      here,
      { type: "error", message: MSG.not_found, status: 404 },
      { headers: page.api.headers() },
    );
  return done("cls_toast_activity_unlinked");
}
