import type { FastifyInstance } from "fastify";
import { sql, type RawBuilder, type Selectable, type SqlBool } from "kysely";
import {
  ASG_MSG,
  MAX_RULE_CONTENTS,
  RULE_CRITERIA,
  RULE_OPERATOR,
  type RuleCriterion,
} from "../../contract/assignment-codes";
import { PUBLISH_STATUS } from "../../contract/codes";
import { MSG } from "../../contract/messages";
import { contentRuleSchema, type ContentRule, type ContentRuleInput } from "../../contract/schemas/assignment";
import type { ContentDefinition } from "../content/definition";
import { publishStatusWhere } from "../content/base-resource";
import type { Db } from "../db/index";
import type { Database } from "../db/schema";
import { fromResource, itemId, writeTransaction, type Trx } from "../engine/crud";
import type { ApiContext } from "../http/context";
import { createOnce } from "../http/idempotency";
import { badRequest, notFound, parseInput } from "../http/errors";
import type { KindAccess } from "./routes";
import { assignableTypes, type AssignmentKindDef } from "./store";

/**
 * An auto-assignment's content rules (spec 001 §3 "Auto-assignment content condition", spec 002 §7
 * "Auto-assignment content payload"; docs/decisions/059). A rule names a content type (or every
 * assignable one) and, per criterion, a list with its operator (1 one of, 2 none of); a content
 * matches when it is published and every filled list holds. What the rules match is written into
 * the assignment's contents (`rule_id`), so the content tab, the preview, the rounds and the
 * learner pages read one list: matched again when a rule is added or removed, on "match again",
 * and before every round (a course published since is assigned by the next round).
 *
 * - GET    ./{id}/content/rule/              the rules, with how many contents each brings   view
 * - POST   ./{id}/content/rule/              a rule (400 when it would bring too many)        change
 * - DELETE ./{id}/content/rule/{ruleId}/     the rule and the contents it brought             change
 * - POST   ./{id}/content/rule/match/        match the rules again now                        change
 */

type Q = Db | Trx;
type RuleRow = Selectable<Database["assignment_content_rule"]>;
type Rule = RuleRow & { lists: Record<RuleCriterion | "content", number[]> };
type Ref = { typeId: number; contentId: number };

/** The rules of an assignment with their lists, in the order added. */
async function rulesOf(q: Q, assignmentId: number): Promise<Rule[]> {
  const rows = await q
    .selectFrom("assignment_content_rule")
    .selectAll()
    .where("assignment_id", "=", assignmentId)
    .orderBy("id")
    .execute();
  if (!rows.length) return [];
  const items = await q
    .selectFrom("assignment_content_rule_item")
    .selectAll()
    .where(
      "rule_id",
      "in",
      rows.map((r) => r.id),
    )
    .orderBy("ref_id")
    .execute();
  return rows.map((r) => {
    const lists = Object.fromEntries(
      [...RULE_CRITERIA, "content"].map((f) => [
        f,
        items.filter((i) => i.rule_id === r.id && i.field === f).map((i) => i.ref_id),
      ]),
    );
    return { ...r, lists: lists as Rule["lists"] };
  });
}

const col = (name: string) => sql.ref(`t.${name}`);
const inIds = (ids: number[]) => sql.join(ids);

/** One criterion as a condition on a content row `t` of `def` (never null: a missing value is "not one of"). */
function criterionWhere(
  criterion: RuleCriterion | "content",
  ids: number[],
  def: ContentDefinition,
  typeId: number,
  now: Date,
): RawBuilder<SqlBool> {
  const filters = def.resource.filters;
  switch (criterion) {
    case "category":
    case "provider":
      return filters[criterion].where(ids, now);
    case "instructor":
      // A type whose contents have no instructors (an activity) has none of them.
      return filters.instructor ? filters.instructor.where(ids, now) : sql<SqlBool>`1 = 0`;
    case "learning_program":
      return sql<SqlBool>`(${col("program")} is not null and ${col("program")} in (${inIds(ids)}))`;
    case "level":
      return sql<SqlBool>`(${col("content_level")} is not null and ${col("content_level")} in (${inIds(ids)}))`;
    case "competency":
      return sql<SqlBool>`exists (select 1 from ${sql.table("content_competency")} as cc where ${sql.ref("cc.content_type_id")} = ${typeId} and ${sql.ref("cc.content_id")} = ${col("id")} and ${sql.ref("cc.competency_id")} in (${inIds(ids)}))`;
    case "content":
      return sql<SqlBool>`${col("id")} in (${inIds(ids)})`;
  }
}

const operatorOf = (rule: RuleRow, criterion: RuleCriterion | "content") =>
  (rule as unknown as Record<string, number>)[`${criterion}_operator`];

