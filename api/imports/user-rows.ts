import { sql } from "kysely";
import type { FieldErrors } from "../../contract/http";
import {
  USER_IMPORT_COLUMNS,
  USER_IMPORT_EXTRA_COLUMNS,
  USER_IMPORT_REQUIRED,
  type UserImportColumn,
} from "../../contract/imports";
import { MSG } from "../../contract/messages";
import { userImportRowSchema, type UserFormInput } from "../../contract/schemas/user";
import type { TableFile } from "../content/features/enrollment/import-file";
import type { Db } from "../db/index";
import type { AccountRow } from "../http/context";
import { badRequest, fieldErrors } from "../http/errors";
import { passwordRule, textLimits } from "../system/config-store";
import { USER_UNIQUE_RULES } from "../system/user-write";
import { changesOf } from "../system/user-fields";
import { referenceMatcher } from "./reference-match";

/**
 * Checking a user file's rows (docs/decisions/032) by the rules of the user form: each row is
 * parsed by the create form's schema (contract/schemas/user.ts userImportRowSchema: the same
 * fields, limits and password rule), and the uniqueness rules of user-write.ts (USER_UNIQUE_RULES:
 * username, email, employee code, ID card, each with its message) are checked for all rows at
 * once against the accounts and within the file. Nothing is written here.
 */

/** Where each known column is in the file (lower-cased headers; the first of a repeated one). */
export type Columns = Map<UserImportColumn, number>;
const KNOWN: readonly string[] = [...USER_IMPORT_COLUMNS, ...USER_IMPORT_EXTRA_COLUMNS];

/** The file's known columns, or the 400 of a file without the required ones. Unknown columns (an error file's "errors") are ignored. */
export function userColumns(header: string[]): Columns {
  const out: Columns = new Map();
  header.forEach((h, i) => {
    const name = h.toLowerCase();
    if (KNOWN.includes(name) && !out.has(name as UserImportColumn)) out.set(name as UserImportColumn, i);
  });
  if (!USER_IMPORT_REQUIRED.every((c) => out.has(c))) throw badRequest({ file: [MSG.import_missing_columns] });
  return out;
}

export type CheckedRow = {
  /** The row's line in the file and its cells as read (for the error file). */
  line: number;
  cells: string[];
  errors: FieldErrors;
  /** The existing account the username names, or null: a new account. */
  target: AccountRow | null;
  /** The whole form (a new account) or the given fields that differ from the account's (an existing one). */
  form: UserFormInput | null;
  changes: Partial<UserFormInput>;
  isActive: boolean;
  password: string | null;
  /** A supervisor named only by another row of the file: that row, linked once both are written. */
  supervisorRow: CheckedRow | null;
};

const CHECKBOXES = new Set<string>(["is_subscribe", "is_force_reset_password", "is_active"]);
const DATES = new Set<string>(["date_start", "date_joined", "date_birth", "expired_date"]);
/** An xlsx date cell reads as an instant at midnight UTC: the calendar day it shows. */
const XLSX_DAY = /^(\d{4}-\d{2}-\d{2})T00:00:00(\.000)?Z$/;
/** Columns that never change an existing account: a password is reset, activation has its own call. */
const CREATE_ONLY = new Set<string>(["password", "confirm_password", "is_active"]);
const CHUNK = 500;

/** Accounts whose lower(column) is one of `values`, 500 values a query. */
async function accountsBy(db: Db, column: string, values: string[]): Promise<AccountRow[]> {
  const out: AccountRow[] = [];
  const unique = [...new Set(values)];
  for (let i = 0; i < unique.length; i += CHUNK) {
    const part = unique.slice(i, i + CHUNK);
    out.push(
      ...((await db
        .selectFrom("account")
        .selectAll()
        .where(sql`lower(${sql.ref(column)})`, "in", part)
        .execute()) as AccountRow[]),
    );
  }
  return out;
}

const addError = (errors: FieldErrors, field: string, message: string) => {
  const list = (errors[field] ??= []);
  if (!list.includes(message)) list.push(message);
};

/**
 * Every row checked. `actor`/`mayChange`: who imports, and whether they may change existing
 * accounts (account change flag); a superuser's account is changed only by a superuser, as on
 * the user form. `progress(done)` is told how many rows are checked so far.
 */
