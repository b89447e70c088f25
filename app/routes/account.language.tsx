import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { languageCookie } from "~/i18n/i18next.server";
import { lms } from "~/lms/api.server";
import { requireCsrf } from "~/lms/csrf.server";
import { readForm } from "~/lms/read-form.server";
import { asciiUrl, dash } from "~/lms/paths";
import { offeredLanguages } from "~/lms/store.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["account"] };

/** Switch language: remembered in a cookie and, when signed in, saved on the profile (PATCH). */
export async function action({ request }: ActionFunctionArgs) {
  const api = lms(request);
  const { form, refusal } = await readForm(request);
  // A resource route (the header's language switch posts here): the refusal in plain text.
  if (!form) return new Response(refusal.message, { status: refusal.status });
  await requireCsrf(api, form);
  const language = String(form.get("language") ?? "");
  const back = String(form.get("redirectTo") ?? "");
  // Only a page of the dashboard itself: never an open redirect.
  const to =
    back.startsWith("/dashboard/") && !back.startsWith("//") && !back.includes("\\")
      ? asciiUrl(back.replace(/([?&])(language|lng)=[^&]*&?/g, "$1"))
      : dash();
  if (!(await offeredLanguages()).includes(language)) return redirect(to);
  await api.patch("account/profile/", { language }, { accept: [401] });
  return api.redirect(to, { "Set-Cookie": await languageCookie.serialize(language) });
}

export const loader = (_: LoaderFunctionArgs) => new Response(null, { status: 405 });
