/**
 * A test's attempts in the dashboard (issue 18 §1, spec 000 §2.8; docs/decisions/065): the log
 * tab (`log/{logid}`: the learners' attempts, then one attempt's answers) and the overall pages
 * approval, log, section, summary/{slotid}, verify/{slotid} and
 * slot/{slotid?}/verify/{questionid?}/{view_type?}. A "slot" is a section of the test; a
 * `questionid` a question its attempts asked; `view_type` "waiting" (the default: the answers
 * still to mark) or "all". Summary, verify and approval need the change-progress flag besides view
 * (spec 002). The test type (app/registry/test.js) spreads these into its tabs and overall pages,
 * and lists TEST_OVERALL_I18N among its namespaces.
 *
 * @typedef {import("./content-typedefs.js").Tab} Tab
 */

/** The namespace of these pages' texts (contract/i18n/testOverall.{en,th}.json). */
export const TEST_OVERALL_I18N = "testOverall";

/** @type {Tab} The log tab: attempts by learner; `log/{attemptid}` one attempt's answers. */
export const TEST_LOG_TAB = {
  id: "log",
  path: "log/:logid?",
  lists: { logid: "attempt/" },
  api: "attempt/",
  labelKey: "tsto_tab_log",
  action: "view",
  kind: "table",
  module: "routes/test.log.tsx",
};

/** @type {Tab[]} The overall pages, in the spec's order. */
export const TEST_OVERALL = [
  {
    id: "approval",
    labelKey: "tsto_overall_approval",
    action: "progress",
    kind: "table",
    module: "routes/test-overall.approval.tsx",
  },
  { id: "log", labelKey: "tsto_overall_log", action: "view", kind: "table", module: "routes/test-overall.log.tsx" },
  {
    id: "section",
    labelKey: "tsto_overall_section",
    action: "view",
    kind: "table",
    module: "routes/test-overall.section.tsx",
  },
  {
    id: "summary",
    path: "summary/:slotid?",
    lists: { slotid: "slot/" },
    labelKey: "tsto_overall_summary",
    action: "progress",
    kind: "table",
    module: "routes/test-overall.summary.tsx",
  },
  {
    id: "verify",
    path: "verify/:slotid?",
    lists: { slotid: "slot/" },
    labelKey: "tsto_overall_verify",
    action: "progress",
    kind: "table",
    module: "routes/test-overall.verify.tsx",
  },
  {
    id: "slot-verify",
    path: "slot/:slotid?/verify/:questionid?/:view_type?",
    lists: { slotid: "slot/", questionid: "slot/{slotid}/question/" },
    labelKey: "tsto_verify_title",
    action: "progress",
    kind: "custom",
    module: "routes/test-overall.slot-verify.tsx",
    // spec 000 §2.8 also writes it at the item's own slot/…: that address leads here (app/registry/aliases.js, docs/decisions/076).
    aliases: [
      {
        id: "slot-verify",
        path: "slot/:slotid?/verify/:questionid?/:view_type?",
        to: "overall/slot/:slotid?/verify/:questionid?/:view_type?",
        lists: { slotid: "slot/", questionid: "slot/{slotid}/question/" },
      },
    ],
  },
];
