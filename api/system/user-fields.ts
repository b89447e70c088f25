import type { Updateable } from "kysely";
import type { Gender, UserFormInput } from "../../contract/schemas/user";
import { fromFlag, toFlag } from "../db/index";
import type { Database } from "../db/schema";
import type { AccountRow } from "../http/context";
import type { Changes } from "./account-history";

/**
 * The user form's fields (contract/schemas/user.ts) and the account columns holding them. Most
 * share their name; the references end in _id and the checkboxes are 0/1 flags.
 */
const REFERENCES = {
  supervisor: "supervisor_id",
  department: "department_id",
  position: "position_id",
  level: "level_id",
  location: "location_id",
} as const;
const CHECKBOXES = ["is_subscribe", "is_force_reset_password"] as const;
const SAME_NAME = [
  "title",
  "username",
  "first_name",
  "middle_name",
  "last_name",
  "code",
  "code2",
  "email",
  "phone",
  "address",
  "date_start",
  "date_joined",
  "date_birth",
  "expired_date",
  "id_card",
  "company",
  "work_experience",
  "count_experience_year",
  "count_experience_month",
  "language",
  "job_family",
  "work_shift",
  "english_score",
] as const;
type FormField = keyof UserFormInput;

/** The form's values of an account as stored (what a diff compares against). */
export function formValuesOf(row: AccountRow): UserFormInput {
  const out: Record<string, unknown> = { gender: row.gender as Gender | null };
  for (const f of SAME_NAME) out[f] = row[f];
  for (const f of CHECKBOXES) out[f] = fromFlag(row[f]);
  for (const [f, col] of Object.entries(REFERENCES)) out[f] = row[col as keyof AccountRow];
  return out as UserFormInput;
}

/** The columns to write for the form fields given (undefined: not given, left as it is). */
export function columnsOf(input: Partial<UserFormInput>): Updateable<Database["account"]> {
  const out: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(input) as [FormField, unknown][]) {
    if (value === undefined) continue;
    if ((CHECKBOXES as readonly string[]).includes(field)) out[field] = toFlag(value as boolean);
    else if (field in REFERENCES) out[REFERENCES[field as keyof typeof REFERENCES]] = value;
    else out[field] = value;
  }
  return out as Updateable<Database["account"]>;
}

/** The fields whose given value differs from the stored one: field → [old, new]. */
export function changesOf(before: AccountRow, input: Partial<UserFormInput>): Changes {
  const old = formValuesOf(before) as Record<string, unknown>;
  const out: Changes = {};
  for (const [field, value] of Object.entries(input)) {
    if (value === undefined || old[field] === value) continue;
    out[field] = [old[field] ?? null, value];
  }
  return out;
}
