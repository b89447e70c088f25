import { sql, type SqlBool } from "kysely";
import { INSPECTOR_KIND } from "../../../contract/activity-codes";

/**
 * Who inspects what (spec 001 §3 "Inspector flags: direct manager, group, account"; spec 002 §6
 * "Viewing activities by inspector applies only without full view permission"). One rule, as SQL,
 * read by the activity list's inspector scope and by the verify and check-in checks.
 */

/**
 * The inspector rules of checklist `checklist` (an SQL expression naming its id) that make
 * `accountId` an inspector of the learner `learner` (an SQL expression naming an account id):
 * an account rule naming them, a group rule whose group holds them, or a direct-manager rule
 * when they are the learner's supervisor.
 */
export const inspectsLearner = (
  accountId: number,
  checklist: ReturnType<typeof sql.ref>,
  learner: ReturnType<typeof sql.ref>,
) => sql<SqlBool>`exists (
  select 1 from ${sql.table("activity_inspector")} as ai
  where ${sql.ref("ai.checklist_id")} = ${checklist} and (
    (${sql.ref("ai.kind")} = ${INSPECTOR_KIND.account} and ${sql.ref("ai.account_id")} = ${accountId})
    or (${sql.ref("ai.kind")} = ${INSPECTOR_KIND.group} and exists (select 1 from ${sql.table("account_group_member")} as gm where ${sql.ref("gm.group_id")} = ${sql.ref("ai.group_id")} and ${sql.ref("gm.account_id")} = ${accountId}))
    or (${sql.ref("ai.kind")} = ${INSPECTOR_KIND.direct_manager} and exists (select 1 from ${sql.table("account")} as la where ${sql.ref("la.id")} = ${learner} and ${sql.ref("la.supervisor_id")} = ${accountId}))
  ))`;

/**
 * The activities (`t` the activity table) `accountId` inspects: a checklist of theirs names them
 * by account or group, or by direct manager while one of its learners reports to them.
 */
export const inspectedActivities = (accountId: number) => sql<SqlBool>`exists (
  select 1 from ${sql.table("activity_checklist")} as ac
  inner join ${sql.table("activity_inspector")} as ai on ${sql.ref("ai.checklist_id")} = ${sql.ref("ac.id")}
  where ${sql.ref("ac.activity_id")} = ${sql.ref("t.id")} and (
    (${sql.ref("ai.kind")} = ${INSPECTOR_KIND.account} and ${sql.ref("ai.account_id")} = ${accountId})
    or (${sql.ref("ai.kind")} = ${INSPECTOR_KIND.group} and exists (select 1 from ${sql.table("account_group_member")} as gm where ${sql.ref("gm.group_id")} = ${sql.ref("ai.group_id")} and ${sql.ref("gm.account_id")} = ${accountId}))
    or (${sql.ref("ai.kind")} = ${INSPECTOR_KIND.direct_manager} and exists (
      select 1 from ${sql.table("content_enrollment")} as ce
      inner join ${sql.table("content_type")} as ct on ${sql.ref("ct.id")} = ${sql.ref("ce.content_type_id")} and ${sql.ref("ct.code")} = 'activity'
      inner join ${sql.table("account")} as la on ${sql.ref("la.id")} = ${sql.ref("ce.account_id")}
      where ${sql.ref("ce.content_id")} = ${sql.ref("t.id")} and ${sql.ref("la.supervisor_id")} = ${accountId}))
  ))`;
