import type { FastifyInstance } from "fastify";
import {
  INSPECTOR_KIND,
  inspectorSchema,
  type InspectorKind,
  type InspectorRow,
} from "../../../contract/schemas/activity";
import { MSG } from "../../../contract/messages";
import { GROUP_TYPE } from "../../../contract/schemas/group";
import type { Db } from "../../db/index";
import type { ApiContext } from "../../http/context";
import { badRequest, notFound, parseInput } from "../../http/errors";
import { itemId, touch, writeTransaction, type Trx } from "../../engine/crud";
import { contentAccess } from "../ref";
import { activityResource } from "./resource";
import { ACTIVITY_BASE, CHECKLIST_ITEM, accountName, checklistOf, childPath } from "./shared";

/**
 * A checklist's inspectors (spec 001 §3 "Inspector flags: direct manager, group, account"):
 *   GET    activity/{id}/inspector/                                     every rule of the activity (view)
 *   POST   activity/{id}/checklist/{checklistid}/inspector/             add one {kind, group, account} (change)
 *   DELETE activity/{id}/checklist/{checklistid}/inspector/{inspectorid}/   (change)
 * A rule names its target once per checklist (already_added); the target must exist (an account:
 * an active one), else invalid_choice.
 */

/** The inspector rules of the given checklists, oldest first, as the contract answers them. */
export async function inspectorRows(q: Db | Trx, checklistIds: number[]): Promise<InspectorRow[]> {
  if (!checklistIds.length) return [];
  const rows = await q
    .selectFrom("activity_inspector as i")
    .leftJoin("account_group as g", "g.id", "i.group_id")
    .leftJoin("account as a", "a.id", "i.account_id")
    .select(["i.id", "i.checklist_id", "i.kind", "i.datetime_create", "g.id as group_id", "g.name as group_name"])
    .select(["a.id as account_id", "a.username", "a.first_name", "a.last_name"])
    .where("i.checklist_id", "in", checklistIds)
    .orderBy("i.checklist_id")
    .orderBy("i.id")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    checklist_id: r.checklist_id,
    kind: r.kind as InspectorKind,
    group: r.group_id === null ? null : { id: r.group_id, name: r.group_name ?? "" },
    account:
      r.account_id === null
        ? null
        : accountName({
            id: r.account_id,
            username: r.username ?? "",
            first_name: r.first_name ?? "",
            last_name: r.last_name ?? "",
          }),
    datetime_create: r.datetime_create,
  }));
}

/** Add a rule to a checklist: its target checked and not yet named on that checklist. */
async function addInspector(
  trx: Trx,
  checklistId: number,
  input: { kind: InspectorKind; group?: number; account?: number },
  at: string,
) {
  const kind = input.kind;
  const groupId = kind === INSPECTOR_KIND.group ? input.group! : null;
  const accountId = kind === INSPECTOR_KIND.account ? input.account! : null;
  const field = kind === INSPECTOR_KIND.group ? "group" : kind === INSPECTOR_KIND.account ? "account" : "kind";
  // A group of accounts: inspectors are named people, not whoever a condition matches (docs/decisions/030).
  if (
    groupId !== null &&
    !(await trx
      .selectFrom("account_group")
      .select("id")
      .where("id", "=", groupId)
      .where("type", "=", GROUP_TYPE.account)
      .executeTakeFirst())
  ) {
    throw badRequest({ group: [MSG.invalid_choice] });
  }
  if (
    accountId !== null &&
    !(await trx
      .selectFrom("account")
      .select("id")
      .where("id", "=", accountId)
      .where("is_active", "=", 1)
      .executeTakeFirst())
  ) {
    throw badRequest({ account: [MSG.invalid_choice] });
  }
  let same = trx
    .selectFrom("activity_inspector")
    .select("id")
    .where("checklist_id", "=", checklistId)
    .where("kind", "=", kind);
  if (groupId !== null) same = same.where("group_id", "=", groupId);
  if (accountId !== null) same = same.where("account_id", "=", accountId);
  if (await same.executeTakeFirst()) throw badRequest({ [field]: [MSG.already_added] });
  const row = await trx
    .insertInto("activity_inspector")
    .values({ checklist_id: checklistId, kind, group_id: groupId, account_id: accountId, datetime_create: at })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export function inspectorRoutes(app: FastifyInstance, ctx: ApiContext) {
  const { db } = ctx;
  const base = `${CHECKLIST_ITEM}inspector/`;

  app.get(`${ACTIVITY_BASE}inspector/`, async (req) => {
    const { id } = await contentAccess(req, db, activityResource, "view");
    const ids = await db.selectFrom("activity_checklist").select("id").where("activity_id", "=", id).execute();
    return inspectorRows(
      db,
      ids.map((r) => r.id),
    );
  });

  app.post(base, async (req, reply) => {
    const access = await contentAccess(req, db, activityResource, "change");
    const checklist = await checklistOf(db, req, access.id);
    const input = parseInput(inspectorSchema, req.body, "top");
    const now = ctx.now();
    const rowId = await writeTransaction(db, async (trx) => {
      const newId = await addInspector(trx, checklist.id, input, now.toISOString());
      await touch(trx, activityResource, access.id, now);
      return newId;
    });
    return reply.status(201).send((await inspectorRows(db, [checklist.id])).find((r) => r.id === rowId));
  });

  app.delete(`${base}${childPath("inspectorid")}`, async (req, reply) => {
    const access = await contentAccess(req, db, activityResource, "change");
    const checklist = await checklistOf(db, req, access.id);
    const inspectorId = itemId(req, "inspectorid");
    const now = ctx.now();
    await writeTransaction(db, async (trx) => {
      const res = await trx
        .deleteFrom("activity_inspector")
        .where("id", "=", inspectorId)
        .where("checklist_id", "=", checklist.id)
        .executeTakeFirst();
      if (Number(res.numDeletedRows) !== 1) throw notFound();
      await touch(trx, activityResource, access.id, now);
    });
    return reply.status(204).send();
  });
}
