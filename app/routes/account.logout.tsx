import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { lms } from "~/lms/api.server";
import { requireCsrf } from "~/lms/csrf.server";
import { dash } from "~/lms/paths";

/** Sign-out is a POST with the anti-forgery field; it ends the API session and clears the cookie. */
export async function action({ request }: ActionFunctionArgs) {
  const api = lms(request);
  requireCsrf(api, await request.formData());
  await api.signOut();
  return api.redirect(dash("account/login/"));
}

export const loader = (_: LoaderFunctionArgs) => new Response(null, { status: 405 });
