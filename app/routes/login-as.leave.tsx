import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { lms } from "~/lms/api.server";
import { getProfile, signInUrl } from "~/lms/auth.server";
import { requireCsrf } from "~/lms/csrf.server";
import { leaveActing } from "~/lms/login-as.server";
import { dash } from "~/lms/paths";
import { readForm } from "~/lms/read-form.server";
import { redirectWithToast } from "~/lms/toast.server";

/**
 * "Return to my account" (docs/decisions/033): the banner's form posts here. Outside the shell
 * and its flags: whatever the account acted as may do, its administrator can always come back.
 * The API refuses a session that is not acting, and then there is nothing to do but go home.
 */
export async function action(args: ActionFunctionArgs) {
  const api = lms(args);
  const { form, refusal } = await readForm(args.request);
  if (!form) return new Response(refusal.message, { status: refusal.status });
  await requireCsrf(api, form);
  const left = await leaveActing(api);
  if (!left) return api.redirect(dash(""));
  return redirectWithToast(dash(""), { type: "success", message: "acting_as_left" }, { headers: api.headers() });
}

/** A GET changes nothing (any page could link here): signed in, home; else the sign-in page. */
export async function loader(args: LoaderFunctionArgs) {
  const api = lms(args);
  if (!(await getProfile(api))) throw api.redirect(signInUrl(args.request));
  return api.redirect(dash(""));
}
