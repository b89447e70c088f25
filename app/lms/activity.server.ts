import type { SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs } from "@remix-run/node";
import type { z } from "zod/v4";
import type { Paged } from "../../contract/http";
import { MSG } from "../../contract/messages";
import {
  checklistSchema,
  inspectorSchema,
  INSPECTOR_KIND,
  verifySchema,
  type ChecklistRow,
  type SlotRow,
  type VerifyViewType,
} from "../../contract/schemas/activity";
import type { AccountOption } from "../../contract/schemas/content-permission";
import { apiFieldErrors } from "./content-form.server";
import { optionsFor, type Action, type Option } from "./content.server";
import { invariantResponse } from "./invariant";
import { redirectWithToast } from "./toast.server";
import { postedIdempotencyKey } from "./idempotency.server";
import { formId, itemPage, itemPost, schemaConstraint, type ItemPage } from "./item-page.server";

/**
 * The server half of activity's own screens (spec 000 §2.3; docs/decisions/023): the checklist,
 * inspector and verify schemas (reached through this .server module so no zod goes to the
 * browser, docs/decisions/008) with the constraints the browser gets instead, the API reads the
 * checklist tab, checklist page and verify page share, and the inspector intents two pages post.
 */
export { verifySchema };
export type Result = SubmissionResult<string[]>;

/**
 * A form read with one of activity's contract schemas. They read form text themselves ("on", "12",
 * "" for an empty optional text); conform's automatic coercion would turn that empty text into a
 * missing value, which the schema refuses, so it is left off.
 */
export const parseForm = <S extends z.ZodType>(form: FormData, schema: S) =>
  parseWithZod(form, { schema, disableAutoCoercion: true });
type Constraint = ReturnType<typeof getZodConstraint>;

export const checklistConstraint = schemaConstraint(checklistSchema);
const verifyConstraint = schemaConstraint(verifySchema);

/** The verify form's constraints for one checklist: a score up to its full score. */
export const verifyConstraintFor = (checklist: ChecklistRow): Constraint => ({
  ...verifyConstraint,
  score: { ...verifyConstraint.score, max: checklist.full_score },
});

/** The activity a page is about (item-page.server.ts, the same for every type's own pages). */
export const activityOf = itemPage;
export type ActivityPage = ItemPage;

/** What an action of these pages starts with; a post that is no readable form is answered as a refusal of `form`. */
export const activityPost = (args: ActionFunctionArgs, action: Action, refusedForm: FormAnswer["form"]) =>
  itemPost(args, action, (refusal) =>
    data<FormAnswer>({ form: refusedForm, result: refusal.result }, { status: refusal.status }),
  );

/** A path parameter that is an id, or 404 (the one check, app/lms/invariant.ts). */
export { idParam } from "./invariant";

/** The activity's checklists, in their order (the API answers them all, unpaged). */
export async function loadChecklists(page: ActivityPage): Promise<ChecklistRow[]> {
  return (await page.api.get<ChecklistRow[]>(`${page.apiBase}checklist/`)).data;
}

/** One checklist of the activity (404 when it is not one of the activity's). */
export async function loadChecklist(page: ActivityPage, checklistId: number): Promise<ChecklistRow> {
  const res = await page.api.get<ChecklistRow>(`${page.apiBase}checklist/${checklistId}/`, { accept: [404] });
  invariantResponse(res.status === 200, "Not Found", { status: 404, headers: page.api.headers() });
  return res.data;
}

/** The ids of the slots a verify view steps through, in the API's order. */
export async function slotIds(page: ActivityPage, checklistId: number, view: VerifyViewType): Promise<number[]> {
  const { data: list } = await page.api.get<Paged<SlotRow>>(`${page.apiBase}checklist/${checklistId}/slot/`, {
    query: { page_size: 1000, ...(view === "waiting" ? { waiting: 1 } : {}) },
  });
  return list.results.flatMap((s) => (s.id === null ? [] : [s.id]));
}

/** Accounts offered to an inspector rule of kind account (a search narrows them when there are many). */
const ACCOUNT_CHOICES = 200;

/**
 * What the inspector form chooses from: the groups of accounts (the filter list group/type/ACCOUNT:
 * the API takes no condition group, whose members no one named — issue 33 found them offered and
 * then refused), and the accounts matching `?find=`.
 */
