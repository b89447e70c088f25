import type { Selectable } from "kysely";
import { ASSIGNABLE_TYPES, ASSIGNMENT_KIND, type AssignmentKind } from "../../contract/assignment-codes";
import type { Module } from "../../contract/permissions";
import type { Assignment, AssignmentContent, Audience, AudienceInput } from "../../contract/schemas/assignment";
import { CONTENT_DEFINITIONS } from "../content/types";
import type { ContentDefinition } from "../content/definition";
import { contentTypeId, type ContentRef } from "../content/ref";
import type { Db } from "../db/index";
import type { Database } from "../db/schema";
import { fromResource, type Trx } from "../engine/crud";
import { chunks } from "../engine/chunks";

/**
 * What the assignment calls share (docs/decisions/051): the three kinds on one table, an
 * assignment row as the API answers it, its contents with their names, and its audience.
 */

type Q = Db | Trx;
export type AssignmentRow = Selectable<Database["assignment"]>;

/** One kind of assignment row: its API path, permission module and `type` (decision 051, 053). */
export type AssignmentKindDef = { path: string; module: Module; type: AssignmentKind };
export const KINDS: readonly AssignmentKindDef[] = [
  { path: "assignment", module: "assignment", type: ASSIGNMENT_KIND.assignment },
  { path: "auto-assignment", module: "assignment", type: ASSIGNMENT_KIND.auto },
  { path: "suggestion", module: "suggestion", type: ASSIGNMENT_KIND.suggestion },
];

/** The content types an assignment may hold (the enrolment engine's), each with its content_type id. */
export async function assignableTypes(q: Q): Promise<{ def: ContentDefinition; typeId: number }[]> {
  const defs = CONTENT_DEFINITIONS.filter(
    (d) => (ASSIGNABLE_TYPES as readonly string[]).includes(d.key) && d.features.includes("enrollment"),
  );
  return Promise.all(defs.map(async (def) => ({ def, typeId: await contentTypeId(q, def.resource.contentType) })));
}

/** The definition of a content type id, or null when it is not assignable. */
export async function definitionOf(q: Q, typeId: number): Promise<ContentDefinition | null> {
  return (await assignableTypes(q)).find((t) => t.typeId === typeId)?.def ?? null;
}

/** The assignment row `id` of kind `type`, or undefined. */
export const findAssignment = (q: Q, type: number, id: number) =>
  q.selectFrom("assignment").selectAll().where("id", "=", id).where("type", "=", type).executeTakeFirst();

/** The contents of an assignment with their names, in the order added. */
export async function contentsOf(
  q: Q,
  assignmentId: number,
): Promise<(AssignmentContent & { ref: ContentRef; def: ContentDefinition })[]> {
  const rows = await q
    .selectFrom("assignment_content")
    .selectAll()
    .where("assignment_id", "=", assignmentId)
    .orderBy("id")
    .execute();
  const types = await assignableTypes(q);
  const out: (AssignmentContent & { ref: ContentRef; def: ContentDefinition })[] = [];
  for (const t of types) {
    const mine = rows.filter((r) => r.content_type_id === t.typeId);
    if (!mine.length) continue;
    const names = new Map<number, { name: string; code: string | null }>();
    for (const part of chunks(mine.map((r) => r.content_id))) {
      for (const n of await fromResource(q, t.def.resource.table)
        .select(["t.id", "t.name", "t.code"])
        .where("t.id", "in", part)
        .execute())
        names.set(n.id, { name: n.name, code: n.code });
    }
    for (const r of mine) {
      const n = names.get(r.content_id);
      if (!n) continue; // its content was deleted
      out.push({
        id: r.id,
        content_type_id: r.content_type_id,
        content_type: t.def.key,
        content_id: r.content_id,
        name: n.name,
        code: n.code,
        rule_id: r.rule_id,
        ref: { contentTypeId: r.content_type_id, contentId: r.content_id },
        def: t.def,
      });
    }
  }
  return out.sort((a, b) => a.id - b.id);
}

/**
 * Names of contents by "typeId:contentId", for result rows whose content the assignment no longer
 * holds (removed by hand, or no longer matched by a rule: decision 059) — their history keeps a name.
 */
export async function contentNames(
  q: Q,
  refs: { content_type_id: number; content_id: number }[],
): Promise<Map<string, { name: string }>> {
  const out = new Map<string, { name: string }>();
  for (const t of await assignableTypes(q)) {
    const ids = [...new Set(refs.filter((r) => r.content_type_id === t.typeId).map((r) => r.content_id))];
    if (!ids.length) continue;
    for (const part of chunks(ids)) {
      for (const n of await fromResource(q, t.def.resource.table)
        .select(["t.id", "t.name"])
        .where("t.id", "in", part)
        .execute())
        out.set(`${t.typeId}:${n.id}`, { name: n.name });
    }
  }
  return out;
}

