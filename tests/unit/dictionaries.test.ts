import { describe, expect, it } from "vitest";
import { DICTIONARIES } from "../../contract/i18n/index";
import { MSG } from "../../contract/messages";

describe("dictionaries", () => {
  it("English and Thai have exactly the same keys, none empty", () => {
    expect(Object.keys(DICTIONARIES.th).sort()).toEqual(Object.keys(DICTIONARIES.en).sort());
    for (const lang of ["en", "th"] as const) {
      for (const [k, v] of Object.entries(DICTIONARIES[lang])) expect(v.trim(), `${lang}:${k}`).not.toBe("");
    }
  });
  it("translate every message key the API answers", () => {
    for (const key of Object.values(MSG)) expect(DICTIONARIES.en[key], key).toBeTruthy();
  });
  it("Thai texts are Thai", () => {
    const thai = Object.values(DICTIONARIES.th).filter((v) => /[\u0E00-\u0E7F]/.test(v));
    expect(thai.length / Object.keys(DICTIONARIES.th).length).toBeGreaterThan(0.95);
  });
});

describe("dictionary files", () => {
  it("no key is defined by two files", async () => {
    const { DICTIONARY_FILES } = await import("../../contract/i18n/index");
    const seen = new Map<string, string>();
    for (const [file, dict] of Object.entries(DICTIONARY_FILES.en)) {
      for (const key of Object.keys(dict)) {
        expect(seen.get(key), `${key} in ${file} and ${seen.get(key)}`).toBeUndefined();
        seen.set(key, file);
      }
    }
  });
});