export async function inspectorChoices(page: ActivityPage, request: Request) {
  const find = (new URL(request.url).searchParams.get("find") ?? "").trim();
  const [groups, accounts] = await Promise.all([
    optionsFor(page.api, "group/type/ACCOUNT", "group"),
    page.api.get<Paged<AccountOption>>(`${page.apiBase}permission/account/`, {
      query: { page_size: ACCOUNT_CHOICES, ...(find ? { search: find } : {}) },
    }),
  ]);
  const accountOptions: Option[] = accounts.data.results.map((a) => ({
    value: String(a.id),
    label: `${a.name} (${a.code})`,
  }));
  return { groups, accounts: accountOptions, moreAccounts: accounts.data.count > ACCOUNT_CHOICES, find };
}

/** The answers of the forms of the checklist pages: which form, and conform's result for it. */
export type FormAnswer = { form: "checklist" | "inspector" | "verify"; result: Result };

const rowId = formId;

/**
 * intent add-inspector (POST checklist/{cid}/inspector/ {kind, group | account}) and
 * remove-inspector (DELETE checklist/{cid}/inspector/{id}/): `checklistId` is the page's
 * checklist, or null when the form names it (`checklist`). Refusals come back onto the inspector
 * form; success redirects to `back` with a toast. Null for any other intent.
 */
export async function inspectorIntent(
  page: ActivityPage,
  form: FormData,
  intent: string,
  checklistId: number | null,
  back: string,
) {
  const headers = () => page.api.headers();
  if (intent === "remove-inspector") {
    const checklist = checklistId ?? rowId(form, "checklist");
    const res = await page.api.delete(`${page.apiBase}checklist/${checklist}/inspector/${rowId(form, "id")}/`, {
      accept: [404],
    });
    const toast =
      res.status === 404
        ? ({ type: "error", message: MSG.not_found, status: 404 } as const)
        : ({ type: "success", message: "act_toast_inspector_removed" } as const);
    return redirectWithToast(back, toast, { headers: headers() });
  }
  if (intent !== "add-inspector") return null;
  const submission = parseForm(form, inspectorSchema);
  const rawChecklist = String(form.get("checklist") ?? "");
  const checklist = checklistId ?? (/^\d{1,12}$/.test(rawChecklist) ? Number(rawChecklist) : null);
  const refuse = (errors: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }, status = 400) =>
    data<FormAnswer>({ form: "inspector", result: submission.reply(errors) as Result }, { status, headers: headers() });
  // conform merges these with the schema's own errors.
  if (submission.status !== "success" || checklist === null)
    return refuse(checklist === null ? { fieldErrors: { checklist: [MSG.required] } } : {});
  const { kind, group, account } = submission.value;
  // Only the target of the chosen kind goes: a group picked before switching to "account" is not one.
  const body = {
    kind,
    ...(kind === INSPECTOR_KIND.group ? { group } : {}),
    ...(kind === INSPECTOR_KIND.account ? { account } : {}),
  };
  const res = await page.api.post<Record<string, unknown>>(`${page.apiBase}checklist/${checklist}/inspector/`, body, {
    accept: [400, 404],
  });
  if (res.status === 404) return refuse({ fieldErrors: { checklist: [MSG.not_found] } }, 404);
  if (res.status === 400) return refuse(apiFieldErrors(res.data));
  return redirectWithToast(back, { type: "success", message: "act_toast_inspector_added" }, { headers: headers() });
}

/**
 * intent create (POST checklist/) or save (PATCH checklist/{id}/): the checklist form read with
 * the contract's schema; refusals — the API's 400 too — come back onto the form, success redirects
 * to `back` with a toast. A checklist gone meanwhile goes back to the tab.
 */
export async function writeChecklist(page: ActivityPage, form: FormData, checklistId: number | null, back: string) {
  const refuse = (result: Result) =>
    data<FormAnswer>({ form: "checklist", result }, { status: 400, headers: page.api.headers() });
  const submission = parseForm(form, checklistSchema);
  if (submission.status !== "success") return refuse(submission.reply() as Result);
  const path = `${page.apiBase}checklist/${checklistId === null ? "" : `${checklistId}/`}`;
  // A new checklist's form carries its idempotency key (docs/decisions/094).
  const res = await (checklistId === null ? page.api.post : page.api.patch)<Record<string, unknown>>(
    path,
    submission.value,
    { accept: [400, 404], idempotencyKey: checklistId === null ? postedIdempotencyKey(form) : undefined },
  );
  if (res.status === 404)
    return redirectWithToast(
      `${page.base}/checklist`,
      { type: "error", message: MSG.not_found, status: 404 },
      { headers: page.api.headers() },
    );
  if (res.status === 400) return refuse(submission.reply(apiFieldErrors(res.data)) as Result);
  return redirectWithToast(
    back,
    { type: "success", message: checklistId === null ? "act_toast_checklist_added" : "toast_saved" },
    { headers: page.api.headers() },
  );
}
