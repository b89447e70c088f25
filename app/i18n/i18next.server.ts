import { createCookie } from "@remix-run/node";
import { createInstance, type i18n as I18n, type TFunction } from "i18next";
import { RemixI18Next } from "remix-i18next/server";
import { FALLBACK_LANGUAGE, SUPPORTED_LANGUAGES, i18nConfig } from "./config";
import { getDictionaries } from "./dictionaries.server";
import { withPlainLookups } from "./plain-lookups.server";

/** The chosen language, remembered for the next visit (the profile keeps it too). */
export const languageCookie = createCookie("lng", { path: "/", sameSite: "lax", httpOnly: true, maxAge: 365 * 24 * 3600 });

/** `?language=` (or `?lng=`) at start-up, then the stored choice, then the browser's (spec 000 §2.14). */
export const remixI18n = new RemixI18Next({
  detection: {
    supportedLanguages: [...SUPPORTED_LANGUAGES],
    fallbackLanguage: FALLBACK_LANGUAGE,
    cookie: languageCookie,
    order: ["custom", "cookie", "header"],
    findLocale: async (request) => {
      const q = new URL(request.url).searchParams;
      const wanted = q.get("language") ?? q.get("lng");
      return wanted && (SUPPORTED_LANGUAGES as readonly string[]).includes(wanted) ? wanted : null;
    },
  },
});

export const getLocale = (request: Request) => remixI18n.getLocale(request);

/** A translator for loaders, actions and the document render. */
export async function getFixedT(locale: string): Promise<TFunction> {
  const dicts = await getDictionaries();
  const instance = createInstance();
  await instance.init({
    ...i18nConfig,
    lng: locale,
    resources: Object.fromEntries(Object.entries(dicts).map(([l, d]) => [l, { translation: d }])),
  });
  return instance.t;
}

/**
 * The i18next instance rendering a document: one per language and dictionary version, shared by
 * the documents rendered with it — rendering only reads it (nothing on the server changes its
 * language), and building one per request cost every page about a millisecond, its first
 * lookups of each key included (docs/decisions/016). A refreshed dictionary is a new object, so
 * its instances are built afresh and the old ones go with it.
 */
const documentInstances = new WeakMap<object, Map<string, Promise<I18n>>>();
export async function serverInstance(locale: string): Promise<I18n> {
  const dicts = await getDictionaries();
  let byLocale = documentInstances.get(dicts);
  if (!byLocale) documentInstances.set(dicts, (byLocale = new Map()));
  let instance = byLocale.get(locale);
  if (!instance) {
    instance = createDocumentInstance(locale, dicts);
    byLocale.set(locale, instance);
    instance.catch(() => byLocale.delete(locale));
  }
  return instance;
}

async function createDocumentInstance(locale: string, dicts: Awaited<ReturnType<typeof getDictionaries>>) {
  const instance = createInstance();
  const bundle = dicts[locale] ?? dicts.en;
  await instance.init({
    ...i18nConfig,
    lng: locale,
    resources: { [locale]: { translation: bundle }, en: { translation: dicts.en } },
  });
  return withPlainLookups(instance, locale, bundle);
}
