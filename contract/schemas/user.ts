import { z } from "../zod";
import { MSG } from "../messages";
import { ALL_LANGUAGES } from "../codes";
import { CONFIG_DEFAULTS } from "../config";
import { text } from "./text";
import { withNewPassword, type PasswordRule } from "./account";
import { checkbox, dateOnly, idList, int, isBlank, nullableId, withDefault } from "./form-fields";

/**
 * The user form of spec 001 §3 "User" and its rules of §5 "Accounts" (docs/decisions/029), shared
 * by the dashboard's forms and the API. Uniqueness (username, email, employee code, ID card) needs
 * the database: the API checks it after these.
 */

export const GENDERS = ["male", "female"] as const;
export type Gender = (typeof GENDERS)[number];

export const USERNAME_MIN = 4;
export const USERNAME_MAX = 32;
/** Letters (any script, with their marks), digits and . _ @ + - : Django's username rule. */
const USERNAME_PATTERN = /^[\p{L}\p{M}\p{N}._@+-]+$/u;
/** A phone number: an optional +, then digits with spaces or hyphens between them. */
const PHONE_PATTERN = /^\+?\d[\d -]*\d$/;
const PHONE_DIGITS = { min: 9, max: 15 };

/**
 * A Thai national ID: 13 digits, the last a check digit — 11 minus the sum of the first twelve
 * weighted 13 down to 2, modulo 11, its last digit.
 */
