import { sql, type SqlBool } from "kysely";
import type { AccountOption } from "../../contract/schemas/content-permission";
import { likePattern } from "./crud";

/**
 * A person as the people lists show them (a content's or a role's administrators, a group's
 * members, a content's audience): the account `a` with its department `d` (left-joined). One
 * search, one set of columns and one answer shape for all of them.
 */

/** Account `a` whose username, email or full name contains `search` (case-insensitive). */
export const personMatches = (search: string) => {
  const p = likePattern(search);
  return sql<SqlBool>`(lower(a.username) like ${p} escape '\\' or lower(a.email) like ${p} escape '\\' or lower(a.first_name || ' ' || a.last_name) like ${p} escape '\\')`;
};

/** The columns `presentPerson` reads. */
export const PERSON_COLUMNS = [
  "a.id",
  "a.username",
  "a.first_name",
  "a.last_name",
  "a.email",
  "d.id as department_id",
  "d.name as department_name",
] as const;

export type PersonRaw = {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  department_id: number | null;
  department_name: string | null;
};
export type Person = {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  department: { id: number; name: string } | null;
};

export const presentPerson = (r: PersonRaw): Person => ({
  id: r.id,
  username: r.username,
  first_name: r.first_name,
  last_name: r.last_name,
  email: r.email,
  department: r.department_id === null ? null : { id: r.department_id, name: r.department_name ?? "" },
});

/** Account `a` may administer something (a content, a group, a provider…): active staff with dashboard permission (a superuser has it all). */
export const isStaff = sql<SqlBool>`(a.is_active = 1 and (a.is_dashboard_permission = 1 or a.is_superuser = 1))`;

/** An account as a choice of a picker (administrator candidates, accounts of a rule). */
export const presentAccountOption = (r: {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
}): AccountOption => ({
  id: r.id,
  name: `${r.first_name} ${r.last_name}`.trim() || r.username,
  code: r.username,
  value: r.id,
});
