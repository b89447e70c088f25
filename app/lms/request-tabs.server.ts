import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs } from "@remix-run/node";
import type { z } from "zod/v4";
import { MSG } from "../../contract/messages";
import { takenFields } from "../../contract/schema-keys";
import type { TableTabAnswer } from "~/components/content/table-tab";
import { apiFieldErrors } from "./content-form.server";
import { formId, itemPost } from "./item-page.server";
import { invariantResponse } from "./invariant";
import { redirectWithToast } from "./toast.server";
import { postedIdempotencyKey } from "./idempotency.server";

/**
 * The server half of this area's table tabs (docs/decisions/056, 057): a flow's steps, a form's
 * sections and a section's questions. Intents create / update / delete of the engine's TableTab
 * and `move` (up or down), each parsed with the contract's schema before anything is sent, the
 * API's 400 back onto the form it came from, its 424 (rows in use) as the warning dialog.
 * Guarded by the item's change flag, as the API's writes are.
 */

type Result = SubmissionResult<string[]>;
export type RowsTab = {
  /** The API list under the item the rows live in (`step/`, `section/`, `section/4/question/`). */
  rows: string;
  schema: z.ZodType;
  /** The form's values as the API takes them (a blank list, a cleared field). */
  body?: (value: Record<string, unknown>) => Record<string, unknown>;
  toasts: { created: string; saved: string; deleted: string; moved: string };
  /** Intents of the page's own (editing the section a question page is about…): answered or null. */
  own?: (
    intent: string,
    form: FormData,
    ctx: { apiBase: string; here: string },
  ) => Promise<Response | ReturnType<typeof data> | null>;
};

export async function rowsTabAction(args: ActionFunctionArgs, tab: RowsTab) {
  const { page, form, intent, here, refused } = await itemPost(args, "change", (r) =>
    data<TableTabAnswer>({ form: "add", result: r.result }, { status: r.status }),
  );
  if (refused) return refused;
  const { api, apiBase } = page;
  const base = `${apiBase}${tab.rows}`;
  const toast = (message: string, kind: "success" | "error" = "success") =>
    redirectWithToast(here, { type: kind, message }, { headers: api.headers() });
  const own = await tab.own?.(intent, form, { apiBase, here });
  if (own) return own;
  if (intent === "create" || intent === "update") {
    const id = intent === "update" ? formId(form) : undefined;
    const answer = (result: Result, status = 400) =>
      data<TableTabAnswer>({ form: id ? "edit" : "add", id, result }, { status, headers: api.headers() });
    const submission = parseWithZod(form, { schema: tab.schema });
    if (submission.status !== "success") return answer(submission.reply() as Result);
    const value = takenFields(tab.schema, submission.value as Record<string, unknown>);
    const body = tab.body ? tab.body(value) : value;
    const res = id
      ? await api.patch(`${base}${id}/`, body, { accept: [400, 404, 424] })
      : await api.post(base, body, { accept: [400, 404, 424], idempotencyKey: postedIdempotencyKey(form) });
    if (res.status === 404) return toast(MSG.not_found, "error");
    if (res.status === 424)
      return data<TableTabAnswer>(
        { warning: (res.data as { detail?: string })?.detail ?? MSG.cannot_delete_because_dependency },
        { status: 424, headers: api.headers() },
      );
    if (res.status === 400)
      return answer(submission.reply(apiFieldErrors(res.data as Record<string, unknown>)) as Result);
    return toast(id ? tab.toasts.saved : tab.toasts.created);
  }
  if (intent === "move") {
    const direction = String(form.get("direction") ?? "");
    invariantResponse(direction === "up" || direction === "down", "Bad Request");
    const res = await api.post<{ detail?: string }>(
      `${base}${formId(form)}/move/`,
      { direction },
      { accept: [404, 424] },
    );
    if (res.status === 424)
      return data<TableTabAnswer>(
        { warning: res.data?.detail ?? MSG.invalid },
        { status: 424, headers: api.headers() },
      );
    return res.status === 404 ? toast(MSG.not_found, "error") : toast(tab.toasts.moved);
  }
  invariantResponse(intent === "delete", "Bad Request");
  const res = await api.delete<{ detail?: string }>(`${base}${formId(form)}/`, { accept: [404, 424] });
  if (res.status === 424)
    return data<TableTabAnswer>(
      { warning: res.data?.detail ?? MSG.cannot_delete_because_dependency },
      { status: 424, headers: api.headers() },
    );
  return res.status === 404 ? toast(MSG.not_found, "error") : toast(tab.toasts.deleted);
}
