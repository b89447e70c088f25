import { isIgnoredFilterValue } from "../../../../contract/list-query";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { sql, type RawBuilder, type SqlBool } from "kysely";
import type { FieldErrors } from "../../../../contract/http";
import { IDENTIFICATION_METHOD_CODES } from "../../../../contract/codes";
import { MSG } from "../../../../contract/messages";
import {
  DISCUSSION_ORDERING,
  IDENTIFICATION_ORDERING,
  IDENTIFICATION_STATUS,
  discussionHideSchema,
  type DiscussionReply,
  type DiscussionThread,
  type DiscussionThreadRow,
  type IdentificationAttempt,
  type IdentificationStatus,
} from "../../../../contract/schemas/overall";
import { fromFlag, toFlag, type Db } from "../../../db/index";
import type { ApiContext } from "../../../http/context";
import { badRequest, notFound, parseChanges } from "../../../http/errors";
import { parseOrdering, tieDirection } from "../../../http/ordering";
import { paginate, readPageQuery } from "../../../http/paging";
import { itemId, likePattern, writeTransaction, type AnyResource, type Trx } from "../../../engine/crud";
import { contentAccess, ofContent, type ContentRef } from "../../ref";

/**
 * The overall discussion and identification pages of a content item (spec 000 §2.5; issue 6 item
 * 6; docs/decisions/012), for any content type (rows carry content_type_id + content_id):
 *   GET    dashboard/{type}/{id}/discussion/                               threads, paged
 *   GET    dashboard/{type}/{id}/discussion/{threadid}/                    a thread and its replies
 *   PATCH  dashboard/{type}/{id}/discussion/{threadid}/                    {is_hidden}
 *   DELETE dashboard/{type}/{id}/discussion/{threadid}/                    the thread and its replies
 *   PATCH  dashboard/{type}/{id}/discussion/{threadid}/reply/{replyid}/    {is_hidden}
 *   DELETE dashboard/{type}/{id}/discussion/{threadid}/reply/{replyid}/
 *   GET    dashboard/{type}/{id}/identification/                           the attempt log, paged (read-only)
 * Reading needs the content's view (flag or scope), moderating its change flag.
 */

const ID = "(^\\d{1,12})";

/** Query values of a filter: repeated values mean any; "", "null" and "all" are ignored (spec 002 §5). */
export function filterValues(req: FastifyRequest, name: string): string[] {
  const given = (req.query as Record<string, unknown>)[name];
  return (Array.isArray(given) ? given : given === undefined ? [] : [given])
    .map((v) => String(v).trim())
    .filter((v) => !isIgnoredFilterValue(v));
}

export const accountName = (first: string, last: string, username: string) => `${first} ${last}`.trim() || username;
/** The account a row of an overall page is about (its author, its learner), as the pages show it. */
export const accountRef = (r: { account_id: number; username: string; first_name: string; last_name: string }) => ({
  id: r.account_id,
  name: accountName(r.first_name, r.last_name, r.username),
  username: r.username,
});

/**
 * Remove the discussion (threads; their replies follow by the foreign key's ON DELETE CASCADE) and
 * the identification log of a content item. Keyed by content type and id, no foreign key reaches
 * them from the item: its delete calls this in its own transaction (docs/decisions/018).
 */
export async function removeContentOverall(trx: Trx, ref: ContentRef) {
  await trx.deleteFrom("discussion_thread").where(ofContent(ref)).execute();
  await trx.deleteFrom("identification_attempt").where(ofContent(ref)).execute();
  // Their curriculum items follow by ON DELETE CASCADE.
  await trx.deleteFrom("identification_transaction").where(ofContent(ref)).execute();
}

// ── Discussion ─────────────────────────────────────────────────────────────────────────────────

const threadQuery = (db: Db | Trx) =>
  db
    .selectFrom("discussion_thread as t")
    .innerJoin("account as a", "a.id", "t.account_id")
    .select((eb) => [
      "t.id",
      "t.title",
      "t.body",
      "t.is_hidden",
      "t.datetime_create",
      "t.datetime_last_activity",
      "a.id as account_id",
      "a.username",
      "a.first_name",
      "a.last_name",
      eb
        .selectFrom("discussion_reply as r")
        .select((e) => e.fn.countAll<number>().as("n"))
        .whereRef("r.thread_id", "=", "t.id")
        .as("reply_count"),
    ]);
type ThreadRow = Awaited<ReturnType<ReturnType<typeof threadQuery>["executeTakeFirstOrThrow"]>>;
const presentThread = (r: ThreadRow): DiscussionThreadRow => ({
  id: r.id,
  title: r.title,
  body: r.body,
  account: accountRef(r),
  is_hidden: fromFlag(r.is_hidden),
  reply_count: Number(r.reply_count ?? 0),
  datetime_create: r.datetime_create,
  datetime_last_activity: r.datetime_last_activity,
});

