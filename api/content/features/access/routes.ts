import { switchedRoutes } from "../../../http/feature-switch";
import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  enrollmentSchema,
  identificationSchema,
  prerequisiteSchema,
} from "../../../../contract/schemas/content-enrollment";
import { contentAdminSchema } from "../../../../contract/schemas/content-permission";
import { permissionRuleRoutes } from "../../../auth/rule-routes";
import { cancelKindAt, type ContentDefinition } from "../../definition";
import { contentAccess, type ContentRef } from "../../ref";
import type { ApiContext } from "../../../http/context";
import { notFound, parseInput } from "../../../http/errors";
import { paginate, readPageQuery } from "../../../http/paging";
import {
  loadEnrollment,
  loadIdentification,
  loadPrerequisites,
  lockMinimums,
  removeEnrollmentSide,
  savePrerequisites,
  saveEnrollment,
  saveIdentification,
} from "./enrollment-settings";
import {
  addAdmin,
  adminsQuery,
  contentRules,
  notContentAdmin,
  presentAdmin,
  removeAdmin,
  removePermissionSide,
} from "./permission-rules";
import { idFilterValue, inTransaction, type Trx } from "../../../engine/crud";
import { audienceRoutes } from "./audience";
import { accountChoicesPage } from "../../../engine/account-choices";
import { FORM_KIND } from "../../../../contract/request-codes";

/**
 * Enrollment settings, prerequisites and permission of a content (issue 6 items 2 and 3;
 * docs/decisions/014), one feature each, mounted per content type (api/content/mount.ts).
 * Under /api/dashboard/{path}/{id}/:
 *
 * - enrollment/                      GET, PUT   the settings (flag {module}_enrollment_{module})
 * - enrollment/form/                 GET        the enrollment forms its `form` may name (same flag)
 * - enrollment/identification/       GET, PUT   enrollment identification (same flag)
 * - enrollment/prerequisite/         GET, PUT   {prerequisite_list}: items of the same type (same flag)
 * - permission/                      GET (paged), POST   rules (flag {module}_change_{module})
 * - permission/{pid}/                GET, PATCH, DELETE
 * - permission/{pid}/condition/      GET, PUT   the rule's condition
 * - permission/admin/                GET (paged, search), POST {account}
 * - permission/admin/{accountid}/    DELETE
 * - permission/admin/candidate/      GET (paged, search): staff not yet administrators
 * - permission/account/              GET (paged, search): active accounts, for user rules
 *
 * Every item call needs the content in the account's scope (else 404). Refused input is a 400
 * `{field: [key]}` — nested fields as dotted names (`content_period_cancel.type`) — and writes
 * nothing.
 */

/** Remove everything this module keeps for a content (its delete calls it, in its transaction). */
export async function removeContentAccess(trx: Trx, ref: ContentRef) {
  await removeEnrollmentSide(trx, ref);
  await removePermissionSide(trx, ref);
}

/** The item path of a content type and its access check (the content in scope, with the flag of `action`). */
function itemOf(ctx: ApiContext, def: ContentDefinition) {
  const item = `/dashboard/${def.resource.path}/:id(^\\d{1,12})`;
  const access = (req: FastifyRequest, action: "enrollment" | "change") =>
    contentAccess(req, ctx.db, def.resource, action);
  return { item, access };
}

