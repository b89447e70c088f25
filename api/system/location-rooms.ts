import type { FastifyInstance, FastifyRequest } from "fastify";
import { sql, type Selectable, type SqlBool } from "kysely";
import { MSG } from "../../contract/messages";
import { roomSchemas, type Room } from "../../contract/schemas/location";
import type { Db } from "../db/index";
import type { Database } from "../db/schema";
import type { ApiContext } from "../http/context";
import { createOnce } from "../http/idempotency";
import { ApiError, badRequest, notFound, parseChanges, parseInput } from "../http/errors";
import { parseOrdering, tieDirection } from "../http/ordering";
import { paginate, readPageQuery } from "../http/paging";
import { itemId, likePattern, writeTransaction, type Trx } from "../engine/crud";
import { textLimits } from "./config-store";
import { CODE_UNIQUE, existingId, requireModule } from "./master";

/**
 * A location's rooms (spec 000 §2.11 /location/{locationid}/room; docs/decisions/039), under
 * /api/dashboard/location/{id}/room/: GET (paged, `search` on name and code, `ordering` name,
 * code, capacity, id), POST; {rid}/: GET, PATCH, DELETE. Reads need location_view_location;
 * writes location_change_location (a room is part of its location, as a provider's highlight is
 * of its provider). A room's code is unique within its location (400 code_already_used).
 *
 * Delete: refused (424 cannot_delete_because_dependency) while a class session takes place in
 * the room (class_session.room_id, migration 0019) — the one place a room's use is checked, since
 * a location with rooms is never deleted with them (locations.ts).
 */

type Row = Selectable<Database["room"]>;

const ORDERING = {
  name: [sql`lower(${sql.ref("r.name")})`, sql.ref("r.name")],
  code: sql`lower(${sql.ref("r.code")})`,
  capacity: sql.ref("r.capacity"),
  id: sql.ref("r.id"),
} as const;

async function present(q: Db | Trx, rows: Row[]): Promise<Room[]> {
  if (!rows.length) return [];
  const names = new Map(
    (
      await q
        .selectFrom("location")
        .select(["id", "name"])
        .where("id", "in", [...new Set(rows.map((r) => r.location_id))])
        .execute()
    ).map((l) => [l.id, l.name]),
  );
  return rows.map((r) => ({
    id: r.id,
    location: { id: r.location_id, name: names.get(r.location_id) ?? "" },
    name: r.name,
    code: r.code,
    capacity: Number(r.capacity),
    desc: r.desc ?? "",
    datetime_create: r.datetime_create,
    datetime_update: r.datetime_update,
  }));
}

/** The code is free within the location (case-insensitively, another room than `selfId`). */
async function assertRoomCodeFree(
  trx: Trx,
  locationId: number,
  code: string | null | undefined,
  selfId: number | null,
) {
  if (!code) return;
  let q = trx
    .selectFrom("room")
    .select("id")
    .where("location_id", "=", locationId)
    .where(sql`lower(code)`, "=", code.toLowerCase());
  if (selfId !== null) q = q.where("id", "<>", selfId);
  if (await q.executeTakeFirst()) throw badRequest({ code: [MSG.code_already_used] });
}

export function roomRoutes(app: FastifyInstance, ctx: ApiContext) {
  const { db } = ctx;
  const base = "/dashboard/location/:id(^\\d{1,12})/room/";
  const item = `${base}:rid(^\\d{1,12})/`;
  const access = async (req: FastifyRequest, action: "view" | "change") => {
    await requireModule(req, db, "location", action);
    return existingId(req, db, "location");
  };
  const rowOf = async (q: Db | Trx, req: FastifyRequest, locationId: number): Promise<Row> => {
    const row = await q
      .selectFrom("room")
      .selectAll()
      .where("id", "=", itemId(req, "rid"))
      .where("location_id", "=", locationId)
      .executeTakeFirst();
    if (!row) throw notFound();
    return row;
  };
  const one = async (q: Db | Trx, id: number) =>
    (await present(q, [await q.selectFrom("room").selectAll().where("id", "=", id).executeTakeFirstOrThrow()]))[0];

  app.get(base, async (req) => {
    const locationId = await access(req, "view");
    const q = readPageQuery(req);
    const order = parseOrdering(q.ordering, ORDERING, "name");
    if (!order) throw badRequest({ ordering: [MSG.invalid_choice] });
    let query = db.selectFrom("room as r").selectAll("r").where("r.location_id", "=", locationId);
    if (q.search) {
      const p = likePattern(q.search);
      query = query.where(
        sql<SqlBool>`(lower(${sql.ref("r.name")}) like ${p} escape '\\' or lower(coalesce(${sql.ref("r.code")}, '')) like ${p} escape '\\')`,
      );
    }
    for (const o of order) query = query.orderBy(o.expr, o.desc ? "desc" : "asc");
    const page = await paginate(req, query.orderBy("r.id", tieDirection(order)), q);
    return { ...page, results: await present(db, page.results) };
  });

  app.post(base, async (req, reply) => {
    const locationId = await access(req, "change");
    return createOnce(req, reply, ctx, {
      answer: (id) => one(db, id),
      create: async (keep) => {
        const input = parseInput(roomSchemas(await textLimits(db)).create, req.body);
        const at = ctx.now().toISOString();
        return writeTransaction(
          db,
          async (trx) => {
            await assertRoomCodeFree(trx, locationId, input.code, null);
            const values = {
              location_id: locationId,
              name: input.name,
              code: input.code,
              capacity: input.capacity,
              desc: input.desc,
              datetime_create: at,
              datetime_update: at,
            };
            return keep(
              trx,
              (await trx.insertInto("room").values(values).returning("id").executeTakeFirstOrThrow()).id,
            );
          },
          CODE_UNIQUE,
        );
      },
    });
  });

  app.get(item, async (req) => (await present(db, [await rowOf(db, req, await access(req, "view"))]))[0]);

  app.patch(item, async (req) => {
    const locationId = await access(req, "change");
    const before = await rowOf(db, req, locationId);
    const input = parseChanges(roomSchemas(await textLimits(db)).update, req.body);
    await writeTransaction(
      db,
      async (trx) => {
        await assertRoomCodeFree(trx, locationId, input.code, before.id);
        const set = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
        await trx
          .updateTable("room")
          .set({ ...set, datetime_update: ctx.now().toISOString() })
          .where("id", "=", before.id)
          .execute();
      },
      CODE_UNIQUE,
    );
    return one(db, before.id);
  });

  app.delete(item, async (req, reply) => {
    const locationId = await access(req, "change");
    await writeTransaction(db, async (trx) => {
      const row = await rowOf(trx, req, locationId);
      if (await trx.selectFrom("class_session").select("id").where("room_id", "=", row.id).executeTakeFirst())
        throw new ApiError(424, { detail: MSG.cannot_delete_because_dependency });
      await trx.deleteFrom("room").where("id", "=", row.id).execute();
    });
    return reply.status(204).send();
  });
}
