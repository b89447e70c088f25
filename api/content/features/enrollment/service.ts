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
  type AddMethod,
  type AddedBy,
  type BulkTarget,
  type ProgressAction,
  type ProgressStatus,
  type TransitionKind,
} from "../../../../contract/codes";
import { MSG } from "../../../../contract/messages";
import { canReEnroll } from "../../../../contract/approval-codes";
import type { BulkPreview, EnrollInput, EnrollOutcome, Seats } from "../../../../contract/schemas/enrollment";
import type { ContentRef } from "../../ref";
import { isGroupMember, type Today } from "../../../auth/conditions";
import type { Db } from "../../../db/index";
import { badRequest, notFound } from "../../../http/errors";
import { fromResource, type AnyResource, type Trx } from "../../../engine/crud";
import { chunks } from "../../../engine/chunks";
import { withResultApproval } from "../../../assignment/result-approval";
import { pathMoves } from "./chain";

/**
 * The enrollment and progress rules of a content (spec 001 §4, docs/decisions/013), as services
 * the endpoints call inside their transaction: who an enrolment call names, enrolling them once,
 * the manual progress change limited to the content type's row of the transition table, and the
 * bulk change with its confirmation rules. Every query names the content by type and id.
 */

/** The enrollments of one content (content_enrollment, both key columns), to select from. */
export const enrollmentsOf = (q: Db | Trx, ref: ContentRef) =>
  q
    .selectFrom("content_enrollment")
    .where("content_type_id", "=", ref.contentTypeId)
    .where("content_id", "=", ref.contentId);

/**
 * The dates a status change writes: completion is set exactly while the status is completed;
 * working on it (any status but not started, waiting and expired) fills a missing start.
 */
export function datesFor(to: number, now: string): { datetime_complete: string | null; startIfMissing: boolean } {
  const completed = (COMPLETED_STATUSES as readonly number[]).includes(to);
  const started = completed || [21, 22, 23, 6, -5].includes(to);
  return { datetime_complete: completed ? now : null, startIfMissing: started };
}

/** One enrollment moving from the status read (`status`) to `to`, as a rule computed it. */
export type EnrollmentMove = { id: number; status: number; datetime_start: string | null; to: number };

/**
 * Write rule-computed status changes (an activity's slots, a class's attendance): each moved
 * enrollment gets its new status and dates (datesFor) and a progress history row as `action`;
 * one whose status does not change is left alone. A completion that an auto-assignment's result
 * setting holds for an administrator's approval waits at verifying instead (docs/decisions/075).
 */
export async function moveEnrollments(
  trx: Trx,
  moves: readonly EnrollmentMove[],
  action: ProgressAction,
  by: { accountId: number | null; at: string },
) {
  const log: ProgressLogEntry[] = [];
  for (const m of await withResultApproval(trx, moves)) {
    if (m.to === m.status) continue;
    const dates = datesFor(m.to, by.at);
    await trx
      .updateTable("content_enrollment")
      .set({
        status: m.to,
        datetime_complete: dates.datetime_complete,
        ...(dates.startIfMissing && m.datetime_start === null && { datetime_start: by.at }),
        datetime_update: by.at,
      })
      .where("id", "=", m.id)
      .execute();
    log.push({ enrollment_id: m.id, from_status: m.status, to_status: m.to, action_type: action });
  }
  await logProgress(trx, log, by);
}

