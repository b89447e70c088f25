import type { FastifyInstance, FastifyRequest } from "fastify";
import { MSG } from "../../../contract/messages";
import type { SlotType } from "../../../contract/curriculum-codes";
import {
  SESSION_PAGE_MSG,
  isOnlineSession,
  sessionLiveItemSchema,
  sessionLiveSchema,
  sessionMaterialSchema,
  type SessionLive,
  type SessionMaterial,
} from "../../../contract/schemas/class-session-pages";
import { takesLiveItem } from "../../../contract/class-codes";
import { fromFlag, toFlag, type Db } from "../../db/index";
import type { ApiContext } from "../../http/context";
import { ApiError, badRequest, notFound, parseChanges, parseInput } from "../../http/errors";
import { accessOf, isVisible, itemAccess, itemId, touch, writeTransaction, type Trx } from "../../engine/crud";
import { liveResource } from "../live/resource";
import { contentRowRoutes } from "../../engine/content-rows";
import { configValues } from "../../system/config-store";
import { surveyRowsOn } from "../features/extras/survey-rows";
import { contentRef, ofContent, type ContentRef } from "../ref";
import type { ContentDefinition } from "../definition";
import { classResource, classWriteRefusal } from "./resource";
import { sql } from "kysely";

/**
 * A session's own pages (spec 000 §2.4 "Curriculum sub-pages: … {sessionid} with edit, live,
 * material, survey"; docs/decisions/045), under dashboard/class/{id}/session/{sessionid}/:
 *   GET    live/                  {id, name, type, is_online, url, is_playback, live_id} (view)
 *   PUT    live/                  {url, is_playback} (change); only types 1 live rerun and
 *          5 external conference (400 {detail: cls_msg_session_not_online} otherwise); a
 *          conference needs its link (400 {url: [cls_msg_conference_needs_url]})
 *   PATCH  live/                  {live_id} (change): the live item a live rerun replays, one the
 *          account may see (400 {live_id: [invalid_choice]} otherwise; another online type:
 *          {live_id: [cls_msg_live_needs_rerun]}); null / blank clears it (docs/decisions/070)
 *   GET    material/              the class materials the session uses, in order (view)
 *   POST   material/              {material}: one of the class's materials (change) → 201;
 *          400 invalid_choice (not the class's) / already_added
 *   DELETE material/{rowid}/      unlink (change) → 204; the material stays in the class
 *   …      survey/                the content survey feature's calls, rows of the session
 * A session of another class is 404; every write to a cancelled class is refused (cls_msg_cancelled).
 */
const ID = "(^\\d{1,12})";
const SESSION = `/dashboard/class/:id${ID}/session/:sessionid${ID}/`;

/** The session `sessionid` of class `classId`, or 404. */
async function sessionRow(q: Db | Trx, classId: number, req: FastifyRequest) {
  const row = await q
    .selectFrom("class_session")
    .select(["id", "name", "type", "url", "is_playback", "live_id"])
    .where("id", "=", itemId(req, "sessionid"))
    .where("class_id", "=", classId)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

async function presentLive(db: Db, r: Awaited<ReturnType<typeof sessionRow>>): Promise<SessionLive> {
  // A live deleted since leaves its id behind (no foreign key): shown as gone, cleared by the next save.
  const live =
    r.live_id == null
      ? null
      : ((await db.selectFrom("live").select(["id", "name"]).where("id", "=", r.live_id).executeTakeFirst()) ?? null);
  return {
    id: r.id,
    name: r.name,
    type: r.type,
    is_online: isOnlineSession(r.type),
    url: r.url,
    is_playback: fromFlag(r.is_playback),
    live_id: r.live_id ?? null,
    live,
  };
}

/** Whether the account may see live `liveId` (the live module's view flag or scope, as its list). */
async function liveVisible(req: FastifyRequest, db: Db, liveId: number): Promise<boolean> {
  const access = await accessOf(req, db, liveResource).catch(() => null);
  return access !== null && (await isVisible(db, liveResource, liveId, access));
}

/** The class in scope with the flag, and, for a write, not cancelled. */
async function classAccess(req: FastifyRequest, db: Db, write: boolean) {
  const access = await itemAccess(req, db, classResource, write ? ["change"] : []);
  if (write) {
    const refusal = await classWriteRefusal(db, access.id);
    if (refusal) throw refusal;
  }
  return access;
}

async function sessionMaterials(db: Db, sessionId: number): Promise<SessionMaterial[]> {
  const rows = await db
    .selectFrom("class_session_material as sm")
    .innerJoin("content_material as m", "m.id", "sm.material_id")
    .innerJoin("content_section as s", "s.id", "m.section_id")
    .select([
      "sm.id",
      "sm.sort",
      "m.id as material_id",
      "m.name",
      "m.slot_type",
      "m.is_required",
      "m.is_display",
      "m.url",
      "m.file",
      "m.file_name",
      "s.id as section_id",
      "s.name as section_name",
    ])
    .where("sm.session_id", "=", sessionId)
    .orderBy("sm.sort")
    .orderBy("sm.id")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    sort: r.sort,
    material: {
      id: r.material_id,
      name: r.name,
      slot_type: r.slot_type as SlotType,
      section: { id: r.section_id, name: r.section_name },
      is_required: fromFlag(r.is_required),
      is_display: fromFlag(r.is_display),
      url: r.url,
      file: r.file,
      file_name: r.file_name,
    },
  }));
}

