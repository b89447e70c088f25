import type { FastifyInstance } from "fastify";
import { textLimits } from "./config-store";
import { sql, type SqlBool } from "kysely";
import { MSG } from "../../contract/messages";
import { flag } from "../../contract/permissions";
import { GROUP_TYPES, groupSchemas } from "../../contract/schemas/group";
import { CATEGORY_RULES, CONTENT_RULES, FLOW_CONDITIONS, GROUP_CONDITIONS } from "../auth/conditions";
import { namedByConditions } from "../auth/condition-store";
import type { ApiContext } from "../http/context";
import { createOnce } from "../http/idempotency";
import { ApiError, badRequest, forbidden, parseChanges, parseInput } from "../http/errors";
import { itemId, writeTransaction, type Trx } from "../engine/crud";
import { groupAccess, groupListScope, loadGroup, presentGroups } from "./group-access";
import { groupMemberRoutes } from "./group-members";
import { CODE_UNIQUE, assertCodeFree, existingId, masterList, requireModule, touchFilters } from "./master";
import { removeAdmins, roleAdminRoutes, setAdmins } from "./role-admins";

/**
 * Groups (spec 000 §2.11 /group, /group/{groupid}, /group/{groupid}/condition; spec 001 §3;
 * docs/decisions/030). Under /api/dashboard/group/:
 *
 * - GET    ./                    paged, `search` (name, code), `type` (ACCOUNT | CONDITION), `ordering`
 * - POST   ./                    {name, code, desc, type, admin_list}                group_add_group
 * - GET    ./{id}/               the group, its admin_list and count_member           view flag or admin
 * - PATCH  ./{id}/               name, code, desc (admin_list: group_change_group)    change flag or admin
 * - DELETE ./{id}/               424 while a condition or an inspector names it       group_delete_group
 * - ./{id}/member/, ./{id}/condition/, ./{id}/condition/preview/  (group-members.ts)
 * - ./{id}/admin/ …             the administrators (role-admins.ts)                   view / group_change_group
 */
export function groupRoutes(app: FastifyInstance, ctx: ApiContext) {
  const { db } = ctx;
  const base = "/dashboard/group/";
  const item = `${base}:id(^\\d{1,12})/`;
  const touched = (trx: Trx) => touchFilters(trx, ["group"], ctx.now());

  app.get(base, async (req) => {
    const scope = await groupListScope(req, db);
    const type = String((req.query as Record<string, unknown>).type ?? "");
    if (type && !["all", "null"].includes(type) && !(GROUP_TYPES as readonly string[]).includes(type))
      throw badRequest({ type: [MSG.invalid_choice] });
    const byType = (GROUP_TYPES as readonly string[]).includes(type)
      ? sql<SqlBool>`${sql.ref("t.type")} = ${type}`
      : null;
    const where = scope && byType ? sql<SqlBool>`(${scope} and ${byType})` : (scope ?? byType);
    return masterList(req, db, "account_group", where, (ids) => presentGroups(db, ids));
  });

  app.post(base, async (req, reply) => {
    await requireModule(req, db, "group", "add");
    return createOnce(req, reply, ctx, {
      answer: (id) => loadGroup(db, id, ctx.now()),
      create: async (keep) => {
        const input = parseInput(groupSchemas(await textLimits(db)).create, req.body);
        return writeTransaction(
          db,
          async (trx) => {
            await assertCodeFree(trx, "account_group", input.code, null);
            const row = await trx
              .insertInto("account_group")
              .values({ name: input.name, code: input.code, desc: input.desc, type: input.type })
              .returning("id")
              .executeTakeFirstOrThrow();
            await setAdmins(trx, "group", row.id, input.admin_list);
            await touched(trx);
            return keep(trx, row.id);
          },
          CODE_UNIQUE,
        );
      },
    });
  });

  app.get(item, async (req) => {
    const { id } = await groupAccess(req, db, itemId(req), "view");
    return loadGroup(db, id, ctx.now());
  });

  app.patch(item, async (req) => {
    const access = await groupAccess(req, db, itemId(req), "change");
    const input = parseChanges(groupSchemas(await textLimits(db)).update, req.body);
    // Who administers a group is the group flag's business, not its administrators'.
    if (input.admin_list !== undefined && !access.flags.has(flag("group", "change"))) throw forbidden();
    if (input.type !== undefined && input.type !== access.type) throw badRequest({ type: [MSG.group_type_fixed] });
    await writeTransaction(
      db,
      async (trx) => {
        await assertCodeFree(trx, "account_group", input.code, access.id);
        const set = {
          ...(input.name !== undefined && { name: input.name }),
          ...(input.code !== undefined && { code: input.code }),
          ...(input.desc !== undefined && { desc: input.desc }),
        };
        if (Object.keys(set).length)
          await trx.updateTable("account_group").set(set).where("id", "=", access.id).execute();
        if (input.admin_list !== undefined) await setAdmins(trx, "group", access.id, input.admin_list);
        await touched(trx);
      },
      CODE_UNIQUE,
    );
    return loadGroup(db, access.id, ctx.now());
  });

  app.delete(item, async (req, reply) => {
    await requireModule(req, db, "group", "delete");
    const id = await existingId(req, db, "account_group");
    await writeTransaction(db, async (trx) => {
      if (await groupInUse(trx, id)) throw new ApiError(424, { detail: MSG.cannot_delete_because_dependency });
      await removeAdmins(trx, "group", id);
      // Its members, its condition and its condition's lists go by foreign key.
      await trx.deleteFrom("account_group").where("id", "=", id).execute();
      await touched(trx);
    });
    return reply.status(204).send();
  });

  groupMemberRoutes(app, ctx);
  roleAdminRoutes(app, ctx, {
    path: "group",
    kind: "group",
    // Reading the administrators: the group's own access; changing them: the group flag only.
    access: async (req, id, action) => {
      const access = await groupAccess(req, db, id, "view");
      if (action === "change" && !access.flags.has(flag("group", "change"))) throw forbidden();
    },
  });
}

/** Whether a permission rule's or another group's condition, or an activity inspector, names the group. */
async function groupInUse(trx: Trx, id: number): Promise<boolean> {
  if (
    await namedByConditions(
      trx,
      [CONTENT_RULES, CATEGORY_RULES, GROUP_CONDITIONS, FLOW_CONDITIONS],
      ["group", "group_account"],
      id,
    )
  )
    return true;
  return !!(await trx.selectFrom("activity_inspector").select("id").where("group_id", "=", id).executeTakeFirst());
}
