import { sql } from "kysely";
import type { FieldErrors } from "../../contract/http";
import { MSG } from "../../contract/messages";
import type { UserCreateInput, UserFormInput } from "../../contract/schemas/user";
import { hashPassword } from "../auth/password";
import { toFlag, type Db } from "../db/index";
import { writeTransaction, type Trx } from "../engine/crud";
import type { AccountRow } from "../http/context";
import { badRequest, forbidden, notFound } from "../http/errors";
import { recordHistory } from "./account-history";
import { changesOf, columnsOf } from "./user-fields";

/**
 * The unique fields of spec 001 §5 "Accounts", each with its own message. Usernames and emails
 * compare case-insensitively (sign-in does); `index` names the unique index (0014_people) whose
 * violation means this field, for the writer that loses a race past the check.
 */
const UNIQUE = [
  { field: "username", message: MSG.username_already_used, index: "account_username" },
  { field: "email", message: MSG.email_already_used, index: "account_email" },
  { field: "code", message: MSG.employee_code_already_used, index: "account_code" },
  { field: "id_card", message: MSG.id_card_already_used, index: "account_id_card" },
] as const;
export const USER_UNIQUE_RULES = UNIQUE.map((u) => ({ field: u.field, message: u.message, column: u.index }));

/** Every referenced row exists and every unique value is free (else one 400 with all of them). */
async function checkUser(trx: Trx, input: Partial<UserFormInput>, selfId: number | null) {
  const errors: FieldErrors = {};
  for (const u of UNIQUE) {
    const value = input[u.field];
    if (typeof value !== "string" || value === "") continue;
    let q = trx
      .selectFrom("account")
      .select("id")
      .where(sql`lower(${sql.ref(u.field)})`, "=", value.toLowerCase());
    if (selfId !== null) q = q.where("id", "<>", selfId);
    if (await q.executeTakeFirst()) errors[u.field] = [u.message];
  }
  for (const [field, table] of [
    ["department", "department"],
    ["position", "position"],
    ["level", "level"],
    ["supervisor", "account"],
    ["location", "location"],
  ] as const) {
    const id = input[field];
    if (id === undefined || id === null) continue;
    if (field === "supervisor" && id === selfId) {
      errors.supervisor = [MSG.supervisor_is_self];
      continue;
    }
    const found = await trx
      .selectFrom(`${table} as t` as "level as t")
      .select("t.id")
      .where("t.id", "=", id)
      .executeTakeFirst();
    if (!found) errors[field] = [MSG.invalid_choice];
    else if (field === "supervisor" && !(await activeOrKept(trx, id, selfId)))
      errors.supervisor = [MSG.supervisor_inactive];
  }
  if (Object.keys(errors).length) throw badRequest(errors);
}

/**
 * A new supervisor must be an active account; the one an account already has may stay when it is
 * deactivated later (saving the account's form then changes nothing of it).
 */
async function activeOrKept(trx: Trx, supervisorId: number, selfId: number | null): Promise<boolean> {
  const row = await trx
    .selectFrom("account")
    .select("is_active")
    .where("id", "=", supervisorId)
    .executeTakeFirstOrThrow();
  if (row.is_active === 1) return true;
  if (selfId === null) return false;
  const self = await trx.selectFrom("account").select("supervisor_id").where("id", "=", selfId).executeTakeFirst();
  return self?.supervisor_id === supervisorId;
}

/** A superuser's account is changed only by a superuser: nobody takes it over by its email or password. */
export function assertMayChange(actor: AccountRow, target: { is_superuser: number }) {
  if (target.is_superuser === 1 && actor.is_superuser !== 1) throw forbidden();
}

/** Create an account from the user form (nothing is written unless every check passes); its id. `keep`: createOnce's, in the insert's transaction (docs/decisions/094). */
export async function createUser(
  db: Db,
  input: UserCreateInput,
  actor: AccountRow,
  now: Date,
  keep: (trx: Trx, id: number) => Promise<number>,
): Promise<number> {
  const { password, confirm_password: _confirm, is_active, ...form } = input;
  const passwordHash = await hashPassword(password); // slow: outside the transaction
  return writeTransaction(
    db,
    async (trx) => {
      await checkUser(trx, form, null);
      return keep(trx, await insertAccount(trx, { form, isActive: is_active, passwordHash }, actor.id, now));
    },
    USER_UNIQUE_RULES,
  );
}

/**
 * Insert a checked account and its "create" history row; its id. Shared by the user form and the
 * user import (docs/decisions/032), so both write the same columns and the same history.
 */
export async function insertAccount(
  trx: Trx,
  row: { form: UserFormInput; isActive: boolean; passwordHash: string },
  by: number | null,
  now: Date,
): Promise<number> {
  const { form, isActive: is_active, passwordHash } = row;
  const at = now.toISOString();
  const { id } = await trx
    .insertInto("account")
    .values({
      ...(columnsOf(form) as Record<string, unknown>),
      username: form.username,
      email: form.email,
      first_name: form.first_name,
      last_name: form.last_name,
      language: form.language,
      password_hash: passwordHash,
      is_active: toFlag(is_active),
      // Roles and dashboard access are granted on the administrator pages, not by this form.
      is_superuser: 0,
      is_system_user: 0,
      is_dashboard_permission: 0,
      is_store_permission: 0,
      is_verified_email: 0,
      failed_login_count: 0,
      datetime_password_change: at,
      datetime_create: at,
      datetime_update: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  // What the account was made with (fields left blank or at their default left out), as changes from nothing.
  const initial = Object.fromEntries(
    Object.entries(form)
      .filter(([, v]) => v !== null && v !== false && v !== "" && v !== 0)
      .map(([k, v]) => [k, [null, v] as [unknown, unknown]]),
  );
  await recordHistory(trx, {
    accountId: id,
    action: "create",
    changes: { ...initial, is_active: [null, is_active] },
    by,
    at: now,
  });
  return id;
}

/**
 * Change the fields given. The change is recorded in the account's history: a move to another
 * department as its own row (the department history), the other fields together; a PATCH that
 * changes nothing writes nothing.
 */
export async function updateUser(db: Db, id: number, input: Partial<UserFormInput>, actor: AccountRow, now: Date) {
  await writeTransaction(
    db,
    async (trx) => {
      const before = (await trx.selectFrom("account").selectAll().where("id", "=", id).executeTakeFirst()) as
        AccountRow | undefined;
      if (!before) throw notFound();
      assertMayChange(actor, before);
      await checkUser(trx, input, id);
      await applyAccountChanges(trx, before, input, actor.id, now);
    },
    USER_UNIQUE_RULES,
  );
}

/**
 * Write the checked fields that differ from `before`, with their history rows; false when nothing
 * differed (then nothing is written). Shared by the user form and the user import.
 */
export async function applyAccountChanges(
  trx: Trx,
  before: AccountRow,
  input: Partial<UserFormInput>,
  by: number | null,
  now: Date,
): Promise<boolean> {
  const { department, ...others } = changesOf(before, input);
  if (!department && !Object.keys(others).length) return false;
  await trx
    .updateTable("account")
    .set({ ...columnsOf(input), datetime_update: now.toISOString() })
    .where("id", "=", before.id)
    .execute();
  if (Object.keys(others).length)
    await recordHistory(trx, { accountId: before.id, action: "update", changes: others, by, at: now });
  if (department)
    await recordHistory(trx, { accountId: before.id, action: "department", changes: { department }, by, at: now });
  return true;
}
