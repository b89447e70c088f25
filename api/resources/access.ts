import type { FastifyInstance, FastifyRequest } from "fastify";
import type { z } from "zod/v4";
import type { CancelContentKind } from "../../contract/codes";
import type { FieldErrors } from "../../contract/http";
import { enrollmentSchema, identificationSchema, prerequisiteSchema } from "../../contract/schemas/content-enrollment";
import { contentAdminSchema, permissionConditionSchema, permissionRuleSchema, permissionRuleUpdateSchema } from "../../contract/schemas/content-permission";
import type { Db } from "../db/index";
import type { ApiContext } from "../http/context";
import { badRequest, notFound } from "../http/errors";
import { paginate, readPageQuery } from "../http/paging";
import {
  loadCoursePrerequisites,
  loadEnrollment,
  loadIdentification,
  lockMinimums,
  removeEnrollmentSide,
  saveCoursePrerequisites,
  saveEnrollment,
  saveIdentification,
  type ContentRef,
} from "./access-enrollment";
import {
  accountOptionsQuery,
  addAdmin,
  adminsQuery,
  createRule,
  deleteRule,
  loadCondition,
  loadRule,
  presentAccountOption,
  presentAdmin,
  presentRules,
  removeAdmin,
  removePermissionSide,
  rulesQuery,
  saveCondition,
  updateRule,
} from "./access-permission";
import { idFilterValue, inTransaction, itemAccess, type AnyResource, type Trx } from "./crud";
import { contentTypeId } from "./tags";

/**
 * Enrollment and permission of a content (issue 6 items 2 and 3; docs/decisions/014),
 * for any resource of the generic layer. Under /api/dashboard/{path}/{id}/:
 *
 * - enrollment/                      GET, PUT   the settings (flag {module}_enrollment_{module})
 * - enrollment/identification/       GET, PUT   enrollment identification (same flag)
 * - enrollment/prerequisite/         GET, PUT   {prerequisite_list} (same flag; courses only)
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
export type AccessOptions = {
  /** Which cancel types the content allows (spec 001 §4). */
  cancelKind: CancelContentKind;
  /** Whether the content has prerequisites among courses (course_prerequisite). */
  coursePrerequisites?: boolean;
};

/** zod issues → `{field: [key]}`: nested object keys joined by dots, list indices dropped. */
export function dottedFieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    // Object keys make the name; an index into a list is the list's own error.
    const names = issue.path.filter((p) => typeof p === "string");
    const field = names.length ? names.join(".") : "detail";
    const list = (out[field] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return out;
}

function parseDotted<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw badRequest(dottedFieldErrors(result.error));
  return result.data;
}

/** Remove everything this module keeps for a content (its delete calls it, in its transaction). */
export async function removeContentAccess(trx: Trx, contentTypeCode: string, contentId: number) {
  const ref = { contentTypeId: await contentTypeId(trx, contentTypeCode), contentId };
  await removeEnrollmentSide(trx, ref);
  await removePermissionSide(trx, ref);
}

