import type { FastifyInstance } from "fastify";
import { checklistSchema, type ChecklistInput, type ChecklistRow } from "../../../contract/schemas/activity";
import { SEAT_FREE_STATUSES } from "../../../contract/codes";
import { fromFlag, toFlag, type Db } from "../../db/index";
import type { ApiContext } from "../../http/context";
import { createOnce } from "../../http/idempotency";
import { badRequest, parseChanges, parseInput } from "../../http/errors";
import { MSG } from "../../../contract/messages";
import { placeErrors } from "../../system/places";
import { touch, writeTransaction, type Trx } from "../../engine/crud";
import { hideContent } from "../publish";
import { contentAccess } from "../ref";
import { inspectorRows } from "./inspector";
import { activityResource } from "./resource";
import { CHECKLIST_BASE, CHECKLIST_ITEM, checklistOf, checklistsOf, type ChecklistRecord } from "./shared";

/**
 * An activity's checklists (spec 001 §3 "Activity checklist"), each one slot of its progress:
 *   GET    activity/{id}/checklist/                 ChecklistRow[] by sort, id (view; an inspector's scope)
 *   POST   activity/{id}/checklist/                 add one at the end (change) → 201
 *   GET    activity/{id}/checklist/{checklistid}/   (view)
 *   PATCH  activity/{id}/checklist/{checklistid}/   the full checklistSchema (change)
 *   DELETE activity/{id}/checklist/{checklistid}/   (change) → 204; the last checklist of a
 *          displayed activity hides it in the same transaction (it may not be shown without one,
 *          as a course without sections: spec 001 §4).
 */

/** Slots per checklist and status, of the learners still holding a seat (what the slot list shows). */
async function slotCounts(db: Db, checklistIds: number[]) {
  const out = new Map<number, ChecklistRow["count"]>();
  for (const id of checklistIds) out.set(id, { checked_in: 0, waiting: 0, passed: 0, failed: 0, resubmit: 0 });
  if (!checklistIds.length) return out;
  const rows = await db
    .selectFrom("activity_slot as s")
    .innerJoin("content_enrollment as e", "e.id", "s.enrollment_id")
    .select(["s.checklist_id", "s.status", (eb) => eb.fn.countAll<number>().as("n")])
    .where("s.checklist_id", "in", checklistIds)
    .where("e.status", "not in", [...SEAT_FREE_STATUSES])
    .groupBy(["s.checklist_id", "s.status"])
    .execute();
  const key = { 21: "checked_in", 22: "waiting", 30: "passed", [-5]: "failed", 6: "resubmit" } as Record<
    number,
    keyof ChecklistRow["count"]
  >;
  for (const r of rows) {
    const counts = out.get(r.checklist_id)!;
    if (key[r.status]) counts[key[r.status]] += Number(r.n);
  }
  return out;
}

/** The names of the places the rows name (one query per table). */
async function placeNames(db: Db, rows: ChecklistRecord[]) {
  const named = async (table: "location" | "room", ids: (number | null)[]) => {
    const wanted = [...new Set(ids.filter((i): i is number => i !== null))];
    const found = wanted.length
      ? await db.selectFrom(table).select(["id", "name"]).where("id", "in", wanted).execute()
      : [];
    return new Map(found.map((r) => [r.id, r]));
  };
  const [locations, rooms] = await Promise.all([
    named(
      "location",
      rows.map((r) => r.location_id),
    ),
    named(
      "room",
      rows.map((r) => r.room_id),
    ),
  ]);
  return (r: ChecklistRecord) => ({
    location: r.location_id === null ? null : (locations.get(r.location_id) ?? null),
    room: r.room_id === null ? null : (rooms.get(r.room_id) ?? null),
  });
}

/** Checklist records → the contract's rows, with their places, inspectors and slot counts. */
async function present(db: Db, rows: ChecklistRecord[]): Promise<ChecklistRow[]> {
  const ids = rows.map((r) => r.id);
  const inspectors = await inspectorRows(db, ids);
  const counts = await slotCounts(db, ids);
  const placeOf = await placeNames(db, rows);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    desc: r.desc,
    full_score: r.full_score,
    pass_score: r.pass_score,
    ...placeOf(r),
    is_check_by_learner: fromFlag(r.is_check_by_learner),
    is_check_by_inspector: fromFlag(r.is_check_by_inspector),
    is_verify_by_inspector: fromFlag(r.is_verify_by_inspector),
    is_verify_by_admin: fromFlag(r.is_verify_by_admin),
    is_attach_file: fromFlag(r.is_attach_file),
    sort: r.sort,
    inspector_list: inspectors.filter((i) => i.checklist_id === r.id),
    count: counts.get(r.id)!,
    datetime_create: r.datetime_create,
    datetime_update: r.datetime_update,
  }));
}

