/**
 * The dashboard's translator: reads the dictionaries (contract/i18n/*.json, i18next's JSON v4
 * format) exactly as i18next reads them with app/i18n/config.ts's settings, in ~1 KB instead of
 * i18next and react-i18next's 16.5 KB gzip on every page (issue 14 §3, docs/decisions/027).
 * The same code renders on the server and hydrates in the browser, so both sides agree by
 * construction; tests/unit/translator.test.ts holds it to i18next for every key of both
 * languages. What the dictionaries use, and nothing more:
 * - flat keys (no key or namespace separator); a key found in none of the texts is itself;
 * - `{{name}}` placeholders (`{{- name}}` alike, values are never escaped: React escapes);
 *   a placeholder whose value is not given stays as written, one given as undefined is empty;
 * - plurals: with a numeric `count`, `key_zero` for 0, then `key_{Intl plural category}`, then `key`;
 * - `defaultValue` (or a string as the second argument) when the key is missing.
 * Client-safe: no Node API, no dictionary of its own.
 */
export type Texts = Readonly<Record<string, string>>;
export type TOptions = { count?: number; defaultValue?: string; [name: string]: unknown };
export type TFunction = (key: string, options?: TOptions | string) => string;
export type Translator = { language: string; t: TFunction; exists: (key: string) => boolean };

type Template = { parts: string[]; names: string[]; raw: string[] };
type Compiled = string | Template;

const PLACEHOLDER = /{{(.+?)}}/g;

function compile(text: string): Compiled {
  if (!text.includes("{{")) return text;
  const parts: string[] = [];
  const names: string[] = [];
  const raw: string[] = [];
  let last = 0;
  for (const m of text.matchAll(PLACEHOLDER)) {
    parts.push(text.slice(last, m.index));
    const name = m[1].trim();
    names.push(name.startsWith("-") ? name.slice(1).trim() : name);
    raw.push(m[0]);
    last = m.index! + m[0].length;
  }
  if (!names.length) return text;
  parts.push(text.slice(last));
  return { parts, names, raw };
}

function fill(c: Compiled, data: Record<string, unknown> | undefined): string {
  if (typeof c === "string") return c;
  let out = c.parts[0];
  for (let i = 0; i < c.names.length; i++) {
    const v = data?.[c.names[i]];
    if (v === undefined) out += data && Object.prototype.hasOwnProperty.call(data, c.names[i]) ? "" : c.raw[i];
    else out += v === null ? "" : String(v);
    out += c.parts[i + 1];
  }
  return out;
}

const pluralRules = new Map<string, Intl.PluralRules | null>();
function pluralRule(language: string): Intl.PluralRules | null {
  let rule = pluralRules.get(language);
  if (rule === undefined) {
    try {
      rule = new Intl.PluralRules(language);
    } catch {
      rule = null;
    }
    pluralRules.set(language, rule);
  }
  return rule;
}

/**
 * Texts of one language, merged from the namespaces loaded so far, with each text's parsed
 * form kept on first use. A key is in exactly one namespace (app/i18n/dictionaries.server.ts).
 */
export class TextBundle {
  private readonly texts = new Map<string, string>();
  private readonly compiled = new Map<string, Compiled>();
  constructor(readonly language: string) {}

  add(texts: Texts) {
    for (const [key, text] of Object.entries(texts)) {
      if (this.texts.get(key) !== text) this.compiled.delete(key);
      this.texts.set(key, text);
    }
    return this;
  }

  has(key: string) {
    return this.texts.has(key);
  }

  /** The parsed text of a key, or undefined when no loaded namespace has it. */
  lookup(key: string): Compiled | undefined {
    let c = this.compiled.get(key);
    if (c === undefined) {
      const text = this.texts.get(key);
      if (text === undefined) return undefined;
      this.compiled.set(key, (c = compile(text)));
    }
    return c;
  }

  /**
   * A translator over these texts; `onMissing` hears each key none of them has, `onFound` each key
   * whose text it used (the server keeps those for the document: app/entry.server.tsx).
   */
  translator(onMissing?: (key: string) => void, onFound?: (key: string) => void): Translator {
    const rule = pluralRule(this.language);
    const find = (key: string) => {
      const c = this.lookup(key);
      if (c !== undefined) onFound?.(key);
      return c;
    };
    const t: TFunction = (key, options) => {
      const o: TOptions | undefined = typeof options === "string" ? { defaultValue: options } : options;
      let c: Compiled | undefined;
      const count = o?.count;
      if (count !== undefined && typeof count !== "string" && rule) {
        if (count === 0) c = find(`${key}_zero`);
        c ??= find(`${key}_${rule.select(count)}`);
      }
      c ??= find(key);
      if (c === undefined) {
        onMissing?.(key);
        c = compile(typeof o?.defaultValue === "string" ? o.defaultValue : key);
      }
      return fill(c, o);
    };
    const exists = (key: string) => {
      const found = this.has(key);
      if (found) onFound?.(key);
      return found;
    };
    return { language: this.language, t, exists };
  }
}
