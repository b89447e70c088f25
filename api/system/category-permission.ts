import type { FastifyInstance, FastifyRequest } from "fastify";
import { CATEGORY_RULES } from "../auth/conditions";
import { permissionRuleRoutes } from "../auth/rule-routes";
import type { RuleSet } from "../auth/rule-store";
import type { ApiContext } from "../http/context";
import { existingId, requireModule } from "./master";

/**
 * A category's permission rules and their conditions (spec 000 §2.11
 * /category/{categoryid}/permission/{permissionid?} with condition; docs/decisions/030): the
 * same rules as a content's (mode everyone 1 / department 2 / user 3, access view 1 /
 * view_enroll 2, the same condition), kept in category_permission, through the same calls
 * (api/auth/rule-routes.ts) under /api/dashboard/category/{id}/permission/, every one with
 * category_change_category. They decide who sees the category and what lies in it
 * (api/content/features/access/visibility.ts).
 */
export function categoryPermissionRoutes(app: FastifyInstance, ctx: ApiContext) {
  const { db } = ctx;
  /** The category's rules, for an account with the category change flag (else 403; 404 for no such category). */
  const rulesOf = async (req: FastifyRequest): Promise<RuleSet> => {
    await requireModule(req, db, "category", "change");
    return { source: CATEGORY_RULES, owner: { category_id: await existingId(req, db, "category") } };
  };
  permissionRuleRoutes(app, ctx, "/dashboard/category/:id(^\\d{1,12})/permission/", rulesOf);
}
