import { describe, expect, it } from "vitest";
import { CODE_OPTIONS, switchedOn } from "../../app/lms/code-options";
import { TEST_TYPE_SWITCH } from "../../contract/test-codes";
import { DICTIONARIES } from "../../contract/i18n";
import type { ConfigDict } from "../../contract/config";

/**
 * A bank's test types on its form (docs/decisions/070): the form offers 2, 3 and 6 only while
 * the configuration switch the API's question store reads (TEST_TYPE_SWITCH) is on — one table —
 * and their labels live once, in the testCodes namespace.
 */
describe("a bank's test type options", () => {
  const values = (config: Record<string, { value: unknown }>) =>
    switchedOn(CODE_OPTIONS.testbank_type_question, config as ConfigDict).map((o) => o.value);

  it("offers 1 and 4 always, each optional type by its switch", () => {
    expect(values({})).toEqual(["1", "4"]);
    expect(values({ [TEST_TYPE_SWITCH[2]!]: { value: true } })).toEqual(["1", "2", "4"]);
    expect(values({ [TEST_TYPE_SWITCH[3]!]: { value: true }, [TEST_TYPE_SWITCH[6]!]: { value: true } })).toEqual([
      "1",
      "3",
      "4",
      "6",
    ]);
    expect(values({ [TEST_TYPE_SWITCH[2]!]: { value: false } })).toEqual(["1", "4"]);
  });

  it("reads the API's switches and labels each type once (testCodes)", () => {
    for (const o of CODE_OPTIONS.testbank_type_question) {
      expect(o.switch).toBe(TEST_TYPE_SWITCH[Number(o.value) as 2]);
      expect(DICTIONARIES.en[o.labelKey]).toBeTruthy();
      expect(DICTIONARIES.th[o.labelKey]).toBeTruthy();
    }
    const duplicates = Object.keys(DICTIONARIES.en).filter((k) =>
      /^(tsq_type_|tbk_type_question_|tsto_question_type_)\d$/.test(k),
    );
    expect(duplicates).toEqual([]);
  });
});
