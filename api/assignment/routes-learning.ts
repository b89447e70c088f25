import type { FastifyInstance } from "fastify";
import { ASG_MSG, ASSIGNED_RESULTS, ASSIGNMENT_KIND, ASSIGNMENT_RESULT } from "../../contract/assignment-codes";
import { PROGRESS_STATUS, allowedTransitions, type ProgressStatus } from "../../contract/codes";
import { MSG } from "../../contract/messages";
import { assignmentProgressSchema, type AssignmentResultRow } from "../../contract/schemas/assignment";
import { organisationToday } from "../auth/membership";
import { changeProgress, moveEnrollments } from "../content/features/enrollment/service";
import type { ApiContext } from "../http/context";
import { badRequest, notFound, parseChanges } from "../http/errors";
import { parseOrdering, tieDirection } from "../http/ordering";
import { paginate, readPageQuery } from "../http/paging";
import { itemId, writeTransaction } from "../engine/crud";
import { assignInChunks } from "./apply";
import { hasCandidates } from "./candidates";
import { previewAssignment } from "./plan";
import { enrolledQuery, progressQuery, RESULT_ORDERING, resultQuery } from "./result-query";
import { runRoundNow } from "./rounds";
import type { KindAccess } from "./routes";
import { contentNames, contentsOf, type AssignmentKindDef } from "./store";

/**
 * What an assignment does to learners (docs/decisions/051), under ./{id}/:
 * - GET preview/: what assigning now would do (spec 001 §3 "Preview"), nothing written     view
 * - POST assign/: do it (an auto-assignment: a round now); the counts by result           change
 * - GET learner/ (?content, ?result, ?round, search, ordering): the result rows           view
 * - POST learner/{resultId}/cancel/: the learner's assignment cancelled (6; record -11)   change
 * - GET progress/ · PATCH progress/{enrollmentId}/ {status}: the learners it enrolled, their
 *   status changed by hand only among 22, 30 and -5 (spec 001 §4)                         view · change
 */
