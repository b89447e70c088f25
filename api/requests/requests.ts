import type { FastifyInstance, FastifyRequest } from "fastify";
import { sql, type SqlBool } from "kysely";
import { MSG } from "../../contract/messages";
import type { Module } from "../../contract/permissions";
import {
  APPROVAL_STATUS,
  DECISION,
  REQUEST_TYPE,
  WAITING_STATUSES,
  type RequestType,
} from "../../contract/request-codes";
import { REQ_MSG, decisionSchema, requestCreateSchema } from "../../contract/schemas/requests";
import { requireUser } from "../auth/permissions";
import type { ApiContext } from "../http/context";
import { badRequest, forbidden, notFound, parseInput } from "../http/errors";
import { paginate, readPageQuery } from "../http/paging";
import { likePattern, writeTransaction } from "../engine/crud";
import { textLimits } from "../system/config-store";
import { decide, expireOverdue, startRequest, waitingFor } from "./approval";
import { checkAnswers, presentSubmissions, writeSubmission } from "./answers";
import { deliver } from "./notify";
import { presentForms } from "./forms";
import { rowId, toMinor } from "./kit";
import { presentRequests } from "./present";
import { involves, requestAccess, takesPart } from "./deciders";

/**
 * Learning and material requests (spec 000 §2.10 /learning-request, /material-request;
 * docs/decisions/058) and enrolments waiting in an approval flow (dashboard/enrollment/request/,
 * docs/decisions/074): the same calls for every kind, the difference as data (path, kind, flag
 * module: learning requests are the request_form module's, material requests material_request's,
 * enrolment requests enrollment's):
 *
 * - GET  dashboard/{path}/?tab=waiting|approval-result (paged, `search` on name and learner)
 *        waiting: requests at a step the signed-in account decides; approval-result: decided ones
 * - GET  dashboard/{path}/{id}/, GET …/answer/ (its request form and answers)
 * - POST dashboard/{path}/{id}/decision/ {decision: approve|reject, note}: a decider of the step
 *        (403 req_msg_not_decider); 409 req_msg_not_waiting once decided; a rejection needs its
 *        reason (`note`), which the learner is shown
 *
 * The kind's view flag shows every request; without it, a decider of the kind (named on a step,
 * or a supervisor a step asks for: deciders.ts, docs/decisions/074) sees the requests it decides
 * or decided, and no other (404).
 * - POST learning-request/ (a signed-in learner): a new request, with its form's answers, which
 *        enters the flow that applies (api/requests/approval.ts)
 *
 * Every call first expires the requests whose step waited too long (spec 001 §4: -6).
 */

export const REQUEST_KINDS_DEF: { kind: RequestType; path: string; module: Module }[] = [
  { kind: REQUEST_TYPE.learning, path: "learning-request", module: "request_form" },
  { kind: REQUEST_TYPE.material, path: "material-request", module: "material_request" },
  // Enrolments waiting in their content's approval flow (docs/decisions/074): the enrollment module's.
  { kind: REQUEST_TYPE.enrollment, path: "enrollment/request", module: "enrollment" },
];

const TABS = ["waiting", "approval-result", "all"] as const;

