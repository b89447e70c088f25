import { sql, type SqlBool } from "kysely";
import { DECIDED_KINDS, type DecidedKind } from "../../contract/permissions";
import { REQUEST_TYPE } from "../../contract/request-codes";
import type { Db } from "../db/index";
import type { Trx } from "../engine/crud";

/**
 * Which kinds of requests an account decides a step of (docs/decisions/074): the permission
 * answer's `decides`, and the access of the request pages (deciders.ts). Kept apart from them, and
 * from the flow engine, so that the permission answer reads it without loading the content engine.
 */

/** Request type ↔ the guard's kind. */
export const DECIDED_KIND_OF: Record<number, DecidedKind> = {
  [REQUEST_TYPE.learning]: "learning_request",
  [REQUEST_TYPE.material]: "material_request",
  [REQUEST_TYPE.enrollment]: "enrollment",
};

/** The request kinds account `me` decides a step of: named on it, or a supervisor when it asks for one. */
export async function decidedKinds(q: Db | Trx, me: number): Promise<DecidedKind[]> {
  const rows = await q
    .selectFrom("approval_flow as f")
    .innerJoin("approval_step as s", "s.flow_id", "f.id")
    .select("f.type_request")
    .distinct()
    .where(
      sql<SqlBool>`((s.is_approver = 1 and exists (select 1 from approval_step_approver as sap where sap.step_id = s.id and sap.account_id = ${me}))
        or (s.step_supervisor >= 1 and exists (select 1 from account as sub where sub.supervisor_id = ${me} and sub.is_active = 1)))`,
    )
    .execute();
  const kinds = new Set(rows.map((r) => DECIDED_KIND_OF[r.type_request]).filter(Boolean));
  return DECIDED_KINDS.filter((k) => kinds.has(k));
}
