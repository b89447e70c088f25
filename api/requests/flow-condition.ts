import type { FastifyInstance } from "fastify";
import { sql, type SqlBool } from "kysely";
import { criteriaCount, emptyCondition, type ConditionInput } from "../../contract/schemas/condition";
import {
  FLOW_CONDITION_FIELDS,
  flowConditionSchema,
  type FlowCondition,
  type FlowConditionField,
} from "../../contract/schemas/requests";
import { FLOW_CONDITIONS, ORGANISATION_CRITERIA, matchesCondition, type Today } from "../auth/conditions";
import { checkConditionIds, conditionColumns, conditionOf, listsOf, replaceLists } from "../auth/condition-store";
import type { ApiContext } from "../http/context";
import { parseInput } from "../http/errors";
import { writeTransaction, type Trx } from "../engine/crud";
import { requireModule } from "../system/master";
import { rowId, type Q } from "./kit";

/**
 * An approval flow's learner condition (spec 001 §3 "Approval flow: … many condition lists and
 * gte/lte ranges"; docs/decisions/060): the one condition shape and evaluator of decision 030,
 * stored through FLOW_CONDITIONS. Under /api/dashboard/approval-flow/{id}/:
 *
 * - condition/   GET (view flag): the saved condition, or the empty one; PUT (change flag): replaces
 *                it whole. Saved without any criterion, the row goes: the flow has no condition.
 *
 * `flowConditionMatches` is what flow selection asks: for the flows that have a condition, whether
 * the requesting learner matches it, decided by the database (matchesCondition), no account loaded.
 */

const FIELDS = FLOW_CONDITION_FIELDS;

export async function loadFlowCondition(q: Q, flowId: number): Promise<FlowCondition> {
  const row = await q
    .selectFrom("approval_flow_condition")
    .selectAll()
    .where("flow_id", "=", flowId)
    .executeTakeFirst();
  if (!row) return { id: flowId, ...emptyCondition(FIELDS) };
  return { id: flowId, ...conditionOf(row, (await listsOf(q, FLOW_CONDITIONS, [flowId])).get(flowId)!, FIELDS) };
}

/** Replace a flow's condition: its ids first (any group: no condition names a flow), then its row and lists. */
async function saveFlowCondition(trx: Trx, flowId: number, input: ConditionInput<FlowConditionField>, now: Date) {
  await checkConditionIds(trx, input, FIELDS, { groupsOfAccountsOnly: false });
  if (criteriaCount(input, FIELDS) === 0) {
    // Nothing to ask of the learner: no condition (an empty one would match nobody, decision 030).
    await trx.deleteFrom("approval_flow_condition_item").where("flow_id", "=", flowId).execute();
    await trx.deleteFrom("approval_flow_condition").where("flow_id", "=", flowId).execute();
    return;
  }
  const columns = { ...conditionColumns(input), datetime_update: now.toISOString() };
  const res = await trx
    .updateTable("approval_flow_condition")
    .set(columns)
    .where("flow_id", "=", flowId)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0)
    await trx
      .insertInto("approval_flow_condition")
      .values({ flow_id: flowId, ...columns })
      .execute();
  await replaceLists(trx, FLOW_CONDITIONS, flowId, input, FIELDS);
}

/**
 * For each of `flowIds` that has a condition: whether account `accountId` matches it (the
 * organisation criteria, as a department rule reads them). Flows without a condition are absent.
 */
export async function flowConditionMatches(
  q: Q,
  flowIds: number[],
  accountId: number,
  today: Today,
): Promise<Map<number, boolean>> {
  if (!flowIds.length) return new Map();
  const rows = await q
    .selectFrom("approval_flow_condition as c")
    .innerJoin("account as a", (j) => j.on(sql<SqlBool>`${sql.ref("a.id")} = ${accountId}`))
    .select([
      "c.flow_id",
      sql<number>`case when ${matchesCondition(FLOW_CONDITIONS, "c", "a", { today, criteria: ORGANISATION_CRITERIA })} then 1 else 0 end`.as(
        "ok",
      ),
    ])
    .where("c.flow_id", "in", flowIds)
    .execute();
  return new Map(rows.map((r) => [r.flow_id, Number(r.ok) === 1]));
}

export function flowConditionRoutes(app: FastifyInstance, ctx: ApiContext) {
  const { db } = ctx;
  const path = "/dashboard/approval-flow/:id(^\\d{1,12})/condition/";

  app.get(path, async (req) => {
    await requireModule(req, db, "approval_flow", "view");
    return loadFlowCondition(db, await rowId(req, db, "approval_flow"));
  });

  app.put(path, async (req) => {
    await requireModule(req, db, "approval_flow", "change");
    const id = await rowId(req, db, "approval_flow");
    const input = parseInput(flowConditionSchema, req.body);
    const now = ctx.now();
    await writeTransaction(db, async (trx) => {
      await saveFlowCondition(trx, id, input, now);
      await trx.updateTable("approval_flow").set({ datetime_update: now.toISOString() }).where("id", "=", id).execute();
    });
    return loadFlowCondition(db, id);
  });
}
