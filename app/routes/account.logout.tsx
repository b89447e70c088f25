import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { MSG } from "../../contract/messages";
import { AuthCard, CardLink } from "~/components/auth-card";
import { CsrfInput } from "~/components/form-basics";
import { lms } from "~/lms/api.server";
import { requireCsrf } from "~/lms/csrf.server";
import { readForm } from "~/lms/read-form.server";
import { dash, safeNext } from "~/lms/paths";
import { redirectWithToast } from "~/lms/toast.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["account"] };

/**
 * Sign-out is a POST with the anti-forgery field; it ends the API session and clears the cookie.
 * The idle timer posts here too, with the page to come back to after signing in again.
 */
export async function action({ request }: ActionFunctionArgs) {
  const api = lms(request);
  const { form, refusal } = await readForm(request);
  // Not a form at all (JSON, text, an empty body): no form token either, so nothing happens.
  if (!form) return new Response(refusal.message, { status: refusal.status });
  await requireCsrf(api, form);
  await api.signOut();
  const next = safeNext(String(form.get("next") ?? ""));
  const login = `${dash("account/login/")}${next && form.get("idle") ? `?next=${encodeURIComponent(next)}` : ""}`;
  if (form.get("idle"))
    return redirectWithToast(login, { type: "error", message: MSG.session_expired }, { headers: api.headers() });
  return api.redirect(login);
}

/**
 * A GET never signs out (any page could embed this address); it shows the confirmation form that
 * posts here, so a bookmarked or typed sign-out address still works, without JavaScript too.
 */
export const loader = (_: LoaderFunctionArgs) => null;

export default function SignOutConfirm() {
  const { t } = useTranslation();
  return (
    <AuthCard title={t("sign_out_confirm_title")}>
      <p className="text-sm text-slate-700">{t("sign_out_confirm_body")}</p>
      <Form method="post" className="mt-6 flex items-center gap-4">
        <CsrfInput />
        <button type="submit" className="rounded bg-primary px-4 py-2 text-sm font-medium text-primary-fg">
          {t("sign_out")}
        </button>
        <CardLink to={dash("")}>{t("sign_out_cancel")}</CardLink>
      </Form>
    </AuthCard>
  );
}
