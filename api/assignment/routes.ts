import type { FastifyInstance, FastifyRequest } from "fastify";
import { sql, type SqlBool } from "kysely";
import {
  ASG_MSG,
  ASSIGNMENT_KIND,
  ASSIGNMENT_STATUS,
  LEARNERS_FILTER_VALUES,
  UNTITLED_NAMES,
} from "../../contract/assignment-codes";
import { isIgnoredFilterValue } from "../../contract/list-query";
import { overdueWhere } from "./overdue";
import { MSG } from "../../contract/messages";
import type { Action } from "../../contract/permissions";
import {
  assignmentContentSchema,
  assignmentSchemas,
  audienceSchema,
  autoAssignmentSchemas,
  settingsIssues,
  type AssignmentInput,
} from "../../contract/schemas/assignment";
import type { ApiContext } from "../http/context";
import { createOnce } from "../http/idempotency";
import { ApiError, badRequest, notFound, parseChanges, parseInput } from "../http/errors";
import { parseOrdering, tieDirection } from "../http/ordering";
import { paginate, readPageQuery } from "../http/paging";
import { fromResource, itemId, likePattern, writeTransaction } from "../engine/crud";
import { requireModule } from "../system/master";
import { configValues, textLimits } from "../system/config-store";
import { contentRuleRoutes } from "./content-rules";
import { exportRoutes } from "./export";
import { learningRoutes } from "./routes-learning";
import { nextRound, roundRoutes, startScheduler } from "./rounds";
import {
  assignableTypes,
  audienceOf,
  contentsOf,
  definitionOf,
  findAssignment,
  KINDS,
  presentAssignments,
  saveAudience,
  type AssignmentKindDef,
} from "./store";

/**
 * Assignment, auto-assignment and suggestions (issue 17 §1–§3; spec 002 §7 "Assignment";
 * docs/decisions/051–053): one set of calls per kind, under /api/dashboard/{assignment |
 * auto-assignment | suggestion}/, with the flags of its module (assignment | suggestion):
 *
 * - GET  ./ (search, ordering) · POST ./ {type?, name?, settings…} → 201 with its id    view · add
 *   (spec 002 §7 posts `{type}` alone: the name is then the kind's UNTITLED_NAMES)
 * - GET | PATCH | DELETE ./{id}/ (a draft only is deleted; 424 once assigned)          view · change · delete
 * - GET  ./{id}/content/ · POST ./{id}/content/ {content_type_id, content_list} · DELETE ./{id}/content/{rowId}/
 * - GET  ./{id}/content/choice/?content_type_id=&search=: contents to add             view
 * - an auto-assignment's content rules under ./{id}/content/rule/ (content-rules.ts)
 * - GET | PUT ./{id}/audience/ {account_list, department_list, include_sub_department, group_list}
 * - preview, assign, learner results, progress (routes-learning.ts) and their exports (export.ts);
 *   an auto-assignment's rounds (rounds.ts)
 */
export function assignmentRoutes(app: FastifyInstance, ctx: ApiContext, opts: { scheduler: boolean }) {
  for (const kind of KINDS) kindRoutes(app, ctx, kind);
  if (opts.scheduler) startScheduler(app, ctx);
}

/** The list's `learners` filter (LEARNERS_FILTER; "all" or none: every row); any other value is a 400. */
function learnersFilter(req: FastifyRequest): string | undefined {
  const v = (req.query as Record<string, unknown> | undefined)?.learners;
  if (v === undefined || v === "" || (typeof v === "string" && isIgnoredFilterValue(v))) return undefined;
  if (typeof v !== "string" || !(LEARNERS_FILTER_VALUES as readonly string[]).includes(v))
    throw badRequest({ learners: [MSG.invalid_choice] });
  return v;
}

const ORDERING = {
  name: sql`lower(${sql.ref("name")})`,
  datetime_update: sql.ref("datetime_update"),
  datetime_create: sql.ref("datetime_create"),
  id: sql.ref("id"),
};

/** What a row stores of the settings given (create: every field; update: those given). */
function columnsOf(input: AssignmentInput): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(input)) {
    if (v === undefined || k === "type") continue;
    out[k] = typeof v === "boolean" ? (v ? 1 : 0) : v;
  }
  return out;
}

