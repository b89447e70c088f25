import type { FastifyInstance } from "fastify";
import { sql, type SqlBool } from "kysely";
import { MSG } from "../../contract/messages";
import { REQUEST_TYPE_CODES } from "../../contract/request-codes";
import {
  REQ_MSG,
  approvalFlowSchemas,
  approvalStepSchema,
  moveSchema,
  type ApprovalFlow,
  type ApprovalStepInput,
} from "../../contract/schemas/requests";
import type { ApiContext } from "../http/context";
import { createOnce } from "../http/idempotency";
import { ApiError, badRequest, notFound, parseChanges, parseInput, refuseUnknownFields } from "../http/errors";
import { itemId, writeTransaction, type Trx } from "../engine/crud";
import { requireModule } from "../system/master";
import { textLimits } from "../system/config-store";
import { mayDecide } from "./deciders";
import { accountChoicesPage } from "../engine/account-choices";
import {
  assertCodeFree,
  fromMinor,
  moveRow,
  namedList,
  namedOrdering,
  peopleById,
  rowId,
  toMinor,
  type Q,
} from "./kit";

/**
 * Approval flows (spec 000 §2.10 /approval-flow, /approval-flow/{approvalflowid}; spec 001 §3
 * "Approval flow", "Approval step"; docs/decisions/056), the approval_flow module's flags:
 *
 * - GET/POST   dashboard/approval-flow/                 list (ordering sort by default; filter type_request) / create
 * - GET/PATCH/DELETE dashboard/approval-flow/{id}/      one flow with its steps; delete 424 while a request names it
 * - GET/POST   dashboard/approval-flow/{id}/step/       its steps in order / add one at the end
 * - PATCH/DELETE dashboard/approval-flow/{id}/step/{stepid}/, POST …/move/ {direction}
 * - GET dashboard/approval-flow/approver/: the accounts a step may name, those that may decide (the account pickers' answer)
 * - GET/PUT dashboard/approval-flow/{id}/condition/: its learner condition (flow-condition.ts)
 *
 * `sort` is unique (400 req_msg_sort_used). A flow's steps do not change while requests wait in
 * it (424 req_msg_flow_in_use): a request's step number must keep naming the same step.
 */

const SORT_UNIQUE = { field: "sort", message: REQ_MSG.sort_used, column: "sort" };
const CODE_UNIQUE = { field: "code", message: MSG.code_already_used, column: "code" };

export async function presentFlows(q: Q, ids: number[]): Promise<ApprovalFlow[]> {
  if (!ids.length) return [];
  const [rows, types, steps, conditions] = await Promise.all([
    q.selectFrom("approval_flow").selectAll().where("id", "in", ids).execute(),
    q
      .selectFrom("approval_flow_content_type as f")
      .innerJoin("content_type as c", "c.id", "f.content_type_id")
      .select(["f.flow_id", "c.id", "c.name"])
      .where("f.flow_id", "in", ids)
      .orderBy("c.name")
      .execute(),
    q.selectFrom("approval_step").selectAll().where("flow_id", "in", ids).orderBy("sort").orderBy("id").execute(),
    q.selectFrom("approval_flow_condition").select("flow_id").where("flow_id", "in", ids).execute(),
  ]);
  const approvers = steps.length
    ? await q
        .selectFrom("approval_step_approver")
        .selectAll()
        .where(
          "step_id",
          "in",
          steps.map((s) => s.id),
        )
        .execute()
    : [];
  const people = await peopleById(
    q,
    approvers.map((a) => a.account_id),
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => {
    const r = byId.get(id)!;
    const own = steps.filter((s) => s.flow_id === id);
    return {
      id: r.id,
      name: r.name,
      code: r.code,
      sort: r.sort,
      type_request: r.type_request as ApprovalFlow["type_request"],
      type_rule: r.type_rule,
      content_type_list: types.filter((t) => t.flow_id === id).map((t) => ({ id: t.id, name: t.name })),
      price_gte: fromMinor(r.price_gte_minor),
      price_lte: fromMinor(r.price_lte_minor),
      desc: r.desc,
      has_condition: conditions.some((c) => c.flow_id === id),
      count_step: own.length,
      steps: own.map((s, i) => ({
        id: s.id,
        sort: i + 1,
        step_supervisor: s.step_supervisor,
        level_list_type: s.level_list_type,
        is_approver: s.is_approver === 1,
        approvers: approvers
          .filter((a) => a.step_id === s.id)
          .map((a) => people.get(a.account_id)!)
          .filter(Boolean),
        is_notification: s.is_notification === 1,
        duration_expire: s.duration_expire,
      })),
      datetime_create: r.datetime_create,
      datetime_update: r.datetime_update,
    };
  });
}

