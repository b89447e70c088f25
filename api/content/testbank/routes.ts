import type { FastifyInstance, FastifyRequest } from "fastify";
import { isIgnoredFilterValue } from "../../../contract/list-query";
import { MSG } from "../../../contract/messages";
import { flag } from "../../../contract/permissions";
import {
  TESTBANK_MSG,
  USAGE_STATUS,
  USAGE_TYPES,
  usageDecisionSchema,
  usageRequestSchema,
  type TestbankLogEntry,
  type TestbankUsage,
  type UsageType,
} from "../../../contract/schemas/testbank";
import type { Db } from "../../db/index";
import type { ApiContext } from "../../http/context";
import { ApiError, badRequest, notFound, parseInput, forbidden } from "../../http/errors";
import { inTransaction, itemAccess, itemId } from "../../engine/crud";
import { textLimits } from "../../system/config-store";
import type { PersonRef } from "../../../contract/schemas/requests";
import { peopleById } from "../../requests/kit";
import { logBank, testbankResource } from "./resource";

/**
 * A test bank's own calls beside the engine's and the question store's (docs/decisions/063):
 *
 *   GET  dashboard/testbank/{id}/usage/?usage_type=waiting|approved|rejected   its usage requests
 *        (default waiting) with counts of each; the bank's view flag.
 *   POST dashboard/testbank/{id}/usage/ {test, note}   a test asks to draw from the bank: the bank's
 *        view flag and the test change flag; one waiting request per test and bank.
 *   POST dashboard/testbank/{id}/usage/{usageid}/decide/ {status 1|-1, note}   the bank's change flag;
 *        a decided request is final. Both write the bank's log.
 *   GET  dashboard/testbank/{id}/log/?scope=question|bank   its log, newest first (question: the
 *        entries of its questions, by number; bank: the bank's own), paged by `page`.
 *   GET  dashboard/testbank/{id}/log/{logid}/   one entry.
 */

const BASE = "/dashboard/testbank/:id(^\\d{1,12})/";
const PAGE = 50;

/** A person of the answers: the account by id, or null once it is gone. */
const who = (people: Map<number, PersonRef>, id: number | null) => (id === null ? null : (people.get(id) ?? null));

/** The `usage_type` of a query: missing or blank → waiting; an unknown one is refused. */
function usageTypeOf(req: FastifyRequest): UsageType {
  const raw = (req.query as Record<string, unknown>).usage_type;
  if (raw === undefined || (typeof raw === "string" && isIgnoredFilterValue(raw))) return "waiting";
  if (typeof raw === "string" && (USAGE_TYPES as readonly string[]).includes(raw.trim()))
    return raw.trim() as UsageType;
  throw badRequest({ usage_type: [MSG.invalid_choice] });
}

async function usageList(db: Db, bankId: number, usageType: UsageType) {
  const rows = await db
    .selectFrom("testbank_usage as u")
    .leftJoin("test as t", "t.id", "u.test_id")
    .select([
      "u.id",
      "u.status",
      "u.note",
      "u.requested_by",
      "u.decided_by",
      "u.datetime_create",
      "u.datetime_decide",
      "t.id as test_id",
      "t.name as test_name",
      "t.code as test_code",
    ])
    .where("u.testbank_id", "=", bankId)
    .where("u.status", "=", USAGE_STATUS[usageType])
    .orderBy("u.datetime_create", "desc")
    .orderBy("u.id", "desc")
    .execute();
  const people = await peopleById(
    db,
    rows.flatMap((r) => [r.requested_by, r.decided_by]),
  );
  const counts = await db
    .selectFrom("testbank_usage")
    .select((eb) => ["status", eb.fn.countAll<number>().as("n")])
    .where("testbank_id", "=", bankId)
    .groupBy("status")
    .execute();
  const count = Object.fromEntries(
    USAGE_TYPES.map((u) => [u, Number(counts.find((c) => c.status === USAGE_STATUS[u])?.n ?? 0)]),
  ) as Record<UsageType, number>;
  const results: TestbankUsage[] = rows.map((r) => ({
    id: r.id,
    status: r.status as TestbankUsage["status"],
    test: r.test_id === null ? null : { id: r.test_id, name: r.test_name!, code: r.test_code! },
    note: r.note,
    requested_by: who(people, r.requested_by),
    decided_by: who(people, r.decided_by),
    datetime_create: r.datetime_create,
    datetime_decide: r.datetime_decide,
  }));
  return { usage_type: usageType, count, results };
}

function logEntry(
  r: {
    id: number;
    number: number | null;
    action: string;
    changes: string;
    created_by: number | null;
    datetime_create: string;
  },
  people: Map<number, PersonRef>,
): TestbankLogEntry {
  let changes: Record<string, unknown> = {};
  try {
    changes = JSON.parse(r.changes || "{}") as Record<string, unknown>;
  } catch {
    // An entry written by hand with bad JSON shows no details rather than failing the page.
  }
  return {
    id: r.id,
    number: r.number,
    action: r.action,
    changes,
    created_by: who(people, r.created_by),
    datetime_create: r.datetime_create,
  };
}

