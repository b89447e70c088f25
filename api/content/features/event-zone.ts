import type { FastifyInstance } from "fastify";
import { MSG } from "../../../contract/messages";
import { FEATURES } from "../../../contract/features.js";
import { eventZoneSchema } from "../../../contract/schemas/class";
import type { IdName } from "../../../contract/schemas/content";
import type { Db } from "../../db/index";
import type { ApiContext } from "../../http/context";
import { badRequest, parseInput } from "../../http/errors";
import { switchedRoutes } from "../../http/feature-switch";
import { inTransaction, itemAccess, touch, type Trx } from "../../engine/crud";
import { classResource, classWriteRefusal } from "../class/resource";

/**
 * A class's event zone (spec 001 §3 "Config-switched optional extras: … event_zone", spec 002 §7
 * "Locations"; docs/decisions/043): one location chosen for the class, or none.
 *
 *   POST dashboard/location/zone/event/{id}/ with {zone}  (class change flag) → {event_zone}
 *
 * `{id}` is the class. It exists by the switch `location-is-event-zone` (404 while off, as every
 * switched call: docs/decisions/020); the class must be in the account's scope (404) and not
 * cancelled (400 cls_msg_cancelled); `zone` a location's id (400 invalid_choice otherwise) or
 * null / blank, which clears it. Written in one transaction with the class's update time.
 */
export function eventZoneRoutes(app: FastifyInstance, ctx: ApiContext) {
  const { db } = ctx;
  switchedRoutes(app, ctx, FEATURES.eventZone, (scope) => {
    scope.post("/dashboard/location/zone/event/:id(^\\d{1,12})/", async (req) => {
      const { id } = await itemAccess(req, db, classResource, ["change"]);
      const { zone } = parseInput(eventZoneSchema, req.body);
      const now = ctx.now();
      await inTransaction(db, classResource, async (trx) => {
        const refusal = await classWriteRefusal(trx, id);
        if (refusal) throw refusal;
        if (zone !== null && !(await trx.selectFrom("location").select("id").where("id", "=", zone).executeTakeFirst()))
          throw badRequest({ zone: [MSG.invalid_choice] });
        await trx.updateTable("class").set({ event_zone_id: zone }).where("id", "=", id).execute();
        await touch(trx, classResource, id, now);
      });
      return { event_zone: await eventZoneOf(db, id) };
    });
  });
}

/** The class's event zone as the item answers it: the location's id and name, or null. */
export async function eventZoneOf(q: Db | Trx, classId: number): Promise<IdName | null> {
  const row = await q
    .selectFrom("class")
    .innerJoin("location", "location.id", "class.event_zone_id")
    .select(["location.id", "location.name"])
    .where("class.id", "=", classId)
    .executeTakeFirst();
  return row ? { id: Number(row.id), name: row.name } : null;
}

/** Whether some class has the location as its event zone (the location delete refuses it then). */
export async function isEventZone(q: Db | Trx, locationId: number): Promise<boolean> {
  return !!(await q.selectFrom("class").select("id").where("event_zone_id", "=", locationId).executeTakeFirst());
}