function kindRoutes(app: FastifyInstance, ctx: ApiContext, kind: AssignmentKindDef) {
  const { db } = ctx;
  const base = `/dashboard/${kind.path}/`;
  const item = `${base}:id(^\\d{1,12})/`;
  const auto = kind.type === ASSIGNMENT_KIND.auto;
  // A date-time given for a day is read in the organisation's zone (spec 001 §3 "(ISO)", R156).
  const schemas = async () => {
    const { "time-zone-offset-minutes": offset } = await configValues(db, ["time-zone-offset-minutes"]);
    return (auto ? autoAssignmentSchemas : assignmentSchemas)(await textLimits(db), Number(offset) || 0);
  };
  /** The flag, then the row of this kind named by the path (404 otherwise). */
  const access = async (req: FastifyRequest, action: Action) => {
    const { account } = await requireModule(req, db, kind.module, action);
    const row = await findAssignment(db, kind.type, itemId(req));
    if (!row) throw notFound();
    return { account, row };
  };
  const load = async (id: number) => (await presentAssignments(db, [(await findAssignment(db, kind.type, id))!]))[0];

  app.get(base, async (req) => {
    await requireModule(req, db, kind.module, "view");
    const page = readPageQuery(req);
    const order = parseOrdering(page.ordering, ORDERING, "-datetime_update");
    if (!order) throw badRequest({ ordering: [MSG.invalid_choice] });
    const learners = learnersFilter(req);
    let q = db.selectFrom("assignment").selectAll().where("type", "=", kind.type);
    // `learners=overdue` (docs/decisions/080): those with an overdue learner, as the home counts them.
    if (learners === "overdue") {
      const overdue = await overdueWhere(db, ctx.now());
      q = q.where(({ exists, selectFrom }) =>
        exists(
          selectFrom("assignment_result as r")
            .innerJoin("content_enrollment as e", "e.id", "r.enrollment_id")
            .select(sql`1`.as("one"))
            .whereRef("r.assignment_id", "=", "assignment.id")
            .where(overdue),
        ),
      );
    }
    if (page.search) q = q.where(sql<SqlBool>`lower(${sql.ref("name")}) like ${likePattern(page.search)} escape '\\'`);
    for (const o of order) q = q.orderBy(o.expr, o.desc ? "desc" : "asc");
    const answer = await paginate(req, q.orderBy("id", tieDirection(order)), page);
    return { ...answer, results: await presentAssignments(db, answer.results) };
  });

  app.post(base, async (req, reply) => {
    const { account } = await requireModule(req, db, kind.module, "add");
    return createOnce(req, reply, ctx, {
      answer: load,
      create: async (keep) => {
        const input = parseInput((await schemas()).create, req.body) as AssignmentInput;
        if (input.type !== undefined && input.type !== kind.type) throw badRequest({ type: [MSG.invalid_choice] });
        const at = ctx.now().toISOString();
        const values = {
          ...columnsOf(input),
          type: kind.type,
          name: input.name ?? UNTITLED_NAMES[kind.type],
          created_by: account.id,
          datetime_create: at,
          datetime_update: at,
        };
        return writeTransaction(db, async (trx) => {
          const row = await trx
            .insertInto("assignment")
            .values(values as never)
            .returning("id")
            .executeTakeFirstOrThrow();
          if (auto)
            await trx
              .updateTable("assignment")
              .set({ datetime_next_round: await nextRound(trx, row.id, ctx.now()) })
              .where("id", "=", row.id)
              .execute();
          return keep(trx, row.id);
        });
      },
    });
  });

  app.get(item, async (req) => (await presentAssignments(db, [(await access(req, "view")).row]))[0]);

  app.patch(item, async (req) => {
    const { row } = await access(req, "change");
    const input = parseChanges((await schemas()).update, req.body) as AssignmentInput;
    // The rules between fields hold for the row as it will be, not only the fields sent.
    const merged = {
      ...row,
      ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)),
    } as Parameters<typeof settingsIssues>[0];
    const issues = settingsIssues(merged);
    if (issues.length) throw badRequest(Object.fromEntries(issues.map((i) => [i.path, [i.message]])));
    await writeTransaction(db, async (trx) => {
      await trx
        .updateTable("assignment")
        .set({ ...columnsOf(input), datetime_update: ctx.now().toISOString() })
        .where("id", "=", row.id)
        .execute();
      if (auto)
        await trx
          .updateTable("assignment")
          .set({ datetime_next_round: await nextRound(trx, row.id, ctx.now()) })
          .where("id", "=", row.id)
          .execute();
    });
    return load(row.id);
  });

  app.delete(item, async (req, reply) => {
    const { row } = await access(req, "delete");
    // Its results are learners' history: an assignment that assigned is kept.
    if (row.status === ASSIGNMENT_STATUS.assigned) throw new ApiError(424, { detail: ASG_MSG.assigned_not_deleted });
    await db.deleteFrom("assignment").where("id", "=", row.id).execute();
    return reply.status(204).send();
  });

  const contentAnswer = async (id: number) => (await contentsOf(db, id)).map(({ ref: _r, def: _d, ...c }) => c);
  app.get(`${item}content/`, async (req) => contentAnswer((await access(req, "view")).row.id));

  app.post(`${item}content/`, async (req, reply) => {
    const { row } = await access(req, "change");
    const input = parseInput(assignmentContentSchema, req.body);
    const def = await definitionOf(db, input.content_type_id);
    if (!def) throw badRequest({ content_type_id: [ASG_MSG.not_assignable] });
    const found = await fromResource(db, def.resource.table)
      .select("t.id")
      .where("t.id", "in", input.content_list)
      .execute();
    if (found.length !== input.content_list.length) throw badRequest({ content_list: [MSG.invalid_choice] });
    const at = ctx.now().toISOString();
    await writeTransaction(db, async (trx) => {
      await trx
        .insertInto("assignment_content")
        .values(
          input.content_list.map((content_id) => ({
            assignment_id: row.id,
            content_type_id: input.content_type_id,
            content_id,
            datetime_create: at,
          })),
        )
        .onConflict((oc) => oc.columns(["assignment_id", "content_type_id", "content_id"]).doNothing())
        .execute();
      await trx.updateTable("assignment").set({ datetime_update: at }).where("id", "=", row.id).execute();
    });
    return reply.status(201).send(await contentAnswer(row.id));
  });

  app.delete(`${item}content/:rowId(^\\d{1,12})/`, async (req, reply) => {
    const { row } = await access(req, "change");
    // A content a rule brought goes with its rule (it would come back at the next match).
    const fromRule = await db
      .selectFrom("assignment_content")
      .select("id")
      .where("assignment_id", "=", row.id)
      .where("id", "=", itemId(req, "rowId"))
      .where("rule_id", "is not", null)
      .executeTakeFirst();
    if (fromRule) throw badRequest({ detail: ASG_MSG.content_from_rule });
    const res = await db
      .deleteFrom("assignment_content")
      .where("assignment_id", "=", row.id)
      .where("id", "=", itemId(req, "rowId"))
      .executeTakeFirst();
    if (Number(res.numDeletedRows) !== 1) throw notFound();
    return reply.status(204).send();
  });

  // Contents to add: the assignable types (no type given: the list of types), by name or code.
  app.get(`${item}content/choice/`, async (req) => {
    await access(req, "view");
    const types = await assignableTypes(db);
    const query = (req.query ?? {}) as Record<string, string>;
    const typeId = Number(query.content_type_id);
    const search = String(query.search ?? "").trim();
    const t = types.find((x) => x.typeId === typeId);
    const results = t
      ? await fromResource(db, t.def.resource.table)
          .select(["t.id", "t.name", "t.code"])
          .$if(!!search, (q) =>
            q.where(
              sql<SqlBool>`(lower(${sql.ref("t.name")}) like ${likePattern(search)} escape '\\' or lower(${sql.ref("t.code")}) like ${likePattern(search)} escape '\\')`,
            ),
          )
          .orderBy(sql`lower(${sql.ref("t.name")})`)
          .orderBy("t.id")
          .limit(50)
          .execute()
      : [];
    return { types: types.map((x) => ({ id: x.typeId, key: x.def.key })), results };
  });

  app.get(`${item}audience/`, async (req) => {
    const { row } = await access(req, "view");
    const { input: _input, ...audience } = await audienceOf(db, row);
    return audience;
  });

  app.put(`${item}audience/`, async (req) => {
    const { row } = await access(req, "change");
    const input = parseInput(audienceSchema, req.body);
    const errors: Record<string, string[]> = {};
    const missing = async (table: "account" | "department" | "account_group", ids: number[]) => {
      if (!ids.length) return false;
      let q = db
        .selectFrom(`${table} as r` as "department as r")
        .select("r.id")
        .where("r.id", "in", ids);
      if (table === "account") q = q.where(sql.ref("r.is_active"), "=", 1);
      return (await q.execute()).length !== ids.length;
    };
    if (await missing("account", input.account_list)) errors.account_list = [MSG.invalid_choice];
    if (await missing("department", input.department_list)) errors.department_list = [MSG.invalid_choice];
    if (await missing("account_group", input.group_list)) errors.group_list = [MSG.invalid_choice];
    if (Object.keys(errors).length) throw badRequest(errors);
    await writeTransaction(db, (trx) => saveAudience(trx, row.id, input, ctx.now().toISOString()));
    const { input: _input, ...audience } = await audienceOf(db, (await findAssignment(db, kind.type, row.id))!);
    return audience;
  });

  // Accounts to add by name: active ones not named yet, 20 at a time, narrowed by a search.
  app.get(`${item}audience/account/`, async (req) => {
    const { row } = await access(req, "view");
    const search = String(((req.query ?? {}) as Record<string, string>).search ?? "").trim();
    const p = likePattern(search);
    const results = await db
      .selectFrom("account as a")
      .select(["a.id", "a.username", "a.first_name", "a.last_name"])
      .where("a.is_active", "=", 1)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom("assignment_audience as x")
              .select("x.ref_id")
              .where("x.assignment_id", "=", row.id)
              .where("x.kind", "=", "account")
              .whereRef("x.ref_id", "=", "a.id"),
          ),
        ),
      )
      .$if(!!search, (q) =>
        q.where(
          sql<SqlBool>`(lower(a.username) like ${p} escape '\\' or lower(a.first_name || ' ' || a.last_name) like ${p} escape '\\' or lower(a.email) like ${p} escape '\\')`,
        ),
      )
      .orderBy(sql`lower(a.username)`)
      .limit(20)
      .execute();
    return { results };
  });

  learningRoutes(app, ctx, kind, access);
  exportRoutes(app, ctx, kind, access);
  if (auto) {
    roundRoutes(app, ctx, kind, access);
    contentRuleRoutes(app, ctx, kind, access);
  }
}

export type KindAccess = (
  req: FastifyRequest,
  action: Action,
) => Promise<{ account: { id: number }; row: NonNullable<Awaited<ReturnType<typeof findAssignment>>> }>;
