import { ALL_LANGUAGES, PUBLISH_STATUS } from "../../contract/codes";
import { GROUP_TYPES } from "../../contract/schemas/group";
import { GENDERS } from "../../contract/schemas/user";

/**
 * The code lists a registry filter (`filterCodes`) or form field (`source: "code:{name}"`) offers:
 * each value with the dictionary key of its label, which the page translates. Codes come from the
 * contract, so the options are the values the API accepts.
 */
export type CodeOption = { value: string; label: string; labelKey: string };

const keyed = (values: readonly string[], prefix: string): CodeOption[] => values.map((v) => ({ value: v, label: v, labelKey: `${prefix}${v}` }));

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
};

/** The options of a code list by name; an unknown name is a registry mistake. */
export function codeOptions(name: string): CodeOption[] {
  const list = CODE_OPTIONS[name];
  if (!list) throw new Error(`no code list ${name}`);
  return list;
}
