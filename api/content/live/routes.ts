import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "../../../contract/zod";
import { MSG } from "../../../contract/messages";
import {
  BACKUP_STATUSES,
  LIVE_MSG,
  LIVE_TYPE,
  liveTransitionKind,
  type LiveStatus,
} from "../../../contract/live-codes";
import { liveBackupSchema, liveQuestionSchema, type LiveQuestion } from "../../../contract/schemas/live";
import { contentDisplaySchema } from "../../../contract/schemas/content";
import { allowedTransitions, type ProgressStatus } from "../../../contract/codes";
import { flag } from "../../../contract/permissions";
import { fromFlag, toFlag, type Db } from "../../db/index";
import type { ApiContext } from "../../http/context";
import { ApiError, badRequest, notFound, parseChanges, parseInput } from "../../http/errors";
import { paginate, readPageQuery } from "../../http/paging";
import { accessOf, inTransaction, itemAccess, touch } from "../../engine/crud";
import { contentRef } from "../ref";
import { liveResource } from "./resource";

/**
 * A live's own calls beside the engine's (docs/decisions/066):
 *   GET   dashboard/live/{id}/stream/             the stream: details, status, download state (view), and its
 *         learners counted per progress status (with the progress flag; else null)
 *   GET   dashboard/live/{id}/stream/learner/     who is enrolled, joined or not (paged; learner flag)
 *   GET   dashboard/live/{id}/question/           questions asked during the stream, newest first
 *         (paged; view); ?scope=stream leaves hidden ones out, ?is_answered=true|false
 *   PATCH dashboard/live/{id}/question/{qid}/     {is_answered?, is_hidden?} (change)
 *   GET   dashboard/live_backup/                  the recordings kept, by name (paged; view)
 *   GET   dashboard/live_backup/candidate/        the lives that may be kept (ended, recorded, not kept; change)
 *   POST  dashboard/live_backup/                  {live}: keep an ended live with a recording (change)
 *   PATCH dashboard/live_backup/{id}/             {is_display}: show the recording or not (publish)
 *   DELETE dashboard/live_backup/{id}/            stop keeping it (change)
 * The backup list is the live list with `is_backup=true`.
 */

const ITEM = "/dashboard/live/:id(^\\d{1,12})";
const questionQuery = z.object({
  scope: z.enum(["stream", "all"]).default("all"),
  is_answered: z.enum(["true", "false"]).optional(),
});

function questions(db: Db, liveId: number) {
  return db
    .selectFrom("live_question as q")
    .leftJoin("account as a", "a.id", "q.account_id")
    .select([
      "q.id",
      "q.text",
      "q.datetime_create",
      "q.is_answered",
      "q.is_hidden",
      "q.datetime_answer",
      "a.id as account_id",
      "a.username",
      "a.first_name",
      "a.last_name",
    ])
    .where("q.live_id", "=", liveId);
}
type QRow = Awaited<ReturnType<ReturnType<typeof questions>["execute"]>>[number];
const presentQuestion = (r: QRow): LiveQuestion => ({
  id: r.id,
  account:
    r.account_id === null
      ? null
      : { id: r.account_id, username: r.username ?? "", first_name: r.first_name ?? "", last_name: r.last_name ?? "" },
  text: r.text,
  datetime_create: r.datetime_create,
  is_answered: fromFlag(r.is_answered),
  is_hidden: fromFlag(r.is_hidden),
  datetime_answer: r.datetime_answer,
});

