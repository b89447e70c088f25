import type { Transaction } from "kysely";
import { CONDITION_OPERATOR } from "../../contract/codes";
import { GROUP_TYPE } from "../../contract/schemas/group";
import type { Database } from "./schema";

type Trx = Transaction<Database>;

/**
 * The demo's condition groups (docs/decisions/030), beside the three groups of accounts the
 * demo already lists: "HR team", everyone in Human Resources and its sub-departments, and
 * "Senior sales", the senior-and-above levels of Sales. Their members are computed by the API,
 * so moving a demo user to HR makes them one of the HR team at once. The Head Office
 * administrator staff1 administers the HR team (admin_list); the manager already administers the
 * Leadership Track (its group role). Compliance gets a category rule for everyone.
 */
export async function seedGroups(trx: Trx, now: Date) {
  const at = now.toISOString();
  const id = async (table: "department" | "level", code: string) =>
    (await trx.selectFrom(table).select("id").where("code", "=", code).executeTakeFirstOrThrow()).id;
  const unset = {
    age_gte: -1,
    age_lte: -1,
    experience_gte: -1,
    experience_lte: -1,
    level_year_gte: -1,
    level_year_lte: -1,
    service_gte: -1,
    service_lte: -1,
    level_group_year_gte: -1,
    level_group_year_lte: -1,
  };
  const conditionGroup = async (
    name: string,
    code: string,
    desc: string,
    includeSub: boolean,
    items: { field: string; ref_id: number }[],
  ) => {
    const group = await trx
      .insertInto("account_group")
      .values({ name, code, type: GROUP_TYPE.condition, desc })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("account_group_condition")
      .values({
        group_id: group.id,
        operator: CONDITION_OPERATOR.all,
        is_include_sub_department: includeSub ? 1 : 0,
        ...unset,
        date_account_start_gte: null,
        date_account_start_lte: null,
        datetime_update: at,
      })
      .execute();
    await trx
      .insertInto("account_group_condition_item")
      .values(items.map((i) => ({ group_id: group.id, ...i })))
      .execute();
    return group.id;
  };
  const hrTeam = await conditionGroup("HR team", "G4", "Everyone in Human Resources and its sub-departments.", true, [
    { field: "department", ref_id: await id("department", "HR") },
  ]);
  await conditionGroup("Senior sales", "G5", "Sales staff (all branches) at Senior level and above.", true, [
    { field: "department", ref_id: await id("department", "SAL") },
    ...(await Promise.all(
      ["L2", "L3", "L4", "L5"].map(async (code) => ({ field: "level", ref_id: await id("level", code) })),
    )),
  ]);
  const staff1 = await trx
    .selectFrom("account")
    .select("id")
    .where("username", "=", "staff1")
    .executeTakeFirstOrThrow();
  await trx
    .insertInto("account_role_scope")
    .values({ account_id: staff1.id, kind: "group", ref_id: hrTeam, is_in_use: 1 })
    .execute();
  // A category rule (docs/decisions/035): Compliance is open to everyone to view and enrol. It
  // caps nothing (everyone passes it at the highest level), so no content's audience changes,
  // yet the demo shows a category's rules and the rule pages have a row to open.
  const compliance = await trx.selectFrom("category").select("id").where("code", "=", "COMP").executeTakeFirstOrThrow();
  await trx
    .insertInto("category_permission")
    .values({
      category_id: compliance.id,
      mode: 1,
      permission: 2,
      operator: CONDITION_OPERATOR.all,
      is_include_sub_department: 0,
      ...unset,
      date_account_start_gte: null,
      date_account_start_lte: null,
      datetime_create: at,
      datetime_update: at,
    })
    .execute();
}