export function testbankRoutes(app: FastifyInstance, ctx: ApiContext) {
  const { db } = ctx;

  app.get(`${BASE}usage/`, async (req) => {
    const { id } = await itemAccess(req, db, testbankResource, ["view"]);
    return usageList(db, id, usageTypeOf(req));
  });

  app.post(`${BASE}usage/`, async (req, reply) => {
    const access = await itemAccess(req, db, testbankResource, ["view"]);
    // Asking to use a bank is part of building a test: the test change flag (spec 002 §6).
    if (!access.flags.has(flag("test", "change"))) throw forbidden();
    const input = parseInput(usageRequestSchema(await textLimits(db)), req.body);
    const now = ctx.now();
    await inTransaction(db, testbankResource, async (trx) => {
      if (!(await trx.selectFrom("test").select("id").where("id", "=", input.test).executeTakeFirst()))
        throw badRequest({ test: [MSG.invalid_choice] });
      const pending = await trx
        .selectFrom("testbank_usage")
        .select("id")
        .where("testbank_id", "=", access.id)
        .where("test_id", "=", input.test)
        .where("status", "=", USAGE_STATUS.waiting)
        .executeTakeFirst();
      if (pending) throw badRequest({ test: [TESTBANK_MSG.usage_pending] });
      await trx
        .insertInto("testbank_usage")
        .values({
          testbank_id: access.id,
          test_id: input.test,
          status: USAGE_STATUS.waiting,
          note: input.note,
          requested_by: access.account.id,
          datetime_create: now.toISOString(),
        })
        .execute();
      await logBank(trx, access.id, "usage_request", { test: input.test }, { account: access.account, now });
    });
    return reply.status(201).send(await usageList(db, access.id, "waiting"));
  });

  app.post(`${BASE}usage/:usageid(^\\d{1,12})/decide/`, async (req) => {
    const access = await itemAccess(req, db, testbankResource, ["change"]);
    const usageId = itemId(req, "usageid");
    const input = parseInput(usageDecisionSchema(await textLimits(db)), req.body);
    const now = ctx.now();
    await inTransaction(db, testbankResource, async (trx) => {
      const row = await trx
        .selectFrom("testbank_usage")
        .select(["id", "status", "test_id", "note"])
        .where("id", "=", usageId)
        .where("testbank_id", "=", access.id)
        .executeTakeFirst();
      if (!row) throw notFound();
      if (row.status !== USAGE_STATUS.waiting) throw new ApiError(409, { detail: TESTBANK_MSG.usage_decided });
      await trx
        .updateTable("testbank_usage")
        .set({
          status: input.status,
          note: input.note || row.note,
          decided_by: access.account.id,
          datetime_decide: now.toISOString(),
        })
        .where("id", "=", usageId)
        .execute();
      await logBank(
        trx,
        access.id,
        input.status === USAGE_STATUS.approved ? "usage_approve" : "usage_reject",
        { test: row.test_id },
        { account: access.account, now },
      );
    });
    return usageList(db, access.id, input.status === USAGE_STATUS.approved ? "approved" : "rejected");
  });

  app.get(`${BASE}log/`, async (req) => {
    const { id } = await itemAccess(req, db, testbankResource, ["view"]);
    const query = req.query as Record<string, unknown>;
    const scope = query.scope === "bank" ? "bank" : "question";
    const page = Math.max(1, Math.min(10_000, Number.parseInt(String(query.page ?? "1"), 10) || 1));
    let q = db.selectFrom("testbank_log").where("testbank_id", "=", id);
    q = scope === "bank" ? q.where("number", "is", null) : q.where("number", "is not", null);
    const total = await q.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    const rows = await q
      .select(["id", "number", "action", "changes", "created_by", "datetime_create"])
      .orderBy("datetime_create", "desc")
      .orderBy("id", "desc")
      .limit(PAGE)
      .offset((page - 1) * PAGE)
      .execute();
    const people = await peopleById(
      db,
      rows.map((r) => r.created_by),
    );
    return { count: Number(total.n), page, page_size: PAGE, results: rows.map((r) => logEntry(r, people)) };
  });

  app.get(`${BASE}log/:logid(^\\d{1,12})/`, async (req) => {
    const { id } = await itemAccess(req, db, testbankResource, ["view"]);
    const row = await db
      .selectFrom("testbank_log")
      .select(["id", "number", "action", "changes", "created_by", "datetime_create"])
      .where("id", "=", itemId(req, "logid"))
      .where("testbank_id", "=", id)
      .executeTakeFirst();
    if (!row) throw notFound();
    return logEntry(row, await peopleById(db, [row.created_by]));
  });
}
