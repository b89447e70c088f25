import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { Media, MediaCard, UgcCard } from "../../contract/schemas/media";
import { MSG } from "../../contract/messages";
import { action as formAction, loader as formLoader } from "./content-form-tab.server";
import { loadPagedList } from "./enrollment.server";
import { formId, itemPage, itemPost } from "./item-page.server";
import { readForm } from "./read-form.server";
import { requireCsrf } from "./csrf.server";
import { DEFAULT_FILE_SIZE_LIMIT } from "../../contract/upload-rules";
import { redirectWithToast } from "./toast.server";
import { newIdempotencyKey, postedIdempotencyKey } from "./idempotency.server";

/**
 * The server half of the media pages (docs/decisions/069), one set for the six media types: the
 * information tab (the engine's form, plus the file of a file kind), the review page, the
 * management, condition and publish pages, and a flash card set's cards, summary and learners'
 * cards. What a page shows of a kind comes from the item the API answers and the registry row.
 */

type FieldErrors = Record<string, string[] | string>;
const firstError = (body: unknown) => Object.values((body ?? {}) as FieldErrors).flat()[0] ?? MSG.invalid;

/** The information tab: the engine's form tab (its loader as is). */
export const informationLoader = formLoader;

/**
 * The information tab's posts: the file form (`?intent=media-file`) here, everything else the
 * engine's form tab. The file is a finished resumable upload (`file_upload_id`, JS on) or the file
 * itself (the plain form), which the API checks and stores.
 */
export async function informationAction(args: ActionFunctionArgs) {
  const intent = new URL(args.request.url).searchParams.get("intent");
  if (intent === "media-file-remove") return removeFile(args);
  if (intent !== "media-file") return formAction(args);
  const page = await itemPage(args, "change");
  const here = new URL(args.request.url).pathname;
  const limit = Number(page.config["file-size-limit"]?.value ?? DEFAULT_FILE_SIZE_LIMIT);
  const { form, refusal } = await readForm(args.request, { maxPartSize: limit });
  if (refusal?.tooLarge) return redirectWithToast(here, { type: "error", message: MSG.file_too_large, status: 413 });
  if (!form) return redirectWithToast(here, { type: "error", message: refusal?.message ?? MSG.form_unreadable });
  await requireCsrf(page.api, form);
  const uploadId = String(form.get("file_upload_id") ?? "").trim();
  const file = form.get("file");
  let res;
  if (uploadId)
    res = await page.api.post<FieldErrors>(`${page.apiBase}file/`, { file_upload_id: uploadId }, { accept: [400] });
  else if (file instanceof File && file.size > 0) {
    const body = new FormData();
    body.set("file", file, file.name);
    res = await page.api.upload<FieldErrors>(`${page.apiBase}file/`, body, { accept: [400] });
  } else return redirectWithToast(here, { type: "error", message: MSG.required }, { headers: page.api.headers() });
  if (res.status === 400)
    return redirectWithToast(
      here,
      { type: "error", message: firstError(res.data), status: 400 },
      { headers: page.api.headers() },
    );
  return redirectWithToast(
    here,
    { type: "success", message: "media_toast_file_saved" },
    { headers: page.api.headers() },
  );
}

/**
 * Removing the item's file without a new one (`?intent=media-file-remove`): a shown item is hidden
 * with it; a content requiring the item refuses (424, its dependants named in the toast's place:
 * the panel lists them).
 */
async function removeFile(args: ActionFunctionArgs) {
  const post = await itemPost(args, "change", (r) => data({ error: r.message }, { status: r.status }));
  if (post.refused) return post.refused;
  const { page } = post;
  const here = new URL(args.request.url).pathname;
  const res = await page.api.delete<{ detail?: string }>(`${page.apiBase}file/`, { accept: [404, 424] });
  const toast =
    res.status === 200
      ? { type: "success" as const, message: "media_toast_file_removed" }
      : { type: "error" as const, message: res.data?.detail ?? MSG.not_found };
  return redirectWithToast(here, toast, { headers: page.api.headers() });
}

/** A page reading the item only (review, management). */
export const itemLoader = (args: LoaderFunctionArgs) => readItem(args, "view");
/** The publish page: the item, for those who may publish it (its guard, as the registry says). */
export const publishLoader = (args: LoaderFunctionArgs) => readItem(args, "publish");

async function readItem(args: LoaderFunctionArgs, action: "view" | "publish") {
  const page = await itemPage(args, action);
  const item = (await page.api.get<Media>(page.apiBase)).data;
  return data(
    { item, base: page.base, canChange: page.can("change"), canPublish: page.can("publish") },
    { headers: page.api.headers() },
  );
}

/** A flash card set's cards. */
export async function cardsLoader(args: LoaderFunctionArgs) {
  const page = await itemPage(args, "view");
  const cards = (await page.api.get<{ results: MediaCard[] }>(`${page.apiBase}card/`)).data.results;
  // The add form's key: a post retried after its answer was lost adds one card (docs/decisions/094).
  return data(
    { cards, canChange: page.can("change"), idempotencyKey: newIdempotencyKey() },
    { headers: page.api.headers() },
  );
}

