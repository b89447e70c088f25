import { describe, expect, it } from "vitest";
import { blockedByMaintenance, pendingTermsPage } from "~/lms/startup-rules";

describe("spec 000 §4: after login, privacy → terms → data consent, in that order", () => {
  const all = { is_accepted_privacy: true, is_accepted_term: true, is_accepted_data_consent: true };
  it("sends to the first unaccepted document", () => {
    expect(
      pendingTermsPage({
        ...all,
        is_accepted_privacy: false,
        is_accepted_term: false,
        is_accepted_data_consent: false,
      }),
    ).toBe("privacy-data/privacy-notice");
    expect(pendingTermsPage({ ...all, is_accepted_term: false, is_accepted_data_consent: false })).toBe(
      "privacy-data/terms",
    );
    expect(pendingTermsPage({ ...all, is_accepted_data_consent: false })).toBe("privacy-data/consent");
  });
  it("sends nowhere when all are accepted", () => expect(pendingTermsPage(all)).toBeNull());
});

describe("spec 000 §4 / §6: maintenance (dashboard variant) and system users", () => {
  const on = { "maintenance-dashboard-is-enabled": { value: true } };
  it("blocks a staff user while maintenance is on", () =>
    expect(blockedByMaintenance(on, { is_system_user: false })).toBe(true));
  it("lets a system user through", () => expect(blockedByMaintenance(on, { is_system_user: true })).toBe(false));
  it("ignores the learner-site flag", () =>
    expect(blockedByMaintenance({ "maintenance-is-enabled": { value: true } }, { is_system_user: false })).toBe(false));
});
