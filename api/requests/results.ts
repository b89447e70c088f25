import type { FastifyInstance } from "fastify";
import { sql, type SqlBool } from "kysely";
import { canTransition, isProgressStatus } from "../../contract/codes";
import { MSG } from "../../contract/messages";
import { REQ_MSG, learningResultSchema } from "../../contract/schemas/requests";
import type { ApiContext } from "../http/context";
import { badRequest, parseInput } from "../http/errors";
import { paginate, readPageQuery } from "../http/paging";
import { likePattern, writeTransaction } from "../engine/crud";
import { requireModule } from "../system/master";
import { rowId } from "./kit";
import { presentResults } from "./present";

/**
 * Learning results of approved learning requests (spec 000 §2.10 /learning-request/learning-result;
 * docs/decisions/058), the request_form module's flags:
 *
 * - GET  dashboard/learning-result/ (paged; `search` on the request's name and learner; `status`)
 * - GET  dashboard/learning-result/{id}/ (with the allowed next statuses and the change log)
 * - POST dashboard/learning-result/{id}/progress/ {status, note}: the progress flag; only the
 *        "Learning result" row of spec 001 §4 (contract/codes.ts ADMIN_TRANSITIONS), else 400.
 */
export function resultRoutes(app: FastifyInstance, ctx: ApiContext) {
  const { db } = ctx;
  const base = "/dashboard/learning-result/";
  const item = `${base}:id(^\\d{1,12})/`;

  app.get(base, async (req) => {
    await requireModule(req, db, "request_form", "view");
    const raw = (req.query as Record<string, string>).status;
    const status = raw ? Number(raw) : null;
    if (status !== null && !isProgressStatus(status)) throw badRequest({ status: [MSG.invalid_choice] });
    const q = readPageQuery(req);
    let list = db
      .selectFrom("learning_result as lr")
      .innerJoin("learning_request as r", "r.id", "lr.request_id")
      .innerJoin("account as a", "a.id", "r.account_id")
      .select("lr.id");
    if (status !== null) list = list.where("lr.status", "=", status);
    if (q.search) {
      const p = likePattern(q.search);
      list = list.where(
        sql<SqlBool>`(lower(r.name) like ${p} escape '\\' or lower(a.username) like ${p} escape '\\' or lower(a.first_name || ' ' || a.last_name) like ${p} escape '\\')`,
      );
    }
    const page = await paginate(req, list.orderBy("lr.datetime_update", "desc").orderBy("lr.id", "desc"), q);
    return {
      ...page,
      results: await presentResults(
        db,
        page.results.map((r) => r.id),
      ),
    };
  });

  app.get(item, async (req) => {
    await requireModule(req, db, "request_form", "view");
    return (await presentResults(db, [await rowId(req, db, "learning_result")]))[0];
  });

  app.post(`${item}progress/`, async (req) => {
    const { account } = await requireModule(req, db, "request_form", "progress");
    const id = await rowId(req, db, "learning_result");
    const input = parseInput(learningResultSchema, req.body);
    await writeTransaction(db, async (trx) => {
      const row = await trx
        .selectFrom("learning_result")
        .select("status")
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      if (!canTransition("learning_result", row.status, input.status))
        throw badRequest({ status: [REQ_MSG.transition] });
      const at = ctx.now().toISOString();
      await trx
        .updateTable("learning_result")
        .set({ status: input.status, datetime_update: at })
        .where("id", "=", id)
        .execute();
      await trx
        .insertInto("learning_result_log")
        .values({
          result_id: id,
          from_status: row.status,
          to_status: input.status,
          changed_by: account.id,
          note: input.note,
          datetime_create: at,
        })
        .execute();
    });
    return (await presentResults(db, [id]))[0];
  });
}
