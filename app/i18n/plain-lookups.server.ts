import type { i18n as I18n, TFunction } from "i18next";

/**
 * Makes the translators a document instance hands to components answer plain keys by a Map
 * lookup. i18next's `t` costs 5–7 µs a call even for a key with nothing to interpolate (it
 * resolves the language hierarchy, namespaces and post-processors every time); a 50-row list page
 * made ~60 calls (docs/decisions/016). Only what i18next itself would answer with the stored text
 * unchanged takes the short way: a call with no options, for a key of the instance's own
 * language whose text has no interpolation (`{{`) or nesting (`$t(`). Everything else — options,
 * plurals, a key only the fallback language has, another language or a key prefix — is i18next's.
 * Server only: a document instance's language and dictionary never change (a new dictionary
 * version gets a new instance).
 */
type Translate = (key: unknown, ...rest: unknown[]) => unknown;

export function withPlainLookups(instance: I18n, locale: string, bundle: Record<string, unknown>): I18n {
  const plain = new Map<string, string>();
  for (const [key, text] of Object.entries(bundle)) {
    if (typeof text === "string" && !text.includes("{{") && !text.includes("$t(")) plain.set(key, text);
  }
  const fixedT = instance.getFixedT.bind(instance);
  const getFixedT = (...args: Parameters<I18n["getFixedT"]>) => {
    const real = fixedT(...args) as unknown as Translate & { lng?: unknown; ns?: unknown; keyPrefix?: unknown };
    const [lng, ns, keyPrefix] = args;
    const sameLanguage = lng === null || lng === undefined || lng === locale || (Array.isArray(lng) && lng.length === 1 && lng[0] === locale);
    const sameNamespace = ns === null || ns === undefined || ns === "translation";
    if (!sameLanguage || !sameNamespace || keyPrefix) return real as unknown as TFunction;
    const fast = ((key: unknown, ...rest: unknown[]) => {
      if (rest.length === 0 && typeof key === "string") {
        const text = plain.get(key);
        if (text !== undefined) return text;
      }
      return real(key, ...rest);
    }) as Translate;
    // react-i18next reads these off the function it is given.
    return Object.assign(fast, { lng: real.lng, ns: real.ns, keyPrefix: real.keyPrefix }) as unknown as TFunction;
  };
  instance.getFixedT = getFixedT as I18n["getFixedT"];
  return instance;
}
