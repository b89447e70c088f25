import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs } from "@remix-run/node";
import { MSG } from "../../contract/messages";
import type { TableTabAnswer } from "~/components/content/table-tab";
import { apiFieldErrors, schemaFor } from "./content-form.server";
import { itemId, requireContent } from "./content.server";
import { requireCsrf } from "./csrf.server";
import { formId } from "./item-page.server";
import { invariantResponse } from "./invariant";
import { readForm } from "./read-form.server";
import { redirectWithToast } from "./toast.server";
import { postedIdempotencyKey } from "./idempotency.server";

/**
 * The server half of a location's room tab (docs/decisions/039): intents create, update and
 * delete of the TableTab, parsed with the contract's room schema (FORM_SCHEMAS.room, under the
 * configured text limits) before anything is sent; the API's 400 comes back onto the form.
 * Guarded by the location's change flag, as the API's room writes are.
 */

type Result = SubmissionResult<string[]>;

const rowId = (form: FormData) => formId(form);

export async function roomAction(args: ActionFunctionArgs) {
  const { api, type, config } = await requireContent(args, "change");
  const base = `${type.api}${itemId(type, args.params)}/room/`;
  const here = new URL(args.request.url).pathname;
  const { form, refusal } = await readForm(args.request);
  if (!form) return data<TableTabAnswer>({ form: "add", result: refusal.result }, { status: refusal.status });
  await requireCsrf(api, form);
  const intent = String(form.get("intent") ?? "");
  const toast = (message: string, kind: "success" | "error" = "success") =>
    redirectWithToast(here, { type: kind, message }, { headers: api.headers() });

  if (intent === "create" || intent === "update") {
    const id = intent === "update" ? rowId(form) : undefined;
    const answer = (result: Result) =>
      data<TableTabAnswer>({ form: id ? "edit" : "add", id, result }, { status: 400, headers: api.headers() });
    const schemas = schemaFor({ ...type, schema: "room" }, config);
    const submission = parseWithZod(form, { schema: id ? schemas.edit : schemas.create });
    if (submission.status !== "success") return answer(submission.reply() as Result);
    // The edit form carries every field: a blank one is cleared, which a PATCH says explicitly
    // (conform reads a blank field as absent, which a PATCH would leave as it was).
    const v = submission.value as Record<string, unknown>;
    const body = id ? { ...v, code: v.code ?? null, capacity: v.capacity ?? 0, desc: v.desc ?? "" } : v;
    const res = id
      ? await api.patch<Record<string, unknown>>(`${base}${id}/`, body, { accept: [400, 404] })
      : await api.post<Record<string, unknown>>(base, body, {
          accept: [400],
          idempotencyKey: postedIdempotencyKey(form),
        });
    if (res.status === 404) return toast(MSG.not_found, "error");
    if (res.status === 400) return answer(submission.reply(apiFieldErrors(res.data)) as Result);
    return toast(id ? "room_toast_saved" : "room_toast_added");
  }
  invariantResponse(intent === "delete", "Bad Request");
  const res = await api.delete<{ detail?: string }>(`${base}${rowId(form)}/`, { accept: [404, 424] });
  // A room a class session takes place in is kept (424): the reason comes back as the warning dialog.
  if (res.status === 424)
    return data<TableTabAnswer>(
      { warning: res.data?.detail ?? MSG.cannot_delete_because_dependency },
      { status: 424, headers: api.headers() },
    );
  return res.status === 404 ? toast(MSG.not_found, "error") : toast("room_toast_deleted");
}