/** Add, change or remove a card: one intent each, a refusal back as a toast. */
export async function cardsAction(args: ActionFunctionArgs) {
  const post = await itemPost(args, "change", (r) => data({ error: r.message }, { status: r.status }));
  if (post.refused) return post.refused;
  const { page, form, intent, here } = post;
  const sides = { front: String(form.get("front") ?? ""), back: String(form.get("back") ?? "") };
  const res =
    intent === "add"
      ? await page.api.post<FieldErrors>(`${page.apiBase}card/`, sides, {
          accept: [400],
          idempotencyKey: postedIdempotencyKey(form),
        })
      : intent === "edit"
        ? await page.api.patch<FieldErrors>(`${page.apiBase}card/${formId(form)}/`, sides, { accept: [400] })
        : intent === "delete"
          ? await page.api.delete<FieldErrors>(`${page.apiBase}card/${formId(form)}/`, { accept: [428] })
          : null;
  if (!res) throw new Response("Bad Request", { status: 400 });
  if (res.status >= 400)
    return redirectWithToast(
      here,
      { type: "error", message: firstError(res.data), status: res.status },
      { headers: page.api.headers() },
    );
  return redirectWithToast(
    here,
    { type: "success", message: intent === "delete" ? "media_toast_card_removed" : "toast_saved" },
    { headers: page.api.headers() },
  );
}

export type MediaSummary = { card_count: number; ugc: Record<string, number>; learner: Record<string, number> };
export async function summaryLoader(args: LoaderFunctionArgs) {
  const page = await itemPage(args, "view");
  const summary = (await page.api.get<MediaSummary>(`${page.apiBase}summary/`)).data;
  return data({ summary, base: page.base }, { headers: page.api.headers() });
}

/** How many of a set's card makers the "Made by" filter offers (a plain <select>). */
const CREATORS_PAGE = 200;

/**
 * The learners' cards, by status (?status=0|1|-1) and by who made them (?account=, from the
 * flash-card creator filter list of spec 002 §7, narrowed to this set).
 */
export async function ugcLoader(args: LoaderFunctionArgs) {
  const page = await itemPage(args, "view");
  const q = new URL(args.request.url).searchParams;
  const status = q.get("status");
  const account = /^\d{1,10}$/.test(q.get("account") ?? "") ? q.get("account") : null;
  const query = new URLSearchParams({
    ...(status && ["0", "1", "-1"].includes(status) ? { status } : {}),
    ...(account ? { account } : {}),
  });
  const path = `${page.apiBase}ugc/${query.size ? `?${query}` : ""}`;
  const [{ list, badQuery }, creators] = await Promise.all([
    loadPagedList<UgcCard>(page.api, path, args.request, []),
    page.api.get<{ results: { id: number; name: string }[] }>("dashboard/filter/flash-card/account/", {
      query: { flash_card: page.id, page_size: CREATORS_PAGE },
    }),
  ]);
  return data(
    {
      list,
      badQuery,
      status,
      account,
      creators: creators.data.results,
      base: page.base,
      canChange: page.can("change"),
    },
    { headers: page.api.headers() },
  );
}

/** One learner's card (view, or its edit page). */
export async function ugcItemLoader(args: LoaderFunctionArgs) {
  const editing = new URL(args.request.url).pathname.endsWith("/edit");
  const page = await itemPage(args, editing ? "change" : "view");
  const card = (await page.api.get<UgcCard>(`${page.apiBase}ugc/${Number(args.params.ugcid)}/`)).data;
  return data({ card, editing, base: page.base, canChange: page.can("change") }, { headers: page.api.headers() });
}

/** Review a learner's card (approve, reject) or correct its text while it waits. */
export async function ugcItemAction(args: ActionFunctionArgs) {
  const post = await itemPost(args, "change", (r) => data({ error: r.message }, { status: r.status }));
  if (post.refused) return post.refused;
  const { page, form, intent, here } = post;
  const path = `${page.apiBase}ugc/${Number(args.params.ugcid)}/`;
  const body =
    intent === "approve"
      ? { status: 1 }
      : intent === "reject"
        ? { status: -1 }
        : intent === "save"
          ? { front: String(form.get("front") ?? ""), back: String(form.get("back") ?? "") }
          : null;
  if (!body) throw new Response("Bad Request", { status: 400 });
  const res = await page.api.patch<FieldErrors>(path, body, { accept: [400] });
  if (res.status === 400)
    return redirectWithToast(
      here,
      { type: "error", message: firstError(res.data), status: 400 },
      { headers: page.api.headers() },
    );
  return redirectWithToast(
    intent === "save" ? here.replace(/\/edit$/, "/view") : here,
    { type: "success", message: "toast_saved" },
    { headers: page.api.headers() },
  );
}