/** The assignment rows as the API answers them, with their counts. */
export async function presentAssignments(q: Q, rows: AssignmentRow[]): Promise<Assignment[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const count = async (table: "assignment_content" | "assignment_result") =>
    new Map(
      (
        await q
          .selectFrom(table)
          .select(["assignment_id", (eb) => eb.fn.countAll<number>().as("n")])
          .where("assignment_id", "in", ids)
          .groupBy("assignment_id")
          .execute()
      ).map((r) => [r.assignment_id, Number(r.n)]),
    );
  const learners = new Map(
    (
      await q
        .selectFrom("assignment_result")
        .select(["assignment_id", (eb) => eb.fn.count<number>("account_id").distinct().as("n")])
        .where("assignment_id", "in", ids)
        .where("enrollment_id", "is not", null)
        .groupBy("assignment_id")
        .execute()
    ).map((r) => [r.assignment_id, Number(r.n)]),
  );
  const [contents, results] = await Promise.all([count("assignment_content"), count("assignment_result")]);
  return rows.map((r) => ({
    id: r.id,
    type: r.type as AssignmentKind,
    name: r.name,
    status: r.status,
    datetime_assign: r.datetime_assign,
    type_expire: r.type_expire,
    datetime_expire: r.datetime_expire,
    duration_expire: r.duration_expire,
    type_action: r.type_action,
    type_expand: r.type_expand,
    datetime_expand: r.datetime_expand,
    duration_expand: r.duration_expand,
    date_start: r.date_start,
    date_end: r.date_end,
    assign_time: r.assign_time,
    assign_day: r.assign_day,
    assign_month: r.assign_month,
    is_recurring: r.is_recurring === 1,
    count_recurring: r.count_recurring,
    recurring_unit: r.recurring_unit,
    datetime_next_round: r.datetime_next_round,
    is_no_charge: r.is_no_charge === 1,
    result_status: r.result_status,
    count_content: contents.get(r.id) ?? 0,
    count_learner: learners.get(r.id) ?? 0,
    count_result: results.get(r.id) ?? 0,
    datetime_applied: r.datetime_applied,
    datetime_create: r.datetime_create,
    datetime_update: r.datetime_update,
  }));
}

/** Who the assignment names, as stored. */
export async function audienceOf(q: Q, row: AssignmentRow): Promise<Audience & { input: AudienceInput }> {
  const rows = await q
    .selectFrom("assignment_audience")
    .select(["kind", "ref_id"])
    .where("assignment_id", "=", row.id)
    .orderBy("ref_id")
    .execute();
  const of = (kind: string) => rows.filter((r) => r.kind === kind).map((r) => r.ref_id);
  const accountIds = of("account");
  const accounts = accountIds.length
    ? await q
        .selectFrom("account")
        .select(["id", "username", "first_name", "last_name"])
        .where("id", "in", accountIds)
        .orderBy("username")
        .execute()
    : [];
  const input: AudienceInput = {
    account_list: accountIds,
    department_list: of("department"),
    include_sub_department: row.include_sub_department === 1,
    group_list: of("group"),
  };
  return {
    account_list: accounts,
    department_list: input.department_list,
    include_sub_department: input.include_sub_department,
    group_list: input.group_list,
    input,
  };
}

/** Replace who the assignment names (its caller has checked the ids). */
export async function saveAudience(trx: Trx, assignmentId: number, input: AudienceInput, at: string) {
  await trx.deleteFrom("assignment_audience").where("assignment_id", "=", assignmentId).execute();
  const rows = [
    ...input.account_list.map((ref_id) => ({ assignment_id: assignmentId, kind: "account", ref_id })),
    ...input.department_list.map((ref_id) => ({ assignment_id: assignmentId, kind: "department", ref_id })),
    ...input.group_list.map((ref_id) => ({ assignment_id: assignmentId, kind: "group", ref_id })),
  ];
  for (const part of chunks(rows)) if (part.length) await trx.insertInto("assignment_audience").values(part).execute();
  await trx
    .updateTable("assignment")
    .set({ include_sub_department: input.include_sub_department ? 1 : 0, datetime_update: at })
    .where("id", "=", assignmentId)
    .execute();
}

/** Days after a date (YYYY-MM-DD) as a date. */
export function addDays(date: string, n: number): string {
  const d = new Date(`${date}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** When the learning of a new assignee ends (spec 001 §4 expiry choices), or null (none, or the content's own period). */
export function expiryOf(
  a: Pick<AssignmentRow, "type_expire" | "datetime_expire" | "duration_expire" | "datetime_assign">,
  today: string,
): string | null {
  if (a.type_expire === 1) return a.datetime_expire;
  if (a.type_expire === 2 && a.duration_expire) return addDays(a.datetime_assign ?? today, a.duration_expire);
  return null;
}

/** The extended end for a learner who has the content (spec 001 §4 expand choices), or null when the assignment does not extend. */
export function expandedOf(
  a: Pick<AssignmentRow, "type_expand" | "datetime_expand" | "duration_expand">,
  current: string | null,
  today: string,
): string | null {
  if (a.type_expand === 1) return a.datetime_expand;
  if (a.type_expand === 2 && a.duration_expand)
    return addDays(current && current > today ? current : today, a.duration_expand);
  return null;
}