/** The published contents a rule matches now, by type then id, at most `limit`. */
async function ruleMatches(q: Q, rule: Rule, now: Date, limit: number): Promise<Ref[]> {
  const types = (await assignableTypes(q)).filter(
    (t) => rule.content_type_id === null || t.typeId === rule.content_type_id,
  );
  const out: Ref[] = [];
  for (const { def, typeId } of types) {
    if (out.length >= limit) break;
    let query = fromResource(q, def.resource.table)
      .select("t.id")
      .where(publishStatusWhere(PUBLISH_STATUS.publish, now));
    for (const criterion of [...RULE_CRITERIA, "content"] as const) {
      const ids = rule.lists[criterion];
      if (!ids.length) continue;
      const where = criterionWhere(criterion, ids, def, typeId, now);
      query = query.where(operatorOf(rule, criterion) === RULE_OPERATOR.none ? sql<SqlBool>`not (${where})` : where);
    }
    for (const r of await query
      .orderBy("t.id")
      .limit(limit - out.length)
      .execute())
      out.push({ typeId, contentId: r.id });
  }
  return out;
}

/**
 * Match the assignment's rules again (in the caller's transaction): the contents they bring are
 * added, those no rule matches any more are removed (contents added by hand are never touched).
 * At most MAX_RULE_CONTENTS, first rule first. Answers how many the rules match.
 */
export async function syncRuleContents(trx: Trx, assignmentId: number, now: Date): Promise<number> {
  const wanted = new Map<string, Ref & { ruleId: number }>();
  for (const rule of await rulesOf(trx, assignmentId)) {
    for (const m of await ruleMatches(trx, rule, now, MAX_RULE_CONTENTS + 1)) {
      const key = `${m.typeId}:${m.contentId}`;
      if (!wanted.has(key)) wanted.set(key, { ...m, ruleId: rule.id });
    }
  }
  const kept = new Map([...wanted].slice(0, MAX_RULE_CONTENTS));
  const current = await trx
    .selectFrom("assignment_content")
    .select(["id", "content_type_id", "content_id", "rule_id"])
    .where("assignment_id", "=", assignmentId)
    .execute();
  const stale = current
    .filter((c) => c.rule_id !== null && !kept.has(`${c.content_type_id}:${c.content_id}`))
    .map((c) => c.id);
  if (stale.length) await trx.deleteFrom("assignment_content").where("id", "in", stale).execute();
  const held = new Set(current.map((c) => `${c.content_type_id}:${c.content_id}`));
  const fresh = [...kept].filter(([key]) => !held.has(key)).map(([, m]) => m);
  const at = now.toISOString();
  if (fresh.length) {
    await trx
      .insertInto("assignment_content")
      .values(
        fresh.map((m) => ({
          assignment_id: assignmentId,
          content_type_id: m.typeId,
          content_id: m.contentId,
          rule_id: m.ruleId,
          datetime_create: at,
        })),
      )
      .execute();
  }
  return wanted.size;
}

/** Ids of `ids` missing from `table` (a refused reference). */
async function missing(q: Q, table: "category" | "provider" | "level" | "instructor" | "competency", ids: number[]) {
  if (!ids.length) return false;
  const found = await q
    .selectFrom(`${table} as r` as "category as r")
    .select("r.id")
    .where("r.id", "in", ids)
    .execute();
  return found.length !== ids.length;
}

/** The rule's references, each refused on its own field (a learning program is a plain id: decision 059). */
async function refusedReferences(q: Q, input: ContentRuleInput): Promise<Record<string, string[]>> {
  const errors: Record<string, string[]> = {};
  const tables = {
    category: "category",
    provider: "provider",
    level: "level",
    instructor: "instructor",
    competency: "competency",
  } as const;
  for (const [criterion, table] of Object.entries(tables)) {
    if (await missing(q, table, input[`${criterion as keyof typeof tables}_list`]))
      errors[`${criterion}_list`] = [MSG.invalid_choice];
  }
  if (input.content_type_id !== null) {
    const type = (await assignableTypes(q)).find((t) => t.typeId === input.content_type_id);
    if (!type) errors.content_type_id = [ASG_MSG.not_assignable];
    else if (input.content_list.length) {
      const found = await fromResource(q, type.def.resource.table)
        .select("t.id")
        .where("t.id", "in", input.content_list)
        .execute();
      if (found.length !== input.content_list.length) errors.content_list = [MSG.invalid_choice];
    }
  }
  return errors;
}

