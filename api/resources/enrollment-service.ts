import { sql } from "kysely";
import {
  ADDED_BY,
  ADD_METHOD,
  BULK_TARGETS,
  COMPLETED_STATUSES,
  bulkAffected,
  canTransition,
  type AddedBy,
  type BulkTarget,
  type ProgressStatus,
  type TransitionKind,
} from "../../contract/codes";
import { MSG } from "../../contract/messages";
import type { BulkPreview, EnrollInput, EnrollOutcome } from "../../contract/schemas/enrollment";
import type { Db } from "../db/index";
import { badRequest, notFound } from "../http/errors";
import type { Trx } from "./crud";

/**
 * The enrollment and progress rules of a course (spec 001 §4, docs/decisions/013), as services the
 * endpoints call inside their transaction: who an enrolment call names, enrolling them once,
 * the manual progress change limited to the kind's row of the transition table, and the bulk
 * change with its confirmation rules.
 */

/** The transition-table row the course's manual progress changes follow. */
export const COURSE_KIND: TransitionKind = "course";
const BATCH = 500;

const chunks = <T>(list: readonly T[], size = BATCH) => Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, i * size + size));

/**
 * The dates a status change writes: completion is set exactly while the status is completed;
 * working on it (any status but not started, waiting and expired) fills a missing start.
 */
export function datesFor(to: number, now: string): { datetime_complete: string | null; startIfMissing: boolean } {
  const completed = (COMPLETED_STATUSES as readonly number[]).includes(to);
  const started = completed || [21, 22, 23, 6, -5].includes(to);
  return { datetime_complete: completed ? now : null, startIfMissing: started };
}

/** Every department under the given ones (the ones themselves included). */
async function withSubDepartments(q: Db | Trx, ids: number[]): Promise<number[]> {
  const all = await q.selectFrom("department").select(["id", "parent_id"]).execute();
  const children = new Map<number, number[]>();
  for (const d of all) if (d.parent_id !== null) children.set(d.parent_id, [...(children.get(d.parent_id) ?? []), d.id]);
  const out = new Set<number>();
  const queue = [...ids];
  while (queue.length) {
    const id = queue.shift()!;
    if (out.has(id)) continue;
    out.add(id);
    queue.push(...(children.get(id) ?? []));
  }
  return [...out];
}

/** Ids of `table` that do not exist. */
async function missingIds(q: Db | Trx, table: "department" | "account_group", ids: number[]): Promise<boolean> {
  if (!ids.length) return false;
  const found = await q.selectFrom(`${table} as r` as "department as r").select("r.id").where("r.id", "in", ids).execute();
  return found.length !== ids.length;
}

export type Candidate = { account: number; username: string | null; added_by: AddedBy | null; found: boolean };

/**
 * The accounts an enrolment call names, in order: the learner list as given (unknown or inactive
 * accounts are `found: false`), then active members of the departments (and their sub-departments
 * when asked), then active members of the groups; each account once, with the first way that
 * found it. Unknown departments or groups are a 400 on their field.
 */
export async function resolveCandidates(q: Db | Trx, input: EnrollInput): Promise<Candidate[]> {
  const errors: Record<string, string[]> = {};
  if (await missingIds(q, "department", input.department_list)) errors.department_list = [MSG.invalid_choice];
  if (await missingIds(q, "account_group", input.group_list)) errors.group_list = [MSG.invalid_choice];
  if (Object.keys(errors).length) throw badRequest(errors);

  const out = new Map<number, Candidate>();
  if (input.account_list.length) {
    const rows: { id: number; username: string }[] = [];
    for (const part of chunks(input.account_list)) {
      rows.push(...(await q.selectFrom("account").select(["id", "username"]).where("id", "in", part).where("is_active", "=", 1).execute()));
    }
    const byId = new Map(rows.map((r) => [r.id, r.username]));
    for (const id of input.account_list) {
      const username = byId.get(id) ?? null;
      out.set(id, { account: id, username, added_by: username === null ? null : ADDED_BY.learner_list, found: username !== null });
    }
  }
  const add = (rows: { id: number; username: string }[], by: AddedBy) => {
    for (const r of rows) if (!out.has(r.id)) out.set(r.id, { account: r.id, username: r.username, added_by: by, found: true });
  };
  if (input.department_list.length) {
    const departments = input.include_sub_department ? await withSubDepartments(q, input.department_list) : input.department_list;
    add(await q.selectFrom("account").select(["id", "username"]).where("department_id", "in", departments).where("is_active", "=", 1).orderBy("id").execute(), ADDED_BY.department);
  }
  if (input.group_list.length) {
    add(
      await q
        .selectFrom("account_group_member as m")
        .innerJoin("account as a", "a.id", "m.account_id")
        .select(["a.id", "a.username"])
        .where("m.group_id", "in", input.group_list)
        .where("a.is_active", "=", 1)
        .orderBy("a.id")
        .execute(),
      ADDED_BY.group,
    );
  }
  return [...out.values()];
}

