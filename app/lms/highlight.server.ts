import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs } from "@remix-run/node";
import type { FilterOption, Paged } from "../../contract/http";
import { MSG } from "../../contract/messages";
import { highlightSchemas } from "../../contract/schemas/master-data";
import type { TableTabAnswer } from "~/components/content/table-tab";
import { CONTENT_TYPES } from "~/registry/content.js";
import type { Lms } from "./api.server";
import { apiFieldErrors } from "./content-form.server";
import { TARGET } from "./highlight-form";
import { itemId, requireContent } from "./content.server";
import { requireCsrf } from "./csrf.server";
import { formId } from "./item-page.server";
import { invariantResponse } from "./invariant";
import { readForm } from "./read-form.server";
import { redirectWithToast } from "./toast.server";
import { postedIdempotencyKey } from "./idempotency.server";
import { coverSize, sendCover } from "./cover-upload.server";

/**
 * The server half of a provider's highlights (spec 001 §3 "Highlight", docs/decisions/035). What
 * a highlight shows is one choice on the form, `target` (highlight-form.ts): one of the provider's
 * own contents or none, then the external link counts; the API's `content_type` + `content_id` pair is split from it here and its refusals come back onto
 * it. The text limits are the contract's defaults; the configured ones are the API's check, whose
 * 400 lands on the field.
 */

type Result = SubmissionResult<string[]>;
export type TargetOption = { value: string; label: string };

/** The provider's contents a highlight may show, by content type (course, activity…): the types the dashboard has. */
export async function targetOptions(api: Lms, providerId: number): Promise<TargetOption[]> {
  const { data: kinds } = await api.get<Paged<FilterOption & { code: string }>>("dashboard/filter/content-type/", {
    query: { page_size: 100 },
  });
  const lists = await Promise.all(
    CONTENT_TYPES.map(async (type) => {
      const kind = kinds.results.find((k) => k.code === type.key);
      if (!kind) return [];
      // An account that may not list this type's contents simply gets none of them to choose.
      const res = await api.get<Paged<{ id: number; name: string }>>(type.api, {
        query: { provider: providerId, page_size: 500, ordering: "name" },
        accept: [400, 403],
      });
      return res.status === 200
        ? res.data.results.map((c) => ({ value: `${kind.id}:${c.id}`, label: `${kind.name} › ${c.name}` }))
        : [];
    }),
  );
  return lists.flat();
}

/** The posted form with `target` split into the API's pair (kept too, so a refused form shows it). */
function withTarget(form: FormData): FormData {
  const out = new FormData();
  for (const [k, v] of form) out.append(k, v);
  const [type, content] = String(form.get(TARGET) ?? "").split(":");
  const ok = /^\d{1,12}$/.test(type ?? "") && /^\d{1,12}$/.test(content ?? "");
  out.set("content_type", ok ? type : "");
  out.set("content_id", ok ? content : "");
  return out;
}

/** The API's refusals, the pair's on `target`. */
function targetErrors(body: Record<string, unknown> | null) {
  const { formErrors, fieldErrors } = apiFieldErrors(body);
  const { content_type = [], content_id = [], ...rest } = fieldErrors;
  const target = [...new Set([...content_type, ...content_id])];
  return { formErrors, fieldErrors: target.length ? { ...rest, [TARGET]: target } : rest };
}

const rowId = (form: FormData) => formId(form);

/**
 * Intents create, update, delete (the TableTab's) and upload-image, remove-image (a highlight's
 * picture, posted with its `id`; back to its edit form). Guarded by the provider's change flag.
 */
export async function highlightAction(args: ActionFunctionArgs) {
  const { api, type, config } = await requireContent(args, "change");
  const base = `${type.api}${itemId(type, args.params)}/highlight/`;
  const limit = Number(config["image-size-limit"]?.value ?? 10485760);
  const here = new URL(args.request.url).pathname;
  const { form, refusal } = await readForm(args.request, { maxPartSize: limit });
  if (refusal?.tooLarge) return redirectWithToast(here, { type: "error", message: MSG.file_too_large, status: 413 });
  if (!form) return data<TableTabAnswer>({ form: "add", result: refusal.result }, { status: refusal.status });
  await requireCsrf(api, form);
  const intent = String(form.get("intent") ?? "");
  const toast = (to: string, message: string, kind: "success" | "error" = "success") =>
    redirectWithToast(to, { type: kind, message }, { headers: api.headers() });

  if (intent === "create" || intent === "update") {
    const id = intent === "update" ? rowId(form) : undefined;
    const answer = (result: Result, status = 400) =>
      data<TableTabAnswer>({ form: id ? "edit" : "add", id, result }, { status, headers: api.headers() });
    const posted = withTarget(form);
    const schemas = highlightSchemas();
    const submission = parseWithZod(posted, { schema: id ? schemas.update : schemas.create });
    if (submission.status !== "success") return answer(submission.reply() as Result);
    // The form always carries what a highlight shows: a blank one is cleared, which a PATCH says
    // with null (conform reads a blank field as absent, which a PATCH would leave as it was).
    const v = submission.value as Record<string, unknown>;
    const shown = {
      content_type: v.content_type ?? null,
      content_id: v.content_id ?? null,
      external_link: v.external_link ?? null,
    };
    const res = id
      ? await api.patch<Record<string, unknown>>(`${base}${id}/`, { ...v, ...shown }, { accept: [400, 404] })
      : await api.post<Record<string, unknown>>(base, submission.value, {
          accept: [400],
          idempotencyKey: postedIdempotencyKey(form),
        });
    if (res.status === 404) return toast(here, MSG.not_found, "error");
    if (res.status === 400) return answer(submission.reply(targetErrors(res.data)) as Result);
    return toast(here, id ? "hl_toast_saved" : "hl_toast_added");
  }
  const id = rowId(form);
  const edit = `${here}?edit=${id}`;
  if (intent === "delete") {
    const res = await api.delete(`${base}${id}/`, { accept: [404] });
    return res.status === 404 ? toast(here, MSG.not_found, "error") : toast(here, "hl_toast_deleted");
  }
  if (intent === "upload-image") {
    const file = form.get("image");
    if (!(file instanceof File) || file.size === 0) return toast(edit, MSG.required, "error");
    const res = await sendCover<Record<string, string[]>>(
      api,
      `${base}${id}/image/`,
      file,
      coverSize(config),
      [400, 404],
    );
    if (res.status === 404) return toast(here, MSG.not_found, "error");
    if (res.status === 400) return toast(edit, Object.values(res.data).flat()[0] ?? MSG.invalid, "error");
    return toast(edit, "hl_toast_image_saved");
  }
  invariantResponse(intent === "remove-image", "Bad Request");
  await api.delete(`${base}${id}/image/`, { accept: [404] });
  return toast(edit, "hl_toast_image_removed");
}
