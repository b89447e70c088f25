import { isIgnoredFilterValue } from "../../../contract/list-query";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { USAGE_TYPES, type ActivityUsage, type UsageType } from "../../../contract/schemas/activity";
import { MSG } from "../../../contract/messages";
import type { ApiContext } from "../../http/context";
import { badRequest } from "../../http/errors";
import { contentAccess } from "../ref";
import { activityResource } from "./resource";
import { ACTIVITY_BASE, checklistsOf } from "./shared";

/**
 * GET activity/{id}/usage/?usage_type=checkin|submit|verify (default checkin; view): how many
 * slots of the activity were checked in, submitted or verified, per UTC day (the first ten
 * characters of the stored ISO time, the same in both dialects), per checklist, and in all.
 */

const COLUMN: Record<UsageType, "datetime_checkin" | "datetime_submit" | "datetime_verify"> = {
  checkin: "datetime_checkin",
  submit: "datetime_submit",
  verify: "datetime_verify",
};

export function usageRoutes(app: FastifyInstance, ctx: ApiContext) {
  const { db } = ctx;

  app.get(`${ACTIVITY_BASE}usage/`, async (req): Promise<ActivityUsage> => {
    const { id } = await contentAccess(req, db, activityResource, "view");
    const raw = (req.query as Record<string, unknown>).usage_type;
    // Missing, "", "all" or "null": the default; a repeated key or an unknown type: refused.
    const given =
      raw === undefined || (typeof raw === "string" && isIgnoredFilterValue(raw))
        ? "checkin"
        : typeof raw === "string"
          ? raw.trim()
          : null;
    const usageType = (USAGE_TYPES as readonly unknown[]).includes(given) ? (given as UsageType) : null;
    if (usageType === null) throw badRequest({ usage_type: [MSG.invalid_choice] });
    const column = sql.ref(`s.${COLUMN[usageType]}`);
    const checklists = await checklistsOf(db, id);
    const ids = checklists.length ? checklists.map((c) => c.id) : [0];
    const events = db.selectFrom("activity_slot as s").where("s.checklist_id", "in", ids).where(column, "is not", null);
    const day = sql<string>`substr(${column}, 1, 10)`;
    const days = await events
      .select([day.as("date"), (eb) => eb.fn.countAll<number>().as("n")])
      .groupBy(day)
      .orderBy(day)
      .execute();
    const perChecklist = await events
      .select(["s.checklist_id", (eb) => eb.fn.countAll<number>().as("n")])
      .groupBy("s.checklist_id")
      .execute();
    const counts = new Map(perChecklist.map((r) => [r.checklist_id, Number(r.n)]));
    return {
      usage_type: usageType,
      total: [...counts.values()].reduce((a, b) => a + b, 0),
      days: days.map((d) => ({ date: d.date, count: Number(d.n) })),
      checklists: checklists.map((c) => ({ id: c.id, name: c.name, count: counts.get(c.id) ?? 0 })),
    };
  });
}