export function isThaiNationalId(digits: string): boolean {
  if (!/^\d{13}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(digits[i]) * (13 - i);
  return (11 - (sum % 11)) % 10 === Number(digits[12]);
}

export const isPhone = (s: string) => {
  const digits = s.replace(/\D/g, "").length;
  return PHONE_PATTERN.test(s) && digits >= PHONE_DIGITS.min && digits <= PHONE_DIGITS.max;
};

/** The configurable text limits the form obeys (config text-limit, description-limit). */
export type UserLimits = { text: number; description: number };
export const DEFAULT_USER_LIMITS: UserLimits = {
  text: CONFIG_DEFAULTS["text-limit"].value,
  description: CONFIG_DEFAULTS["description-limit"].value,
};
/** Employee codes and titles are short labels, not free text. */
const CODE_MAX = 50;
/** The highest English score an account holds (TOEIC's 990 fits; docs/decisions/083). */
export const ENGLISH_SCORE_MAX = 999;
const TITLE_MAX = 50;
const EMAIL_MAX = 254;
/** The most accounts one bulk password reset may name (each costs two password hashes). */
export const MAX_RESET_IDS = 100;

const required = (opts: { multiline?: boolean } = {}) =>
  text({ ...opts, error: MSG.required })
    .trim()
    .min(1, { message: MSG.required, abort: true });
/** An optional text: blank (or only spaces) is null. */
const optionalText = (max: number, opts: { multiline?: boolean } = {}) =>
  z.preprocess(
    (v) => (isBlank(v) ? null : v),
    text({ ...opts, error: MSG.invalid })
      .trim()
      .max(max, MSG.too_long)
      .transform((s) => (s === "" ? null : s))
      .nullable(),
  );
/** An optional text in a format: blank is null, anything else must pass `valid` (after `normalise`). */
const optionalFormatted = (
  valid: (s: string) => boolean,
  message: string,
  normalise: (s: string) => string = (s) => s,
) =>
  z.preprocess(
    (v) => (isBlank(v) || (typeof v === "string" && v.trim() === "") ? null : v),
    text({ error: MSG.invalid }).trim().transform(normalise).refine(valid, message).nullable(),
  );

function formFields(limits: UserLimits) {
  return {
    title: optionalText(TITLE_MAX),
    username: required()
      .refine((s) => s.length >= USERNAME_MIN && s.length <= USERNAME_MAX, {
        message: MSG.username_length,
        abort: true,
      })
      .regex(USERNAME_PATTERN, MSG.username_characters),
    first_name: required().max(limits.text, MSG.too_long),
    middle_name: optionalText(limits.text),
    last_name: required().max(limits.text, MSG.too_long),
    gender: z.preprocess(
      (v) => (isBlank(v) ? undefined : v),
      z.enum(GENDERS, { error: (issue) => (issue.input === undefined ? MSG.required : MSG.invalid_choice) }),
    ),
    /** The employee code. */
    code: optionalText(CODE_MAX),
    code2: optionalText(CODE_MAX),
    email: required().max(EMAIL_MAX, { message: MSG.too_long, abort: true }).regex(z.regexes.email, MSG.invalid_email),
    phone: optionalFormatted(isPhone, MSG.invalid_phone),
    address: optionalText(limits.description, { multiline: true }),
    is_subscribe: checkbox(),
    is_force_reset_password: checkbox(),
    supervisor: nullableId(),
    department: nullableId(),
    position: nullableId(),
    level: nullableId(),
    date_start: dateOnly(),
    date_joined: dateOnly(),
    date_birth: dateOnly(),
    expired_date: dateOnly(),
    /** Spaces and hyphens between the digits are dropped: stored as 13 digits. */
    id_card: optionalFormatted(isThaiNationalId, MSG.invalid_id_card, (s) => s.replace(/[\s-]/g, "")),
    company: optionalText(limits.text),
    // What a learner condition also reads (spec 001 §3 "Learner conditions also cover … job
    // family, work schedule shift, locations and english score"; docs/decisions/083).
    job_family: optionalText(CODE_MAX),
    work_shift: optionalText(CODE_MAX),
    location: nullableId(),
    english_score: z.preprocess((v) => (isBlank(v) ? null : v), int({ min: 0, max: ENGLISH_SCORE_MAX }).nullable()),
    work_experience: optionalText(limits.description, { multiline: true }),
    count_experience_year: withDefault(int({ min: 0, max: 100 }), 0),
    count_experience_month: withDefault(int({ min: 0, max: 11 }), 0),
    language: withDefault(z.enum(ALL_LANGUAGES, { error: MSG.invalid_choice }), "en"),
  };
}

/**
 * The user's editable profile as one form: the dashboard's edit page parses with it (an unticked
 * checkbox is false, a blank field null) and sends the whole of it.
 */
export const userFormSchema = (limits: UserLimits = DEFAULT_USER_LIMITS) => z.object(formFields(limits));
export type UserFormInput = z.infer<ReturnType<typeof userFormSchema>>;

/**
 * Create (POST dashboard/user/): the form with the password and its confirmation (the rule of the
 * configuration) and is_active, true unless given. The seven required fields: first name, last
 * name, username, email, password, confirm password, gender.
 */
export function userCreateSchema(rule: PasswordRule, limits: UserLimits = DEFAULT_USER_LIMITS) {
  return withNewPassword(
    z.object({
      ...formFields(limits),
      password: text({ error: MSG.required }).min(1, MSG.required),
      confirm_password: text({ error: MSG.required }).min(1, MSG.required),
      is_active: z.preprocess((v) => (v === undefined ? true : v), checkbox()),
    }),
    rule,
    { password: "password", confirm: "confirm_password" },
  );
}
export type UserCreateInput = z.infer<ReturnType<typeof userCreateSchema>>;

/**
 * A row of a user import file (docs/decisions/032): the create form's fields and rules, but the
 * password may be blank — the account is then made without a usable one (forgot-password or an
 * administrator's reset gives it one). A password given follows the configured rule, and so does
 * its confirmation when the file has that column. A blank is_active is true, as on create.
 */
export function userImportRowSchema(rule: PasswordRule, limits: UserLimits = DEFAULT_USER_LIMITS) {
  const optionalPassword = () => z.preprocess((v) => (isBlank(v) ? null : v), text({ error: MSG.invalid }).nullable());
  return withNewPassword(
    z.object({
      ...formFields(limits),
      password: optionalPassword(),
      confirm_password: optionalPassword(),
      is_active: z.preprocess((v) => (isBlank(v) ? true : v), checkbox()),
    }),
    rule,
    { password: "password", confirm: "confirm_password" },
  );
}
export type UserImportRowInput = z.infer<ReturnType<typeof userImportRowSchema>>;

/**
 * Update (PATCH dashboard/user/{id}/): the fields given, each by the form's rule (a required one
 * may not be blanked); a missing field is left as it is. No password (bulk reset-password) and
 * no is_active (activate/deactivate end sessions and are recorded on their own).
 */
export const userUpdateSchema = (limits: UserLimits = DEFAULT_USER_LIMITS) => userFormSchema(limits).partial();
export type UserUpdateInput = z.infer<ReturnType<typeof userUpdateSchema>>;

/** POST dashboard/user/reset-password/ (spec 001 §3 "Reset password form"). */
export function resetPasswordSchema(rule: PasswordRule) {
  return withNewPassword(
    z.object({
      id_list: idList(MAX_RESET_IDS).refine((ids) => ids.length > 0, MSG.required),
      new_password: text({ error: MSG.required }).min(1, MSG.required),
      confirm_password: text({ error: MSG.required }).min(1, MSG.required),
      is_force_reset_password: checkbox(),
    }),
    rule,
    { password: "new_password", confirm: "confirm_password" },
  );
}
export type ResetPasswordInput = z.infer<ReturnType<typeof resetPasswordSchema>>;

/** The kinds of account history rows (0014_people). */
export const ACCOUNT_HISTORY_ACTIONS = [
  "create",
  "update",
  "department",
  "activate",
  "deactivate",
  "reset_password",
] as const;
export type AccountHistoryAction = (typeof ACCOUNT_HISTORY_ACTIONS)[number];

export type IdName = { id: number; name: string };
export type AccountRef = { id: number; username: string; first_name: string; last_name: string };

/** A row of GET dashboard/user/. */
export type UserRow = AccountRef & {
  title: string | null;
  email: string;
  code: string | null;
  gender: Gender | null;
  department: IdName | null;
  position: IdName | null;
  level: IdName | null;
  is_active: boolean;
  last_active: string | null;
  datetime_create: string;
};

/** GET dashboard/user/{id}/ and the answer of every write on one user. */
export type User = UserRow &
  Omit<UserFormInput, "supervisor" | "department" | "position" | "level" | "gender"> & {
    supervisor: AccountRef | null;
    /** The department and its ancestors, root first. */
    department_path: IdName[];
    is_superuser: boolean;
    is_dashboard_permission: boolean;
    role_list: { id: number; name: string; code: string }[];
    group_list: { id: number; name: string; code: string | null; type: string }[];
    /** Enrollments per content type: how many, and how many completed. */
    progress_summary: {
      content_type: { id: number; code: string; name: string };
      count: number;
      count_completed: number;
    }[];
    datetime_password_change: string | null;
    /** The day an onboarding plan's rule enrolled the account (docs/decisions/099), or null. */
    onboard_date: string | null;
    datetime_update: string | null;
    /** The name of the account's location (docs/decisions/083), or null. */
    location_name: string | null;
  };

/** A row of GET dashboard/user/history/ and dashboard/user/{id}/history/. */
export type AccountHistoryRow = {
  id: number;
  account: AccountRef;
  action: AccountHistoryAction;
  /** field → [old, new], as the form names the fields (ids for department, position, level, supervisor). */
  changes: Record<string, [unknown, unknown]>;
  /** For action "department": the departments before and after (null: none, or since deleted). */
  department_from: IdName | null;
  department_to: IdName | null;
  created_by: AccountRef | null;
  datetime_create: string;
};
