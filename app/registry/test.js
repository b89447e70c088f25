/**
 * Test (spec 000 §2.8 `/test…`, docs/decisions/064) as a content registry entry: the engine's
 * list (category, provider and publish filters), create page and information form; its setting
 * (its own settings, with the engine's prerequisites and its term below); condition (who may see
 * and take it: the engine's permission rules, each rule's condition below it) and permission (the
 * engine's rules with its administrators); the engine's enrollment, competency and gamification;
 * its sections (`section/:sectionid?`), each section's questions (`…/question/:number?`, the
 * question store's pages, shared with banks) and draw rules (`…/testbank/:testbankid?`). Its log
 * tab and overall pages are the attempts' (app/registry/test-overall.js).
 *
 * @typedef {import("./content-typedefs.js").ContentType} ContentType
 * @typedef {import("./content-typedefs.js").Tab} Tab
 */
import {
  COMPETENCY,
  ENGINE_MODULES,
  GAMIFICATION,
  HEAD_FIELDS,
  INFORMATION,
  LIST,
  NAME_COLUMNS,
  OVERALL_INDEX,
  PERMISSION,
  PREREQUISITE,
  STATE_COLUMNS,
  TAIL_FIELDS,
  enrollmentTab,
} from "./parts.js";
import { TEST_LOG_TAB, TEST_OVERALL, TEST_OVERALL_I18N } from "./test-overall.js";

/** The question editor's pages (routes/test-question.editor.tsx): a section's here, a bank's in testbank.js. */
export const QUESTION_MODULE = "routes/test-question.editor.tsx";

/** @type {ContentType} */
export const TEST_TYPE = {
  key: "test",
  segment: "test",
  param: "testid",
  api: "dashboard/test/",
  module: "test",
  labelKey: "content_test",
  nounKey: "tst_noun",
  // testCodes: the test types' labels, shared with the bank (docs/decisions/070).
  i18n: ["test", TEST_OVERALL_I18N, "testCodes"],
  menuSection: "content",
  // No cover image: its resource has none (tests/api/registry-drift.test.ts holds the two together).
  cover: false,
  ...ENGINE_MODULES,
  cancelKind: "course",
  schema: "test",
  columns: [
    ...NAME_COLUMNS,
    { key: "section_count", labelKey: "tst_col_section_count" },
    { key: "question_count", labelKey: "tst_col_question_count" },
    ...STATE_COLUMNS,
  ],
  ...LIST,
  fields: [...HEAD_FIELDS, ...TAIL_FIELDS],
  defaultTab: "information",
  // spec 000 §2.8: competency, condition, enrollment, gamification, information, permission,
  // setting (prerequisite, term), log/{logid}, section/{sectionid?} (question/{number?}, testbank/{testbankid}).
  tabs: [
    INFORMATION,
    {
      id: "setting",
      labelKey: "tst_tab_setting",
      action: "view",
      kind: "form",
      module: "routes/test.setting.tsx",
      children: [
        { ...PREREQUISITE },
        { id: "term", labelKey: "tst_tab_term", action: "view", kind: "form", module: "routes/test.setting.tsx" },
      ],
    },
    {
      id: "section",
      path: "section/:sectionid?",
      lists: { sectionid: "section/" },
      labelKey: "tst_tab_section",
      action: "view",
      kind: "custom",
      module: "routes/test.section.tsx",
      children: [
        {
          id: "question",
          path: ":sectionid/question/:number?",
          lists: { sectionid: "section/" },
          labelKey: "tst_tab_question",
          action: "view",
          kind: "custom",
          module: QUESTION_MODULE,
          bar: false,
        },
        {
          id: "testbank",
          path: ":sectionid/testbank/:testbankid?",
          lists: { sectionid: "section/" },
          labelKey: "tst_tab_draw",
          action: "view",
          kind: "custom",
          module: "routes/test.draw.tsx",
          bar: false,
        },
      ],
    },
    // Who may see and take the test: the engine's permission rules, each rule's condition below it (docs/decisions/064).
    {
      id: "condition",
      labelKey: "tst_tab_condition",
      action: "change",
      kind: "table",
      module: "routes/content.permission.tsx",
      children: [
        {
          id: "rule",
          path: ":permissionid/condition",
          labelKey: "tab_permission_condition",
          action: "change",
          kind: "form",
          lists: { permissionid: "permission/" },
          module: "routes/content.permission-condition.tsx",
        },
      ],
    },
    enrollmentTab([]),
    PERMISSION,
    COMPETENCY,
    GAMIFICATION,
    TEST_LOG_TAB,
  ],
  overall: TEST_OVERALL,
  // `overall` itself: a card per overall page with the attempts' figures (docs/decisions/076).
  overallIndex: OVERALL_INDEX,
};