async function loadThread(db: Db | Trx, threadId: number): Promise<DiscussionThread> {
  const row = await threadQuery(db).where("t.id", "=", threadId).executeTakeFirst();
  if (!row) throw notFound();
  const replies = await db
    .selectFrom("discussion_reply as r")
    .innerJoin("account as a", "a.id", "r.account_id")
    .select([
      "r.id",
      "r.body",
      "r.is_hidden",
      "r.datetime_create",
      "a.id as account_id",
      "a.username",
      "a.first_name",
      "a.last_name",
    ])
    .where("r.thread_id", "=", threadId)
    .orderBy("r.datetime_create")
    .orderBy("r.id")
    .execute();
  const reply_list: DiscussionReply[] = replies.map((r) => ({
    id: r.id,
    body: r.body,
    account: accountRef(r),
    is_hidden: fromFlag(r.is_hidden),
    datetime_create: r.datetime_create,
  }));
  return { ...presentThread(row), reply_list };
}

const THREAD_ORDER: Record<(typeof DISCUSSION_ORDERING)[number], RawBuilder<unknown>> = {
  datetime_create: sql.ref("t.datetime_create"),
  datetime_last_activity: sql.ref("t.datetime_last_activity"),
  title: sql`lower(${sql.ref("t.title")})`,
};

export function discussionRoutes(app: FastifyInstance, ctx: ApiContext, parent: AnyResource) {
  const { db } = ctx;
  const base = `/dashboard/${parent.path}/:id${ID}/discussion/`;
  const thread = `${base}:threadid${ID}/`;
  const reply = `${thread}reply/:replyid${ID}/`;

  /** The thread named by the path, of this content item, or 404. */
  async function threadOf(q: Db | Trx, req: FastifyRequest, ref: ContentRef) {
    const threadId = itemId(req, "threadid");
    const row = await q
      .selectFrom("discussion_thread")
      .select("id")
      .where("id", "=", threadId)
      .where(ofContent(ref))
      .executeTakeFirst();
    if (!row) throw notFound();
    return threadId;
  }
  async function replyOf(q: Db | Trx, req: FastifyRequest, threadId: number) {
    const replyId = itemId(req, "replyid");
    const row = await q
      .selectFrom("discussion_reply")
      .select("id")
      .where("id", "=", replyId)
      .where("thread_id", "=", threadId)
      .executeTakeFirst();
    if (!row) throw notFound();
    return replyId;
  }
  /** The thread's last activity: its latest reply, or itself. */
  async function refreshActivity(trx: Trx, threadId: number) {
    const last = await trx
      .selectFrom("discussion_reply")
      .select((eb) => eb.fn.max("datetime_create").as("at"))
      .where("thread_id", "=", threadId)
      .executeTakeFirst();
    const own = await trx
      .selectFrom("discussion_thread")
      .select("datetime_create")
      .where("id", "=", threadId)
      .executeTakeFirstOrThrow();
    await trx
      .updateTable("discussion_thread")
      .set({ datetime_last_activity: (last?.at as string | null) ?? own.datetime_create })
      .where("id", "=", threadId)
      .execute();
  }

  app.get(base, async (req) => {
    const { ref } = await contentAccess(req, db, parent, "view");
    const q = readPageQuery(req);
    const errors: FieldErrors = {};
    let query = threadQuery(db).where(ofContent(ref, "t"));
    const hidden = filterValues(req, "is_hidden");
    if (hidden.length) {
      if (hidden.some((v) => v !== "true" && v !== "false")) errors.is_hidden = [MSG.invalid_choice];
      else if (new Set(hidden).size === 1) query = query.where("t.is_hidden", "=", hidden[0] === "true" ? 1 : 0);
    }
    const order = parseOrdering(q.ordering, THREAD_ORDER, "-datetime_last_activity");
    if (!order) errors.ordering = [MSG.invalid_choice];
    if (Object.keys(errors).length) throw badRequest(errors);
    if (q.search) {
      const pattern = likePattern(q.search);
      query = query.where(
        sql<SqlBool>`(lower(${sql.ref("t.title")}) like ${pattern} escape '\\' or lower(${sql.ref("t.body")}) like ${pattern} escape '\\')`,
      );
    }
    let ordered = query;
    for (const o of order!) ordered = ordered.orderBy(o.expr, o.desc ? "desc" : "asc");
    ordered = ordered.orderBy("t.id", tieDirection(order!));
    const page = await paginate(req, ordered, q);
    return { ...page, results: page.results.map(presentThread) };
  });

  app.get(thread, async (req) => {
    const { ref } = await contentAccess(req, db, parent, "view");
    return loadThread(db, await threadOf(db, req, ref));
  });

  app.patch(thread, async (req) => {
    const { ref } = await contentAccess(req, db, parent, "change");
    const threadId = await threadOf(db, req, ref);
    const input = parseChanges(discussionHideSchema, req.body, "nested");
    await db
      .updateTable("discussion_thread")
      .set({ is_hidden: toFlag(input.is_hidden) })
      .where("id", "=", threadId)
      .execute();
    return loadThread(db, threadId);
  });

  app.delete(thread, async (req, reply) => {
    const { ref } = await contentAccess(req, db, parent, "change");
    const threadId = await threadOf(db, req, ref);
    await writeTransaction(db, async (trx) => {
      await trx.deleteFrom("discussion_reply").where("thread_id", "=", threadId).execute();
      await trx.deleteFrom("discussion_thread").where("id", "=", threadId).execute();
    });
    return reply.status(204).send();
  });

  app.patch(reply, async (req) => {
    const { ref } = await contentAccess(req, db, parent, "change");
    const threadId = await threadOf(db, req, ref);
    const replyId = await replyOf(db, req, threadId);
    const input = parseChanges(discussionHideSchema, req.body, "nested");
    await db
      .updateTable("discussion_reply")
      .set({ is_hidden: toFlag(input.is_hidden) })
      .where("id", "=", replyId)
      .execute();
    return loadThread(db, threadId);
  });

  app.delete(reply, async (req, res) => {
    const { ref } = await contentAccess(req, db, parent, "change");
    const threadId = await threadOf(db, req, ref);
    const replyId = await replyOf(db, req, threadId);
    await writeTransaction(db, async (trx) => {
      await trx.deleteFrom("discussion_reply").where("id", "=", replyId).execute();
      await refreshActivity(trx, threadId);
    });
    return res.status(204).send();
  });
}

