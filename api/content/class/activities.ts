import type { FastifyInstance } from "fastify";
import type { ClassActivity } from "../../../contract/schemas/class-session-pages";
import { fromFlag, type Db } from "../../db/index";
import type { ApiContext } from "../../http/context";
import { createOnce } from "../../http/idempotency";
import { badRequest, fieldErrors, notFound } from "../../http/errors";
import {
  accessOf,
  assertStillVisible,
  checkReferences,
  inTransaction,
  itemAccess,
  itemId,
  touch,
  type WriteContext,
} from "../../engine/crud";
import { activityResource } from "../activity/resource";
import { classResource, classWriteRefusal } from "./resource";

/**
 * The activities of a class's curriculum (spec 000 §2.4 "create-activity", docs/decisions/045):
 * an Activity (the content type, decision 023) created from the class and listed with it.
 *   GET    class/{id}/activity/            the class's activities, in the order they were made (view)
 *   POST   class/{id}/activity/            the activity create schema (name, code…; category and
 *          provider default to the class's) → 201 the row. Needs the class's change flag and the
 *          activity add flag; the new activity is an ordinary one (hidden until published).
 *   DELETE class/{id}/activity/{rowid}/    unlink (class change) → 204; the activity stays
 * A cancelled class refuses both writes (cls_msg_cancelled).
 */
const ID = "(^\\d{1,12})";
const BASE = `/dashboard/class/:id${ID}/activity/`;

export async function classActivities(db: Db, classId: number): Promise<ClassActivity[]> {
  const rows = await db
    .selectFrom("class_activity as ca")
    .innerJoin("activity as a", "a.id", "ca.activity_id")
    .select((eb) => [
      "ca.id",
      "ca.sort",
      "a.id as activity_id",
      "a.name",
      "a.code",
      "a.is_display",
      eb
        .selectFrom("activity_checklist as c")
        .select((e) => e.fn.countAll<number>().as("n"))
        .whereRef("c.activity_id", "=", "a.id")
        .as("checklist_count"),
    ])
    .where("ca.class_id", "=", classId)
    .orderBy("ca.sort")
    .orderBy("ca.id")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    sort: r.sort,
    activity: {
      id: r.activity_id,
      name: r.name,
      code: r.code,
      is_display: fromFlag(r.is_display),
      checklist_count: Number(r.checklist_count ?? 0),
    },
  }));
}

export function classActivityRoutes(app: FastifyInstance, ctx: ApiContext) {
  const { db } = ctx;

  app.get(BASE, async (req) => {
    const { id } = await itemAccess(req, db, classResource, []);
    const results = await classActivities(db, id);
    return { results, count: results.length, page_size: results.length, next: null, page: 1 };
  });

  app.post(BASE, async (req, reply) => {
    const { id } = await itemAccess(req, db, classResource, ["change"]);
    const access = await accessOf(req, db, activityResource, ["add"]);
    const refusal = await classWriteRefusal(db, id);
    if (refusal) throw refusal;
    const body =
      req.body && typeof req.body === "object" && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {};
    const klass = await db
      .selectFrom("class")
      .select(["category_id", "provider_id"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    // Blank: the class's own category and provider, as an activity of the class would have.
    const blank = (v: unknown) => v === undefined || v === null || v === "";
    const given = {
      ...body,
      category: blank(body.category) ? klass.category_id : body.category,
      provider: blank(body.provider) ? klass.provider_id : body.provider,
    };
    return createOnce(req, reply, ctx, {
      answer: async (rowId) => (await classActivities(db, id)).find((r) => r.id === rowId),
      create: async (keep) => {
        const { create } = await activityResource.schemas(db);
        const parsed = create.safeParse(given);
        if (!parsed.success) throw badRequest(fieldErrors(parsed.error));
        const input = parsed.data;
        const w: WriteContext = { account: access.account, now: ctx.now(), ctx };
        return inTransaction(db, activityResource, async (trx) => {
          await checkReferences(trx, activityResource, input, null);
          const activityId = await activityResource.insert(trx, input, w);
          await assertStillVisible(trx, activityResource, activityId, access);
          const last = await trx
            .selectFrom("class_activity")
            .select((eb) => eb.fn.max("sort").as("sort"))
            .where("class_id", "=", id)
            .executeTakeFirst();
          const row = await trx
            .insertInto("class_activity")
            .values({
              class_id: id,
              activity_id: activityId,
              sort: Number(last?.sort ?? 0) + 1,
              datetime_create: w.now.toISOString(),
            })
            .returning("id")
            .executeTakeFirstOrThrow();
          await touch(trx, classResource, id, w.now);
          return keep(trx, row.id);
        });
      },
    });
  });

  app.delete(`${BASE}:rowid${ID}/`, async (req, reply) => {
    const { id } = await itemAccess(req, db, classResource, ["change"]);
    const refusal = await classWriteRefusal(db, id);
    if (refusal) throw refusal;
    const rowId = itemId(req, "rowid");
    const now = ctx.now();
    await inTransaction(db, classResource, async (trx) => {
      const gone = await trx
        .deleteFrom("class_activity")
        .where("id", "=", rowId)
        .where("class_id", "=", id)
        .executeTakeFirst();
      if (!Number(gone.numDeletedRows)) throw notFound();
      await touch(trx, classResource, id, now);
    });
    return reply.status(204).send();
  });
}