export async function checkUserRows(
  db: Db,
  file: TableFile,
  who: { actor: AccountRow; mayChange: boolean },
  progress: (done: number) => void,
): Promise<CheckedRow[]> {
  const columns = userColumns(file.header);
  const schema = userImportRowSchema(await passwordRule(db), await textLimits(db));
  const resolve = {
    department: await referenceMatcher(db, "department"),
    position: await referenceMatcher(db, "position"),
    level: await referenceMatcher(db, "level"),
  };
  const cell = (cells: string[], c: UserImportColumn) => (cells[columns.get(c)!] ?? "").trim();

  // 1. Each row by the form's schema; references looked up (the supervisor comes later).
  const rows: CheckedRow[] = [];
  const supervisors: string[] = [];
  for (const [i, { row, cells }] of file.rows.entries()) {
    const raw: Record<string, unknown> = {};
    const errors: FieldErrors = {};
    for (const c of columns.keys()) {
      const v = cell(cells, c);
      if (c === "department" || c === "position" || c === "level") {
        const found = v === "" ? null : resolve[c](v);
        if (v !== "" && found === null) addError(errors, c, MSG.invalid_choice);
        // Several rows fit: the message, then the candidates as they are (not a key: the error file shows them verbatim).
        if (found && "candidates" in found)
          for (const m of [MSG.import_several_match, found.candidates]) addError(errors, c, m);
        raw[c] = found && "id" in found ? found.id : null;
      } else if (c !== "supervisor")
        raw[c] = CHECKBOXES.has(c) ? v.toLowerCase() : DATES.has(c) ? v.replace(XLSX_DAY, "$1") : v;
    }
    // One password column is enough in a file: its confirmation is itself unless a column says otherwise.
    if (!columns.has("confirm_password")) raw.confirm_password = raw.password;
    supervisors.push(columns.has("supervisor") ? cell(cells, "supervisor").toLowerCase() : "");
    const parsed = schema.safeParse(raw);
    if (!parsed.success)
      for (const [f, list] of Object.entries(fieldErrors(parsed.error))) for (const m of list) addError(errors, f, m);
    const { password = null, confirm_password: _c, is_active = true, ...form } = parsed.success ? parsed.data : {};
    rows.push({
      line: row,
      cells,
      errors,
      target: null,
      form: parsed.success ? (form as UserFormInput) : null,
      changes: {},
      isActive: is_active,
      password,
      supervisorRow: null,
    });
    if (i % CHUNK === CHUNK - 1) progress(i + 1);
  }

  // 2. Existing accounts: the rows' own (by username) and the supervisors named.
  const usernameOf = (r: CheckedRow, i: number) =>
    (r.form?.username ?? cell(file.rows[i].cells, "username")).toLowerCase();
  const existing = await accountsBy(db, "username", [...rows.map(usernameOf), ...supervisors.filter(Boolean)]);
  const accountByName = new Map(existing.map((a) => [a.username.toLowerCase(), a]));
  rows.forEach((r, i) => (r.target = accountByName.get(usernameOf(r, i)) ?? null));

  // 3. Unique values: free in the accounts (but for the row's own) and once in the file.
  for (const rule of USER_UNIQUE_RULES) {
    const field = rule.field as "username" | "email" | "code" | "id_card";
    const valueOf = (r: CheckedRow) => {
      const v = r.form?.[field];
      return typeof v === "string" && v !== "" ? v.toLowerCase() : null;
    };
    const owners = new Map(
      (
        await accountsBy(
          db,
          field,
          rows.map(valueOf).filter((v): v is string => v !== null),
        )
      ).map((a) => [String(a[field]).toLowerCase(), a.id]),
    );
    const firstRow = new Map<string, number>();
    rows.forEach((r, i) => {
      const v = valueOf(r);
      if (v === null) return;
      const owner = owners.get(v);
      if (owner !== undefined && owner !== r.target?.id) addError(r.errors, field, rule.message);
      if (firstRow.has(v)) addError(r.errors, field, MSG.duplicate_in_file);
      else firstRow.set(v, i);
    });
  }

  // 4. The supervisor: an account, or another row of the file; the changes an existing account gets.
  const rowByName = new Map<string, number>();
  rows.forEach((r, i) => rowByName.has(usernameOf(r, i)) || rowByName.set(usernameOf(r, i), i));
  rows.forEach((r, i) => {
    const name = supervisors[i];
    let supervisor: number | null = null;
    if (name !== "" && name === usernameOf(r, i)) addError(r.errors, "supervisor", MSG.supervisor_is_self);
    else if (accountByName.has(name)) supervisor = accountByName.get(name)!.id;
    else if (rowByName.has(name)) r.supervisorRow = rows[rowByName.get(name)!];
    else if (name !== "") addError(r.errors, "supervisor", MSG.invalid_choice);
    if (!r.form) return;
    if (columns.has("supervisor")) r.form.supervisor = supervisor;
    if (!r.target) return;
    const given = Object.fromEntries(
      Object.entries(r.form).filter(([k]) => columns.has(k as UserImportColumn) && !CREATE_ONLY.has(k)),
    );
    if (r.supervisorRow !== null) delete given.supervisor;
    r.changes = pickChanged(r.target, given);
    const changing = Object.keys(r.changes).length > 0 || r.supervisorRow !== null;
    if (changing && (!who.mayChange || (r.target.is_superuser === 1 && who.actor.is_superuser !== 1)))
      addError(r.errors, "username", MSG.permission_denied);
  });

  // 5. A row whose supervisor is a refused row cannot be linked: refused too (until nothing changes).
  for (let changed = true; changed;) {
    changed = false;
    for (const r of rows) {
      if (r.supervisorRow === null || !isBad(r.supervisorRow) || r.errors.supervisor) continue;
      addError(r.errors, "supervisor", MSG.invalid_choice);
      changed = true;
    }
  }
  progress(rows.length);
  return rows;
}

/** The given fields whose value differs from the account's (what applyAccountChanges would write). */
function pickChanged(target: AccountRow, given: Partial<UserFormInput>): Partial<UserFormInput> {
  const changed = changesOf(target, given);
  return Object.fromEntries(
    Object.keys(changed).map((k) => [k, given[k as keyof UserFormInput]]),
  ) as Partial<UserFormInput>;
}

export const isBad = (r: CheckedRow) => Object.keys(r.errors).length > 0;