async function loadOne(db: Db, checklistId: number): Promise<ChecklistRow> {
  const row = await db
    .selectFrom("activity_checklist")
    .selectAll()
    .where("id", "=", checklistId)
    .executeTakeFirstOrThrow();
  return (await present(db, [row]))[0];
}

/** The input's columns (flags as 0/1). */
const columnsOf = (input: ChecklistInput) => ({
  name: input.name,
  desc: input.desc,
  full_score: input.full_score,
  pass_score: input.pass_score,
  location_id: input.location,
  room_id: input.room,
  is_check_by_learner: toFlag(input.is_check_by_learner),
  is_check_by_inspector: toFlag(input.is_check_by_inspector),
  is_verify_by_inspector: toFlag(input.is_verify_by_inspector),
  is_verify_by_admin: toFlag(input.is_verify_by_admin),
  is_attach_file: toFlag(input.is_attach_file),
});

/** Its place exists, its room at its location (docs/decisions/039, 079): else 400 on the field. */
async function checkPlace(trx: Trx, input: ChecklistInput) {
  const errors = await placeErrors(trx, input, MSG.room_not_in_location);
  if (Object.keys(errors).length) throw badRequest(errors);
}

/** Remove a checklist (its inspectors and slots go by foreign key); hide the activity when none is left. */
async function removeChecklist(trx: Trx, activityId: number, checklistId: number, now: Date) {
  await trx.deleteFrom("activity_checklist").where("id", "=", checklistId).execute();
  const left = await trx
    .selectFrom("activity_checklist")
    .select("id")
    .where("activity_id", "=", activityId)
    .executeTakeFirst();
  const activity = await trx
    .selectFrom("activity")
    .select("is_display")
    .where("id", "=", activityId)
    .executeTakeFirstOrThrow();
  if (!left && activity.is_display === 1) await hideContent(trx, "activity", activityId, now);
  else await touch(trx, activityResource, activityId, now);
}

export function checklistRoutes(app: FastifyInstance, ctx: ApiContext) {
  const { db } = ctx;

  app.get(CHECKLIST_BASE, async (req) => {
    const { id } = await contentAccess(req, db, activityResource, "view");
    return present(db, await checklistsOf(db, id));
  });

  app.post(CHECKLIST_BASE, async (req, reply) => {
    const access = await contentAccess(req, db, activityResource, "change");
    return createOnce(req, reply, ctx, {
      answer: (id) => loadOne(db, id),
      create: (keep) => {
        const input = parseInput(checklistSchema, req.body, "top");
        const now = ctx.now();
        const at = now.toISOString();
        return writeTransaction(db, async (trx) => {
          await checkPlace(trx, input);
          const last = await trx
            .selectFrom("activity_checklist")
            .select((eb) => eb.fn.max("sort").as("m"))
            .where("activity_id", "=", access.id)
            .executeTakeFirst();
          const row = await trx
            .insertInto("activity_checklist")
            .values({
              activity_id: access.id,
              ...columnsOf(input),
              sort: Number(last?.m ?? 0) + 1,
              datetime_create: at,
              datetime_update: at,
            })
            .returning("id")
            .executeTakeFirstOrThrow();
          await touch(trx, activityResource, access.id, now);
          return keep(trx, row.id);
        });
      },
    });
  });

  app.get(CHECKLIST_ITEM, async (req) => {
    const { id } = await contentAccess(req, db, activityResource, "view");
    return loadOne(db, (await checklistOf(db, req, id)).id);
  });

  app.patch(CHECKLIST_ITEM, async (req) => {
    const access = await contentAccess(req, db, activityResource, "change");
    const checklist = await checklistOf(db, req, access.id);
    const input = parseChanges(checklistSchema, req.body, "top");
    const now = ctx.now();
    await writeTransaction(db, async (trx) => {
      await checkPlace(trx, input);
      await trx
        .updateTable("activity_checklist")
        .set({ ...columnsOf(input), datetime_update: now.toISOString() })
        .where("id", "=", checklist.id)
        .execute();
      await touch(trx, activityResource, access.id, now);
    });
    return loadOne(db, checklist.id);
  });

  app.delete(CHECKLIST_ITEM, async (req, reply) => {
    const access = await contentAccess(req, db, activityResource, "change");
    const checklist = await checklistOf(db, req, access.id);
    await writeTransaction(db, (trx) => removeChecklist(trx, access.id, checklist.id, ctx.now()));
    return reply.status(204).send();
  });
}
