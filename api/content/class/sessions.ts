import type { FastifyInstance, FastifyRequest } from "fastify";
import { sql } from "kysely";
import { sessionSchema, type ClassSession, type SessionInput } from "../../../contract/schemas/class";
import { fromFlag, toFlag, type Db } from "../../db/index";
import type { ApiContext } from "../../http/context";
import { createOnce } from "../../http/idempotency";
import { notFound, parseChanges, parseInput } from "../../http/errors";
import { itemAccess, itemId, touch, writeTransaction, type Trx } from "../../engine/crud";
import { configValues } from "../../system/config-store";
import { hideContent } from "../publish";
import { classResource } from "./resource";
import { checkSession } from "./session-rules";

/**
 * A class's sessions (spec 001 §3 "Session and schedule"), its curriculum and its schedule:
 *   GET    class/{id}/session/               every session by start (view), the paged shape
 *   POST   class/{id}/session/               sessionSchema (change) → 201; 400 field errors;
 *          409 {detail, overlap} when it overlaps another session and confirm_overlap is not set
 *   GET    class/{id}/session/{sessionid}/   (view)
 *   PATCH  class/{id}/session/{sessionid}/   the whole sessionSchema, same rules (change)
 *   DELETE class/{id}/session/{sessionid}/   (change) → 204; the last session of a displayed
 *          class hides it (spec 001 §4: removing all sessions unpublishes)
 *   GET    class/{id}/session-options/       the locations and rooms the form offers (change)
 * Every write to a cancelled class's sessions is refused (docs/decisions/040).
 */
const BASE = "/dashboard/class/:id(^\\d{1,12})/session/";
const ITEM = `${BASE}:sessionid(^\\d{1,12})/`;

type Place = { id: number; name: string };
const placeNames = async (db: Db, table: "location" | "room", ids: number[]) => {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map<number, Place>();
  const rows = await db.selectFrom(table).select(["id", "name"]).where("id", "in", unique).execute();
  return new Map(rows.map((r) => [Number(r.id), { id: Number(r.id), name: r.name }]));
};

export async function sessionsOf(db: Db, classId: number, only?: number): Promise<ClassSession[]> {
  let q = db.selectFrom("class_session").selectAll().where("class_id", "=", classId);
  if (only !== undefined) q = q.where("id", "=", only);
  const rows = await q.orderBy("datetime_start").orderBy("id").execute();
  if (!rows.length) return [];
  const locations = await placeNames(
    db,
    "location",
    rows.flatMap((r) => (r.location_id ? [r.location_id] : [])),
  );
  const rooms = await placeNames(
    db,
    "room",
    rows.flatMap((r) => (r.room_id ? [r.room_id] : [])),
  );
  const instructors = await db
    .selectFrom("class_session_instructor as si")
    .innerJoin("instructor as i", "i.id", "si.instructor_id")
    .select(["si.session_id", "i.id", "i.name"])
    .where(
      "si.session_id",
      "in",
      rows.map((r) => r.id),
    )
    .orderBy("i.name")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    desc: r.desc,
    type: r.type,
    date: r.date,
    start_time: r.start_time,
    end_time: r.end_time,
    datetime_start: r.datetime_start,
    datetime_end: r.datetime_end,
    location: r.location_id ? (locations.get(r.location_id) ?? null) : null,
    room: r.room_id ? (rooms.get(r.room_id) ?? null) : null,
    capacity: r.capacity,
    is_display: fromFlag(r.is_display),
    is_playback: fromFlag(r.is_playback),
    url: r.url,
    instructor_list: instructors.filter((i) => i.session_id === r.id).map((i) => ({ id: i.id, name: i.name })),
    is_qr_code: fromFlag(r.is_qr_code),
  }));
}