/** The enrollment settings and the enrollment identification of a content. */
export function enrollmentSettingsRoutes(app: FastifyInstance, ctx: ApiContext, def: ContentDefinition) {
  const { db } = ctx;
  const { item, access } = itemOf(ctx, def);

  app.get(`${item}/enrollment/`, async (req) => {
    const { ref } = await access(req, "enrollment");
    return loadEnrollment(db, ref, await cancelKindAt(db, def, ref.contentId));
  });
  app.put(`${item}/enrollment/`, async (req) => {
    const { ref } = await access(req, "enrollment");
    const kind = await cancelKindAt(db, def, ref.contentId);
    const input = parseInput(enrollmentSchema(kind, "api"), req.body, "dotted");
    const now = ctx.now();
    await inTransaction(db, def.resource, (trx) => saveEnrollment(trx, ref, input, now));
    return loadEnrollment(db, ref, kind);
  });

  // The enrollment forms the setting's `form` may name (docs/decisions/074), as filter options.
  app.get(`${item}/enrollment/form/`, async (req) => {
    await access(req, "enrollment");
    const rows = await db
      .selectFrom("request_form")
      .select(["id", "name", "code"])
      .where("kind", "=", FORM_KIND.enrollment)
      .orderBy("name")
      .orderBy("id")
      .limit(500)
      .execute();
    return { results: rows.map((r) => ({ id: r.id, name: r.name, code: r.code, value: r.id })), count: rows.length };
  });

  app.get(`${item}/enrollment/identification/`, async (req) => {
    const { ref } = await access(req, "enrollment");
    return loadIdentification(db, ref, await lockMinimums(db));
  });
  app.put(`${item}/enrollment/identification/`, async (req) => {
    const { ref } = await access(req, "enrollment");
    const min = await lockMinimums(db);
    const input = parseInput(identificationSchema(min, "api"), req.body, "dotted");
    const now = ctx.now();
    await inTransaction(db, def.resource, (trx) => saveIdentification(trx, ref, input, now));
    return loadIdentification(db, ref, min);
  });
}

/** The prerequisites of a content: other items of its own type. */
export function prerequisiteRoutes(app: FastifyInstance, ctx: ApiContext, def: ContentDefinition) {
  const { db } = ctx;
  const { item, access } = itemOf(ctx, def);
  // The type's dependency switch (spec 002 §6) decides whether its prerequisites exist at all.
  switchedRoutes(app, ctx, def.switches.prerequisite ?? [], (scope) => {
    scope.get(`${item}/enrollment/prerequisite/`, async (req) => {
      const { ref } = await access(req, "enrollment");
      return loadPrerequisites(db, def.resource, ref);
    });
    scope.put(`${item}/enrollment/prerequisite/`, async (req) => {
      const { ref } = await access(req, "enrollment");
      const { prerequisite_list } = parseInput(prerequisiteSchema, req.body, "dotted");
      await inTransaction(db, def.resource, (trx) => savePrerequisites(trx, def.resource, ref, prerequisite_list));
      return loadPrerequisites(db, def.resource, ref);
    });
  });
}

/** The permission rules of a content, their conditions, its administrators and the accounts to pick from. */
export function permissionRoutes(app: FastifyInstance, ctx: ApiContext, def: ContentDefinition) {
  const { db } = ctx;
  const { item, access } = itemOf(ctx, def);
  // ---- permission rules and their conditions (the same calls as a category's: rule-routes.ts) ----
  permissionRuleRoutes(app, ctx, `${item}/permission/`, async (req) => contentRules((await access(req, "change")).ref));

  app.get(`${item}/permission/admin/`, async (req) => {
    const { ref } = await access(req, "change");
    const q = readPageQuery(req);
    const page = await paginate(req, adminsQuery(db, ref, q.search), q);
    return { ...page, results: page.results.map(presentAdmin) };
  });
  app.post(`${item}/permission/admin/`, async (req, reply) => {
    const { ref } = await access(req, "change");
    const { account } = parseInput(contentAdminSchema, req.body, "dotted");
    await inTransaction(db, def.resource, (trx) => addAdmin(trx, ref, account, ctx.now()));
    const row = await adminsQuery(db, ref).where("a.id", "=", account).executeTakeFirstOrThrow();
    return reply.status(201).send(presentAdmin(row));
  });
  app.delete(`${item}/permission/admin/:accountId(^\\d{1,12})/`, async (req, reply) => {
    const { ref } = await access(req, "change");
    const accountId = idFilterValue((req.params as Record<string, string>).accountId ?? "");
    if (accountId === null) throw notFound();
    await inTransaction(db, def.resource, (trx) => removeAdmin(trx, ref, accountId));
    return reply.status(204).send();
  });
  app.get(`${item}/permission/admin/candidate/`, async (req) => {
    const { ref } = await access(req, "change");
    return accountChoicesPage(req, db, { staffOnly: true, except: notContentAdmin(ref) });
  });
  // permission/account/ (a user rule's accounts) comes with the rules' calls (rule-routes.ts).

  // Where the rules take effect: who they admit, and what a signed-in account may see.
  audienceRoutes(app, ctx, def);
}