export function accessRoutes(app: FastifyInstance, ctx: ApiContext, def: AnyResource, opts: AccessOptions) {
  const { db } = ctx;
  if (!def.contentType) throw new Error(`${def.path}: access routes need a content type`);
  const typeCode = def.contentType;
  const item = `/dashboard/${def.path}/:id(^\\d{1,12})`;
  const rule = `${item}/permission/:permissionId(^\\d{1,12})`;

  let typeId: number | null = null;
  const refOf = async (q: Db, contentId: number): Promise<ContentRef> => ({ contentTypeId: (typeId ??= await contentTypeId(q, typeCode)), contentId });
  /** The content (in scope) with the flag of `action`, as a reference. */
  const access = async (req: FastifyRequest, action: "enrollment" | "change") => {
    const a = await itemAccess(req, db, def, [action]);
    return { ...a, ref: await refOf(db, a.id) };
  };
  const ruleId = (req: FastifyRequest) => idFilterValue((req.params as Record<string, string>).permissionId ?? "") ?? 0;

  // ---- enrollment ----
  app.get(`${item}/enrollment/`, async (req) => {
    const { ref } = await access(req, "enrollment");
    return loadEnrollment(db, ref, opts.cancelKind);
  });
  app.put(`${item}/enrollment/`, async (req) => {
    const { ref } = await access(req, "enrollment");
    const input = parseDotted(enrollmentSchema(opts.cancelKind, "api"), req.body);
    const now = ctx.now();
    await inTransaction(db, def, (trx) => saveEnrollment(trx, ref, input, now));
    return loadEnrollment(db, ref, opts.cancelKind);
  });

  app.get(`${item}/enrollment/identification/`, async (req) => {
    const { ref } = await access(req, "enrollment");
    return loadIdentification(db, ref, await lockMinimums(db));
  });
  app.put(`${item}/enrollment/identification/`, async (req) => {
    const { ref } = await access(req, "enrollment");
    const min = await lockMinimums(db);
    const input = parseDotted(identificationSchema(min, "api"), req.body);
    const now = ctx.now();
    await inTransaction(db, def, (trx) => saveIdentification(trx, ref, input, now));
    return loadIdentification(db, ref, min);
  });

  if (opts.coursePrerequisites) {
    app.get(`${item}/enrollment/prerequisite/`, async (req) => {
      const { id } = await access(req, "enrollment");
      return loadCoursePrerequisites(db, id);
    });
    app.put(`${item}/enrollment/prerequisite/`, async (req) => {
      const { id } = await access(req, "enrollment");
      const { prerequisite_list } = parseDotted(prerequisiteSchema, req.body);
      await inTransaction(db, def, (trx) => saveCoursePrerequisites(trx, id, prerequisite_list));
      return loadCoursePrerequisites(db, id);
    });
  }

  // ---- permission rules and their conditions ----
  app.get(`${item}/permission/`, async (req) => {
    const { ref } = await access(req, "change");
    const page = await paginate(req, rulesQuery(db, ref), readPageQuery(req));
    return { ...page, results: await presentRules(db, page.results) };
  });
  app.post(`${item}/permission/`, async (req, reply) => {
    const { ref } = await access(req, "change");
    const input = parseDotted(permissionRuleSchema, req.body);
    const id = await inTransaction(db, def, (trx) => createRule(trx, ref, input, ctx.now()));
    return reply.status(201).send(await loadRule(db, ref, id));
  });
  app.get(`${rule}/`, async (req) => {
    const { ref } = await access(req, "change");
    return loadRule(db, ref, ruleId(req));
  });
  app.patch(`${rule}/`, async (req) => {
    const { ref } = await access(req, "change");
    const input = parseDotted(permissionRuleUpdateSchema, req.body);
    await inTransaction(db, def, (trx) => updateRule(trx, ref, ruleId(req), input, ctx.now()));
    return loadRule(db, ref, ruleId(req));
  });
  app.delete(`${rule}/`, async (req, reply) => {
    const { ref } = await access(req, "change");
    await inTransaction(db, def, (trx) => deleteRule(trx, ref, ruleId(req)));
    return reply.status(204).send();
  });
  app.get(`${rule}/condition/`, async (req) => {
    const { ref } = await access(req, "change");
    return loadCondition(db, ref, ruleId(req));
  });
  app.put(`${rule}/condition/`, async (req) => {
    const { ref } = await access(req, "change");
    // The rule first: a condition of a rule that is not there is a 404, whatever the body.
    await loadRule(db, ref, ruleId(req));
    const input = parseDotted(permissionConditionSchema, req.body);
    await inTransaction(db, def, (trx) => saveCondition(trx, ref, ruleId(req), input, ctx.now()));
    return loadCondition(db, ref, ruleId(req));
  });

  // ---- administrators and the accounts to choose from ----
  app.get(`${item}/permission/admin/`, async (req) => {
    const { ref } = await access(req, "change");
    const q = readPageQuery(req);
    const page = await paginate(req, adminsQuery(db, ref, q.search), q);
    return { ...page, results: page.results.map(presentAdmin) };
  });
  app.post(`${item}/permission/admin/`, async (req, reply) => {
    const { ref } = await access(req, "change");
    const { account } = parseDotted(contentAdminSchema, req.body);
    await inTransaction(db, def, (trx) => addAdmin(trx, ref, account, ctx.now()));
    const row = await adminsQuery(db, ref).where("a.id", "=", account).executeTakeFirstOrThrow();
    return reply.status(201).send(presentAdmin(row));
  });
  app.delete(`${item}/permission/admin/:accountId(^\\d{1,12})/`, async (req, reply) => {
    const { ref } = await access(req, "change");
    const accountId = idFilterValue((req.params as Record<string, string>).accountId ?? "");
    if (accountId === null) throw notFound();
    await inTransaction(db, def, (trx) => removeAdmin(trx, ref, accountId));
    return reply.status(204).send();
  });
  const options = (staffOnly: boolean) => async (req: FastifyRequest) => {
    const { ref } = await access(req, "change");
    const q = readPageQuery(req);
    const page = await paginate(req, accountOptionsQuery(db, ref, { staffOnly, search: q.search }), q);
    return { ...page, results: page.results.map(presentAccountOption) };
  };
  app.get(`${item}/permission/admin/candidate/`, options(true));
  app.get(`${item}/permission/account/`, options(false));
}
