import { getLocale } from "~/i18n/i18next.server";
import { offeredLanguages } from "./store.server";

/** Per request: the root's loader and the shell's both ask, with the same request. */
const settled = new WeakMap<Request, Promise<string>>();

/** The page's language: the detected one when the organisation offers it, English otherwise (spec 000 §2.14). */
export function pageLocale(request: Request): Promise<string> {
  let locale = settled.get(request);
  if (!locale) {
    locale = Promise.all([getLocale(request), offeredLanguages()]).then(([detected, languages]) =>
      languages.includes(detected) ? detected : "en",
    );
    settled.set(request, locale);
  }
  return locale;
}
