import { ALL_LANGUAGES, BUDGET_CATEGORY_TYPES, PUBLISH_STATUS } from "../../contract/codes";
import { GROUP_TYPES } from "../../contract/schemas/group";
import {
  CHECK_IN_GROUPS,
  CHECK_IN_TYPES,
  CLASS_STATUS_CODES,
  QR_CODE_HOLDERS,
  SESSION_TYPES,
} from "../../contract/class-codes";
import { GENDERS } from "../../contract/schemas/user";
import { REQUEST_KINDS, REQUEST_TYPE_CODES, TYPE_RULE } from "../../contract/request-codes";
import {
  LEARNERS_FILTER_VALUES,
  RECURRING_UNIT_CODES,
  RESULT_STATUS_CODES,
  TYPE_ACTION_CODES,
  TYPE_EXPAND_CODES,
  TYPE_EXPIRE_CODES,
} from "../../contract/assignment-codes";
import { SURVEY_TARGET_CODES, SURVEY_TYPE_CODES } from "../../contract/schemas/survey";
import { LIVE_STATUS_CODES, LIVE_TYPE_CODES } from "../../contract/live-codes";
import { PLAYLIST_TYPE_CODES } from "../../contract/playlist-codes";
import { LEARNING_PATH_KIND_CODES } from "../../contract/learning-path-codes";
import { TEST_TYPE_SWITCH, TEST_TYPES } from "../../contract/test-codes";
import { switchesOn, type ConfigDict } from "../../contract/config";

/**
 * The code lists a registry filter (`filterCodes`) or form field (`source: "code:{name}"`) offers:
 * each value with the dictionary key of its label, which the page translates. Codes come from the
 * contract, so the options are the values the API accepts.
 */
export type CodeOption = { value: string; label: string; labelKey: string; switch?: string };

const keyed = (values: readonly string[], prefix: string): CodeOption[] =>
  values.map((v) => ({ value: v, label: v, labelKey: `${prefix}${v}` }));

export const CODE_OPTIONS: Readonly<Record<string, CodeOption[]>> = {
  publish_status: keyed(Object.values(PUBLISH_STATUS), "publish_status_"),
  // The user list's `is_active` filter (api/system/users.ts reads true / false).
  active: [
    { value: "true", label: "true", labelKey: "state_active" },
    { value: "false", label: "false", labelKey: "state_inactive" },
  ],
  gender: keyed(GENDERS, "gender_"),
  group_type: keyed(GROUP_TYPES, "group_type_"),
  language: keyed(ALL_LANGUAGES, "language_"),
  // A class's codes (contract/class-codes.ts); labels in the class namespace.
  class_status: keyed(CLASS_STATUS_CODES.map(String), "cls_status_"),
  qr_code_holder: keyed(QR_CODE_HOLDERS.map(String), "cls_qr_holder_"),
  check_in_type: keyed(CHECK_IN_TYPES.map(String), "cls_check_in_type_"),
  check_in_group: keyed(CHECK_IN_GROUPS.map(String), "cls_check_in_group_"),
  session_type: keyed(SESSION_TYPES.map(String), "cls_session_type_"),
  // Approval flows and request forms (contract/request-codes.ts); labels in the requests namespace.
  request_type: keyed(REQUEST_TYPE_CODES.map(String), "req_type_"),
  request_kind: keyed(REQUEST_KINDS.map(String), "req_type_"),
  type_rule: keyed(Object.values(TYPE_RULE).map(String), "req_type_rule_"),
  // An assignment's choices (contract/assignment-codes.ts); labels in the assignment namespace.
  asg_type_expire: keyed(TYPE_EXPIRE_CODES.map(String), "asg_type_expire_"),
  asg_type_expand: keyed(TYPE_EXPAND_CODES.map(String), "asg_type_expand_"),
  asg_type_action: keyed(TYPE_ACTION_CODES.map(String), "asg_type_action_"),
  asg_recurring_unit: keyed(RECURRING_UNIT_CODES.map(String), "asg_recurring_unit_"),
  asg_result_status: keyed(RESULT_STATUS_CODES.map(String), "asg_result_status_"),
  // The assignment list's `learners` filter (docs/decisions/080).
  asg_learners: keyed(LEARNERS_FILTER_VALUES, "asg_learners_"),
  // A survey's type and target (spec 001 §4; docs/decisions/062); labels in the survey namespace.
  survey_type: keyed(SURVEY_TYPE_CODES.map(String), "svy_type_"),
  survey_target: keyed(SURVEY_TARGET_CODES.map(String), "svy_target_"),
  // A live's type and stream status (spec 001 §4; docs/decisions/066); labels in the live namespace.
  live_type: keyed(LIVE_TYPE_CODES.map(String), "live_type_"),
  live_status: keyed(LIVE_STATUS_CODES.map(String), "live_status_"),
  // A learning path's kind (docs/decisions/098); labels in the learningPath namespace.
  learning_path_kind: keyed(LEARNING_PATH_KIND_CODES.map(String), "lp_kind_"),
  // A playlist's type (docs/decisions/101); labels in the learningPlaylist namespace.
  playlist_type: keyed(PLAYLIST_TYPE_CODES.map(String), "pl_type_"),
  // The test type a bank's questions are written for (spec 001 §4; docs/decisions/063); labels in the testbank namespace.
  // A form offers a type only while its configuration switch is on: the switch the API's question store reads (TEST_TYPE_SWITCH).
  // Where a budget category can be picked (docs/decisions/083); labels in the budgetCategory namespace.
  budget_category_type: keyed(BUDGET_CATEGORY_TYPES.map(String), "bgt_type_"),
  testbank_type_question: TEST_TYPES.map((ty) => ({
    value: String(ty),
    label: String(ty),
    labelKey: `tcd_type_${ty}`,
    switch: TEST_TYPE_SWITCH[ty],
  })),
};

/** The options a form offers: those without a switch, and those whose configuration switch is on (the one the API reads). */
export function switchedOn<O extends object>(options: readonly O[], config: ConfigDict): O[] {
  return options.filter((o) => {
    const key = (o as { switch?: unknown }).switch;
    return typeof key !== "string" || switchesOn(config, [key]);
  });
}

/** The options of a code list by name; an unknown name is a registry mistake. */
export function codeOptions(name: string): CodeOption[] {
  const list = CODE_OPTIONS[name];
  if (!list) throw new Error(`no code list ${name}`);
  return list;
}
