import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { SEND_METHOD } from "../../contract/codes";
import { AuthCard, CardLink } from "~/components/auth-card";
import { readForgotState } from "~/lms/account-recovery.server";
import { dash } from "~/lms/paths";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["account"] };

/**
 * "Check your email" (spec 000 §2.2 /account/checkmail): where a code sent by email went. The
 * forgot-password OTP step shows the same notice inline (docs/decisions/001); this page is for
 * whoever lands here, with the way back into the flow when a code is pending.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const state = await readForgotState(request);
  const pending = !!state && state.send_method === SEND_METHOD.email && !state.token;
  return data({ email: pending ? state.email : null, pending }, { headers: { "Cache-Control": "no-store" } });
}

export default function CheckMail() {
  const { email, pending } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <AuthCard title={t("checkmail_title")}>
      <p className="text-sm text-slate-700">{email ? t("checkmail_sent_to", { email }) : t("checkmail_generic")}</p>
      <p className="mt-2 text-sm text-slate-600">{t("checkmail_spam_hint")}</p>
      <p className="mt-6 flex justify-between gap-4">
        {pending ? <CardLink to={dash("account/forgot-password/otp")}>{t("checkmail_enter_code")}</CardLink> : <span />}
        <CardLink to={dash("account/signin")}>{t("forgot_back_to_sign_in")}</CardLink>
      </p>
    </AuthCard>
  );
}