type FlowInput = {
  name?: string;
  code?: string | null;
  sort?: number;
  type_request?: number;
  type_rule?: number;
  content_type_list?: number[];
  price_gte?: number | null;
  price_lte?: number | null;
  desc?: string;
};

/** The checks beyond the shape: sort free, content types exist; then the row's columns. */
async function flowColumns(trx: Trx, input: FlowInput, selfId: number | null) {
  await assertCodeFree(trx, "approval_flow", input.code, selfId);
  if (input.sort !== undefined) {
    let q = trx.selectFrom("approval_flow").select("id").where("sort", "=", input.sort);
    if (selfId !== null) q = q.where("id", "<>", selfId);
    if (await q.executeTakeFirst()) throw badRequest({ sort: [REQ_MSG.sort_used] });
  }
  if (input.content_type_list?.length) {
    const found = await trx
      .selectFrom("content_type")
      .select("id")
      .where("id", "in", input.content_type_list)
      .execute();
    if (found.length !== input.content_type_list.length) throw badRequest({ content_type_list: [MSG.invalid] });
  }
  const out: Record<string, unknown> = {};
  for (const k of ["name", "code", "sort", "type_request", "type_rule", "desc"] as const)
    if (input[k] !== undefined) out[k] = input[k];
  if (input.price_gte !== undefined) out.price_gte_minor = toMinor(input.price_gte);
  if (input.price_lte !== undefined) out.price_lte_minor = toMinor(input.price_lte);
  return out;
}

