import type { i18n as I18n, TFunction } from "i18next";

/**
 * Makes the translators a document instance hands to components answer simple keys without
 * i18next's machinery. Its `t` costs 5–7 µs a call for a key with nothing to interpolate and tens
 * of µs with a `{{name}}` to fill (it resolves the language hierarchy, namespaces, interpolation
 * options and post-processors every time); a 50-row list page spent more on that than on
 * encoding its rows (docs/decisions/016). Only what i18next would answer with the stored text
 * itself takes the short way:
 * - a key of the instance's own language whose text has no nesting (`$t(`), called with no
 *   options, or with options i18next reserves none of;
 * - whose `{{word}}` placeholders (plain names, no formats) are all given as strings or numbers.
 * Everything else — plurals and context (reserved options), a key only the fallback language has,
 * another language or a key prefix — is i18next's. Server only: a document instance's language and
 * dictionary never change (a new dictionary version gets a new instance).
 */
type Translate = (key: unknown, ...rest: unknown[]) => unknown;
type Template = { parts: string[]; names: string[] };

const PLACEHOLDER = /{{\s*([A-Za-z_][\w]*)\s*}}/g;
/** Options that change what i18next answers (i18next's TOptions); any of them → i18next. */
const RESERVED = new Set([
  "count", "context", "ordinal", "lng", "lngs", "ns", "defaultValue", "returnObjects", "returnDetails", "joinArrays",
  "postProcess", "interpolation", "replace", "keyPrefix", "fallbackLng", "nsSeparator", "keySeparator", "defaultValue_one",
]);

function template(text: string): Template | null {
  const parts: string[] = [];
  const names: string[] = [];
  let last = 0;
  for (const m of text.matchAll(PLACEHOLDER)) {
    parts.push(text.slice(last, m.index));
    names.push(m[1]);
    last = m.index + m[0].length;
  }
  parts.push(text.slice(last));
  // Anything still looking like interpolation (a format, an unusual name) is left to i18next.
  return parts.some((p) => p.includes("{{") || p.includes("}}")) ? null : { parts, names };
}

function fill(t: Template, options: Record<string, unknown>): string | undefined {
  let out = t.parts[0];
  for (let i = 0; i < t.names.length; i++) {
    const v = options[t.names[i]];
    if (typeof v !== "string" && typeof v !== "number") return undefined;
    out += String(v) + t.parts[i + 1];
  }
  return out;
}

export function withPlainLookups(instance: I18n, locale: string, bundle: Record<string, unknown>): I18n {
  const texts = new Map<string, Template>();
  for (const [key, text] of Object.entries(bundle)) {
    if (typeof text !== "string" || text.includes("$t(")) continue;
    const t = template(text);
    if (t) texts.set(key, t);
  }
  const fixedT = instance.getFixedT.bind(instance);
  const getFixedT = (...args: Parameters<I18n["getFixedT"]>) => {
    const real = fixedT(...args) as unknown as Translate & { lng?: unknown; ns?: unknown; keyPrefix?: unknown };
    const [lng, ns, keyPrefix] = args;
    const sameLanguage = lng === null || lng === undefined || lng === locale || (Array.isArray(lng) && lng.length === 1 && lng[0] === locale);
    const sameNamespace = ns === null || ns === undefined || ns === "translation";
    if (!sameLanguage || !sameNamespace || keyPrefix) return real as unknown as TFunction;
    const fast: Translate = (key, ...rest) => {
      const t = typeof key === "string" ? texts.get(key) : undefined;
      if (t && rest.length <= 1) {
        const options = rest[0];
        if (options === undefined) {
          if (t.names.length === 0) return t.parts[0];
        } else if (options !== null && typeof options === "object" && !Array.isArray(options)) {
          const o = options as Record<string, unknown>;
          if (!Object.keys(o).some((k) => RESERVED.has(k))) {
            const text = fill(t, o);
            if (text !== undefined) return text;
          }
        }
      }
      return real(key, ...rest);
    };
    // react-i18next reads these off the function it is given.
    return Object.assign(fast, { lng: real.lng, ns: real.ns, keyPrefix: real.keyPrefix }) as unknown as TFunction;
  };
  instance.getFixedT = getFixedT as I18n["getFixedT"];
  return instance;
}