/** Every department under the given ones (the ones themselves included). */
export async function withSubDepartments(q: Db | Trx, ids: number[]): Promise<number[]> {
  const all = await q.selectFrom("department").select(["id", "parent_id"]).execute();
  const children = new Map<number, number[]>();
  for (const d of all)
    if (d.parent_id !== null) children.set(d.parent_id, [...(children.get(d.parent_id) ?? []), d.id]);
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
export async function missingIds(q: Db | Trx, table: "department" | "account_group", ids: number[]): Promise<boolean> {
  if (!ids.length) return false;
  const found = await q
    .selectFrom(`${table} as r` as "department as r")
    .select("r.id")
    .where("r.id", "in", ids)
    .execute();
  return found.length !== ids.length;
}

export type Candidate = { account: number; username: string | null; added_by: AddedBy | null; found: boolean };

/**
 * The accounts an enrolment call names, in order: the learner list as given (unknown or inactive
 * accounts are `found: false`), then active members of the departments (and their sub-departments
 * when asked), then active members of the groups; each account once, with the first way that
 * found it. Unknown departments or groups are a 400 on their field.
 */
export async function resolveCandidates(
  q: Db | Trx,
  input: Omit<EnrollInput, "add_method">,
  today: Today,
): Promise<Candidate[]> {
  const errors: Record<string, string[]> = {};
  if (await missingIds(q, "department", input.department_list)) errors.department_list = [MSG.invalid_choice];
  if (await missingIds(q, "account_group", input.group_list)) errors.group_list = [MSG.invalid_choice];
  if (Object.keys(errors).length) throw badRequest(errors);

  const out = new Map<number, Candidate>();
  if (input.account_list.length) {
    const rows: { id: number; username: string }[] = [];
    for (const part of chunks(input.account_list)) {
      rows.push(
        ...(await q
          .selectFrom("account")
          .select(["id", "username"])
          .where("id", "in", part)
          .where("is_active", "=", 1)
          .execute()),
      );
    }
    const byId = new Map(rows.map((r) => [r.id, r.username]));
    for (const id of input.account_list) {
      const username = byId.get(id) ?? null;
      out.set(id, {
        account: id,
        username,
        added_by: username === null ? null : ADDED_BY.learner_list,
        found: username !== null,
      });
    }
  }
  const add = (rows: { id: number; username: string }[], by: AddedBy) => {
    for (const r of rows)
      if (!out.has(r.id)) out.set(r.id, { account: r.id, username: r.username, added_by: by, found: true });
  };
  if (input.department_list.length) {
    const departments = input.include_sub_department
      ? await withSubDepartments(q, input.department_list)
      : input.department_list;
    add(
      await q
        .selectFrom("account")
        .select(["id", "username"])
        .where("department_id", "in", departments)
        .where("is_active", "=", 1)
        .orderBy("id")
        .execute(),
      ADDED_BY.department,
    );
  }
  if (input.group_list.length) {
    // Members as the group has them now: listed, or matched by a condition group's condition.
    add(
      await q
        .selectFrom("account as a")
        .select(["a.id", "a.username"])
        .where("a.is_active", "=", 1)
        .where((eb) => eb.or(input.group_list.map((g) => isGroupMember(sql`${g}`, "a", today))))
        .orderBy("a.id")
        .execute(),
      ADDED_BY.group,
    );
  }
  return [...out.values()];
}

/** One status change for the progress history (docs/decisions/017). */
export type ProgressLogEntry = {
  enrollment_id: number;
  from_status: number | null;
  to_status: number;
  action_type: ProgressAction;
  is_bulk?: boolean;
};

/** Write progress history rows, in the caller's transaction (the one that made the changes), then the chain reaction. */
export async function logProgress(
  trx: Trx,
  entries: readonly ProgressLogEntry[],
  by: { accountId: number | null; at: string },
) {
  for (const part of chunks(entries)) {
    if (!part.length) continue;
    await trx
      .insertInto("content_progress_log")
      .values(
        part.map((e) => ({
          enrollment_id: e.enrollment_id,
          from_status: e.from_status,
          to_status: e.to_status,
          action_type: e.action_type,
          is_bulk: e.is_bulk ? 1 : 0,
          created_by: by.accountId,
          datetime_create: by.at,
        })),
      )
      .execute();
  }
  // A learning path holding a changed content follows it (chain.ts); its own change logs here too, and stops.
  const chained = await pathMoves(
    trx,
    entries.map((e) => e.enrollment_id),
  );
  if (chained.length) await moveEnrollments(trx, chained, "chain_reaction", by);
}

/** The content's capacity settings (the defaults until saved: no limit). */
async function capacityOf(q: Db | Trx, ref: ContentRef) {
  const row = await q
    .selectFrom("content_enrollment_setting")
    .select(["capacity", "type_access", "type_waiting", "is_rejected_able_re_enroll"])
    .where("content_type_id", "=", ref.contentTypeId)
    .where("content_id", "=", ref.contentId)
    .executeTakeFirst();
  return (
    row ?? {
      capacity: 0,
      type_access: TYPE_ACCESS.no_condition as number,
      type_waiting: TYPE_WAITING.waiting_list as number,
      is_rejected_able_re_enroll: 0,
    }
  );
}

/** How many of the content's records hold a seat (every status but the waiting and canceled ones). */
async function seatsTaken(q: Db | Trx, ref: ContentRef): Promise<number> {
  const row = await enrollmentsOf(q, ref)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("status", "not in", [...SEAT_FREE_STATUSES])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The content's seats now, or null when it has no capacity (docs/decisions/017). */
export async function seatsOf(q: Db | Trx, ref: ContentRef): Promise<Seats | null> {
  const c = await capacityOf(q, ref);
  if (c.capacity <= 0) return null;
  return { capacity: c.capacity, taken: await seatsTaken(q, ref), when_full: whenFull(c.type_access, c.type_waiting) };
}

/**
 * Enroll accounts in a content, each once, as an administrator (docs/decisions/013, 017): an
 * account that already has a record (whatever its status) is already_enrolled. While the content
 * has a free seat (capacity 0: no limit) a new record starts not started (0); once it is full,
 * its setting decides: the waiting list (2), or the full outcome and nothing written. Seats are
 * handed out in the order given. In PostgreSQL the content's own row (in its resource's table) is
 * locked first, so two enrolments into one content count the seats one after the other (SQLite's
 * one writer does so). Every new record gets its first history row (enroll, from none). Add
 * method enrolled (or `opts.addMethod`: an assignment's assigned 1, auto_assigned 2; the
 * scheduler's `by` is nobody, null), with `added_by`. A rejected record is enrolled again, seats permitting, only
 * when the content's setting allows re-enrolment after a rejection (canReEnroll,
 * docs/decisions/054); its history row goes from rejected.
 */
export async function enrollAccounts(
  trx: Trx,
  resource: AnyResource,
  ref: ContentRef,
  accounts: { account: number; added_by: AddedBy }[],
  by: { accountId: number | null; now: Date },
  opts: { addMethod?: AddMethod } = {},
): Promise<{ outcome: Map<number, Exclude<EnrollOutcome, "not_found">>; seats: Seats | null }> {
  const at = by.now.toISOString();
  const out = new Map<number, Exclude<EnrollOutcome, "not_found">>();
  if (isPostgres(trx))
    await fromResource(trx, resource.table).select("t.id").where("t.id", "=", ref.contentId).forUpdate().execute();
  const existing = new Map<number, { id: number; status: number }>();
  for (const part of chunks(accounts.map((a) => a.account))) {
    const rows = await enrollmentsOf(trx, ref)
      .select(["id", "account_id", "status"])
      .where("account_id", "in", part)
      .execute();
    for (const r of rows) existing.set(r.account_id, { id: r.id, status: r.status });
  }
  const setting = await capacityOf(trx, ref);
  const { capacity } = setting;
  const full = whenFull(setting.type_access, setting.type_waiting);
  let taken = capacity > 0 ? await seatsTaken(trx, ref) : 0;
  const fresh: { account: number; added_by: AddedBy; status: ProgressStatus }[] = [];
  const reopened: { id: number; from: number; status: ProgressStatus }[] = [];
  for (const a of accounts) {
    if (out.has(a.account)) continue;
    const record = existing.get(a.account);
    if (record && !canReEnroll(record.status, setting)) {
      out.set(a.account, "already_enrolled");
      continue;
    }
    let status: ProgressStatus;
    if (capacity <= 0 || taken < capacity) {
      taken++;
      status = PROGRESS_STATUS.not_start;
      out.set(a.account, "enrolled");
    } else if (full === "waiting_list") {
      status = PROGRESS_STATUS.waiting_list;
      out.set(a.account, "waiting_list");
    } else {
      out.set(a.account, "full");
      continue;
    }
    if (record) reopened.push({ id: record.id, from: record.status, status });
    else fresh.push({ ...a, status });
  }
  for (const r of reopened) {
    await trx
      .updateTable("content_enrollment")
      .set({
        status: r.status,
        created_by: by.accountId,
        datetime_enroll: at,
        datetime_start: null,
        datetime_complete: null,
        datetime_update: at,
      })
      .where("id", "=", r.id)
      .execute();
  }
  await logProgress(
    trx,
    reopened.map((r) => ({
      enrollment_id: r.id,
      from_status: r.from,
      to_status: r.status,
      action_type: "enroll" as const,
    })),
    { accountId: by.accountId, at },
  );
  for (const part of chunks(fresh)) {
    const inserted = await trx
      .insertInto("content_enrollment")
      .values(
        part.map((a) => ({
          account_id: a.account,
          content_type_id: ref.contentTypeId,
          content_id: ref.contentId,
          status: a.status,
          add_method: opts.addMethod ?? ADD_METHOD.enrolled,
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
    await logProgress(
      trx,
      inserted.map((r) => ({
        enrollment_id: r.id,
        from_status: null,
        to_status: r.status,
        action_type: "enroll" as const,
      })),
      { accountId: by.accountId, at },
    );
  }
  return { outcome: out, seats: capacity > 0 ? { capacity, taken, when_full: full } : null };
}

/**
 * PATCH progress/{id}/: change one learner's status by hand, only along the `kind` row of the
 * transition table (the content type's); anything else is 400 {status: [invalid_transition]} and
 * writes nothing. The update is conditional on the status read, so two administrators at once
 * cannot both win. The change is logged (override, from → to, by whom) in the same transaction.
 */
export async function changeProgress(
  trx: Trx,
  ref: ContentRef,
  enrollmentId: number,
  to: ProgressStatus,
  by: { accountId: number; now: Date },
  kind: TransitionKind,
) {
  const now = by.now;
  const row = await enrollmentsOf(trx, ref)
    .select(["status", "datetime_start"])
    .where("id", "=", enrollmentId)
    .executeTakeFirst();
  if (!row) throw notFound();
  if (!canTransition(kind, row.status, to)) throw badRequest({ status: [MSG.invalid_transition] });
  const at = now.toISOString();
  const dates = datesFor(to, at);
  const res = await trx
    .updateTable("content_enrollment")
    .set({
      status: to,
      datetime_complete: dates.datetime_complete,
      ...(dates.startIfMissing && row.datetime_start === null && { datetime_start: at }),
      datetime_update: at,
    })
    .where("id", "=", enrollmentId)
    .where("content_type_id", "=", ref.contentTypeId)
    .where("content_id", "=", ref.contentId)
    .where("status", "=", row.status)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) throw badRequest({ status: [MSG.invalid_transition] });
  await logProgress(
    trx,
    [{ enrollment_id: enrollmentId, from_status: row.status, to_status: to, action_type: "override" }],
    { accountId: by.accountId, at },
  );
}

/** The content's enrollments (or the listed ones of them), counted per current status. */
async function countsByStatus(q: Db | Trx, ref: ContentRef, ids: number[] | null) {
  let query = enrollmentsOf(q, ref)
    .select(["status", (eb) => eb.fn.countAll<number>().as("n")])
    .groupBy("status")
    .orderBy("status");
  if (ids) query = query.where("id", "in", ids.length ? ids : [0]);
  return (await query.execute()).map((r) => ({ status: r.status as ProgressStatus, count: Number(r.n) }));
}

/** What a bulk change to `target` would do, without doing it. */
/**
 * The statuses a bulk change to `target` moves: the spec's bulk rules, narrowed — for a type whose
 * items follow their own row of the transition table (a live, docs/decisions/066) — to the
 * statuses that row lets reach `target`, so a bulk change never makes a move one change could not.
 */
const bulkMoved = (target: BulkTarget, statuses: number[], row: TransitionKind | null) =>
  bulkAffected(target, statuses).filter((s) => row === null || canTransition(row, s, target));

export async function bulkPreview(
  db: Db,
  ref: ContentRef,
  target: BulkTarget,
  ids: number[] | null,
  row: TransitionKind | null = null,
): Promise<BulkPreview> {
  const counts = await countsByStatus(db, ref, ids);
  const statuses = counts.map((c) => c.status);
  const affectedBy = (t: BulkTarget) => {
    const hit = new Set<number>(bulkMoved(t, statuses, row));
    return counts.filter((c) => hit.has(c.status)).reduce((n, c) => n + c.count, 0);
  };
  const hit = new Set<number>(bulkMoved(target, statuses, row));
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
export async function bulkApply(
  trx: Trx,
  ref: ContentRef,
  target: BulkTarget,
  ids: number[] | null,
  by: { accountId: number; now: Date },
  row: TransitionKind | null = null,
): Promise<{ changed: number; ids: number[] }> {
  const counts = await countsByStatus(trx, ref, ids);
  const affected = bulkMoved(
    target,
    counts.map((c) => c.status),
    row,
  );
  if (!affected.length) return { changed: 0, ids: [] };
  const at = by.now.toISOString();
  const dates = datesFor(target, at);
  const rows: { id: number; status: number }[] = [];
  for (const part of ids ? chunks(ids) : [null]) {
    let query = enrollmentsOf(trx, ref).select(["id", "status"]).where("status", "in", affected);
    if (part) query = query.where("id", "in", part);
    rows.push(...(await (isPostgres(trx) ? query.forUpdate() : query).orderBy("id").execute()));
  }
  let changed = 0;
  for (const part of chunks(rows)) {
    const res = await trx
      .updateTable("content_enrollment")
      .set({
        status: target,
        datetime_complete: dates.datetime_complete,
        ...(dates.startIfMissing && { datetime_start: sql<string>`coalesce(datetime_start, ${at})` }),
        datetime_update: at,
      })
      .where(
        "id",
        "in",
        part.map((r) => r.id),
      )
      .where("content_type_id", "=", ref.contentTypeId)
      .where("content_id", "=", ref.contentId)
      .where("status", "in", affected)
      .executeTakeFirst();
    changed += Number(res.numUpdatedRows);
  }
  await logProgress(
    trx,
    rows.map((r) => ({
      enrollment_id: r.id,
      from_status: r.status,
      to_status: target,
      action_type: "override" as const,
      is_bulk: true,
    })),
    { accountId: by.accountId, at },
  );
  return { changed, ids: rows.map((r) => r.id) };
}

/**
 * Whether queries run on PostgreSQL, which has row locks (`for update`); SQLite has no such
 * clause and needs none: its one writer runs a transaction at a time. Told by the parameters of a
 * compiled query ($1 against ?), which needs no connection.
 */
export function isPostgres(q: Db | Trx): boolean {
  return q.selectFrom("content_type").select("id").where("id", "=", 0).compile().sql.includes("$1");
}
