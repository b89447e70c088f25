/**
 * The three documents a user reads and accepts (spec 000 §2.2), by the name of their page under
 * /privacy-data/: the dashboard's names (privacy-notice, terms, consent) and the learner front's
 * (privacy-notice, terms-conditions, data-consent; spec 002 §2), which open the same page. Read by
 * the page (routes/privacy-data.tsx) and its title (page-title.ts). Client-safe.
 */
export const PRIVACY_PAGES = {
  "privacy-notice": { api: "term/privacy/", titleKey: "privacy_notice" },
  terms: { api: "term/", titleKey: "terms_and_conditions" },
  consent: { api: "term/data-consent/", titleKey: "data_consent" },
} as const;
export type PrivacyPage = keyof typeof PRIVACY_PAGES;

/** The learner front's page names (issue 33, R074: `terms-conditions` answered 404). */
const ALIASES: Record<string, PrivacyPage> = { "terms-conditions": "terms", "data-consent": "consent" };

/** The document a page name shows, or null for no such page. */
export function privacyPage(name: string | undefined): PrivacyPage | null {
  if (!name) return null;
  if (name in PRIVACY_PAGES) return name as PrivacyPage;
  return ALIASES[name] ?? null;
}