async function presentRules(q: Q, assignmentId: number): Promise<ContentRule[]> {
  const types = await assignableTypes(q);
  const counts = new Map(
    (
      await q
        .selectFrom("assignment_content")
        .select(["rule_id", (eb) => eb.fn.countAll<number>().as("n")])
        .where("assignment_id", "=", assignmentId)
        .where("rule_id", "is not", null)
        .groupBy("rule_id")
        .execute()
    ).map((r) => [r.rule_id, Number(r.n)]),
  );
  const out: ContentRule[] = [];
  for (const r of await rulesOf(q, assignmentId)) {
    const type = types.find((t) => t.typeId === r.content_type_id);
    // The chosen contents' names (a rule holds at most 200: one query per rule that chose some).
    const named =
      type && r.lists.content.length
        ? await fromResource(q, type.def.resource.table)
            .select(["t.id", "t.name"])
            .where("t.id", "in", r.lists.content)
            .orderBy("t.name")
            .execute()
        : [];
    out.push(present(r, type?.def.key ?? null, named, counts.get(r.id) ?? 0));
  }
  return out;
}

function present(r: Rule, typeKey: string | null, named: { id: number; name: string }[], count: number): ContentRule {
  return {
    id: r.id,
    content_type_id: r.content_type_id,
    content_type: typeKey,
    content_list: r.lists.content,
    content_names: named,
    content_operator: r.content_operator as ContentRule["content_operator"],
    ...(Object.fromEntries(
      RULE_CRITERIA.flatMap((c) => [
        [`${c}_list`, r.lists[c]],
        [`${c}_operator`, operatorOf(r, c)],
      ]),
    ) as Omit<ContentRuleInput, "content_type_id" | "content_list" | "content_operator">),
    count_content: count,
  };
}

export function contentRuleRoutes(app: FastifyInstance, ctx: ApiContext, kind: AssignmentKindDef, access: KindAccess) {
  const { db } = ctx;
  const rules = `/dashboard/${kind.path}/:id(^\\d{1,12})/content/rule/`;

  app.get(rules, async (req) => presentRules(db, (await access(req, "view")).row.id));

  app.post(rules, async (req, reply) => {
    const { row } = await access(req, "change");
    return createOnce(req, reply, ctx, {
      answer: () => presentRules(db, row.id),
      create: async (keep) => {
        const input = parseInput(contentRuleSchema, req.body);
        const errors = await refusedReferences(db, input);
        if (Object.keys(errors).length) throw badRequest(errors);
        const now = ctx.now();
        return writeTransaction(db, async (trx) => {
          const rule = await trx
            .insertInto("assignment_content_rule")
            .values({
              assignment_id: row.id,
              content_type_id: input.content_type_id,
              content_operator: input.content_operator,
              ...(Object.fromEntries(RULE_CRITERIA.map((c) => [`${c}_operator`, input[`${c}_operator`]])) as Record<
                `${RuleCriterion}_operator`,
                number
              >),
              datetime_create: now.toISOString(),
            })
            .returning("id")
            .executeTakeFirstOrThrow();
          const items = [
            ...RULE_CRITERIA.flatMap((c) => input[`${c}_list`].map((ref_id) => ({ field: c as string, ref_id }))),
            ...input.content_list.map((ref_id) => ({ field: "content", ref_id })),
          ];
          if (items.length)
            await trx
              .insertInto("assignment_content_rule_item")
              .values(items.map((i) => ({ rule_id: rule.id, ...i })))
              .execute();
          // Too wide a rule is refused whole (the transaction rolls back): nothing is written.
          if ((await syncRuleContents(trx, row.id, now)) > MAX_RULE_CONTENTS)
            throw badRequest({ detail: ASG_MSG.rule_too_many });
          await trx
            .updateTable("assignment")
            .set({ datetime_update: now.toISOString() })
            .where("id", "=", row.id)
            .execute();
          return keep(trx, rule.id);
        });
      },
    });
  });

  app.delete(`${rules}:ruleId(^\\d{1,12})/`, async (req, reply) => {
    const { row } = await access(req, "change");
    const now = ctx.now();
    const gone = await writeTransaction(db, async (trx) => {
      const res = await trx
        .deleteFrom("assignment_content_rule")
        .where("assignment_id", "=", row.id)
        .where("id", "=", itemId(req, "ruleId"))
        .executeTakeFirst();
      if (!Number(res.numDeletedRows)) return false;
      // Its contents went with it (cascade); another rule may still bring some of them.
      await trx
        .deleteFrom("assignment_content")
        .where("assignment_id", "=", row.id)
        .where("rule_id", "=", itemId(req, "ruleId"))
        .execute();
      await syncRuleContents(trx, row.id, now);
      return true;
    });
    if (!gone) throw notFound();
    return reply.status(204).send();
  });

  app.post(`${rules}match/`, async (req) => {
    const { row } = await access(req, "change");
    await writeTransaction(db, (trx) => syncRuleContents(trx, row.id, ctx.now()));
    return presentRules(db, row.id);
  });
}
