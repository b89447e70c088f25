import { sql } from "kysely";
import {
  ADDED_BY,
  ADD_METHOD,
  BULK_TARGETS,
  COMPLETED_STATUSES,
  PROGRESS_STATUS,
  SEAT_FREE_STATUSES,
  TYPE_ACCESS,
  TYPE_WAITING,
  bulkAffected,
  canTransition,
  whenFull,
  type AddedBy,
  type BulkTarget,
  type ProgressAction,
  type ProgressStatus,
  type TransitionKind,
} from "../../contract/codes";
import { MSG } from "../../contract/messages";
import type { BulkPreview, EnrollInput, EnrollOutcome, Seats } from "../../contract/schemas/enrollment";
import type { Db } from "../db/index";
import { badRequest, notFound } from "../http/errors";
import type { Trx } from "./crud";
import { contentTypeId } from "./tags";

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

/** One status change for the progress history (docs/decisions/017). */
export type ProgressLogEntry = { enrollment_id: number; from_status: number | null; to_status: number; action_type: ProgressAction; is_bulk?: boolean };

/** Write progress history rows, in the caller's transaction (the one that made the changes). */
export async function logProgress(trx: Trx, entries: readonly ProgressLogEntry[], by: { accountId: number | null; at: string }) {
  for (const part of chunks(entries)) {
    if (!part.length) continue;
    await trx
      .insertInto("course_progress_log")
      .values(part.map((e) => ({ enrollment_id: e.enrollment_id, from_status: e.from_status, to_status: e.to_status, action_type: e.action_type, is_bulk: e.is_bulk ? 1 : 0, created_by: by.accountId, datetime_create: by.at })))
      .execute();
  }
}

/** The course's capacity settings (the defaults until saved: no limit). */
async function capacityOf(q: Db | Trx, courseId: number) {
  const row = await q
    .selectFrom("content_enrollment_setting")
    .select(["capacity", "type_access", "type_waiting"])
    .where("content_type_id", "=", await contentTypeId(q, "course"))
    .where("content_id", "=", courseId)
    .executeTakeFirst();
  return row ?? { capacity: 0, type_access: TYPE_ACCESS.no_condition as number, type_waiting: TYPE_WAITING.waiting_list as number };
}