export function liveRoutes(app: FastifyInstance, ctx: ApiContext) {
  const { db } = ctx;
  const idOf = (req: FastifyRequest, name: string) => Number((req.params as Record<string, string>)[name]);

  app.get(`${ITEM}/stream/`, async (req) => {
    const { id, flags } = await itemAccess(req, db, liveResource, ["view"]);
    const r = await db.selectFrom("live").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    const ref = await contentRef(db, liveResource, id);
    const counts = await db
      .selectFrom("content_enrollment")
      .select((eb) => ["status", eb.fn.countAll<number>().as("n")])
      .where("content_type_id", "=", ref.contentTypeId)
      .where("content_id", "=", id)
      .groupBy("status")
      .orderBy("status")
      .execute();
    const kind = liveTransitionKind(r.live_type);
    return {
      status: r.status as LiveStatus,
      download_status: r.download_status,
      video_url: r.video_url,
      datetime_live_start: r.datetime_live_start,
      datetime_live_end: r.datetime_live_end,
      stream: {
        stream_key: r.stream_key,
        stream_url: r.stream_url,
        stream_user: r.stream_user,
        stream_password: r.stream_password,
        status: r.status,
      },
      transition_kind: kind,
      // Learners counted by status only for the progress flag (as the overall figures are).
      progress: !flags.has(flag(liveResource.module, "progress"))
        ? null
        : counts.map((c) => ({
            status: c.status as ProgressStatus,
            count: Number(c.n),
            allowed_status: [...allowedTransitions(kind, c.status)],
          })),
    };
  });

  app.get(`${ITEM}/stream/learner/`, async (req) => {
    const { id } = await itemAccess(req, db, liveResource, ["learner"]);
    const ref = await contentRef(db, liveResource, id);
    const page = readPageQuery(req);
    const query = db
      .selectFrom("content_enrollment as e")
      .innerJoin("account as a", "a.id", "e.account_id")
      .select([
        "e.id",
        "e.status",
        "e.datetime_start",
        "a.id as account_id",
        "a.username",
        "a.first_name",
        "a.last_name",
      ])
      .where("e.content_type_id", "=", ref.contentTypeId)
      .where("e.content_id", "=", id)
      .orderBy("e.datetime_start", "desc")
      .orderBy("e.id");
    const answer = await paginate(req, query, page);
    return {
      ...answer,
      results: answer.results.map((r) => ({
        id: r.id,
        account: { id: r.account_id, username: r.username, first_name: r.first_name, last_name: r.last_name },
        status: r.status,
        // Joined the stream: the learner has started (a live-only learner who attended is completed).
        has_joined: r.datetime_start !== null,
        datetime_start: r.datetime_start,
      })),
    };
  });

  app.get(`${ITEM}/question/`, async (req) => {
    const { id } = await itemAccess(req, db, liveResource, ["view"]);
    const page = readPageQuery(req);
    const f = parseInput(questionQuery, req.query);
    let query = questions(db, id).orderBy("q.datetime_create", "desc").orderBy("q.id", "desc");
    if (f.scope === "stream") query = query.where("q.is_hidden", "=", 0);
    if (f.is_answered) query = query.where("q.is_answered", "=", f.is_answered === "true" ? 1 : 0);
    const answer = await paginate(req, query, page);
    return { ...answer, results: answer.results.map(presentQuestion) };
  });

  app.patch(`${ITEM}/question/:qid(^\\d{1,12})/`, async (req) => {
    const { id, account } = await itemAccess(req, db, liveResource, ["change"]);
    const qid = idOf(req, "qid");
    const input = parseChanges(liveQuestionSchema, req.body);
    const now = ctx.now().toISOString();
    await inTransaction(db, liveResource, async (trx) => {
      const row = await trx
        .selectFrom("live_question")
        .select(["id", "is_answered"])
        .where("id", "=", qid)
        .where("live_id", "=", id)
        .executeTakeFirst();
      if (!row) throw notFound();
      await trx
        .updateTable("live_question")
        .set({
          ...(input.is_answered !== undefined && {
            is_answered: toFlag(input.is_answered),
            datetime_answer: input.is_answered ? now : null,
            answered_by: input.is_answered ? account.id : null,
          }),
          ...(input.is_hidden !== undefined && { is_hidden: toFlag(input.is_hidden) }),
        })
        .where("id", "=", qid)
        .execute();
    });
    return presentQuestion(await questions(db, id).where("q.id", "=", qid).executeTakeFirstOrThrow());
  });

  // Recordings kept (the /live_backup pages) ---------------------------------------------------
  const backupItem = "/dashboard/live_backup/:id(^\\d{1,12})/";
  const backupAnswer = async (id: number) => await liveResource.load(db, id, ctx.now());

  // The recordings kept, by name (paged; view): what a recording's pages are reached from. The list page reads the live list's `is_backup=true`, with every column.
  app.get("/dashboard/live_backup/", async (req) => {
    const access = await accessOf(req, db, liveResource, ["view"]);
    let q = db
      .selectFrom("live as t")
      .select(["t.id", "t.name", "t.code", "t.is_backup_display", "t.datetime_backup"])
      .where("t.is_backup", "=", 1);
    if (access.scope) q = q.where(access.scope);
    const answer = await paginate(req, q.orderBy("t.datetime_backup", "desc").orderBy("t.id"), readPageQuery(req));
    return {
      ...answer,
      results: answer.results.map((r) => ({ ...r, is_backup_display: fromFlag(r.is_backup_display) })),
    };
  });

  // The lives that may be kept: ended, with a recording, not kept yet (the create page's choices; change flag).
  app.get("/dashboard/live_backup/candidate/", async (req) => {
    const access = await accessOf(req, db, liveResource, ["change"]);
    let q = db
      .selectFrom("live as t")
      .select(["t.id", "t.name", "t.code", "t.status", "t.datetime_live_end"])
      .where("t.is_backup", "=", 0)
      .where("t.live_type", "!=", LIVE_TYPE.live_only)
      .where("t.status", "in", [...BACKUP_STATUSES]);
    if (access.scope) q = q.where(access.scope);
    return { results: await q.orderBy("t.datetime_live_end", "desc").orderBy("t.id").limit(500).execute() };
  });

  app.post("/dashboard/live_backup/", async (req, reply) => {
    // The session and the change flag before the body: a caller without them learns nothing of its fields (issue 32).
    await accessOf(req, db, liveResource, ["change"]);
    const input = parseInput(liveBackupSchema, req.body);
    // The live named in the body is checked as the item of the call (its scope too).
    (req.params as Record<string, string>).id = String(input.live);
    const { id } = await itemAccess(req, db, liveResource, ["change"]).catch((e: unknown) => {
      if (e instanceof ApiError && e.status === 404) throw badRequest({ live: [MSG.invalid_choice] });
      throw e;
    });
    await inTransaction(db, liveResource, async (trx) => {
      const r = await trx
        .selectFrom("live")
        .select(["live_type", "status"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      if (r.live_type === LIVE_TYPE.live_only) throw badRequest({ live: [LIVE_MSG.no_recording] });
      if (!(BACKUP_STATUSES as readonly number[]).includes(r.status)) throw badRequest({ live: [LIVE_MSG.not_ended] });
      await trx
        .updateTable("live")
        .set({ is_backup: 1, datetime_backup: ctx.now().toISOString() })
        .where("id", "=", id)
        .execute();
      await touch(trx, liveResource, id, ctx.now());
    });
    return reply.code(201).send(await backupAnswer(id));
  });

  app.patch(backupItem, async (req) => {
    const { id } = await itemAccess(req, db, liveResource, ["publish"]);
    const input = parseChanges(contentDisplaySchema.pick({ is_display: true }), req.body);
    await inTransaction(db, liveResource, async (trx) => {
      const r = await trx.selectFrom("live").select("is_backup").where("id", "=", id).executeTakeFirstOrThrow();
      if (!r.is_backup) throw notFound();
      if (input.is_display !== undefined)
        await trx
          .updateTable("live")
          .set({ is_backup_display: toFlag(input.is_display) })
          .where("id", "=", id)
          .execute();
      await touch(trx, liveResource, id, ctx.now());
    });
    return backupAnswer(id);
  });

  app.delete(backupItem, async (req, reply) => {
    const { id } = await itemAccess(req, db, liveResource, ["change"]);
    await inTransaction(db, liveResource, async (trx) => {
      const res = await trx
        .updateTable("live")
        .set({ is_backup: 0, is_backup_display: 0, datetime_backup: null })
        .where("id", "=", id)
        .where("is_backup", "=", 1)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) throw notFound();
      await touch(trx, liveResource, id, ctx.now());
    });
    return reply.code(204).send();
  });
}