// ── Identification attempts ────────────────────────────────────────────────────────────────────

/** Ordering by learner: first name, last name, username of the joined account `a`. */
export const LEARNER_ORDER: RawBuilder<unknown>[] = [
  sql`lower(${sql.ref("a.first_name")})`,
  sql`lower(${sql.ref("a.last_name")})`,
  sql.ref("a.username"),
];

const IDENTIFICATION_ORDER: Record<(typeof IDENTIFICATION_ORDERING)[number], RawBuilder<unknown>[]> = {
  datetime_create: [sql.ref("i.datetime_create")],
  learner: LEARNER_ORDER,
};

/** `search` on the joined account `a`: username, email or full name contain the text. */
export function learnerMatches(search: string) {
  const pattern = likePattern(search);
  const like = (e: RawBuilder<unknown>) => sql<SqlBool>`lower(${e}) like ${pattern} escape '\\'`;
  return sql<SqlBool>`(${sql.join([like(sql.ref("a.username")), like(sql.ref("a.email")), like(sql`${sql.ref("a.first_name")} || ' ' || ${sql.ref("a.last_name")}`)], sql` or `)})`;
}

/** The `method` (0/1/2) and `status` (waiting/pass/failed) filters; a bad value adds its 400 to `errors`. */
export function identificationFilters(
  req: FastifyRequest,
  errors: FieldErrors,
): { methods: number[]; statuses: string[] } {
  const methods = filterValues(req, "method").map((m) => (/^\d$/.test(m) ? Number(m) : NaN));
  const statuses = filterValues(req, "status");
  const badMethod = methods.some((c) => !(IDENTIFICATION_METHOD_CODES as readonly number[]).includes(c));
  const badStatus = statuses.some((v) => !(IDENTIFICATION_STATUS as readonly string[]).includes(v));
  if (badMethod) errors.method = [MSG.invalid_choice];
  if (badStatus) errors.status = [MSG.invalid_choice];
  return { methods: badMethod ? [] : methods, statuses: badStatus ? [] : statuses };
}

export function identificationRoutes(app: FastifyInstance, ctx: ApiContext, parent: AnyResource) {
  const { db } = ctx;

  app.get(`/dashboard/${parent.path}/:id${ID}/identification/`, async (req) => {
    const { ref } = await contentAccess(req, db, parent, "view");
    const q = readPageQuery(req);
    const errors: FieldErrors = {};
    let query = db
      .selectFrom("identification_attempt as i")
      .innerJoin("account as a", "a.id", "i.account_id")
      .select([
        "i.id",
        "i.method",
        "i.status",
        "i.section",
        "i.datetime_create",
        "a.id as account_id",
        "a.username",
        "a.first_name",
        "a.last_name",
      ])
      .where(ofContent(ref, "i"));
    const { methods, statuses } = identificationFilters(req, errors);
    if (methods.length) query = query.where("i.method", "in", methods);
    if (statuses.length) query = query.where("i.status", "in", statuses);
    const order = parseOrdering(q.ordering, IDENTIFICATION_ORDER, "-datetime_create");
    if (!order) errors.ordering = [MSG.invalid_choice];
    if (Object.keys(errors).length) throw badRequest(errors);
    if (q.search) query = query.where(learnerMatches(q.search));
    let ordered = query;
    for (const o of order!) ordered = ordered.orderBy(o.expr, o.desc ? "desc" : "asc");
    ordered = ordered.orderBy("i.id", tieDirection(order!));
    const page = await paginate(req, ordered, q);
    const results: IdentificationAttempt[] = page.results.map((r) => ({
      id: r.id,
      account: accountRef(r),
      method: r.method,
      status: r.status as IdentificationStatus,
      section: r.section,
      datetime_create: r.datetime_create,
    }));
    return { ...page, results };
  });
}