/** How many of the course's records hold a seat (every status but the waiting and canceled ones). */
async function seatsTaken(q: Db | Trx, courseId: number): Promise<number> {
  const row = await q
    .selectFrom("course_enrollment")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("course_id", "=", courseId)
    .where("status", "not in", [...SEAT_FREE_STATUSES])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The course's seats now, or null when it has no capacity (docs/decisions/017). */
export async function seatsOf(q: Db | Trx, courseId: number): Promise<Seats | null> {
  const c = await capacityOf(q, courseId);
  if (c.capacity <= 0) return null;
  return { capacity: c.capacity, taken: await seatsTaken(q, courseId), when_full: whenFull(c.type_access, c.type_waiting) };
}

/**
 * Enroll accounts in a course, each once, as an administrator (docs/decisions/013, 017): an
 * account that already has a record (whatever its status) is already_enrolled. While the course
 * has a free seat (capacity 0: no limit) a new record starts not started (0); once it is full,
 * the course's setting decides: the waiting list (2), or course_full and nothing written. Seats
 * are handed out in the order given. In PostgreSQL the course row is locked first, so two
 * enrolments into one course count the seats one after the other (SQLite's one writer does so).
 * Every new record gets its first history row (enroll, from none). Add method enrolled, with
 * `added_by`.
 */
export async function enrollAccounts(
  trx: Trx,
  courseId: number,
  accounts: { account: number; added_by: AddedBy }[],
  by: { accountId: number; now: Date },
): Promise<{ outcome: Map<number, Exclude<EnrollOutcome, "not_found">>; seats: Seats | null }> {
  const at = by.now.toISOString();
  const out = new Map<number, Exclude<EnrollOutcome, "not_found">>();
  if (isPostgres(trx)) await trx.selectFrom("course").select("id").where("id", "=", courseId).forUpdate().execute();
  const existing = new Set<number>();
  for (const part of chunks(accounts.map((a) => a.account))) {
    const rows = await trx.selectFrom("course_enrollment").select("account_id").where("course_id", "=", courseId).where("account_id", "in", part).execute();
    for (const r of rows) existing.add(r.account_id);
  }
  const { capacity, type_access, type_waiting } = await capacityOf(trx, courseId);
  const full = whenFull(type_access, type_waiting);
  let taken = capacity > 0 ? await seatsTaken(trx, courseId) : 0;
  const fresh: { account: number; added_by: AddedBy; status: ProgressStatus }[] = [];
  for (const a of accounts) {
    if (out.has(a.account)) continue;
    if (existing.has(a.account)) {
      out.set(a.account, "already_enrolled");
    } else if (capacity <= 0 || taken < capacity) {
      taken++;
      fresh.push({ ...a, status: PROGRESS_STATUS.not_start });
      out.set(a.account, "enrolled");
    } else if (full === "waiting_list") {
      fresh.push({ ...a, status: PROGRESS_STATUS.waiting_list });
      out.set(a.account, "waiting_list");
    } else {
      out.set(a.account, "course_full");
    }
  }
  for (const part of chunks(fresh)) {
    const inserted = await trx
      .insertInto("course_enrollment")
      .values(
        part.map((a) => ({
          account_id: a.account,
          course_id: courseId,
          status: a.status,
          add_method: ADD_METHOD.enrolled,
          added_by: a.added_by,
          created_by: by.accountId,
          datetime_enroll: at,
          datetime_start: null,
          datetime_complete: null,
          datetime_update: at,
        })),
      )
      .returning(["id", "status"])
      .execute();
    await logProgress(trx, inserted.map((r) => ({ enrollment_id: r.id, from_status: null, to_status: r.status, action_type: "enroll" as const })), { accountId: by.accountId, at });
  }
  return { outcome: out, seats: capacity > 0 ? { capacity, taken, when_full: full } : null };
}

/**
 * PATCH progress/{id}/: change one learner's status by hand, only along the kind's row of the
 * transition table; anything else is 400 {status: [invalid_transition]} and writes nothing. The
 * update is conditional on the status read, so two administrators at once cannot both win. The
 * change is logged (override, from → to, by whom) in the same transaction.
 */
export async function changeProgress(trx: Trx, courseId: number, enrollmentId: number, to: ProgressStatus, by: { accountId: number; now: Date }, kind: TransitionKind = COURSE_KIND) {
  const now = by.now;
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
  await logProgress(trx, [{ enrollment_id: enrollmentId, from_status: row.status, to_status: to, action_type: "override" }], { accountId: by.accountId, at });
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

/**
 * Apply a bulk change in the caller's transaction: every affected learner moves to `target`, and
 * each one changed gets a history row (override, bulk, from their own status). The rows are read
 * first (locked in PostgreSQL: `for update`, which SQLite, whose writer is alone, has no need of)
 * and updated by id, so the history names exactly the rows changed. Answers how many changed.
 */
export async function bulkApply(trx: Trx, courseId: number, target: BulkTarget, ids: number[] | null, by: { accountId: number; now: Date }): Promise<number> {
  const counts = await countsByStatus(trx, courseId, ids);
  const affected = bulkAffected(target, counts.map((c) => c.status));
  if (!affected.length) return 0;
  const at = by.now.toISOString();
  const dates = datesFor(target, at);
  const rows: { id: number; status: number }[] = [];
  for (const part of ids ? chunks(ids) : [null]) {
    let query = trx.selectFrom("course_enrollment").select(["id", "status"]).where("course_id", "=", courseId).where("status", "in", affected);
    if (part) query = query.where("id", "in", part);
    rows.push(...(await (isPostgres(trx) ? query.forUpdate() : query).orderBy("id").execute()));
  }
  let changed = 0;
  for (const part of chunks(rows)) {
    const res = await trx
      .updateTable("course_enrollment")
      .set({
        status: target,
        datetime_complete: dates.datetime_complete,
        ...(dates.startIfMissing && { datetime_start: sql<string>`coalesce(datetime_start, ${at})` }),
        datetime_update: at,
      })
      .where("id", "in", part.map((r) => r.id))
      .where("status", "in", affected)
      .executeTakeFirst();
    changed += Number(res.numUpdatedRows);
  }
  await logProgress(trx, rows.map((r) => ({ enrollment_id: r.id, from_status: r.status, to_status: target, action_type: "override" as const, is_bulk: true })), { accountId: by.accountId, at });
  return changed;
}

/**
 * Whether queries run on PostgreSQL, which has row locks (`for update`); SQLite has no such
 * clause and needs none: its one writer runs a transaction at a time. Told by the parameters of a
 * compiled query ($1 against ?), which needs no connection.
 */
function isPostgres(q: Db | Trx): boolean {
  return q.selectFrom("course").select("id").where("id", "=", 0).compile().sql.includes("$1");
}