export function sessionRoutes(app: FastifyInstance, ctx: ApiContext) {
  const { db } = ctx;
  const settings = async () => {
    const c = await configValues(db, ["text-limit", "description-limit", "url-limit", "time-zone-offset-minutes"]);
    return {
      schema: sessionSchema({
        text: Number(c["text-limit"]),
        description: Number(c["description-limit"]),
        url: Number(c["url-limit"]) || 255,
      }),
      offset: Number(c["time-zone-offset-minutes"]) || 0,
    };
  };
  /** The class in the account's scope with the change flag, not cancelled (itemAccess refuses that). */
  const writable = (req: FastifyRequest) => itemAccess(req, db, classResource, ["change"]);
  const sessionId = async (q: Db | Trx, classId: number, req: FastifyRequest) => {
    const id = itemId(req, "sessionid");
    const row = await q
      .selectFrom("class_session")
      .select("id")
      .where("id", "=", id)
      .where("class_id", "=", classId)
      .executeTakeFirst();
    if (!row) throw notFound();
    return id;
  };
  const values = (s: SessionInput, at: { start: string; end: string; location: number | null }, now: string) => ({
    name: s.name,
    desc: s.desc,
    type: s.type,
    date: s.date,
    start_time: s.start_time,
    end_time: s.end_time,
    datetime_start: at.start,
    datetime_end: at.end,
    location_id: at.location,
    room_id: s.room,
    capacity: s.capacity,
    is_display: toFlag(s.is_display),
    datetime_update: now,
    // The live page's fields (docs/decisions/045), and the QR switch (docs/decisions/077): kept unless given.
    ...(s.is_playback === undefined ? {} : { is_playback: toFlag(s.is_playback) }),
    ...(s.is_qr_code === undefined ? {} : { is_qr_code: toFlag(s.is_qr_code) }),
    ...(s.url === undefined ? {} : { url: s.url }),
  });
  const setInstructors = async (trx: Trx, id: number, list: number[]) => {
    await trx.deleteFrom("class_session_instructor").where("session_id", "=", id).execute();
    if (list.length)
      await trx
        .insertInto("class_session_instructor")
        .values([...new Set(list)].map((instructor_id) => ({ session_id: id, instructor_id })))
        .execute();
  };

  app.get(BASE, async (req) => {
    const { id } = await itemAccess(req, db, classResource, []);
    const results = await sessionsOf(db, id);
    return { results, count: results.length, page_size: results.length, next: null, page: 1 };
  });

  app.get(ITEM, async (req) => {
    const { id } = await itemAccess(req, db, classResource, []);
    return (await sessionsOf(db, id, await sessionId(db, id, req)))[0];
  });

  app.post(BASE, async (req, reply) => {
    const { id } = await writable(req);
    return createOnce(req, reply, ctx, {
      answer: async (sid) => (await sessionsOf(db, id, sid))[0],
      create: async (keep) => {
        const { schema, offset } = await settings();
        const input = parseInput(schema, req.body);
        const now = ctx.now();
        return writeTransaction(db, async (trx) => {
          const at = await checkSession(trx, id, input, offset, null);
          const row = await trx
            .insertInto("class_session")
            .values({
              class_id: id,
              url: "",
              is_playback: 0,
              ...values(input, at, now.toISOString()),
              datetime_create: now.toISOString(),
            })
            .returning("id")
            .executeTakeFirstOrThrow();
          await setInstructors(trx, row.id, input.instructor_list);
          await touch(trx, classResource, id, now);
          return keep(trx, row.id);
        });
      },
    });
  });

  app.patch(ITEM, async (req) => {
    const { id } = await writable(req);
    const { schema, offset } = await settings();
    const input = parseChanges(schema, req.body);
    const now = ctx.now();
    const sid = await writeTransaction(db, async (trx) => {
      const own = await sessionId(trx, id, req);
      const at = await checkSession(trx, id, input, offset, own);
      await trx
        .updateTable("class_session")
        .set(values(input, at, now.toISOString()))
        .where("id", "=", own)
        .execute();
      await setInstructors(trx, own, input.instructor_list);
      await touch(trx, classResource, id, now);
      return own;
    });
    return (await sessionsOf(db, id, sid))[0];
  });

  app.delete(ITEM, async (req, reply) => {
    const { id } = await writable(req);
    const now = ctx.now();
    await writeTransaction(db, async (trx) => {
      await trx
        .deleteFrom("class_session")
        .where("id", "=", await sessionId(trx, id, req))
        .execute();
      const left = await trx.selectFrom("class_session").select("id").where("class_id", "=", id).executeTakeFirst();
      const klass = await trx.selectFrom("class").select("is_display").where("id", "=", id).executeTakeFirstOrThrow();
      if (!left && klass.is_display) await hideContent(trx, "class", id, now);
      else await touch(trx, classResource, id, now);
    });
    return reply.status(204).send();
  });

  app.get("/dashboard/class/:id(^\\d{1,12})/session-options/", async (req) => {
    await itemAccess(req, db, classResource, ["change"]);
    const locations = (await sql<Place>`select id, name from ${sql.table("location")} order by name, id`.execute(db))
      .rows;
    const rooms = (
      await sql<
        Place & { location_id: number }
      >`select id, name, location_id from ${sql.table("room")} order by name, id`.execute(db)
    ).rows;
    return { locations, rooms };
  });
}
