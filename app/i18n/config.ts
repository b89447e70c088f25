import { ALL_LANGUAGES } from "../../contract/codes";

export const SUPPORTED_LANGUAGES = ALL_LANGUAGES;
export const FALLBACK_LANGUAGE = "en";
/**
 * How the dictionaries are read: i18next's settings, which app/i18n/translator.ts implements and
 * tests/unit/translator.test.ts hands to i18next as the reference (docs/decisions/027). Keys are
 * flat; `.` is not a separator.
 */
export const i18nConfig = {
  supportedLngs: [...SUPPORTED_LANGUAGES] as string[],
  fallbackLng: FALLBACK_LANGUAGE,
  // A page's namespaces are looked up in turn (docs/decisions/024); keys are unique across them.
  defaultNS: "ui",
  keySeparator: false as const,
  nsSeparator: false as const,
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
};
