import type { FastifyInstance } from "fastify";
import { sql, type SqlBool } from "kysely";
import { MSG } from "../../contract/messages";
import {
  GROUP_CONDITION_FIELDS,
  emptyCondition,
  type ConditionInput,
  type ConditionPreview,
  type GroupConditionField,
} from "../../contract/schemas/condition";
import {
  GROUP_TYPE,
  groupConditionSchema,
  groupMembersSchema,
  type GroupCondition,
  type GroupMember,
} from "../../contract/schemas/group";
import { GROUP_CONDITIONS } from "../auth/conditions";
import { checkConditionIds, conditionColumns, conditionOf, listsOf, replaceLists } from "../auth/condition-store";
import { countGroupMembers, groupMembersQuery, organisationToday } from "../auth/membership";
import type { Db } from "../db/index";
import type { ApiContext } from "../http/context";
import { badRequest, notFound, parseInput } from "../http/errors";
import { paginate, readPageQuery } from "../http/paging";
import { itemId, writeTransaction, type Trx } from "../engine/crud";
import { groupAccess } from "./group-access";
import { touchFilters } from "./master";
import { presentPerson, type PersonRaw } from "../engine/people";
import { accountChoicesPage } from "../engine/account-choices";

/**
 * A group's members and condition (docs/decisions/030). Under /api/dashboard/group/{id}/:
 *
 * - member/                GET (paged, search): the members now — listed ones, or the active
 *                          accounts the condition matches; POST {account_list}: add accounts to a
 *                          group of accounts (201 {count, count_member})
 * - member/{accountid}/    DELETE: take one off a group of accounts
 * - member/candidate/      GET (paged, search): active accounts not in a group of accounts yet,
 *                          the choices of the add form (a group's administrator may hold no user flag)
 * - condition/             GET, PUT: a condition group's condition (404 for a group of accounts)
 * - condition/preview/     POST a condition: {count} of the active accounts it would match, nothing saved
 *
 * Reads need the group's view (flag or administrator), writes its change. The members of a
 * condition group cannot be edited by hand: 400 group_members_by_condition.
 */

const FIELDS = GROUP_CONDITION_FIELDS;

const presentMember = (r: PersonRaw & { is_active: number }): GroupMember => ({
  ...presentPerson(r),
  is_active: r.is_active === 1,
});

/** The stored condition of a group, or the empty one before its first save. */
async function loadCondition(q: Db | Trx, groupId: number): Promise<GroupCondition> {
  const row = await q
    .selectFrom("account_group_condition")
    .selectAll()
    .where("group_id", "=", groupId)
    .executeTakeFirst();
  if (!row) return { id: groupId, ...emptyCondition(FIELDS) };
  return { id: groupId, ...conditionOf(row, (await listsOf(q, GROUP_CONDITIONS, [groupId])).get(groupId)!, FIELDS) };
}

/** Replace a group's condition: its ids first (groups of accounts only), then its row and lists. */
async function saveCondition(trx: Trx, groupId: number, input: ConditionInput<GroupConditionField>, now: Date) {
  await checkConditionIds(trx, input, FIELDS, { groupsOfAccountsOnly: true });
  const columns = { ...conditionColumns(input), datetime_update: now.toISOString() };
  const res = await trx
    .updateTable("account_group_condition")
    .set(columns)
    .where("group_id", "=", groupId)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0)
    await trx
      .insertInto("account_group_condition")
      .values({ group_id: groupId, ...columns })
      .execute();
  await replaceLists(trx, GROUP_CONDITIONS, groupId, input, FIELDS);
}

/** Thrown to roll a preview's transaction back once it has counted. */
const ROLL_BACK = new Error("preview: roll back");