/** A stored range must stay a range after a PATCH that gives one bound. */
async function assertRange(trx: Trx, id: number) {
  const r = await trx
    .selectFrom("approval_flow")
    .select(["price_gte_minor", "price_lte_minor"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  if (r.price_gte_minor !== null && r.price_lte_minor !== null && r.price_gte_minor > r.price_lte_minor)
    throw badRequest({ price_lte: [REQ_MSG.price_range] });
}

async function replaceContentTypes(trx: Trx, id: number, list: number[] | undefined) {
  if (list === undefined) return;
  await trx.deleteFrom("approval_flow_content_type").where("flow_id", "=", id).execute();
  if (list.length)
    await trx
      .insertInto("approval_flow_content_type")
      .values(list.map((c) => ({ flow_id: id, content_type_id: c })))
      .execute();
}

/** Requests waiting in the flow: its steps stay as they are meanwhile. */
async function assertNoneWaiting(trx: Trx, flowId: number) {
  const waiting = await trx
    .selectFrom("learning_request")
    .select("id")
    .where("flow_id", "=", flowId)
    .where("status", "in", [0, 1, 21])
    .executeTakeFirst();
  if (waiting) throw new ApiError(424, { detail: REQ_MSG.flow_in_use });
}

/** The step's approvers must be accounts that may decide (active staff, not read-only: deciders.ts). */
async function stepColumns(trx: Trx, s: ApprovalStepInput) {
  if (s.approvers.length) {
    const found = await trx
      .selectFrom("account as a")
      .select("a.id")
      .where("a.id", "in", s.approvers)
      .where(mayDecide)
      .execute();
    if (found.length !== s.approvers.length) throw badRequest({ approvers: [MSG.invalid] });
  }
  return {
    step_supervisor: s.step_supervisor,
    level_list_type: s.level_list_type,
    is_approver: s.is_approver ? 1 : 0,
    is_notification: s.is_notification ? 1 : 0,
    duration_expire: s.duration_expire,
  };
}
async function replaceApprovers(trx: Trx, stepId: number, s: ApprovalStepInput) {
  await trx.deleteFrom("approval_step_approver").where("step_id", "=", stepId).execute();
  const ids = s.is_approver ? s.approvers : [];
  if (ids.length)
    await trx
      .insertInto("approval_step_approver")
      .values(ids.map((a) => ({ step_id: stepId, account_id: a })))
      .execute();
}

export function flowRoutes(app: FastifyInstance, ctx: ApiContext) {
  const { db } = ctx;
  const base = "/dashboard/approval-flow/";
  const item = `${base}:id(^\\d{1,12})/`;
  const step = `${item}step/:stepid(^\\d{1,12})/`;
  const load = async (id: number) => (await presentFlows(db, [id]))[0];
  const at = () => ctx.now().toISOString();

  app.get(base, async (req) => {
    await requireModule(req, db, "approval_flow", "view");
    const raw = (req.query as Record<string, string>).type_request;
    const type = raw === undefined || raw === "" ? null : Number(raw);
    if (type !== null && !(REQUEST_TYPE_CODES as readonly number[]).includes(type))
      throw badRequest({ type_request: [MSG.invalid_choice] });
    return namedList(req, db, "approval_flow", {
      where: type === null ? undefined : sql<SqlBool>`t.type_request = ${type}`,
      ordering: namedOrdering({ sort: sql.ref("t.sort"), datetime_update: sql.ref("t.datetime_update") }),
      fallback: "sort",
      present: (ids) => presentFlows(db, ids),
    });
  });

  app.get(`${base}approver/`, async (req) => {
    await requireModule(req, db, "approval_flow", "view");
    return accountChoicesPage(req, db, { staffOnly: true, only: mayDecide });
  });

  app.post(base, async (req, reply) => {
    await requireModule(req, db, "approval_flow", "add");
    return createOnce(req, reply, ctx, {
      answer: load,
      create: async (keep) => {
        const input = parseInput(approvalFlowSchemas(await textLimits(db)).create, req.body);
        return writeTransaction(
          db,
          async (trx) => {
            const cols = await flowColumns(trx, input, null);
            const row = await trx
              .insertInto("approval_flow")
              .values({
                ...(cols as { name: string; type_request: number }),
                datetime_create: at(),
                datetime_update: at(),
              })
              .returning("id")
              .executeTakeFirstOrThrow();
            await replaceContentTypes(trx, row.id, input.content_type_list);
            return keep(trx, row.id);
          },
          [SORT_UNIQUE, CODE_UNIQUE],
        );
      },
    });
  });

  app.get(item, async (req) => {
    await requireModule(req, db, "approval_flow", "view");
    return load(await rowId(req, db, "approval_flow"));
  });

  app.patch(item, async (req) => {
    await requireModule(req, db, "approval_flow", "change");
    const id = await rowId(req, db, "approval_flow");
    const input = parseChanges(approvalFlowSchemas(await textLimits(db)).update, req.body);
    await writeTransaction(
      db,
      async (trx) => {
        const cols = await flowColumns(trx, input, id);
        await trx
          .updateTable("approval_flow")
          .set({ ...cols, datetime_update: at() })
          .where("id", "=", id)
          .execute();
        await assertRange(trx, id);
        await replaceContentTypes(trx, id, input.content_type_list);
      },
      [SORT_UNIQUE, CODE_UNIQUE],
    );
    return load(id);
  });

  app.delete(item, async (req, reply) => {
    await requireModule(req, db, "approval_flow", "delete");
    const id = await rowId(req, db, "approval_flow");
    await writeTransaction(db, async (trx) => {
      // Its requests keep the flow they went through (decided ones too): their history names it.
      if (await trx.selectFrom("learning_request").select("id").where("flow_id", "=", id).executeTakeFirst())
        throw new ApiError(424, { detail: REQ_MSG.flow_in_use });
      await trx.deleteFrom("approval_flow").where("id", "=", id).execute();
    });
    return reply.status(204).send();
  });

  app.get(`${item}step/`, async (req) => {
    await requireModule(req, db, "approval_flow", "view");
    const flow = await load(await rowId(req, db, "approval_flow"));
    return { results: flow.steps, count: flow.steps.length };
  });

  /**
   * A write to the flow's steps: the change flag and the flow first, so a caller without them
   * learns nothing of the fields (401/403/404 before any 400, issue 32); then `read` the body; then
   * the work, with no request waiting in the flow.
   */
  const stepWrite = async <T>(
    req: Parameters<typeof itemId>[0],
    read: () => T,
    work: (trx: Trx, flowId: number, input: T) => Promise<void>,
  ) => {
    const flowId = await stepFlow(req);
    const input = read();
    await writeTransaction(db, (trx) => inFlow(trx, flowId, () => work(trx, flowId, input)));
    return load(flowId);
  };
  /** The flow of a step call, after the change flag. */
  const stepFlow = async (req: Parameters<typeof itemId>[0]) => {
    await requireModule(req, db, "approval_flow", "change");
    return rowId(req, db, "approval_flow");
  };
  /** In `trx`: `work` on the flow's steps while no request waits in it, then the flow's stamp. */
  const inFlow = async <R>(trx: Trx, flowId: number, work: () => Promise<R>): Promise<R> => {
    await assertNoneWaiting(trx, flowId);
    const done = await work();
    await trx.updateTable("approval_flow").set({ datetime_update: at() }).where("id", "=", flowId).execute();
    return done;
  };
  const stepOf = async (trx: Trx, flowId: number, stepId: number) => {
    if (
      !(await trx
        .selectFrom("approval_step")
        .select("id")
        .where("id", "=", stepId)
        .where("flow_id", "=", flowId)
        .executeTakeFirst())
    )
      throw notFound();
  };
  const stepsOf = (trx: Trx, flowId: number) =>
    trx.selectFrom("approval_step").select("id").where("flow_id", "=", flowId).orderBy("sort").orderBy("id").execute();

  // A new step, in stepWrite's order, once per idempotency key (docs/decisions/094): the answer is the flow.
  app.post(`${item}step/`, async (req, reply) => {
    const flowId = await stepFlow(req);
    return createOnce(req, reply, ctx, {
      answer: () => load(flowId),
      create: (keep) => {
        const input = parseInput(approvalStepSchema, req.body);
        return writeTransaction(db, (trx) =>
          inFlow(trx, flowId, async () => {
            const existing = await stepsOf(trx, flowId);
            const row = await trx
              .insertInto("approval_step")
              .values({ flow_id: flowId, sort: existing.length + 1, ...(await stepColumns(trx, input)) })
              .returning("id")
              .executeTakeFirstOrThrow();
            await replaceApprovers(trx, row.id, input);
            return keep(trx, row.id);
          }),
        );
      },
    });
  });

  app.patch(step, async (req) => {
    const stepId = itemId(req, "stepid");
    return stepWrite(
      req,
      () => (refuseUnknownFields(approvalStepSchema, req.body), parseInput(approvalStepSchema, req.body)),
      async (trx, flowId, input) => {
        await stepOf(trx, flowId, stepId);
        await trx
          .updateTable("approval_step")
          .set(await stepColumns(trx, input))
          .where("id", "=", stepId)
          .execute();
        await replaceApprovers(trx, stepId, input);
      },
    );
  });

  app.delete(step, async (req) => {
    const stepId = itemId(req, "stepid");
    return stepWrite(
      req,
      () => null,
      async (trx, flowId) => {
        await stepOf(trx, flowId, stepId);
        await trx.deleteFrom("approval_step").where("id", "=", stepId).execute();
        const rest = await stepsOf(trx, flowId);
        for (const [i, r] of rest.entries())
          await trx
            .updateTable("approval_step")
            .set({ sort: i + 1 })
            .where("id", "=", r.id)
            .execute();
      },
    );
  });

  app.post(`${step}move/`, async (req) => {
    const stepId = itemId(req, "stepid");
    return stepWrite(
      req,
      () => parseInput(moveSchema, req.body),
      async (trx, flowId, { direction }) => {
        await stepOf(trx, flowId, stepId);
        await moveRow(trx, "approval_step", await stepsOf(trx, flowId), stepId, direction);
      },
    );
  });
}
