import { DICTIONARY_FILES } from "../../contract/i18n/index";
import { getDictionaries } from "~/lms/store.server";
import { NAMESPACES, type Namespace } from "./namespaces";
import { TextBundle } from "./translator";

/** Dictionaries come from the API's dict/ through the per-process store (see lms/store.server.ts). */
export { getDictionaries, dictionaryVersion } from "~/lms/store.server";

export type Texts = Record<string, string>;
export type Namespaced = Record<Namespace, Texts>;

/**
 * Which namespace a key is in: the bundled file that defines it (contract/i18n/index.ts). A key
 * only the API's dictionary has (an API message added there) is a message.
 */
const NAMESPACE_OF = new Map<string, Namespace>(
  Object.entries(DICTIONARY_FILES.en).flatMap(([ns, texts]) =>
    Object.keys(texts).map((key) => [key, ns as Namespace] as const),
  ),
);
export const namespaceOf = (key: string): Namespace => NAMESPACE_OF.get(key) ?? "messages";

/** One language's flat dictionary split by namespace: once per dictionary version and language. */
const split = new WeakMap<object, Map<string, Namespaced>>();
export async function namespaced(locale: string): Promise<Namespaced> {
  const dicts = await getDictionaries();
  let byLocale = split.get(dicts);
  if (!byLocale) split.set(dicts, (byLocale = new Map()));
  let out = byLocale.get(locale);
  if (!out) {
    out = Object.fromEntries(NAMESPACES.map((ns) => [ns, {} as Texts])) as Namespaced;
    for (const [key, text] of Object.entries(dicts[locale] ?? dicts.en)) out[namespaceOf(key)][key] = text;
    byLocale.set(locale, out);
  }
  return out;
}

/**
 * What a page in `locale` reads: its own texts over English's (the fallback language), so a key
 * a translation lacks reads as in English on the server and in the browser alike.
 */
const fallbacks = new WeakMap<object, Map<string, Promise<Namespaced>>>();
export async function withFallback(locale: string): Promise<Namespaced> {
  if (locale === "en") return namespaced("en");
  const dicts = await getDictionaries();
  let byLocale = fallbacks.get(dicts);
  if (!byLocale) fallbacks.set(dicts, (byLocale = new Map()));
  let out = byLocale.get(locale);
  if (!out) {
    out = Promise.all([namespaced(locale), namespaced("en")]).then(
      ([own, en]) => Object.fromEntries(NAMESPACES.map((ns) => [ns, { ...en[ns], ...own[ns] }])) as Namespaced,
    );
    byLocale.set(locale, out);
  }
  return out;
}

/**
 * The texts a document renders with: one bundle per dictionary version, language and set of
 * namespaces, shared by every document rendered with it (rendering only reads it; each text is
 * parsed once). It holds only the page's namespaces — the same texts the browser gets — so a key
 * of a namespace the route did not declare renders as its key on both sides, and is reported.
 */
const bundles = new WeakMap<object, Map<string, Promise<TextBundle>>>();
export async function documentBundle(locale: string, namespaces: readonly Namespace[]): Promise<TextBundle> {
  const dicts = await getDictionaries();
  let byKey = bundles.get(dicts);
  if (!byKey) bundles.set(dicts, (byKey = new Map()));
  const key = `${locale}|${namespaces.join(",")}`;
  let bundle = byKey.get(key);
  if (!bundle) {
    bundle = withFallback(locale).then((texts) => {
      const b = new TextBundle(locale);
      for (const ns of namespaces) b.add(texts[ns]);
      return b;
    });
    byKey.set(key, bundle);
    bundle.catch(() => byKey.delete(key));
  }
  return bundle;
}

/** The texts of these namespaces, by namespace (the document's payload). */
export const pick = (all: Namespaced, namespaces: readonly Namespace[]) =>
  Object.fromEntries(namespaces.map((ns) => [ns, all[ns]]));
