import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "../../../contract/zod";
import { MEDIA_LIMITS, MEDIA_MSG, UGC_STATUS, UGC_STATUS_CODES, type UgcStatus } from "../../../contract/media-codes";
import {
  cardSchema,
  cardUpdateSchema,
  ugcReviewSchema,
  type MediaCard,
  type UgcCard,
} from "../../../contract/schemas/media";
import { MSG } from "../../../contract/messages";
import { PROGRESS_STATUS } from "../../../contract/codes";
import type { Db } from "../../db/index";
import type { ApiContext } from "../../http/context";
import { createOnce } from "../../http/idempotency";
import { ApiError, badRequest, notFound, parseChanges, parseInput } from "../../http/errors";
import { paginate, readPageQuery } from "../../http/paging";
import { idFilterValue, inTransaction, itemAccess, itemId, touch, type AnyResource } from "../../engine/crud";
import { contentRef } from "../ref";

/**
 * A flash card set's own calls (spec 000 §2.9 flash-card summary and ugc; docs/decisions/069):
 *   GET    dashboard/flash_card/{id}/card/              its cards in order (view)
 *   POST   dashboard/flash_card/{id}/card/              {front, back}: add one at the end (change; at most 200)
 *   PATCH  dashboard/flash_card/{id}/card/{cardid}/     {front?, back?} (change)
 *   DELETE dashboard/flash_card/{id}/card/{cardid}/     (change; the last card of a shown set stays)
 *   GET    dashboard/flash_card/{id}/ugc/               learners' cards, newest first (paged; ?status=0|1|-1; view)
 *   GET    dashboard/flash_card/{id}/ugc/{ugcid}/       one of them (view)
 *   PATCH  dashboard/flash_card/{id}/ugc/{ugcid}/       {status?, front?, back?}: review it; its text only while it waits (change)
 *   DELETE dashboard/flash_card/{id}/ugc/{ugcid}/       (change)
 *   GET    dashboard/flash_card/{id}/summary/           cards, learners' cards by status, learners by progress (view)
 */

/** The learners' cards list's filters: review status, and who made them (the creator filter list, creators.ts). */
const ugcQuery = z.object({
  status: z.enum(UGC_STATUS_CODES.map(String) as [string, ...string[]]).optional(),
  account: z
    .string()
    .optional()
    .refine((v) => v === undefined || v === "" || idFilterValue(v) !== null, MSG.invalid),
});

const ugcRows = (db: Db, mediaId: number) =>
  db
    .selectFrom("media_ugc_card as u")
    .leftJoin("account as a", "a.id", "u.account_id")
    .select([
      "u.id",
      "u.front",
      "u.back",
      "u.status",
      "u.datetime_create",
      "u.datetime_update",
      "a.id as account_id",
      "a.username",
      "a.first_name",
      "a.last_name",
    ])
    .where("u.media_id", "=", mediaId);
type URow = Awaited<ReturnType<ReturnType<typeof ugcRows>["execute"]>>[number];
const presentUgc = (r: URow): UgcCard => ({
  id: r.id,
  account:
    r.account_id === null
      ? null
      : { id: r.account_id, username: r.username ?? "", first_name: r.first_name ?? "", last_name: r.last_name ?? "" },
  front: r.front,
  back: r.back,
  status: r.status as UgcStatus,
  datetime_create: r.datetime_create,
  datetime_update: r.datetime_update,
});

export const cardsOf = (db: Db, mediaId: number): Promise<MediaCard[]> =>
  db
    .selectFrom("media_card")
    .select(["id", "sort", "front", "back"])
    .where("media_id", "=", mediaId)
    .orderBy("sort")
    .orderBy("id")
    .execute();

