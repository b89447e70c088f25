import { sql, type SqlBool } from "kysely";
import { ASSIGNED_RESULTS, OVERDUE_STATUSES } from "../../contract/assignment-codes";
import type { Db } from "../db/index";
import { configValues } from "../system/config-store";

/**
 * Which assignment results are overdue (docs/decisions/080): on `r` (assignment_result) and `e`
 * (its content_enrollment) — enrolled by the assignment, its expiry passed, the learning still to
 * do, doing or expired. An expiry kept as a day (YYYY-MM-DD) lasts to that day's end in the
 * organisation's zone, so it is overdue from the next day; a date-time, from that instant.
 */
export async function overdueWhere(db: Db, now: Date): Promise<ReturnType<typeof sql<SqlBool>>> {
  const { "time-zone-offset-minutes": offset } = await configValues(db, ["time-zone-offset-minutes"]);
  const today = new Date(now.getTime() + (Number(offset) || 0) * 60_000).toISOString().slice(0, 10);
  const at = now.toISOString();
  return sql<SqlBool>`(r.enrollment_id is not null and r.result in (${sql.join([...ASSIGNED_RESULTS])}) and r.datetime_expire is not null
    and (case when length(r.datetime_expire) = 10 then r.datetime_expire < ${today} else r.datetime_expire < ${at} end)
    and e.status in (${sql.join([...OVERDUE_STATUSES])}))`;
}