/**
 * Enroll accounts in a course, each once: new rows start not started (0) with add method enrolled
 * and the given added_by. Answers, per account, enrolled or already_enrolled.
 */
export async function enrollAccounts(
  trx: Trx,
  courseId: number,
  accounts: { account: number; added_by: AddedBy }[],
  by: { accountId: number; now: Date },
): Promise<Map<number, Exclude<EnrollOutcome, "not_found">>> {
  const at = by.now.toISOString();
  const out = new Map<number, Exclude<EnrollOutcome, "not_found">>();
  for (const part of chunks(accounts)) {
    const inserted = await trx
      .insertInto("course_enrollment")
      .values(
        part.map((a) => ({
          account_id: a.account,
          course_id: courseId,
          status: 0,
          add_method: ADD_METHOD.enrolled,
          added_by: a.added_by,
          created_by: by.accountId,
          datetime_enroll: at,
          datetime_start: null,
          datetime_complete: null,
          datetime_update: at,
        })),
      )
      .onConflict((oc) => oc.columns(["account_id", "course_id"]).doNothing())
      .returning("account_id")
      .execute();
    const fresh = new Set(inserted.map((r) => r.account_id));
    for (const a of part) out.set(a.account, fresh.has(a.account) ? "enrolled" : "already_enrolled");
  }
  return out;
}

/**
 * PATCH progress/{id}/: change one learner's status by hand, only along the kind's row of the
 * transition table; anything else is 400 {status: [invalid_transition]} and writes nothing. The
 * update is conditional on the status read, so two administrators at once cannot both win.
 */
export async function changeProgress(trx: Trx, courseId: number, enrollmentId: number, to: ProgressStatus, now: Date, kind: TransitionKind = COURSE_KIND) {
  const row = await trx.selectFrom("course_enrollment").select(["status", "datetime_start"]).where("id", "=", enrollmentId).where("course_id", "=", courseId).executeTakeFirst();
  if (!row) throw notFound();
  if (!canTransition(kind, row.status, to)) throw badRequest({ status: [MSG.invalid_transition] });
  const at = now.toISOString();
  const dates = datesFor(to, at);
  const res = await trx
    .updateTable("course_enrollment")
    .set({
      status: to,
      datetime_complete: dates.datetime_complete,
      ...(dates.startIfMissing && row.datetime_start === null && { datetime_start: at }),
      datetime_update: at,
    })
    .where("id", "=", enrollmentId)
    .where("status", "=", row.status)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) throw badRequest({ status: [MSG.invalid_transition] });
}

/** The course's enrollments (or the listed ones of them), counted per current status. */
async function countsByStatus(q: Db | Trx, courseId: number, ids: number[] | null) {
  let query = q
    .selectFrom("course_enrollment")
    .select(["status", (eb) => eb.fn.countAll<number>().as("n")])
    .where("course_id", "=", courseId)
    .groupBy("status")
    .orderBy("status");
  if (ids) query = query.where("id", "in", ids.length ? ids : [0]);
  return (await query.execute()).map((r) => ({ status: r.status as ProgressStatus, count: Number(r.n) }));
}

/** What a bulk change to `target` would do, without doing it. */
export async function bulkPreview(db: Db, courseId: number, target: BulkTarget, ids: number[] | null): Promise<BulkPreview> {
  const counts = await countsByStatus(db, courseId, ids);
  const statuses = counts.map((c) => c.status);
  const affectedBy = (t: BulkTarget) => {
    const hit = new Set<number>(bulkAffected(t, statuses));
    return counts.filter((c) => hit.has(c.status)).reduce((n, c) => n + c.count, 0);
  };
  const hit = new Set<number>(bulkAffected(target, statuses));
  const total = counts.reduce((n, c) => n + c.count, 0);
  const affected = affectedBy(target);
  return {
    target,
    preview: true,
    total,
    affected,
    unaffected: total - affected,
    by_status: counts.map((c) => ({ ...c, affected: hit.has(c.status) })),
    choices: BULK_TARGETS.map((t) => ({ target: t, affected: affectedBy(t) })),
  };
}

/** Apply a bulk change in the caller's transaction: every affected learner moves to `target`. Answers how many changed. */
export async function bulkApply(trx: Trx, courseId: number, target: BulkTarget, ids: number[] | null, now: Date): Promise<number> {
  const counts = await countsByStatus(trx, courseId, ids);
  const affected = bulkAffected(target, counts.map((c) => c.status));
  if (!affected.length) return 0;
  const at = now.toISOString();
  const dates = datesFor(target, at);
  let changed = 0;
  for (const part of ids ? chunks(ids) : [null]) {
    let query = trx
      .updateTable("course_enrollment")
      .set({
        status: target,
        datetime_complete: dates.datetime_complete,
        ...(dates.startIfMissing && { datetime_start: sql<string>`coalesce(datetime_start, ${at})` }),
        datetime_update: at,
      })
      .where("course_id", "=", courseId)
      .where("status", "in", affected);
    if (part) query = query.where("id", "in", part);
    changed += Number((await query.executeTakeFirst()).numUpdatedRows);
  }
  return changed;
}
