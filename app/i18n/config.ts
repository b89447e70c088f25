import { ALL_LANGUAGES } from "../../contract/codes";

/** i18next settings shared by server and client. Keys are flat; `.` is not a separator. */
export const SUPPORTED_LANGUAGES = ALL_LANGUAGES;
export const FALLBACK_LANGUAGE = "en";
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
