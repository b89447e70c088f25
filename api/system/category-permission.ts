import type { FastifyInstance, FastifyRequest } from "fastify";
import { permissionConditionSchema, permissionRuleSchema, permissionRuleUpdateSchema } from "../../contract/schemas/content-permission";
import { CATEGORY_RULES } from "../auth/conditions";
import { createRule, deleteRule, loadCondition, loadRule, presentRules, rulesQuery, saveCondition, updateRule, type RuleSet } from "../auth/rule-store";
import type { ApiContext } from "../http/context";
import { parseInput } from "../http/errors";
import { paginate, readPageQuery } from "../http/paging";
import { itemId, writeTransaction } from "../engine/crud";
import { existingId, requireModule } from "./master";

/**
 * A category's permission rules and their conditions (spec 000 §2.11
 * /category/{categoryid}/permission/{permissionid?} with condition; docs/decisions/030): the
 * same rules as a content's (mode everyone 1 / department 2 / user 3, access view 1 /
 * view_enroll 2, the same condition), kept in category_permission. They decide who sees the
 * category and what lies in it (api/content/features/access/visibility.ts). Under
 * /api/dashboard/category/{id}/, every call with category_change_category:
 *
 * - permission/                   GET (paged), POST {mode, permission}
 * - permission/{pid}/             GET, PATCH, DELETE
 * - permission/{pid}/condition/   GET, PUT
 */
export function categoryPermissionRoutes(app: FastifyInstance, ctx: ApiContext) {
  const { db } = ctx;
  const item = "/dashboard/category/:id(^\\d{1,12})/permission/";
  const rule = `${item}:permissionId(^\\d{1,12})/`;
  /** The category's rules, for an account with the category change flag (else 403; 404 for no such category). */
  const rulesOf = async (req: FastifyRequest): Promise<RuleSet> => {
    await requireModule(req, db, "category", "change");
    return { source: CATEGORY_RULES, owner: { category_id: await existingId(req, db, "category") } };
  };
  const ruleId = (req: FastifyRequest) => itemId(req, "permissionId");

  app.get(item, async (req) => {
    const set = await rulesOf(req);
    const page = await paginate(req, rulesQuery(db, set), readPageQuery(req));
    return { ...page, results: await presentRules(db, set, page.results) };
  });
  app.post(item, async (req, reply) => {
    const set = await rulesOf(req);
    const input = parseInput(permissionRuleSchema, req.body);
    const id = await writeTransaction(db, (trx) => createRule(trx, set, input, ctx.now()));
    return reply.status(201).send(await loadRule(db, set, id));
  });
  app.get(rule, async (req) => loadRule(db, await rulesOf(req), ruleId(req)));
  app.patch(rule, async (req) => {
    const set = await rulesOf(req);
    const input = parseInput(permissionRuleUpdateSchema, req.body);
    await writeTransaction(db, (trx) => updateRule(trx, set, ruleId(req), input, ctx.now()));
    return loadRule(db, set, ruleId(req));
  });
  app.delete(rule, async (req, reply) => {
    const set = await rulesOf(req);
    await writeTransaction(db, (trx) => deleteRule(trx, set, ruleId(req)));
    return reply.status(204).send();
  });
  app.get(`${rule}condition/`, async (req) => loadCondition(db, await rulesOf(req), ruleId(req)));
  app.put(`${rule}condition/`, async (req) => {
    const set = await rulesOf(req);
    // The rule first: a condition of a rule that is not there is a 404, whatever the body.
    await loadRule(db, set, ruleId(req));
    const input = parseInput(permissionConditionSchema, req.body);
    await writeTransaction(db, (trx) => saveCondition(trx, set, ruleId(req), input, ctx.now()));
    return loadCondition(db, set, ruleId(req));
  });
}
