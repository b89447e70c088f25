import { DASHBOARD_FLAG, type PermissionAnswer } from "../../contract/permissions";
import { DEMO_ACCOUNTS } from "../../api/db/demo-accounts";
import { lacking, type AccountFlags } from "../matrix-accounts";
import { expect } from "vitest";
import type { Database } from "../../api/db/schema";
import type { Client, TestApi } from "./harness";

/** Shared by the people tests (users, their access, departments, levels and positions). */

/** A password the default rule accepts (8–32, upper, lower, digit, symbol). */
export const GOOD_PASSWORD = "Fresh-Pass9";

/** Two valid Thai national IDs, their check digits worked out by hand (11 − Σ dᵢ·(13−i) mod 11, mod 10). */
export const THAI_IDS = ["1101700230708", "1234567890121"] as const;

let serial = 0;
/** A complete, valid user form with fresh unique values; `over` replaces fields. */
export function newUser(over: Record<string, unknown> = {}): Record<string, unknown> {
  serial += 1;
  return {
    username: `new.user${serial}`,
    email: `new.user${serial}@example.test`,
    first_name: "Nadia",
    last_name: "Newcomer",
    gender: "female",
    password: GOOD_PASSWORD,
    confirm_password: GOOD_PASSWORD,
    ...over,
  };
}

export const idOf = async (
  api: TestApi,
  table: "account" | "department" | "level" | "position",
  column: "username" | "name",
  value: string,
) =>
  (
    await api.db
      .selectFrom(`${table} as t` as "account as t")
      .select("t.id")
      .where(`t.${column}` as "t.username", "=", value)
      .executeTakeFirstOrThrow()
  ).id;
export const accountId = (api: TestApi, username: string) => idOf(api, "account", "username", username);
export const departmentId = (api: TestApi, name: string) => idOf(api, "department", "name", name);

/**
 * Everything a people call could write: every account row (a refused PATCH must not change a
 * field; last_active is sign-in bookkeeping, left out), the history and the organisation tables,
 * one text per row. `unchanged` compares two of them by the rows that differ.
 */
export async function snapshot(api: TestApi): Promise<Map<string, string>> {
  const [accounts, history, departments, levels, positions] = await Promise.all([
    api.db.selectFrom("account").selectAll().orderBy("id").execute(),
    api.db.selectFrom("account_history").selectAll().orderBy("id").execute(),
    api.db.selectFrom("department").selectAll().orderBy("id").execute(),
    api.db.selectFrom("level").selectAll().orderBy("id").execute(),
    api.db.selectFrom("position").selectAll().orderBy("id").execute(),
  ]);
  const out = new Map<string, string>();
  for (const [table, rows] of Object.entries({ accounts, history, departments, levels, positions })) {
    for (const row of rows as { id: number; last_active?: unknown }[]) {
      const { last_active: _bookkeeping, ...kept } = row;
      out.set(`${table}:${row.id}`, JSON.stringify(kept));
    }
  }
  return out;
}

/** The rows added, removed or changed between two snapshots (empty: nothing was written). */
export function changedRows(before: Map<string, string>, after: Map<string, string>): string[] {
  const keys = new Set([...before.keys(), ...after.keys()]);
  return [...keys].filter((k) => before.get(k) !== after.get(k));
}

/**
 * A demo staff account that may use the dashboard but lacks `flag`, picked from the flags the API
 * itself answers (tests/matrix-accounts.ts), signed in.
 */
export async function signedInWithout(api: TestApi, flag: string): Promise<{ username: string; client: Client }> {
  const accounts: AccountFlags[] = [];
  for (const { username } of DEMO_ACCOUNTS) {
    const client = await api.signedIn(username);
    const res = await client.get("/api/dashboard/account/permission/");
    const answer = res.status === 200 ? (res.body as PermissionAnswer) : null;
    accounts.push({
      username,
      flags: answer ? new Set(Object.keys(answer.permission).filter((k) => answer.permission[k])) : null,
    });
  }
  const [refused] = lacking(accounts, flag, DASHBOARD_FLAG);
  return { username: refused.username, client: await api.signedIn(refused.username) };
}

/** Every row of `tables`, one text each (a refusal must leave them as they were). */
export async function rowsOf(api: TestApi, tables: readonly (keyof Database)[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const t of tables)
    for (const r of await api.db.selectFrom(t).selectAll().execute()) out.set(`${t}:${JSON.stringify(r)}`, "");
  return out;
}

/** Runs the refusals, then checks that no row of `tables` changed. */
export async function writesNothingIn(
  api: TestApi,
  tables: readonly (keyof Database)[],
  refusals: () => Promise<void>,
) {
  const before = await rowsOf(api, tables);
  await refusals();
  expect(changedRows(before, await rowsOf(api, tables))).toEqual([]);
}
