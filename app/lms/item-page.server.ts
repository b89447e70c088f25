import { getZodConstraint } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { allows } from "./content-navigation.server";
import { itemId, requireContent, type Action } from "./content.server";
import { requireCsrf } from "./csrf.server";
import { itemPaths } from "./enrollment.server";
import { invariantResponse } from "./invariant";
import { readForm, type FormRefusal } from "./read-form.server";

/**
 * What a content type's own item pages start with (an activity's checklists, a class's sessions…),
 * whatever the type: the page's guard, its URL base and API path, what the user may do there,
 * and for an action the posted form with its anti-forgery field checked. One place, so a new
 * type's screens do not copy another type's.
 */
type Args = LoaderFunctionArgs | ActionFunctionArgs;

/** The item a page is about, its guard passed for `action`: the user, its URL base and API path, and `can`. */
export async function itemPage(args: Args, action: Action) {
  const user = await requireContent(args, action);
  const id = itemId(user.type, args.params);
  const paths = itemPaths(user.type, id);
  const can = (a: Action) => allows(user.type, user.permission, a);
  return { ...user, id, base: paths.base, apiBase: paths.api, can };
}
export type ItemPage = Awaited<ReturnType<typeof itemPage>>;

/**
 * What an action of such a page starts with: the guard for `action`, the posted form (its
 * anti-forgery field checked), its intent and the page's own URL (its query kept). A post that
 * is no readable form is answered by `refuse` (the page's own answer shape, with the error).
 * `action` may depend on the posted intent (a page where asking needs less than deciding): the
 * form is then read first — once, with the limits every form is read with — and guarded by the
 * intent's action before anything else is looked at.
 */
export async function itemPost<R>(
  args: ActionFunctionArgs,
  action: Action | ((intent: string) => Action),
  refuse: (refusal: FormRefusal) => R,
) {
  const early = typeof action === "function" ? await readForm(args.request) : null;
  const page = await itemPage(
    args,
    typeof action === "function" ? action(String(early?.form?.get("intent") ?? "")) : action,
  );
  const { form, refusal } = early ?? (await readForm(args.request));
  if (!form) return { page, refused: refuse(refusal) } as const;
  await requireCsrf(page.api, form);
  const url = new URL(args.request.url);
  return {
    page,
    form,
    intent: String(form.get("intent") ?? ""),
    here: `${url.pathname}${url.search}`,
    refused: null,
  } as const;
}

/** A row's id posted with a form (`name`, default "id"), or 400. */
export function formId(form: FormData, name = "id"): number {
  const raw = String(form.get(name) ?? "");
  invariantResponse(/^\d{1,12}$/.test(raw), "Bad Request");
  return Number(raw);
}

type Constraint = ReturnType<typeof getZodConstraint>;
type ObjectSchema = Parameters<typeof getZodConstraint>[0] & {
  shape: Record<string, { safeParse: (v: unknown) => { success: boolean } }>;
};

/**
 * conform's constraints of a form schema, `required` only where the schema refuses a missing
 * value: conform reads every field behind a preprocess (a default, an unticked box) as required.
 */
export function schemaConstraint(schema: ObjectSchema): Constraint {
  return Object.fromEntries(
    Object.entries(getZodConstraint(schema)).map(([name, c]) => [
      name,
      { ...c, required: !(schema.shape[name]?.safeParse(undefined).success ?? false) },
    ]),
  );
}