export function groupMemberRoutes(app: FastifyInstance, ctx: ApiContext) {
  const { db } = ctx;
  const item = "/dashboard/group/:id(^\\d{1,12})/";

  app.get(`${item}member/`, async (req) => {
    const group = await groupAccess(req, db, itemId(req), "view");
    const q = readPageQuery(req);
    const page = await paginate(req, groupMembersQuery(db, group, await organisationToday(db, ctx.now()), q.search), q);
    return { ...page, results: page.results.map(presentMember) };
  });

  app.post(`${item}member/`, async (req, reply) => {
    const group = await groupAccess(req, db, itemId(req), "change");
    if (group.type === GROUP_TYPE.condition) throw badRequest({ account_list: [MSG.group_members_by_condition] });
    const { account_list } = parseInput(groupMembersSchema, req.body);
    const added = await writeTransaction(db, async (trx) => {
      const found = await trx
        .selectFrom("account")
        .select("id")
        .where("id", "in", account_list)
        .where("is_active", "=", 1)
        .execute();
      if (found.length !== account_list.length) throw badRequest({ account_list: [MSG.invalid_choice] });
      const listed = new Set(
        (
          await trx
            .selectFrom("account_group_member")
            .select("account_id")
            .where("group_id", "=", group.id)
            .where("account_id", "in", account_list)
            .execute()
        ).map((r) => r.account_id),
      );
      const rows = account_list.filter((a) => !listed.has(a)).map((account_id) => ({ group_id: group.id, account_id }));
      for (let n = 0; n < rows.length; n += 500)
        await trx
          .insertInto("account_group_member")
          .values(rows.slice(n, n + 500))
          .execute();
      return rows.length;
    });
    const today = await organisationToday(db, ctx.now());
    return reply.status(201).send({ count: added, count_member: await countGroupMembers(db, group, today) });
  });

  app.get(`${item}member/candidate/`, async (req) => {
    const group = await groupAccess(req, db, itemId(req), "change");
    if (group.type === GROUP_TYPE.condition) throw badRequest({ detail: MSG.group_members_by_condition });
    const member = sql<SqlBool>`not exists (select 1 from account_group_member m where m.account_id = a.id and m.group_id = ${group.id})`;
    return accountChoicesPage(req, db, { except: member });
  });

  app.delete(`${item}member/:accountId(^\\d{1,12})/`, async (req, reply) => {
    const group = await groupAccess(req, db, itemId(req), "change");
    if (group.type === GROUP_TYPE.condition) throw badRequest({ detail: MSG.group_members_by_condition });
    const accountId = itemId(req, "accountId");
    const res = await db
      .deleteFrom("account_group_member")
      .where("group_id", "=", group.id)
      .where("account_id", "=", accountId)
      .executeTakeFirst();
    if (Number(res.numDeletedRows) !== 1) throw notFound();
    return reply.status(204).send();
  });

  /** The group for a condition call: a condition group, else 404 (a group of accounts has none). */
  const conditionGroup = async (req: Parameters<typeof itemId>[0], action: "view" | "change") => {
    const group = await groupAccess(req, db, itemId(req), action);
    if (group.type !== GROUP_TYPE.condition) throw notFound();
    return group;
  };

  app.get(`${item}condition/`, async (req) => loadCondition(db, (await conditionGroup(req, "view")).id));

  app.put(`${item}condition/`, async (req) => {
    const group = await conditionGroup(req, "change");
    const input = parseInput(groupConditionSchema, req.body);
    const now = ctx.now();
    await writeTransaction(db, async (trx) => {
      await saveCondition(trx, group.id, input, now);
      // The group filter lists show who is in a group: their caches refresh.
      await touchFilters(trx, ["group"], now);
    });
    return loadCondition(db, group.id);
  });

  app.post(`${item}condition/preview/`, async (req): Promise<ConditionPreview> => {
    const group = await conditionGroup(req, "change");
    const input = parseInput(groupConditionSchema, req.body);
    const now = ctx.now();
    const today = await organisationToday(db, now);
    // The very query the saved condition will use, on the condition written and rolled back.
    let count = 0;
    await db
      .transaction()
      .execute(async (trx) => {
        await saveCondition(trx, group.id, input, now);
        count = await countGroupMembers(trx, group, today);
        throw ROLL_BACK;
      })
      .catch((err: unknown) => {
        if (err !== ROLL_BACK) throw err;
      });
    return { count };
  });
}
