import { createCookie } from "@remix-run/node";
import type { ConfigDict } from "../../contract/config";
import { MSG } from "../../contract/messages";
import type { PasswordRule } from "../../contract/schemas/account";
import { passwordRuleFrom } from "../../contract/schemas/forms";
import { z } from "../../contract/zod";
import type { Lms } from "./api.server";
import { isHttps } from "./client.server";
import { dash } from "./paths";
import { DASHBOARD_SECRET } from "./secret.server";
import { redirectWithToast } from "./toast.server";

/**
 * Account recovery (forgot password, reset link, single-sign-on return): the state carried between
 * the steps, the password rule, and API answers mapped onto forms. docs/decisions/001 ("Dashboard
 * screens") says why the state lives in a signed cookie.
 */

/** What the forgot-password steps remember. The token and reference never reach a URL or the page. */
const stateSchema = z.object({
  reference_id: z.string().min(1),
  send_method_list: z.array(z.number()),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  send_method: z.number().optional(),
  datetime_expire: z.string().optional(),
  token: z.string().optional(),
});
export type ForgotState = z.infer<typeof stateSchema>;

/** The API keeps a reference for 30 minutes (docs/decisions/001); the cookie lives no longer. */
const STATE_MAX_AGE = 30 * 60;
const cookieFor = (secure: boolean) =>
  createCookie("lms_forgot", {
    path: dash("account/"),
    httpOnly: true,
    sameSite: "lax",
    secure,
    secrets: [DASHBOARD_SECRET],
    maxAge: STATE_MAX_AGE,
  });
const plainCookie = cookieFor(false);
const secureCookie = cookieFor(true);
const forgotCookie = (request: Request) => (isHttps(request) ? secureCookie : plainCookie);

/** The forgot-password state of this browser, or null (none, tampered with, or malformed). */
export async function readForgotState(request: Request): Promise<ForgotState | null> {
  const raw = await forgotCookie(request).parse(request.headers.get("cookie"));
  const parsed = stateSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}
export const saveForgotState = (request: Request, state: ForgotState) => forgotCookie(request).serialize(state);
export const clearForgotState = (request: Request) => forgotCookie(request).serialize("", { maxAge: 0 });

/**
 * The API checks its own anti-forgery cookie on every post: a visitor who came straight to one of
 * these pages may not have it yet, so ask the API once (its answer sets the cookie, relayed).
 */
export async function ensureApiSession(api: Lms) {
  if (!api.csrfToken) await api.get("account/is-authenticated/");
}

/** The configured password rule (spec 001 §5), read from the public config (also fetches the API's cookies). */
export async function passwordRuleOf(api: Lms): Promise<PasswordRule> {
  const { data } = await api.get<{ config_dict: ConfigDict }>("config/");
  return passwordRuleFrom(data.config_dict);
}

export type ApiErrorBody = Record<string, string | string[]>;

/**
 * A contract 400/429 body split for a conform reply: errors of the form's own fields go under
 * them, everything else (detail, reference_id, token…) is shown above the form.
 */
export function formErrorsOf(body: ApiErrorBody | null, fields: readonly string[]) {
  const formErrors: string[] = [];
  const fieldErrors: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(body ?? { detail: MSG.server_error })) {
    const list = ([] as string[]).concat(value).map(String);
    if (fields.includes(key)) fieldErrors[key] = list;
    else formErrors.push(...list);
  }
  return { formErrors, fieldErrors };
}

/** Whether the API said the reference or the reset token is dead (the user must start again). */
export const isExpired = (body: ApiErrorBody | null) =>
  !!body &&
  (["reference_id", "token"] as const).some((k) => ([] as string[]).concat(body[k] ?? []).includes(MSG.token_expired));

/** Back to the first step with the "token expired" message, forgetting the dead state. */
export async function restartForgotPassword(api: Lms, request: Request) {
  const headers = api.headers({ "Set-Cookie": await clearForgotState(request) });
  return redirectWithToast(dash("account/forgot-password"), { type: "error", message: MSG.token_expired }, { headers });
}

/**
 * Pages that carry a token in their address must not leak it to other sites, nor be cached.
 * `same-origin`, not `no-referrer`: the latter makes a form post's Origin "null", which Remix
 * refuses as a cross-site post.
 */
export const TOKEN_PAGE_HEADERS = { "Referrer-Policy": "same-origin", "Cache-Control": "no-store" } as const;
