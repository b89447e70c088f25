import { DASHBOARD_FLAG } from "../contract/permissions";

/**
 * Which demo account to use for which side of a permission check, decided from the flags each
 * account actually holds (read from dashboard/account/permission/ at test time), never from a
 * hard-coded list. Shared by the dashboard matrix (tests/e2e) and the API matrix (tests/api).
 */
export type AccountFlags = {
  username: string;
  /** The flags the API grants; null when it refuses the permission call (no dashboard permission). */
  flags: ReadonlySet<string> | null;
};

/** A guard: one flag, or several of which any one passes (a content type's view and its view scopes). */
export type GuardFlags = string | readonly string[];
const anyOf = (guard: GuardFlags) => (typeof guard === "string" ? [guard] : guard);
/** Whether the account passes the guard. */
export const holds = (a: AccountFlags, guard: GuardFlags) => anyOf(guard).some((f) => a.flags?.has(f));

const count = (a: AccountFlags) => a.flags?.size ?? 0;
const byName = (a: AccountFlags, b: AccountFlags) => a.username.localeCompare(b.username);

/** Accounts that may use the dashboard at all. */
export const staffOf = (accounts: readonly AccountFlags[]) => accounts.filter((a) => a.flags?.has(DASHBOARD_FLAG));

/** Accounts without dashboard permission (the learner): refused everywhere. */
export function outsidersOf(accounts: readonly AccountFlags[]): AccountFlags[] {
  const out = accounts.filter((a) => !a.flags?.has(DASHBOARD_FLAG));
  if (!out.length)
    throw new Error(
      "no demo account lacks dashboard permission: the matrix cannot prove the dashboard refuses outsiders (seed a learner)",
    );
  return out;
}

/**
 * The staff accounts lacking `flag`, best discriminating first: those holding `near` (the flag
 * that lets them reach the route: the parent screen's, or the page's own for a POST), then the
 * most privileged, so the refusal proves this very flag is checked, not merely some flag. For the
 * dashboard flag itself these are the outsiders. None → an error naming the flag: a guard no demo
 * account can be refused by is not proven.
 */
export function lacking(accounts: readonly AccountFlags[], flag: GuardFlags, near?: string): AccountFlags[] {
  if (flag === DASHBOARD_FLAG) return outsidersOf(accounts);
  const reaches = (a: AccountFlags) => (near && a.flags!.has(near) ? 1 : 0);
  const out = staffOf(accounts)
    .filter((a) => !holds(a, flag))
    .sort((a, b) => reaches(b) - reaches(a) || count(b) - count(a) || byName(a, b));
  if (!out.length) {
    throw new Error(
      `no demo staff account lacks ${flag}: the matrix cannot prove the guard refuses (give a seeded role, contract/roles.ts, no ${flag})`,
    );
  }
  return out;
}

/**
 * The staff accounts to refuse `flag`: the best discriminating one (`lacking`'s first) and, when
 * another account that reaches the route (holds `near`) lacks the flag too, the least privileged
 * of those: both ends of the roles that get that far. For a course tab needing more than view
 * that is the read-only viewer (contract/roles.ts), which holds the view flag and nothing else.
 */
export function refusedStaff(accounts: readonly AccountFlags[], flag: GuardFlags, near?: string): AccountFlags[] {
  const out = lacking(accounts, flag, near);
  if (flag === DASHBOARD_FLAG || !near) return out.slice(0, 1);
  const least = out.filter((a) => a.flags!.has(near)).sort((a, b) => count(a) - count(b) || byName(a, b))[0];
  return least && least.username !== out[0].username ? [out[0], least] : [out[0]];
}

/**
 * The accounts holding `flag`, the least privileged first (a superuser passing proves little).
 * None → an error naming the flag.
 */
export function holding(accounts: readonly AccountFlags[], flag: GuardFlags): AccountFlags[] {
  const out = accounts.filter((a) => holds(a, flag)).sort((a, b) => count(a) - count(b) || byName(a, b));
  if (!out.length)
    throw new Error(
      `no demo account holds ${flag}: the matrix cannot prove the route answers (seed a role with ${flag})`,
    );
  return out;
}
