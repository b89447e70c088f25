import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  permissionConditionSchema,
  permissionRuleSchema,
  permissionRuleUpdateSchema,
} from "../../contract/schemas/content-permission";
import { accountChoicesPage } from "../engine/account-choices";
import { itemId, writeTransaction } from "../engine/crud";
import type { ApiContext } from "../http/context";
import { createOnce } from "../http/idempotency";
import { parseChanges, parseInput } from "../http/errors";
import { paginate, readPageQuery } from "../http/paging";
import {
  createRule,
  deleteRule,
  loadCondition,
  loadRule,
  presentRules,
  rulesQuery,
  saveCondition,
  updateRule,
  type RuleSet,
} from "./rule-store";

/**
 * The calls of a set of permission rules, wherever they are kept (a content's, a category's;
 * rule-store.ts), under `base` (…/permission/):
 *
 * - ./                    GET (paged), POST {mode, permission} (201, a rule with an empty condition)
 * - ./{pid}/              GET, PATCH, DELETE
 * - ./{pid}/condition/    GET, PUT (the whole condition)
 * - ./account/            GET (paged, search): active accounts, the choices of a user rule
 *
 * `rulesOf` checks the caller's right to the owner's rules (401/403/404) and names them.
 */
export function permissionRuleRoutes(
  app: FastifyInstance,
  ctx: ApiContext,
  base: string,
  rulesOf: (req: FastifyRequest) => Promise<RuleSet>,
) {
  const { db } = ctx;
  const rule = `${base}:permissionId(^\\d{1,12})/`;
  const ruleId = (req: FastifyRequest) => itemId(req, "permissionId");

  app.get(base, async (req) => {
    const set = await rulesOf(req);
    const page = await paginate(req, rulesQuery(db, set), readPageQuery(req));
    return { ...page, results: await presentRules(db, set, page.results) };
  });
  app.post(base, async (req, reply) => {
    const set = await rulesOf(req);
    return createOnce(req, reply, ctx, {
      answer: (id) => loadRule(db, set, id),
      create: (keep) => {
        const input = parseInput(permissionRuleSchema, req.body, "dotted");
        return writeTransaction(db, async (trx) => keep(trx, await createRule(trx, set, input, ctx.now())));
      },
    });
  });
  app.get(rule, async (req) => loadRule(db, await rulesOf(req), ruleId(req)));
  app.patch(rule, async (req) => {
    const set = await rulesOf(req);
    const input = parseChanges(permissionRuleUpdateSchema, req.body, "dotted");
    await writeTransaction(db, (trx) => updateRule(trx, set, ruleId(req), input, ctx.now()));
    return loadRule(db, set, ruleId(req));
  });
  app.delete(rule, async (req, reply) => {
    const set = await rulesOf(req);
    await writeTransaction(db, (trx) => deleteRule(trx, set, ruleId(req)));
    return reply.status(204).send();
  });
  // Whoever may change the rules picks a user rule's accounts: a content's and a category's alike.
  app.get(`${base}account/`, async (req) => {
    await rulesOf(req);
    return accountChoicesPage(req, db);
  });
  app.get(`${rule}condition/`, async (req) => loadCondition(db, await rulesOf(req), ruleId(req)));
  app.put(`${rule}condition/`, async (req) => {
    const set = await rulesOf(req);
    // The rule first: a condition of a rule that is not there is a 404, whatever the body.
    await loadRule(db, set, ruleId(req));
    const input = parseInput(permissionConditionSchema, req.body, "dotted");
    await writeTransaction(db, (trx) => saveCondition(trx, set, ruleId(req), input, ctx.now()));
    return loadCondition(db, set, ruleId(req));
  });
}
