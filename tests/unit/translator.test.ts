import { createInstance, type TFunction as I18nextT } from "i18next";
import { describe, expect, it } from "vitest";
import { DICTIONARIES } from "../../contract/i18n/index";
import { i18nConfig } from "~/i18n/config";
import { TextBundle } from "~/i18n/translator";

/**
 * The dashboard's translator (app/i18n/translator.ts) against i18next itself, configured as the
 * dashboard configured it before (app/i18n/config.ts): every key of both bundled languages, with
 * no options and with the kinds of options pages pass — values for placeholders (given, missing,
 * undefined, numbers), counts for plurals (0, 1, 2, 5), a default value. A dictionary text i18next
 * would read differently fails here, as does a change to the translator that drifts from it.
 */
const EN_ONLY = "test_only_in_english";

async function reference(locale: "en" | "th"): Promise<I18nextT> {
  const i = createInstance();
  await i.init({
    ...i18nConfig,
    lng: locale,
    resources: {
      [locale]: { translation: DICTIONARIES[locale] },
      en: { translation: { ...DICTIONARIES.en, [EN_ONLY]: "English only {{name}}" } },
    },
  });
  return i.getFixedT(null, "translation");
}

const ours = (locale: "en" | "th") =>
  new TextBundle(locale)
    .add({ ...DICTIONARIES.en, [EN_ONLY]: "English only {{name}}", ...DICTIONARIES[locale] })
    .translator();

/**
 * Plural texts (`x_one`, `x_other`…) are asked for by their stem with a count; a stem is a plural
 * where English has its `_other` (tests/unit/dictionaries.test.ts holds Thai to English's keys).
 */
const stems = (keys: string[]) => keys.filter((k) => k.endsWith("_other")).map((k) => k.slice(0, -"_other".length));

describe("the translator reads the dictionaries as i18next does", () => {
  for (const locale of ["en", "th"] as const) {
    it(`answers every ${locale} key exactly as i18next`, async () => {
      const theirs = await reference(locale);
      const { t } = ours(locale);
      const options: Record<string, unknown>[] = [
        {
          name: "Ada",
          n: 3,
          count: 2,
          max: 5,
          at: "10:00",
          noun: "course",
          Nouns: "Courses",
          total: 7,
          from: 1,
          to: 50,
        },
        { name: "<b>Ada</b>" },
        { name: undefined },
        { n: 0, name: 7 },
        { other: "x" },
      ];
      for (const key of [
        ...Object.keys(DICTIONARIES[locale]),
        ...stems(Object.keys(DICTIONARIES.en)),
        EN_ONLY,
        "no_such_key",
      ]) {
        expect(t(key), key).toBe(theirs(key));
        for (const o of options) expect(t(key, o), `${key} ${JSON.stringify(o)}`).toBe(theirs(key, o));
        for (const count of [0, 1, 2, 5])
          expect(t(key, { count, name: "A" }), `${key} count ${count}`).toBe(theirs(key, { count, name: "A" }));
      }
    });
  }

  it("falls back to a default value, filled like a text, and to the key itself", async () => {
    const theirs = await reference("en");
    const { t, exists } = ours("en");
    for (const args of [
      ["nope", { defaultValue: "Hi {{name}}", name: "Ada" }],
      ["nope", "Plain default"],
      ["nope", { defaultValue: "" }],
    ] as const) {
      expect(t(args[0], args[1] as never)).toBe(theirs(args[0], args[1] as never));
    }
    expect(exists("menu_home")).toBe(true);
    expect(exists("nope")).toBe(false);
  });

  it("uses the zero form for 0 where a text has one, and the language's plural categories", () => {
    const b = new TextBundle("en").add({
      k_zero: "none",
      k_one: "one {{count}}",
      k_other: "{{count}} many",
      j: "{{count}} plain",
    });
    const { t } = b.translator();
    expect([t("k", { count: 0 }), t("k", { count: 1 }), t("k", { count: 3 }), t("j", { count: 1 })]).toEqual([
      "none",
      "one 1",
      "3 many",
      "1 plain",
    ]);
    const th = new TextBundle("th").add({ k_one: "one", k_other: "อื่น {{count}}" }).translator();
    expect(th.t("k", { count: 1 })).toBe("อื่น 1");
  });

  it("tells who listens which keys it lacked", () => {
    const missing: string[] = [];
    const { t } = new TextBundle("en").add({ a: "A" }).translator((k) => missing.push(k));
    t("a");
    t("b");
    t("c", { defaultValue: "C" });
    expect(missing).toEqual(["b", "c"]);
  });
});
