import type { Profile } from "../../contract/schemas/account";
import { DASHBOARD_FLAG, type PermissionAnswer } from "../../contract/permissions";
import { languageCookie } from "~/i18n/i18next.server";
import type { Lms } from "./api.server";
import { dash, safeNext } from "./paths";

/**
 * Where a fresh sign-in goes (spec 000 §4): without the dashboard flag, signed out to /error/403;
 * then an unaccepted published privacy notice, terms, data consent, in that order; then `next`.
 */
export async function afterSignIn(api: Lms, request: Request, profile: Profile): Promise<Response> {
  const { data: permission } = await api.get<PermissionAnswer>("dashboard/account/permission/", { accept: [403] });
  if (!permission?.permission?.[DASHBOARD_FLAG]) {
    await api.signOut();
    return api.redirect(dash("error/403"));
  }
  const next = safeNext(new URL(request.url).searchParams.get("next")) ?? dash();
  const lang = await languageCookie.serialize(profile.language);
  const pending = !profile.is_accepted_privacy
    ? "privacy-data/privacy-notice"
    : !profile.is_accepted_term
      ? "privacy-data/terms"
      : !profile.is_accepted_data_consent
        ? "privacy-data/consent"
        : null;
  if (pending) return api.redirect(`${dash(pending)}?next=${encodeURIComponent(next)}`, { "Set-Cookie": lang });
  return api.redirect(next, { "Set-Cookie": lang });
}
