import { useTranslation } from "~/i18n/react";
import { AuthCard, CardLink } from "~/components/auth-card";
import { dash } from "~/lms/paths";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["account"] };

/** "Your password has been changed" (spec 000 §2.2 /account/changedpass), after a reset. */
export default function ChangedPassword() {
  const { t } = useTranslation();
  return (
    <AuthCard title={t("changedpass_title")}>
      <p role="status" className="text-sm text-slate-700">
        {t("changedpass_body")}
      </p>
      <p className="mt-6">
        <CardLink to={dash("account/signin")}>{t("changedpass_sign_in")}</CardLink>
      </p>
    </AuthCard>
  );
}