export function learningRoutes(app: FastifyInstance, ctx: ApiContext, kind: AssignmentKindDef, access: KindAccess) {
  const { db } = ctx;
  const item = `/dashboard/${kind.path}/:id(^\\d{1,12})/`;

  app.get(`${item}preview/`, async (req) => {
    const { row } = await access(req, "view");
    const now = ctx.now();
    const today = await organisationToday(db, now);
    return previewAssignment(db, row, today, now);
  });

  app.post(`${item}assign/`, async (req) => {
    const { row, account } = await access(req, "change");
    const now = ctx.now();
    const today = await organisationToday(db, now);
    if (!(await contentsOf(db, row.id)).length) throw badRequest({ detail: ASG_MSG.no_content });
    if (!(await hasCandidates(db, row, today))) throw badRequest({ detail: ASG_MSG.no_learner });
    if (kind.type === ASSIGNMENT_KIND.auto) return runRoundNow(ctx, row.id, now);
    // Planned inside the transaction, on what it sees, and written there, a chunk of learners at a time (decision 061).
    return assignInChunks(db, row, today, { accountId: account.id, now });
  });

  app.get(
    `${item}learner/`,
    async (req): Promise<{ by_result: { result: number; count: number }[] } & Awaited<ReturnType<typeof paginate>>> => {
      const { row } = await access(req, "view");
      const page = readPageQuery(req);
      const order = parseOrdering(page.ordering, RESULT_ORDERING, "username");
      if (!order) throw badRequest({ ordering: [MSG.invalid_choice] });
      const contents = await contentsOf(db, row.id);
      const { q, counts } = await resultQuery(db, row, contents, req.query, page.search, ctx.now());
      let selected = q.select([
        "r.id",
        "r.round_id",
        "r.result",
        "r.added_by",
        "r.credit_minor",
        "r.datetime_expire",
        "r.enrollment_id",
        "r.content_type_id",
        "r.content_id",
        "r.datetime_create",
        "a.id as account_id",
        "a.username",
        "a.first_name",
        "a.last_name",
        "e.status",
      ]);
      for (const o of order) selected = selected.orderBy(o.expr, o.desc ? "desc" : "asc");
      const answer = await paginate(req, selected.orderBy("r.id", tieDirection(order)), page);
      const held = new Map(contents.map((c) => [`${c.ref.contentTypeId}:${c.ref.contentId}`, c]));
      const gone = await contentNames(
        db,
        answer.results.filter((r) => !held.has(`${r.content_type_id}:${r.content_id}`)),
      );
      const results: AssignmentResultRow[] = answer.results.map((r) => {
        const key = `${r.content_type_id}:${r.content_id}`;
        const c = held.get(key);
        return {
          id: r.id,
          round: r.round_id,
          account: { id: r.account_id, username: r.username, first_name: r.first_name, last_name: r.last_name },
          content: {
            id: c?.id ?? 0,
            content_type_id: r.content_type_id,
            content_id: r.content_id,
            name: c?.name ?? gone.get(key)?.name ?? "",
          },
          result: r.result as AssignmentResultRow["result"],
          added_by: r.added_by,
          credit: r.credit_minor,
          datetime_expire: r.datetime_expire,
          status: (r.status ?? null) as ProgressStatus | null,
          enrollment: r.enrollment_id,
          datetime_create: r.datetime_create,
        };
      });
      return { ...answer, results, by_result: counts.map((c) => ({ result: c.result, count: Number(c.n) })) };
    },
  );

  app.post(`${item}learner/:resultId(^\\d{1,12})/cancel/`, async (req) => {
    const { row, account } = await access(req, "change");
    const now = ctx.now();
    await writeTransaction(db, async (trx) => {
      const r = await trx
        .selectFrom("assignment_result")
        .selectAll()
        .where("assignment_id", "=", row.id)
        .where("id", "=", itemId(req, "resultId"))
        .executeTakeFirst();
      if (!r) throw notFound();
      if (!(ASSIGNED_RESULTS as readonly number[]).includes(r.result))
        throw badRequest({ detail: MSG.invalid_transition });
      await trx
        .updateTable("assignment_result")
        .set({ result: ASSIGNMENT_RESULT.canceled, datetime_update: now.toISOString() })
        .where("id", "=", r.id)
        .execute();
      const e =
        r.enrollment_id === null
          ? null
          : await trx
              .selectFrom("content_enrollment")
              .select(["id", "status", "datetime_start"])
              .where("id", "=", r.enrollment_id)
              .executeTakeFirst();
      if (e)
        await moveEnrollments(trx, [{ ...e, to: PROGRESS_STATUS.canceled_by_assignment }], "override", {
          accountId: account.id,
          at: now.toISOString(),
        });
    });
    return { result: ASSIGNMENT_RESULT.canceled };
  });

  const enrolled = (id: number) => enrolledQuery(db, id);

  app.get(`${item}progress/`, async (req) => {
    const { row } = await access(req, "view");
    const page = readPageQuery(req);
    const contents = await contentsOf(db, row.id);
    const answer = await paginate(req, progressQuery(db, row.id, req.query, page.search), page);
    const nameOf = new Map(contents.map((c) => [`${c.ref.contentTypeId}:${c.ref.contentId}`, c.name]));
    for (const [key, c] of await contentNames(
      db,
      answer.results.filter((r) => !nameOf.has(`${r.content_type_id}:${r.content_id}`)),
    ))
      nameOf.set(key, c.name);
    return {
      ...answer,
      results: answer.results.map((r) => ({
        id: r.id,
        status: r.status,
        allowed_status: [...allowedTransitions("assignment", r.status)],
        account: { id: r.account_id, username: r.username, first_name: r.first_name, last_name: r.last_name },
        content: {
          content_type_id: r.content_type_id,
          content_id: r.content_id,
          name: nameOf.get(`${r.content_type_id}:${r.content_id}`) ?? "",
        },
        datetime_start: r.datetime_start,
        datetime_complete: r.datetime_complete,
        datetime_update: r.datetime_update,
      })),
    };
  });

  app.patch(`${item}progress/:enrollmentId(^\\d{1,12})/`, async (req) => {
    const { row, account } = await access(req, "change");
    const { status } = parseChanges(assignmentProgressSchema, req.body);
    const e = await enrolled(row.id)
      .select(["e.id", "e.content_type_id", "e.content_id"])
      .where("e.id", "=", itemId(req, "enrollmentId"))
      .executeTakeFirst();
    if (!e) throw notFound();
    await writeTransaction(db, (trx) =>
      changeProgress(
        trx,
        { contentTypeId: e.content_type_id, contentId: e.content_id },
        e.id,
        status,
        { accountId: account.id, now: ctx.now() },
        "assignment",
      ),
    );
    const after = await db
      .selectFrom("content_enrollment")
      .select(["id", "status"])
      .where("id", "=", e.id)
      .executeTakeFirstOrThrow();
    return { ...after, allowed_status: [...allowedTransitions("assignment", after.status)] };
  });
}
