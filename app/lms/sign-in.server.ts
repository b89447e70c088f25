import type { Profile } from "../../contract/schemas/account";
import { DASHBOARD_FLAG, type PermissionAnswer } from "../../contract/permissions";
import { getLocale, languageCookie } from "~/i18n/i18next.server";
import { formatInstant } from "./format";
import { zoneOffset } from "./zone.server";
import { ANALYTIC_SOURCE } from "../../contract/codes";
import type { Lms } from "./api.server";
import { dash, safeNext } from "./paths";
import { pendingTermsPage } from "./startup-rules";

/**
 * A class check-in address (a session's QR code, docs/decisions/042): the one page a learner
 * signs in to here. One token segment, never a dot segment a browser would resolve elsewhere.
 */
const CHECKIN_ADDRESS = /^\/dashboard\/checkin\/[A-Za-z0-9_-][A-Za-z0-9._-]*\/?(\?[^#]*)?$/;
export const isCheckinAddress = (next: string | null) => !!next && CHECKIN_ADDRESS.test(next);

/**
 * Where a fresh sign-in goes (spec 000 §4): without the dashboard flag, signed out to /error/403
 * — unless `next` is a check-in address: a learner who scanned a class's QR code keeps the
 * session and goes there (nothing else of the dashboard lets them in; the shell still refuses
 * them); then an unaccepted published privacy notice, terms, data consent, in that order; then `next`
 * (the request's `next`, unless the caller names where to return: a terms page's `from`).
 */
export async function afterSignIn(
  api: Lms,
  request: Request,
  profile: Profile,
  returnTo?: string | null,
): Promise<Response> {
  const { data: permission } = await api.get<PermissionAnswer>("dashboard/account/permission/", { accept: [403] });
  const next = returnTo ?? safeNext(new URL(request.url).searchParams.get("next")) ?? dash();
  const staff = !!permission?.permission?.[DASHBOARD_FLAG];
  if (!staff && !isCheckinAddress(next)) {
    await api.signOut();
    return api.redirect(dash("error/403"));
  }
  // One analytic session per dashboard sign-in, source 10 = dashboard; its errors are ignored (spec 002 §7).
  if (staff)
    await api
      .post("analytic/session/", { source: ANALYTIC_SOURCE.dashboard }, { accept: [400, 401, 403, 500] })
      .catch(() => undefined);
  const lang = await languageCookie.serialize(profile.language);
  const pending = pendingTermsPage(profile);
  if (pending) return api.redirect(`${dash(pending)}?next=${encodeURIComponent(next)}`, { "Set-Cookie": lang });
  return api.redirect(next, { "Set-Cookie": lang });
}

/** A sign-in lock as the API answers it (spec 002 §8: too many failed attempts). */
export type SignInLock = {
  count_attempt: number;
  max_attempt: number;
  datetime_lock: string;
  datetime_unlock: string | null;
};

/**
 * The lock as the sign-in page shows it: its times through the one date formatter, in the page's
 * language and the organisation's zone — formatted here, so the sign-in page loads no date code.
 */
export async function lockShown(request: Request, lock: SignInLock) {
  const [language, zone] = await Promise.all([getLocale(request), zoneOffset()]);
  const when = (iso: string | null) => (iso ? formatInstant("dateTime", language, iso, zone) : null);
  return {
    count_attempt: lock.count_attempt,
    max_attempt: lock.max_attempt,
    at: when(lock.datetime_lock),
    unlockAt: when(lock.datetime_unlock),
  };
}