export function learningRequestRoutes(app: FastifyInstance, ctx: ApiContext) {
  const { db } = ctx;
  const sweep = () => writeTransaction(db, (trx) => expireOverdue(trx, ctx.now()));

  for (const def of REQUEST_KINDS_DEF) {
    const base = `/dashboard/${def.path}/`;
    const item = `${base}:id(^\\d{1,12})/`;
    const ofKind = async (req: FastifyRequest) => {
      const id = await rowId(req, db, "learning_request");
      const row = await db.selectFrom("learning_request").select("kind").where("id", "=", id).executeTakeFirstOrThrow();
      if (row.kind !== def.kind) throw notFound();
      return id;
    };
    /** The request of the path, seen by an account with the view flag or taking part in it (else 404). */
    const seen = async (req: FastifyRequest) => {
      const access = await requestAccess(req, db, def.module, def.kind);
      const id = await ofKind(req);
      if (
        !access.full &&
        !(await db
          .selectFrom("learning_request as r")
          .select("r.id")
          .where("r.id", "=", id)
          .where(involves(access.account.id))
          .executeTakeFirst())
      )
        throw notFound();
      return access;
    };

    app.get(base, async (req) => {
      const { account, full } = await requestAccess(req, db, def.module, def.kind);
      await sweep();
      const query = req.query as Record<string, string>;
      const tab = (query.tab || "all") as (typeof TABS)[number];
      if (!TABS.includes(tab)) throw badRequest({ tab: [MSG.invalid_choice] });
      const status = query.status ? Number(query.status) : null;
      if (status !== null && !(Object.values(APPROVAL_STATUS) as number[]).includes(status))
        throw badRequest({ status: [MSG.invalid_choice] });
      const q = readPageQuery(req);
      let list = (tab === "waiting" ? waitingFor(db, account) : db.selectFrom("learning_request as r"))
        .innerJoin("account as a", "a.id", "r.account_id")
        .select("r.id")
        .where("r.kind", "=", def.kind);
      if (!full) list = list.where(involves(account.id));
      if (tab === "approval-result") list = list.where("r.status", "not in", WAITING_STATUSES as number[]);
      if (status !== null) list = list.where("r.status", "=", status);
      if (q.search) {
        const p = likePattern(q.search);
        list = list.where(
          sql<SqlBool>`(lower(r.name) like ${p} escape '\\' or lower(a.username) like ${p} escape '\\' or lower(a.first_name || ' ' || a.last_name) like ${p} escape '\\')`,
        );
      }
      list =
        tab === "approval-result"
          ? list.orderBy("r.datetime_decide", "desc").orderBy("r.id", "desc")
          : list.orderBy("r.datetime_create", "desc").orderBy("r.id", "desc");
      const page = await paginate(req, list, q);
      return {
        ...page,
        results: await presentRequests(
          db,
          page.results.map((r) => r.id),
          account,
        ),
      };
    });

    app.get(item, async (req) => {
      const { account } = await seen(req);
      await sweep();
      return (await presentRequests(db, [await ofKind(req)], account))[0];
    });

    app.get(`${item}answer/`, async (req) => {
      await seen(req);
      const r = await db
        .selectFrom("learning_request")
        .select(["form_id", "submission_id"])
        .where("id", "=", await ofKind(req))
        .executeTakeFirstOrThrow();
      return {
        form: r.form_id === null ? null : ((await presentForms(db, [r.form_id]))[0] ?? null),
        submission: r.submission_id === null ? null : ((await presentSubmissions(db, [r.submission_id]))[0] ?? null),
      };
    });

    app.post(`${item}decision/`, async (req) => {
      // Deciding is the step's deciders' (decide() refuses anyone else), flags or not.
      const { account } = await requestAccess(req, db, def.module, def.kind);
      const id = await ofKind(req);
      // Who takes no part in the request is refused before its body is read (deciders.ts).
      const mine =
        account.is_superuser === 1 ||
        !!(await db
          .selectFrom("learning_request as r")
          .select("r.id")
          .where("r.id", "=", id)
          .where(takesPart(account.id))
          .executeTakeFirst());
      if (!mine) throw forbidden(REQ_MSG.not_decider);
      const input = parseInput(decisionSchema, req.body);
      const mails = await writeTransaction(db, (trx) =>
        decide(
          trx,
          id,
          account,
          input.decision === "approve" ? DECISION.approve : DECISION.reject,
          input.note,
          ctx.now(),
        ),
      );
      await deliver(ctx, mails, req.log);
      return (await presentRequests(db, [id], account))[0];
    });
  }

  // A learner's own requests and a new one (the learner site's calls; docs/decisions/058).
  app.get("/learning-request/", async (req) => {
    const account = requireUser(req);
    await sweep();
    const ids = (
      await db
        .selectFrom("learning_request")
        .select("id")
        .where("account_id", "=", account.id)
        .orderBy("datetime_create", "desc")
        .orderBy("id", "desc")
        .limit(200)
        .execute()
    ).map((r) => r.id);
    return { results: await presentRequests(db, ids, account), count: ids.length };
  });

  app.post("/learning-request/", async (req, reply) => {
    const account = requireUser(req);
    const limits = await textLimits(db);
    const input = parseInput(requestCreateSchema(limits), req.body, "dotted");
    const { id, mails } = await writeTransaction(db, async (trx) => {
      let contentTypeId: number | null = null;
      if (input.kind === REQUEST_TYPE.material) {
        const type = await trx
          .selectFrom("content_type")
          .select(["id", "type"])
          .where("id", "=", input.material_type!)
          .executeTakeFirst();
        if (!type || !type.type.startsWith("material.")) throw badRequest({ material_type: [MSG.invalid_choice] });
        contentTypeId = type.id;
      } else {
        contentTypeId =
          (await trx.selectFrom("content_type").select("id").where("code", "=", "public_learning").executeTakeFirst())
            ?.id ?? null;
      }
      let rows: Awaited<ReturnType<typeof checkAnswers>> | null = null;
      if (input.form !== null) {
        const form = await trx
          .selectFrom("request_form")
          .select(["kind", "type_request"])
          .where("id", "=", input.form)
          .executeTakeFirst();
        if (!form || form.kind !== "request" || form.type_request !== input.kind)
          throw badRequest({ form: [REQ_MSG.not_a_form] });
        rows = await checkAnswers(trx, input.form, input.answers, limits, { accountId: account.id });
      }
      const at = ctx.now().toISOString();
      const submission =
        rows && input.form !== null ? await writeSubmission(trx, input.form, account.id, rows, at) : null;
      const row = await trx
        .insertInto("learning_request")
        .values({
          kind: input.kind,
          account_id: account.id,
          name: input.name,
          provider: input.provider,
          datetime_start: input.datetime_start,
          datetime_end: input.datetime_end,
          cost_minor: toMinor(input.cost),
          content_type_id: contentTypeId,
          reason: input.reason,
          status: APPROVAL_STATUS.waiting_approve,
          form_id: input.form,
          submission_id: submission,
          datetime_create: at,
          datetime_step: at,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const mails = await startRequest(
        trx,
        row.id,
        { kind: input.kind, contentTypeId, priceMinor: toMinor(input.cost) },
        ctx.now(),
      );
      return { id: row.id, mails };
    });
    // The step's notices go once the request is committed (api/requests/notify.ts).
    await deliver(ctx, mails, req.log);
    return reply.status(201).send((await presentRequests(db, [id], account))[0]);
  });
}
