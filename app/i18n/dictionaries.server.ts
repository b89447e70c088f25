import { DICTIONARY_FILES } from "../../contract/i18n/index";
import { getDictionaries } from "~/lms/store.server";
import { NAMESPACES, type Namespace } from "./namespaces";

/** Dictionaries come from the API's dict/ through the per-process store (see lms/store.server.ts). */
export { getDictionaries, dictionaryVersion } from "~/lms/store.server";

export type Texts = Record<string, string>;
export type Namespaced = Record<Namespace, Texts>;

/**
 * Which namespace a key is in: the bundled file that defines it (contract/i18n/index.ts). A key
 * only the API's dictionary has (an API message added there) is a message.
 */
const NAMESPACE_OF = new Map<string, Namespace>(
  Object.entries(DICTIONARY_FILES.en).flatMap(([ns, texts]) => Object.keys(texts).map((key) => [key, ns as Namespace] as const)),
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

/** The texts of these namespaces, as i18next resources of one language. */
export const pick = (all: Namespaced, namespaces: readonly Namespace[]) => Object.fromEntries(namespaces.map((ns) => [ns, all[ns]]));
