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

describe("namespaces (docs/decisions/024)", () => {
  it("the namespace list is the dictionary files' list, and every declared namespace exists", async () => {
    const { DICTIONARY_FILES } = await import("../../contract/i18n/index");
    const { NAMESPACES, BASE_NAMESPACES } = await import("~/i18n/namespaces");
    const { REGISTRY_TYPES: CONTENT_TYPES } = await import("~/registry/types.js");
    const { ROUTE_MANIFEST } = await import("~/registry/route-manifest.js");
    expect([...NAMESPACES].sort()).toEqual(Object.keys(DICTIONARY_FILES.en).sort());
    for (const ns of BASE_NAMESPACES) expect(NAMESPACES).toContain(ns);
    for (const type of CONTENT_TYPES) for (const ns of type.i18n) expect(NAMESPACES, type.key).toContain(ns);
    const modules = new Set(ROUTE_MANIFEST.map((r) => r.module));
    for (const module of modules) {
      const { handle } = (await import(/* @vite-ignore */ `../../app/${module}`)) as { handle?: { i18n?: string[] } };
      for (const ns of handle?.i18n ?? []) expect(NAMESPACES, module).toContain(ns);
    }
  });
});
