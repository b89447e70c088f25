import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { MSG } from "../../contract/messages";
import { lms } from "~/lms/api.server";
import { requireCsrf } from "~/lms/csrf.server";
import { dash, safeNext } from "~/lms/paths";
import { redirectWithToast } from "~/lms/toast.server";

/**
 * Sign-out is a POST with the anti-forgery field; it ends the API session and clears the cookie.
 * The idle timer posts here too, with the page to come back to after signing in again.
 */
export async function action({ request }: ActionFunctionArgs) {
  const api = lms(request);
  const form = await request.formData();
  await requireCsrf(api, form);
  await api.signOut();
  const next = safeNext(String(form.get("next") ?? ""));
  const login = `${dash("account/login/")}${next && form.get("idle") ? `?next=${encodeURIComponent(next)}` : ""}`;
  if (form.get("idle")) return redirectWithToast(login, { type: "error", message: MSG.session_expired }, { headers: api.headers() });
  return api.redirect(login);
}

export const loader = (_: LoaderFunctionArgs) => new Response(null, { status: 405 });
