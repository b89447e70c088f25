import { readFileSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { REGISTRY_TYPES as CONTENT_TYPES } from "~/registry/types.js";
import { NOUN_FORMS } from "~/components/content/use-content-translation";
import { DICTIONARY_FILES } from "../../contract/i18n/index";

/**
 * The engine's texts serve every content type, so none names one: they say `{{noun}}` (and its
 * other forms, NOUN_FORMS), which the engine's translator fills with the page's type. A type's own
 * words are its label and noun keys (app/registry/content.js `labelKey`, `nounKey`).
 */
const ENGINE_FILES = ["content", "access", "enrollment", "extras", "curriculum"] as const;
const LANGUAGES = ["en", "th"] as const;
const COURSE = /course|หลักสูตร/i;

const TAG =
  "the name of the COURSE_TYPE tag list (contract/codes.ts CONTENT_TAG_EXTRAS), the same list on every type's form";
const CURRICULUM = "Thai หลักสูตร here is the curriculum (sections and materials), not the content type";
/** Where a text may still say it: the phrase that may, in that key and language, and why. */
const ALLOWED: { key: string; lang: (typeof LANGUAGES)[number]; phrase: string; reason: string }[] = [
  { key: "field_course_type", lang: "en", phrase: "Course type", reason: TAG },
  { key: "field_course_type", lang: "th", phrase: "ประเภทหลักสูตร", reason: TAG },
  { key: "tab_curriculum", lang: "th", phrase: "หลักสูตรย่อย", reason: CURRICULUM },
  { key: "curriculum_title", lang: "th", phrase: "หลักสูตรย่อย", reason: CURRICULUM },
  { key: "curriculum_empty", lang: "th", phrase: "สร้างหลักสูตร", reason: CURRICULUM },
  { key: "curriculum_iden_empty", lang: "th", phrase: "ในหลักสูตร", reason: CURRICULUM },
  { key: "idt_col_items", lang: "th", phrase: "รายการในหลักสูตร", reason: CURRICULUM },
  { key: "idt_curriculum", lang: "th", phrase: "เนื้อหาหลักสูตร", reason: CURRICULUM },
  { key: "idt_curriculum_intro", lang: "th", phrase: "ตามลำดับในหลักสูตร", reason: CURRICULUM },
  { key: "idt_curriculum_empty", lang: "th", phrase: "ในหลักสูตร", reason: CURRICULUM },
];

const nounKeys = (nounKey: string) => Object.values(NOUN_FORMS).map((suffix) => `${nounKey}${suffix}`);
const typesOwn = new Set(CONTENT_TYPES.flatMap((t) => [t.labelKey, ...nounKeys(t.nounKey)]));
const engineTexts = (lang: (typeof LANGUAGES)[number]) =>
  ENGINE_FILES.flatMap((file) =>
    Object.entries(DICTIONARY_FILES[lang][file] as Record<string, string>).map(([key, text]) => ({ file, key, text })),
  );

describe("engine texts", () => {
  it("every content type has each form of its noun in both languages, in its own first namespace", () => {
    for (const type of CONTENT_TYPES) {
      for (const lang of LANGUAGES) {
        const file = type.i18n[0];
        for (const key of nounKeys(type.nounKey)) {
          const dict = DICTIONARY_FILES[lang][file as keyof (typeof DICTIONARY_FILES)["en"]] as Record<string, string>;
          expect(dict[key]?.trim(), `${lang}: ${key} in ${file}.${lang}.json`).toBeTruthy();
        }
      }
    }
  });

  for (const lang of LANGUAGES) {
    it(`no ${lang} engine text names the course (only a type's own label and nouns do)`, () => {
      const named = engineTexts(lang)
        .filter(({ key }) => !typesOwn.has(key))
        .map(({ file, key, text }) => ({
          file,
          key,
          rest: ALLOWED.filter((a) => a.key === key && a.lang === lang).reduce((s, a) => s.replace(a.phrase, ""), text),
        }))
        .filter(({ rest }) => COURSE.test(rest));
      expect(named.map(({ file, key, rest }) => `${file}.${lang}.json ${key}: ${rest}`)).toEqual([]);
    });
  }

  it("each allowed phrase is still in its text (the list does not outlive its reason)", () => {
    for (const { key, lang, phrase } of ALLOWED)
      expect(engineTexts(lang).find((e) => e.key === key)?.text, `${lang}: ${key}`).toContain(phrase);
  });

  it("texts name the type only by the noun's placeholders", () => {
    const known = new Set(Object.keys(NOUN_FORMS));
    for (const lang of LANGUAGES) {
      for (const { key, text } of engineTexts(lang)) {
        for (const [, name] of text.matchAll(/{{\s*(\w+)\s*}}/g))
          if (/noun/i.test(name)) expect(known.has(name), `${lang}: ${key} {{${name}}}`).toBe(true);
      }
    }
  });

  it("a module that shows a text naming the type translates it with the engine's translator", () => {
    const namingKeys = new Set(
      LANGUAGES.flatMap((lang) =>
        engineTexts(lang)
          .filter(({ text }) => /{{\s*\w*noun\w*\s*}}/i.test(text))
          .map(({ key }) => key),
      ),
    );
    const modules = [
      ...readdirSync("app/routes")
        .filter((f) => f.startsWith("content."))
        .map((f) => `app/routes/${f}`),
      ...["app/components/content", "app/components/curriculum"].flatMap((dir) =>
        readdirSync(dir).map((f) => `${dir}/${f}`),
      ),
    ];
    const missing: string[] = [];
    for (const path of modules) {
      // A toast's key (`message: "…"`) is shown by the Toaster, checked below.
      const source = readFileSync(path, "utf8").replace(/message: "\w+"/g, "");
      if (source.includes("useContentTranslation")) continue;
      for (const key of namingKeys) if (source.includes(`"${key}"`)) missing.push(`${path}: ${key}`);
    }
    expect(missing).toEqual([]);
    expect(readFileSync("app/components/toaster.tsx", "utf8")).toContain("useContentTranslation()");
  });
});
