import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs } from "@remix-run/node";
import type { z } from "zod/v4";
import type { Paged } from "../../contract/http";
import { MSG } from "../../contract/messages";
import type { TableTabAnswer } from "~/components/content/table-tab";
import type { Lms } from "./api.server";
import { apiFieldErrors } from "./content-form.server";
import { itemId, requireContent, type Action } from "./content.server";
import { requireCsrf } from "./csrf.server";
import { readForm } from "./read-form.server";
import { redirectWithToast } from "./toast.server";
import { postedIdempotencyKey } from "./idempotency.server";
import { formId } from "./item-page.server";

/**
 * The server half of the extra tabs (docs/decisions/012): their schemas (reached through this
 * .server module so no zod goes to the browser, docs/decisions/008), the master lists they choose
 * from, and the action of a table tab.
 */
export { parseWithZod };
export {
  budgetActualFormSchema,
  budgetPlanFormSchema,
  budgetPriceSchemas,
  certificateSchemas,
  contentCompetencyCreateSchema,
  contentCompetencyUpdateSchema,
  contentSurveyCreateSchema,
  contentSurveyUpdateSchema,
  criteriaSchemas,
} from "../../contract/schemas/extras";
export { discussionHideSchema } from "../../contract/schemas/overall";

type Result = SubmissionResult<string[]>;

/** A master list the tabs choose from (dashboard/filter/{path}/), every row with its own columns. */
export async function masterList<T extends Record<string, unknown>>(
  api: Lms,
  path: string,
): Promise<({ id: number; name: string; code: string } & T)[]> {
  const { data: page } = await api.get<Paged<{ id: number; name: string; code: string } & T>>(
    `dashboard/filter/${path}/`,
    { query: { page_size: 1000 } },
  );
  return page.results;
}

/**
 * The action of a table tab (rows of a content item: competencies, surveys, criteria…): intents
 * `create`, `update` (with `id`) and `delete` (with `id`), parsed with the contract's schemas,
 * sent to `{api}{id}/{path}/`; refusals come back onto the form they came from (400) or as the
 * warning dialog (424, and a refusal that names no field); success redirects with a toast.
 */
export async function tableTabAction(
  args: ActionFunctionArgs,
  opts: {
    path: string;
    create: z.ZodType;
    update: z.ZodType;
    action?: Action;
    toasts?: { create?: string; update?: string; delete?: string };
    /**
     * Keys of an update's refusal that say more than a field error (a learning path's dependency
     * circle, its contents in order): answered beside the result as `details`, not as field errors.
     */
    details?: string[];
  },
) {
  const { api, type } = await requireContent(args, opts.action ?? "change");
  const id = itemId(type, args.params);
  const { form, refusal } = await readForm(args.request);
  if (!form) return data<TableTabAnswer>({ form: "add", result: refusal.result }, { status: refusal.status });
  await requireCsrf(api, form);
  const intent = String(form.get("intent") ?? "");
  const here = new URL(args.request.url).pathname;
  const base = `${type.api}${id}/${opts.path}/`;
  const headers = () => api.headers();
  const toast = (message: string) => redirectWithToast(here, { type: "success", message }, { headers: headers() });
  const gone = () =>
    redirectWithToast(here, { type: "error", message: MSG.not_found, status: 404 }, { headers: headers() });

  if (intent === "create") {
    const submission = parseWithZod(form, { schema: opts.create });
    if (submission.status !== "success")
      return data<TableTabAnswer>({ form: "add", result: submission.reply() as Result }, { status: 400 });
    const res = await api.post<Record<string, unknown>>(base, submission.value, {
      accept: [400],
      idempotencyKey: postedIdempotencyKey(form),
    });
    if (res.status === 400)
      return data<TableTabAnswer>(
        { form: "add", result: submission.reply(apiFieldErrors(res.data)) as Result },
        { status: 400, headers: headers() },
      );
    return toast(opts.toasts?.create ?? "ext_toast_added");
  }
  if (intent === "update") {
    const rowId = formId(form);
    const submission = parseWithZod(form, { schema: opts.update });
    if (submission.status !== "success")
      return data<TableTabAnswer>({ form: "edit", id: rowId, result: submission.reply() as Result }, { status: 400 });
    const res = await api.patch<Record<string, unknown>>(`${base}${rowId}/`, submission.value, { accept: [400, 404] });
    if (res.status === 404) return gone();
    if (res.status === 400) {
      const body = { ...res.data };
      const details: Record<string, unknown> = {};
      for (const key of opts.details ?? [])
        if (key in body) {
          details[key] = body[key];
          delete body[key];
        }
      return data<TableTabAnswer>(
        {
          form: "edit",
          id: rowId,
          result: submission.reply(apiFieldErrors(body)) as Result,
          ...(Object.keys(details).length ? { details } : {}),
        },
        { status: 400, headers: headers() },
      );
    }
    return toast(opts.toasts?.update ?? "toast_saved");
  }
  if (intent === "delete") {
    const rowId = formId(form);
    const res = await api.delete<{ detail?: string }>(`${base}${rowId}/`, { accept: [400, 404, 424] });
    if (res.status === 404) return gone();
    // spec 002 §8: a refused delete shows the warning dialog with the reason.
    if (res.status !== 204)
      return data<TableTabAnswer>(
        { warning: res.data?.detail ?? MSG.cannot_delete_because_dependency },
        { status: res.status, headers: headers() },
      );
    return toast(opts.toasts?.delete ?? "ext_toast_removed");
  }
  throw new Response("Bad Request", { status: 400 });
}
