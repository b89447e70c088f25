import { createInstance, type i18n as I18n } from "i18next";
import { describe, expect, it } from "vitest";
import { DICTIONARIES } from "../../contract/i18n/index";
import { i18nConfig } from "~/i18n/config";
import { withPlainLookups } from "~/i18n/plain-lookups.server";

const EN_ONLY = "test_only_in_english";

async function instance(locale: "en" | "th"): Promise<I18n> {
  const i = createInstance();
  await i.init({
    ...i18nConfig,
    lng: locale,
    resources: { [locale]: { translation: DICTIONARIES[locale] }, en: { translation: { ...DICTIONARIES.en, [EN_ONLY]: "English only" } } },
  });
  return i;
}

describe("withPlainLookups (document translators answer plain keys from a Map)", () => {
  for (const locale of ["en", "th"] as const) {
    it(`answers every ${locale} key exactly as i18next does`, async () => {
      const reference = (await instance(locale)).getFixedT(null, "translation");
      const fast = withPlainLookups(await instance(locale), locale, DICTIONARIES[locale]).getFixedT(null, "translation");
      const options = [{ name: "Ada" }, { n: 3 }, { name: "<b>Ada</b>", n: 0 }, { name: 7, count: 2 }, { context: "x", name: "A" }, { other: "x" }];
      for (const key of Object.keys(DICTIONARIES[locale])) {
        expect(fast(key), key).toBe(reference(key));
        for (const o of options) expect(fast(key, o), `${key} ${JSON.stringify(o)}`).toBe(reference(key, o));
      }
      expect(fast("no_such_key")).toBe(reference("no_such_key"));
    });
  }

  it("leaves interpolation, the fallback language, other languages and key prefixes to i18next", async () => {
    const th = withPlainLookups(await instance("th"), "th", DICTIONARIES.th);
    const t = th.getFixedT(null, "translation");
    const withName = Object.entries(DICTIONARIES.th).find(([, v]) => v.includes("{{name}}"))![0];
    expect(t(withName, { name: "Ada" })).toContain("Ada");
    expect(t(EN_ONLY)).toBe("English only");
    expect(th.getFixedT("en", "translation")("menu_home")).toBe(DICTIONARIES.en.menu_home);
    const reference = await instance("th");
    expect(th.getFixedT(null, "translation", "menu")("home")).toBe(reference.getFixedT(null, "translation", "menu")("home"));
  });
});
