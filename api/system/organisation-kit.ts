import type { FastifyRequest } from "fastify";
import { CATEGORY_RULES, CONTENT_RULES, FLOW_CONDITIONS, GROUP_CONDITIONS } from "../auth/conditions";
import { namedByConditions } from "../auth/condition-store";
import type { FieldErrors } from "../../contract/http";
import { isIgnoredFilterValue } from "../../contract/list-query";
import { MSG } from "../../contract/messages";
import type { Db } from "../db/index";
import { idFilterValue, type Trx } from "../engine/crud";

/** What departments, levels and positions share (docs/decisions/029). */

export type OrganisationTable = "department" | "level" | "position";

/** Whether a stored condition names the row: a content or category permission rule, a group's or an approval flow's condition. */
export async function namedByPermissionRules(trx: Trx | Db, field: OrganisationTable, id: number): Promise<boolean> {
  return namedByConditions(trx, [CONTENT_RULES, CATEGORY_RULES, GROUP_CONDITIONS, FLOW_CONDITIONS], [field], id);
}

/** How many accounts hold the row (account.department_id / level_id / position_id). */
export async function accountsIn(trx: Trx | Db, table: OrganisationTable, id: number): Promise<number> {
  const column = `${table}_id` as "level_id";
  const row = await trx
    .selectFrom("account")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where(column, "=", id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * A filter of ids from the query (`?department=3&department=5` or `?department=3,5`); empty,
 * "null" and "all" are ignored (spec 001 §5). Null when not given; an id that is no id goes into
 * `errors` as invalid_choice.
 */
export function queryIds(req: FastifyRequest, name: string, errors: FieldErrors): number[] | null {
  const given = (req.query as Record<string, unknown>)[name];
  const texts = (Array.isArray(given) ? given : given === undefined ? [] : [given])
    .flatMap((v) => String(v).split(","))
    .filter((v) => !isIgnoredFilterValue(v));
  if (!texts.length) return null;
  const ids = texts.map((t) => idFilterValue(t.trim()));
  if (ids.some((v) => v === null)) {
    errors[name] = [MSG.invalid_choice];
    return null;
  }
  return [...new Set(ids as number[])];
}

/** `parent` of a tree list: 0 → the roots, N → the children of N, absent or ignored → no filter. */
export function queryParent(req: FastifyRequest, errors: FieldErrors): number | null | undefined {
  const given = (req.query as Record<string, unknown>).parent;
  if (given === undefined || Array.isArray(given) || isIgnoredFilterValue(String(given))) {
    if (Array.isArray(given)) errors.parent = [MSG.invalid];
    return undefined;
  }
  const text = String(given).trim();
  if (text === "0") return null;
  const id = idFilterValue(text);
  if (id === null) errors.parent = [MSG.invalid];
  return id ?? undefined;
}
