import { AsyncLocalStorage } from "node:async_hooks";
import { createCookie } from "@remix-run/node";
import { createInstance, type i18n as I18n, type TFunction } from "i18next";
import { RemixI18Next } from "remix-i18next/server";
import { FALLBACK_LANGUAGE, SUPPORTED_LANGUAGES, i18nConfig } from "./config";
import { getDictionaries, namespaced, pick } from "./dictionaries.server";
import type { Namespace } from "./namespaces";
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

/** A translator for loaders and actions: the whole dictionary, flat. */
export async function getFixedT(locale: string): Promise<TFunction> {
  const dicts = await getDictionaries();
  const instance = createInstance();
  await instance.init({
    ...i18nConfig,
    ns: ["translation"],
    defaultNS: "translation",
    lng: locale,
    resources: Object.fromEntries(Object.entries(dicts).map(([l, d]) => [l, { translation: d }])),
  });
  return instance.t;
}

/**
 * The i18next instance rendering a document: one per language, dictionary version and set of
 * namespaces, shared by the documents rendered with it — rendering only reads it (nothing on the
 * server changes its language), and building one per request cost every page about a millisecond,
 * its first lookups of each key included (docs/decisions/016). It holds only the page's
 * namespaces (docs/decisions/024), the same texts the browser gets, so a key of a namespace the
 * route did not declare renders as its key on both sides, and is reported (below).
 */
const documentInstances = new WeakMap<object, Map<string, Promise<I18n>>>();
export async function serverInstance(locale: string, namespaces: readonly Namespace[]): Promise<I18n> {
  const dicts = await getDictionaries();
  let byKey = documentInstances.get(dicts);
  if (!byKey) documentInstances.set(dicts, (byKey = new Map()));
  const key = `${locale}|${namespaces.join(",")}`;
  let instance = byKey.get(key);
  if (!instance) {
    instance = createDocumentInstance(locale, namespaces);
    byKey.set(key, instance);
    instance.catch(() => byKey.delete(key));
  }
  return instance;
}

/**
 * Keys a document asked for that its namespaces do not have: per request (see entry.server), and
 * only where they are reported — the test suites (I18N_STRICT=1) and development. Elsewhere no
 * request runs inside the store: an AsyncLocalStorage in use makes Node track the async context
 * of every promise, a cost on every page for nothing anyone reads.
 */
export const REPORT_MISSING_KEYS = process.env.I18N_STRICT === "1" || process.env.NODE_ENV === "development";
export const missingKeys = new AsyncLocalStorage<Set<string>>();

async function createDocumentInstance(locale: string, namespaces: readonly Namespace[]) {
  const [own, en] = await Promise.all([namespaced(locale), namespaced("en")]);
  const instance = createInstance();
  await instance.init({
    ...i18nConfig,
    ns: [...namespaces],
    fallbackNS: [...namespaces],
    lng: locale,
    resources: { [locale]: pick(own, namespaces), en: pick(en, namespaces) },
    saveMissing: REPORT_MISSING_KEYS,
    missingKeyHandler: (_lngs, _ns, key) => missingKeys.getStore()?.add(key),
  });
  return withPlainLookups(instance, locale, Object.assign({}, ...namespaces.map((ns) => own[ns])));
}
