import type { ConfigDict } from "../../contract/config";
import type { Profile } from "../../contract/schemas/account";

/**
 * The start-up rules of spec 000 §4 as pure functions, so each has a unit test of its own.
 */

/** spec 000 §4: unaccepted published privacy notice, then terms, then data consent, in that order. */
export function pendingTermsPage(
  p: Pick<Profile, "is_accepted_privacy" | "is_accepted_term" | "is_accepted_data_consent">,
): string | null {
  if (!p.is_accepted_privacy) return "privacy-data/privacy-notice";
  if (!p.is_accepted_term) return "privacy-data/terms";
  if (!p.is_accepted_data_consent) return "privacy-data/consent";
  return null;
}

/** Whether the configuration says the dashboard is under maintenance (its dashboard variant of the flag). */
export function underMaintenance(config: ConfigDict): boolean {
  return config["maintenance-dashboard-is-enabled"]?.value === true;
}

/** spec 000 §4 + §6: maintenance (dashboard variant) on and not a system user → maintenance page. */
export function blockedByMaintenance(config: ConfigDict, profile: Pick<Profile, "is_system_user">): boolean {
  return underMaintenance(config) && !profile.is_system_user;
}
