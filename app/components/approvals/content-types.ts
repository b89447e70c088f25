import { CONTENT_TYPES } from "~/registry/content.js";

/**
 * The registry's content types with an enrollment tab (whose enrolments may wait for approval)
 * and with a budget tab (listed on the budget pages): their code, label and segment. Client-safe:
 * the pages render them and the loaders read them.
 */
const withTab = (tab: string) =>
  CONTENT_TYPES.filter((t) => (t.tabs ?? []).some((x) => x.id === tab)).map((t) => ({
    key: t.key,
    labelKey: t.labelKey,
    segment: t.segment,
  }));
export const APPROVAL_TYPES = withTab("enrollment");
export const BUDGET_TYPES = withTab("budget");
