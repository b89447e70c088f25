import { describe, expect, it } from "vitest";
import { ASSIGNABLE_TYPES } from "../../contract/assignment-codes";
import en from "../../contract/i18n/assignment.en.json";
import th from "../../contract/i18n/assignment.th.json";
import { CONTENT_DEFINITIONS } from "../../api/content/types";

/**
 * What an assignment may hold (issue 36 §5 added learning paths and onboarding plans): each is a
 * content type with enrolment — the API's assignableTypes() silently leaves out one without it, so
 * a name here that is not one would offer nothing — and each has its name on the assignment's
 * pages in English and Thai.
 */
describe("assignable content types", () => {
  it.each(ASSIGNABLE_TYPES)("%s has enrolment and its name in both languages", (key) => {
    const def = CONTENT_DEFINITIONS.find((d) => d.key === key);
    expect(def?.features).toContain("enrollment");
    expect((en as Record<string, string>)[`asg_ctype_${key}`]).toBeTruthy();
    expect((th as Record<string, string>)[`asg_ctype_${key}`]).toBeTruthy();
  });
});
