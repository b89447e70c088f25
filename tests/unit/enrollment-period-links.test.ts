import { describe, expect, it } from "vitest";
import { CONTENT_DEFINITIONS } from "../../api/content/types";
import { learnersHref } from "~/components/approvals/period-columns";

/**
 * The period's list (docs/decisions/086) links each row's content to where its learners are: every
 * content type the API lists there (those with the enrollment feature) must be a registry type
 * with an overall learner page (a test: its overall landing page), so the link opens a page that exists.
 */
describe("the period list's content links", () => {
  const codes = CONTENT_DEFINITIONS.filter((d) => d.features.includes("enrollment")).map((d) => d.resource.contentType);
  it("opens every listed type's overall learner page, or its overall landing page", () => {
    expect(codes.length).toBeGreaterThan(5);
    for (const code of codes)
      expect(learnersHref(code, 7), code).toMatch(/^\/dashboard\/[a-z/-]+\/7\/overall(\/learner)?$/);
  });
  it("links nothing for a type the registry does not know", () => {
    expect(learnersHref("spaceship", 1)).toBeNull();
  });
});