export function sessionPageRoutes(app: FastifyInstance, ctx: ApiContext) {
  const { db } = ctx;

  // Live -------------------------------------------------------------------------------------

  app.get(`${SESSION}live/`, async (req) => {
    const { id } = await classAccess(req, db, false);
    return presentLive(db, await sessionRow(db, id, req));
  });

  app.patch(`${SESSION}live/`, async (req) => {
    const { id } = await classAccess(req, db, true);
    const session = await sessionRow(db, id, req);
    const { live_id } = parseChanges(sessionLiveItemSchema, req.body ?? {});
    // Clearing is always allowed (a session whose type changed may still name one).
    if (live_id !== null) {
      if (!isOnlineSession(session.type)) throw new ApiError(400, { detail: SESSION_PAGE_MSG.not_online });
      if (!takesLiveItem(session.type)) throw badRequest({ live_id: [SESSION_PAGE_MSG.live_needs_rerun] });
      if (!(await liveVisible(req, db, live_id))) throw badRequest({ live_id: [MSG.invalid_choice] });
    }
    const now = ctx.now();
    await writeTransaction(db, async (trx) => {
      await trx
        .updateTable("class_session")
        .set({ live_id, datetime_update: now.toISOString() })
        .where("id", "=", session.id)
        .execute();
      await touch(trx, classResource, id, now);
    });
    return presentLive(db, await sessionRow(db, id, req));
  });

  app.put(`${SESSION}live/`, async (req) => {
    const { id } = await classAccess(req, db, true);
    const session = await sessionRow(db, id, req);
    if (!isOnlineSession(session.type)) throw new ApiError(400, { detail: SESSION_PAGE_MSG.not_online });
    const c = await configValues(db, ["url-limit"]);
    const input = parseInput(sessionLiveSchema({ url: Number(c["url-limit"]) || 255 }), req.body);
    // An external conference happens at its link; a live rerun replays the live item (issue 18) and may have none.
    if (session.type === 5 && input.url === "") throw badRequest({ url: [SESSION_PAGE_MSG.conference_needs_url] });
    const now = ctx.now();
    await writeTransaction(db, async (trx) => {
      await trx
        .updateTable("class_session")
        .set({ url: input.url, is_playback: toFlag(input.is_playback), datetime_update: now.toISOString() })
        .where("id", "=", session.id)
        .execute();
      await touch(trx, classResource, id, now);
    });
    return presentLive(db, await sessionRow(db, id, req));
  });

  // Material ---------------------------------------------------------------------------------

  app.get(`${SESSION}material/`, async (req) => {
    const { id } = await classAccess(req, db, false);
    const session = await sessionRow(db, id, req);
    const results = await sessionMaterials(db, session.id);
    return { results, count: results.length, page_size: results.length, next: null, page: 1 };
  });

  app.post(`${SESSION}material/`, async (req, reply) => {
    const { id } = await classAccess(req, db, true);
    const session = await sessionRow(db, id, req);
    const input = parseInput(sessionMaterialSchema, req.body);
    const ref = await contentRef(db, classResource, id);
    const now = ctx.now();
    const rowId = await writeTransaction(
      db,
      async (trx) => {
        const material = await trx
          .selectFrom("content_material")
          .select("id")
          .where("id", "=", input.material)
          .where(ofContent(ref))
          .executeTakeFirst();
        if (!material) throw badRequest({ material: [MSG.invalid_choice] });
        const siblings = trx.selectFrom("class_session_material").where("session_id", "=", session.id);
        if (await siblings.select("id").where("material_id", "=", material.id).executeTakeFirst())
          throw badRequest({ material: [MSG.already_added] });
        const last = await siblings.select((eb) => eb.fn.max("sort").as("sort")).executeTakeFirst();
        const row = await trx
          .insertInto("class_session_material")
          .values({ session_id: session.id, material_id: material.id, sort: Number(last?.sort ?? 0) + 1 })
          .returning("id")
          .executeTakeFirstOrThrow();
        await touch(trx, classResource, id, now);
        return row.id;
      },
      { field: "material", message: MSG.already_added },
    );
    return reply.status(201).send((await sessionMaterials(db, session.id)).find((m) => m.id === rowId));
  });

  app.delete(`${SESSION}material/:rowid${ID}/`, async (req, reply) => {
    const { id } = await classAccess(req, db, true);
    const session = await sessionRow(db, id, req);
    const rowId = itemId(req, "rowid");
    const now = ctx.now();
    await writeTransaction(db, async (trx) => {
      const gone = await trx
        .deleteFrom("class_session_material")
        .where("id", "=", rowId)
        .where("session_id", "=", session.id)
        .executeTakeFirst();
      if (!Number(gone.numDeletedRows)) throw notFound();
      await touch(trx, classResource, id, now);
    });
    return reply.status(204).send();
  });

  // Survey: the content survey feature, its rows a session's ------------------------------------

  const sessionOfClass = async (q: Db, ref: ContentRef, sessionId: number) =>
    !!(await q
      .selectFrom("class_session")
      .select("id")
      .where("id", "=", sessionId)
      .where("class_id", "=", ref.contentId)
      .executeTakeFirst());
  const sessionSurveys = surveyRowsOn({
    table: "class_session_survey",
    where: (ref) => sql`cs.session_id = ${ref.scopeId ?? 0}`,
    columns: (ref) => ({ session_id: ref.scopeId ?? 0 }),
    scope: {
      path: "session",
      param: "sessionid",
      column: "session_id",
      owns: sessionOfClass,
      writable: async (q, ref) => {
        const refusal = await classWriteRefusal(q, ref.contentId);
        if (refusal) throw refusal;
      },
    },
  });
  contentRowRoutes(app, ctx, { resource: classResource } as unknown as ContentDefinition, sessionSurveys);
}