export function flashCardRoutes(app: FastifyInstance, ctx: ApiContext, resource: AnyResource) {
  const { db } = ctx;
  const item = `/dashboard/${resource.path}/:id(^\\d{1,12})`;
  const rowOf = async (req: FastifyRequest, table: "media_card" | "media_ugc_card", mediaId: number) => {
    const rowId = itemId(req, "rowid");
    const row = await db
      .selectFrom(table)
      .select("id")
      .where("id", "=", rowId)
      .where("media_id", "=", mediaId)
      .executeTakeFirst();
    if (!row) throw notFound();
    return rowId;
  };

  app.get(`${item}/card/`, async (req) => {
    const { id } = await itemAccess(req, db, resource, []);
    const results = await cardsOf(db, id);
    return { count: results.length, results };
  });
  app.post(`${item}/card/`, async (req, reply) => {
    const { id } = await itemAccess(req, db, resource, ["change"]);
    return createOnce(req, reply, ctx, {
      answer: (rowId) =>
        db
          .selectFrom("media_card")
          .select(["id", "sort", "front", "back"])
          .where("id", "=", rowId)
          .where("media_id", "=", id)
          .executeTakeFirst(),
      create: (keep) => {
        const input = parseInput(cardSchema, req.body ?? {});
        return inTransaction(db, resource, async (trx) => {
          const { n, top } = (await trx
            .selectFrom("media_card")
            .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.max("sort").as("top")])
            .where("media_id", "=", id)
            .executeTakeFirstOrThrow()) as { n: number; top: number | null };
          if (Number(n) >= MEDIA_LIMITS.cards) throw badRequest({ detail: MSG.too_long });
          const row = await trx
            .insertInto("media_card")
            .values({ media_id: id, sort: Number(top ?? 0) + 1, ...input })
            .returning("id")
            .executeTakeFirstOrThrow();
          await touch(trx, resource, id, ctx.now());
          return keep(trx, row.id);
        });
      },
    });
  });
  app.patch(`${item}/card/:rowid/`, async (req) => {
    const { id } = await itemAccess(req, db, resource, ["change"]);
    const rowId = await rowOf(req, "media_card", id);
    const input = parseChanges(cardUpdateSchema, req.body ?? {});
    await inTransaction(db, resource, async (trx) => {
      if (Object.keys(input).length) await trx.updateTable("media_card").set(input).where("id", "=", rowId).execute();
      await touch(trx, resource, id, ctx.now());
    });
    return db
      .selectFrom("media_card")
      .select(["id", "sort", "front", "back"])
      .where("id", "=", rowId)
      .executeTakeFirstOrThrow();
  });
  app.delete(`${item}/card/:rowid/`, async (req, reply) => {
    const { id } = await itemAccess(req, db, resource, ["change"]);
    const rowId = await rowOf(req, "media_card", id);
    await inTransaction(db, resource, async (trx) => {
      const shown =
        (await trx.selectFrom("media").select("is_display").where("id", "=", id).executeTakeFirstOrThrow())
          .is_display === 1;
      const { n } = (await trx
        .selectFrom("media_card")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("media_id", "=", id)
        .executeTakeFirstOrThrow()) as { n: number };
      // A shown set keeps a card: it was shown because it had one (its publish precondition).
      if (shown && Number(n) <= 1) throw new ApiError(428, { detail: MEDIA_MSG.card_required });
      await trx.deleteFrom("media_card").where("id", "=", rowId).execute();
      await touch(trx, resource, id, ctx.now());
    });
    return reply.status(204).send();
  });

  app.get(`${item}/ugc/`, async (req) => {
    const { id } = await itemAccess(req, db, resource, []);
    const q = readPageQuery(req);
    const { status, account } = parseInput(ugcQuery, req.query);
    let query = ugcRows(db, id);
    if (status !== undefined) query = query.where("u.status", "=", Number(status));
    if (account) query = query.where("u.account_id", "=", idFilterValue(account)!);
    const page = await paginate(req, query.orderBy("u.datetime_create", "desc").orderBy("u.id", "desc"), q);
    return { ...page, results: page.results.map(presentUgc) };
  });
  app.get(`${item}/ugc/:rowid/`, async (req) => {
    const { id } = await itemAccess(req, db, resource, []);
    const rowId = await rowOf(req, "media_ugc_card", id);
    return presentUgc(await ugcRows(db, id).where("u.id", "=", rowId).executeTakeFirstOrThrow());
  });
  app.patch(`${item}/ugc/:rowid/`, async (req) => {
    const { id } = await itemAccess(req, db, resource, ["change"]);
    const rowId = await rowOf(req, "media_ugc_card", id);
    const input = parseChanges(ugcReviewSchema, req.body ?? {});
    await inTransaction(db, resource, async (trx) => {
      const row = await trx
        .selectFrom("media_ugc_card")
        .select("status")
        .where("id", "=", rowId)
        .executeTakeFirstOrThrow();
      // A reviewed card is the learner's as it was reviewed: its text changes while it waits only.
      if ((input.front !== undefined || input.back !== undefined) && row.status !== UGC_STATUS.waiting)
        throw badRequest({ detail: MEDIA_MSG.ugc_not_waiting });
      await trx
        .updateTable("media_ugc_card")
        .set({ ...input, datetime_update: ctx.now().toISOString() })
        .where("id", "=", rowId)
        .execute();
    });
    return presentUgc(await ugcRows(db, id).where("u.id", "=", rowId).executeTakeFirstOrThrow());
  });
  app.delete(`${item}/ugc/:rowid/`, async (req, reply) => {
    const { id } = await itemAccess(req, db, resource, ["change"]);
    const rowId = await rowOf(req, "media_ugc_card", id);
    await inTransaction(db, resource, (trx) => trx.deleteFrom("media_ugc_card").where("id", "=", rowId).execute());
    return reply.status(204).send();
  });

  app.get(`${item}/summary/`, async (req) => {
    const { id } = await itemAccess(req, db, resource, []);
    const ref = await contentRef(db, resource, id);
    const cards = (await cardsOf(db, id)).length;
    const ugc = await db
      .selectFrom("media_ugc_card")
      .select((eb) => ["status", eb.fn.countAll<number>().as("n")])
      .where("media_id", "=", id)
      .groupBy("status")
      .execute();
    const learners = await db
      .selectFrom("content_enrollment")
      .select((eb) => ["status", eb.fn.countAll<number>().as("n")])
      .where("content_type_id", "=", ref.contentTypeId)
      .where("content_id", "=", id)
      .groupBy("status")
      .execute();
    const byStatus = (rows: { status: number; n: number }[], codes: readonly number[]) =>
      Object.fromEntries(codes.map((c) => [String(c), Number(rows.find((r) => r.status === c)?.n ?? 0)]));
    return {
      card_count: cards,
      ugc: byStatus(ugc, UGC_STATUS_CODES),
      learner: byStatus(learners, [PROGRESS_STATUS.not_start, PROGRESS_STATUS.in_progress, PROGRESS_STATUS.completed]),
    };
  });
}
