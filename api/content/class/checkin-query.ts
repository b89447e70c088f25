import type { FastifyRequest } from "fastify";
import { sql, type RawBuilder } from "kysely";
import { isIgnoredFilterValue } from "../../../contract/list-query";
import { MSG } from "../../../contract/messages";
import { badRequest } from "../../http/errors";
import { parseOrdering } from "../../http/ordering";
import { readPageQuery } from "../../http/paging";

/** What the class check-in calls (checkin.ts, checkin-report.ts) read the same way. */

export const CHECKIN_BASE = "/dashboard/class/:id(^\\d{1,12})/checkin/";

export const REPORT_ORDERING: Record<string, RawBuilder<unknown>[]> = {
  name: [sql`lower(${sql.ref("a.first_name")})`, sql`lower(${sql.ref("a.last_name")})`],
  username: [sql`lower(${sql.ref("a.username")})`],
};
const LEARNER_ORDERING: Record<string, RawBuilder<unknown>[]> = {
  ...REPORT_ORDERING,
  datetime_checkin: [sql.ref("t.datetime_checkin")],
  datetime_checkout: [sql.ref("t.datetime_checkout")],
};

export const text = (v: unknown) => (typeof v === "string" && !isIgnoredFilterValue(v) ? v.trim() : null);

/** The learners' list query: ?search and ?ordering (default name) or a 400 naming the bad ones. */
export function learnerQuery(req: FastifyRequest, whitelist = LEARNER_ORDERING) {
  const page = readPageQuery(req);
  const order = parseOrdering(page.ordering, whitelist, "name");
  if (!order) throw badRequest({ ordering: [MSG.invalid_choice] });
  return { page, order: order! };
}
