import { sql } from "kysely";
import { ADD_METHOD, COMPLETED_STATUSES, PROGRESS_SETS, type AddedBy, type AddMethod } from "../../contract/codes";
import {
  ADDING_RESULTS,
  ASSIGNMENT_KIND,
  ASSIGNMENT_RESULT as R,
  TYPE_ACTION,
  type AssignmentResult,
} from "../../contract/assignment-codes";
import type { AssignmentLine, AssignmentPreview } from "../../contract/schemas/assignment";
import type { Seats } from "../../contract/schemas/enrollment";
import type { ContentDefinition } from "../content/definition";
import type { ContentRef } from "../content/ref";
import { accessLevel } from "../content/features/access/visibility";
import { enrollmentsOf, resolveCandidates, seatsOf, type Candidate } from "../content/features/enrollment/service";
import { contentCost, creditBalances } from "../credit/credit";
import type { Db } from "../db/index";
import type { Trx } from "../engine/crud";
import { chunks } from "../engine/chunks";
import { audienceScope, candidatePage, FIRST_PAGE, type AudienceScope, type CandidateCursor } from "./candidates";
import { audienceOf, contentsOf, expandedOf, expiryOf, type AssignmentRow } from "./store";

/**
 * What assigning does to each learner and content (spec 001 §4 result codes; docs/decisions/051),
 * decided once: the preview shows this plan, and assigning writes it (apply.ts). Per content, in
 * the order the learners were named: an account that is not active (15), a content that takes no
 * writes (a cancelled class: 13), a learner who may not see it (5); one who has it already gets
 * what the assignment's `type_action` says (no action 2 / 14 completed, replace 3, expand 4 or 25),
 * and when this assignment gave it before, the duplicate codes (20, 22, 23/24, 25); a new one is
 * blocked by a schedule conflict (12) or too little credit (7), else assigned (1) — or, the
 * content full, waiting list (10) or full (11). Credit and seats are counted as the plan goes, so
 * the preview says what assigning would do; an assignment "assigned by the organisation: no
 * charge" (`is_no_charge`, docs/decisions/075) costs nobody anything. A large audience is planned a chunk of learners at a
 * time (planInChunks, docs/decisions/061): the free seats carry from chunk to chunk, the rest is a
 * learner's own.
 */

type Q = Db | Trx;
export type PlanContent = Awaited<ReturnType<typeof contentsOf>>[number];
/** A line as planned; `price`: what one learning of its content costs this assignment (0: free, or no charge). */
export type PlanLine = AssignmentLine & {
  added_by: AddedBy;
  contentRow: PlanContent;
  enrollment: { id: number; status: number } | null;
  expire: string | null;
  price: number;
};

const CANCELED: readonly number[] = [...PROGRESS_SETS.canceled, -4];
const isCompleted = (status: number) => (COMPLETED_STATUSES as readonly number[]).includes(status);

/** The accounts of `ids` and their access level to the content (0: it is hidden from them). */
async function accessLevels(
  q: Q,
  def: ContentDefinition,
  ref: ContentRef,
  ids: number[],
  today: string,
): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (const part of chunks(ids)) {
    if (!part.length) continue;
    const rows = await sql<{
      id: number;
      level: number;
    }>`select ${sql.ref("a.id")} as id, ${accessLevel(ref.contentTypeId, "t", "a", today)} as level
      from ${sql.table("account")} as a, ${sql.table(def.resource.table)} as t
      where ${sql.ref("t.id")} = ${ref.contentId} and ${sql.ref("a.id")} in (${sql.join(part)})`.execute(q);
    for (const r of rows.rows) out.set(Number(r.id), Number(r.level));
  }
  return out;
}

/**
 * Learners of `ids` already in another class whose sessions overlap a session of class `classId`
 * (spec 001 §5 "overlapping assigned schedules block assignment"): any record but a cancelled one.
 */
export async function scheduleConflicts(
  q: Q,
  classTypeId: number,
  classId: number,
  ids: number[],
): Promise<Set<number>> {
  const out = new Set<number>();
  for (const part of chunks(ids)) {
    if (!part.length) continue;
    const rows = await q
      .selectFrom("content_enrollment as e")
      .innerJoin("class_session as s2", "s2.class_id", "e.content_id")
      .innerJoin("class_session as s1", (j) =>
        j
          .on("s1.class_id", "=", classId)
          .onRef("s1.datetime_start", "<", "s2.datetime_end")
          .onRef("s2.datetime_start", "<", "s1.datetime_end"),
      )
      .select("e.account_id")
      .distinct()
      .where("e.content_type_id", "=", classTypeId)
      .where("e.content_id", "<>", classId)
      .where("e.status", "not in", [...CANCELED])
      .where("e.account_id", "in", part)
      .execute();
    for (const r of rows) out.add(r.account_id);
  }
  return out;
}

/** Whether two classes have overlapping sessions (two classes of one assignment). */
async function classesOverlap(q: Q, a: number, b: number): Promise<boolean> {
  const hit = await q
    .selectFrom("class_session as s1")
    .innerJoin("class_session as s2", (j) =>
      j
        .on("s2.class_id", "=", b)
        .onRef("s1.datetime_start", "<", "s2.datetime_end")
        .onRef("s2.datetime_start", "<", "s1.datetime_end"),
    )
    .select("s1.id")
    .where("s1.class_id", "=", a)
    .executeTakeFirst();
  return !!hit;
}

/** The learners the assignment names now (its audience resolved: groups evaluated today). */
export async function candidatesOf(q: Q, row: AssignmentRow, today: string): Promise<Candidate[]> {
  const { input } = await audienceOf(q, row);
  if (!input.account_list.length && !input.department_list.length && !input.group_list.length) return [];
  return resolveCandidates(q, input, today);
}

/** Plans the next chunk of learners (no account in two chunks) in that chunk's `q`, carrying the seats counted so far. */
export type Planner = (q: Q, candidates: Candidate[]) => Promise<PlanLine[]>;
export type Plan = {
  row: AssignmentRow;
  lines: PlanLine[];
  contents: PlanContent[];
  learners: number;
  planner: Planner;
};

/** Learners a round, an assignment or a preview takes at a time (docs/decisions/061). */
export const CHUNK_SIZE = 1000;

/**
 * The planner of `row` over `contents`: what does not depend on the learner (a content's
 * refusal, its cost, its seats) is read once; the seats still free are counted down across
 * chunks. What is a learner's own (credit, access, records, conflicts between the plan's own
 * classes) is read per chunk, since an account is in one chunk only.
 */
async function plannerOf(q: Q, row: AssignmentRow, contents: PlanContent[], today: string): Promise<Planner> {
  const suggestion = row.type === ASSIGNMENT_KIND.suggestion;
  const newExpire = expiryOf(row, today);
  const overlapCache = new Map<string, boolean>();
  const state: { c: PlanContent; refusal: boolean; cost: number; seats: Seats | null; free: number }[] = [];
  for (const c of contents) {
    const refusal = c.def.resource.writeRefusal ? !!(await c.def.resource.writeRefusal(q, c.ref.contentId)) : false;
    const seats = await seatsOf(q, c.ref);
    state.push({
      c,
      refusal,
      cost: suggestion || row.is_no_charge === 1 ? 0 : await contentCost(q, c.ref),
      seats,
      free: seats ? seats.capacity - seats.taken : Infinity,
    });
  }

  return async (q, candidates) => {
    const ids = candidates.filter((c) => c.found).map((c) => c.account);
    const balances = suggestion ? new Map<number, number>() : await creditBalances(q, ids);
    const lines: PlanLine[] = [];
    // Classes given to each learner by this plan so far, for conflicts between the plan's own classes.
    const planned = new Map<number, number[]>();
    for (const s of state) {
      const { c, refusal, cost, seats } = s;
      const { def, ref } = c;
      const levels = await accessLevels(q, def, ref, ids, today);
      const isClass = def.key === "class";
      const conflicts =
        isClass && !suggestion ? await scheduleConflicts(q, ref.contentTypeId, ref.contentId, ids) : new Set<number>();
      const existing = new Map<number, { id: number; status: number }>();
      const before = new Map<number, { result: number; enrollment: number | null; expire: string | null }>();
      for (const part of chunks(ids)) {
        for (const e of await enrollmentsOf(q, ref)
          .select(["id", "account_id", "status"])
          .where("account_id", "in", part)
          .execute())
          existing.set(e.account_id, { id: e.id, status: e.status });
      }
      // What this assignment gave before (a suggestion: whom it named). An assignment's rows are
      // read through the records they name (an account has one per content) and the enrollment
      // index: read by account, SQLite would go through every result of the assignment, once a
      // chunk. The assignment is compared here, not in SQL, so that SQLite keeps to that index.
      const gave = (p: {
        account_id: number;
        result: number;
        enrollment_id: number | null;
        datetime_expire: string | null;
      }) => before.set(p.account_id, { result: p.result, enrollment: p.enrollment_id, expire: p.datetime_expire });
      const columns = ["assignment_id", "account_id", "result", "enrollment_id", "datetime_expire"] as const;
      for (const part of chunks(suggestion ? ids : [...existing.values()].map((e) => e.id))) {
        if (suggestion) {
          for (const p of await q
            .selectFrom("assignment_result")
            .select(columns)
            .where("assignment_id", "=", row.id)
            .where("content_type_id", "=", ref.contentTypeId)
            .where("content_id", "=", ref.contentId)
            .where("account_id", "in", part)
            .orderBy("id")
            .execute())
            gave(p);
        } else {
          for (const p of await q
            .selectFrom("assignment_result")
            .select(columns)
            .where("enrollment_id", "in", part)
            .orderBy("id")
            .execute())
            if (p.assignment_id === row.id) gave(p);
        }
      }

      for (const cand of candidates) {
        const line = (result: AssignmentResult, extra: Partial<PlanLine> = {}): PlanLine => ({
          account: cand.account,
          username: cand.username,
          content: c.id,
          result,
          cost: 0,
          balance: null,
          price: cost,
          added_by: cand.added_by ?? 0,
          contentRow: c,
          enrollment: existing.get(cand.account) ?? null,
          expire: null,
          ...extra,
        });
        const push = (l: PlanLine) => lines.push(l);
        if (!cand.found) {
          push(line(R.account_inactive));
          continue;
        }
        if (refusal) {
          push(line(R.content_unavailable));
          continue;
        }
        if ((levels.get(cand.account) ?? 0) === 0) {
          push(line(R.no_permission));
          continue;
        }
        const enr = existing.get(cand.account);
        const active = enr && !CANCELED.includes(enr.status) ? enr : null;
        const prev = before.get(cand.account);
        if (suggestion) {
          push(line(active ? R.no_action : prev ? R.duplicate_no_action : R.assigned));
          continue;
        }
        const spend = (result: AssignmentResult, extra: Partial<PlanLine> = {}) => {
          const balance = balances.get(cand.account) ?? 0;
          // The balance it had is kept on a priced line: the preview says who is charged, and who lacks how much.
          const had = cost > 0 ? { balance } : {};
          if (cost > balance) return push(line(R.not_enough_credit, had));
          balances.set(cand.account, balance - cost);
          push(line(result, { cost, expire: newExpire, ...had, ...extra }));
        };
        if (active) {
          const dup = !!prev && prev.enrollment === active.id;
          const completed = isCompleted(active.status);
          if (row.type_action === TYPE_ACTION.replace) spend(dup ? R.duplicate_replaced : R.replaced);
          else if (row.type_action === TYPE_ACTION.expand) {
            const to = expandedOf(row, prev?.expire ?? null, today);
            if (!to || completed) push(line(R.expanded_not_allowed));
            else
              push(
                line(
                  dup
                    ? row.type_expand === 1
                      ? R.duplicate_expanded_date
                      : R.duplicate_expanded_duration
                    : R.expanded,
                  { expire: to },
                ),
              );
          } else push(line(dup ? R.duplicate_no_action : completed ? R.completed_no_action : R.no_action));
          continue;
        }
        // A new learner (or one whose record was cancelled): the schedule, then credit, then a seat.
        if (isClass) {
          let clash = conflicts.has(cand.account);
          for (const other of planned.get(cand.account) ?? []) {
            const key = `${other}:${ref.contentId}`;
            if (!overlapCache.has(key)) overlapCache.set(key, await classesOverlap(q, other, ref.contentId));
            clash ||= overlapCache.get(key)!;
          }
          if (clash) {
            push(line(R.schedule_conflict));
            continue;
          }
        }
        const seat = s.free > 0 ? R.assigned : seats?.when_full === "waiting_list" ? R.waiting_list : R.full;
        if (seat === R.full) {
          push(line(R.full));
          continue;
        }
        const n = lines.length;
        spend(seat);
        if (lines.length > n && lines[n].result !== R.not_enough_credit) {
          if (seat === R.assigned) s.free--;
          if (isClass) planned.set(cand.account, [...(planned.get(cand.account) ?? []), ref.contentId]);
        }
      }
    }
    return lines;
  };
}

/**
 * The plan of assigning `row` now to `candidates` — the whole audience, or the first chunk of it:
 * `planner` plans the chunks after it (planInChunks). The contents are obtained here, once per plan.
 */
export async function planAssignment(q: Q, row: AssignmentRow, candidates: Candidate[], today: string): Promise<Plan> {
  const contents = await contentsOf(q, row.id);
  const planner = await plannerOf(q, row, contents, today);
  return {
    row,
    lines: await planner(q, candidates),
    contents,
    learners: new Set(candidates.map((c) => c.account)).size,
    planner,
  };
}

/** Runs one chunk's work: in a transaction of its own (a round), in the caller's (an assignment), or as it is (the preview). */
export type ChunkRunner<T extends Q> = (work: (q: T) => Promise<void>) => Promise<void>;

/**
 * Plan `row` `size` learners at a time (read by keyset, candidates.ts): each chunk is planned and
 * handed to `each` inside one `run`, so what `each` writes is what the next chunk reads. Answers
 * the first chunk's plan (its contents; no learner at all: a plan of none).
 */
export async function planInChunks<T extends Q>(
  row: AssignmentRow,
  today: string,
  size: number,
  run: ChunkRunner<T>,
  each: (q: T, plan: Plan) => Promise<void>,
): Promise<Plan> {
  let first: Plan | null = null;
  let scope: AudienceScope | null = null;
  let cursor: CandidateCursor | null = FIRST_PAGE;
  while (cursor) {
    const from: CandidateCursor = cursor;
    await run(async (q) => {
      if (!first) scope = await audienceScope(q, row, today);
      const page = scope ? await candidatePage(q, scope, from, size) : { candidates: [], next: null };
      const plan: Plan = first
        ? { ...first, lines: await first.planner(q, page.candidates), learners: page.candidates.length }
        : await planAssignment(q, row, page.candidates, today);
      await each(q, plan);
      first ??= { ...plan, lines: [] }; // its lines are this chunk's: not kept past it
      cursor = page.next;
    });
  }
  return first!;
}

const adds = (result: AssignmentResult) => (ADDING_RESULTS as readonly number[]).includes(result);

/**
 * The counts a preview or a round's answer gives, added up chunk by chunk: per content, the lines
 * by result, its price and what it charges, and its first `shown` lines — the only lines kept;
 * the learners charged (an account is in one chunk only, so a chunk's are counted once).
 */
type ContentTally = { counts: Map<AssignmentResult, number>; lines: AssignmentLine[]; price: number; charged: number };
export type Tally = {
  learners: number;
  shown: number;
  byContent: Map<number, ContentTally>;
  charged: { learners: number; total: number };
};
export const newTally = (shown = 200): Tally => ({
  learners: 0,
  shown,
  byContent: new Map(),
  charged: { learners: 0, total: 0 },
});

/** Count one chunk's lines (`learners`: the chunk's learners). */
export function addToTally(t: Tally, lines: readonly PlanLine[], learners: number) {
  t.learners += learners;
  const payers = new Set<number>();
  for (const l of lines) {
    let mine = t.byContent.get(l.content);
    if (!mine) t.byContent.set(l.content, (mine = { counts: new Map(), lines: [], price: l.price, charged: 0 }));
    mine.counts.set(l.result, (mine.counts.get(l.result) ?? 0) + 1);
    mine.charged += l.cost;
    t.charged.total += l.cost;
    if (l.cost > 0) payers.add(l.account);
    if (mine.lines.length < t.shown)
      mine.lines.push({
        account: l.account,
        username: l.username,
        content: l.content,
        result: l.result,
        cost: l.cost,
        balance: l.balance,
      });
  }
  t.charged.learners += payers.size;
}

const sorted = (m: Map<AssignmentResult, number>) =>
  [...m].sort((a, b) => a[0] - b[0]).map(([result, count]) => ({ result, count }));

/** The preview answer (spec 001 §3 "Preview") of a tally: the settings it assigns with, and what it would do. */
export function previewOfTally(
  row: AssignmentRow,
  contents: readonly PlanContent[],
  t: Tally,
  now: Date,
): AssignmentPreview {
  const all = new Map<AssignmentResult, number>();
  const per = contents.map((c) => {
    const mine = t.byContent.get(c.id);
    let [add, total] = [0, 0];
    for (const [result, n] of mine?.counts ?? []) {
      all.set(result, (all.get(result) ?? 0) + n);
      total += n;
      if (adds(result)) add += n;
    }
    return {
      id: c.id,
      name: c.name,
      add,
      skip: total - add,
      cost: mine?.price ?? 0,
      charged: mine?.charged ?? 0,
      by_result: sorted(mine?.counts ?? new Map()),
      lines: mine?.lines ?? [],
    };
  });
  const add = per.reduce((n, c) => n + c.add, 0);
  return {
    assigned_time: now.toISOString(),
    datetime_assign: row.datetime_assign,
    content_period_doing: {
      type_expire: row.type_expire,
      datetime_expire: row.datetime_expire,
      duration_expire: row.duration_expire,
    },
    content_period_expand: {
      type_expand: row.type_expand,
      datetime_expand: row.datetime_expand,
      duration_expand: row.duration_expand,
    },
    count_learner: t.learners,
    add,
    skip: per.reduce((n, c) => n + c.skip, 0),
    by_result: sorted(all),
    is_no_charge: row.is_no_charge === 1,
    charged: { ...t.charged },
    contents: per.map(({ lines: _lines, ...c }) => c),
    // In the order of one plan: content by content, learners in the order they were named.
    lines: per.flatMap((c) => c.lines).slice(0, t.shown),
  };
}

/** The preview answer of a plan held whole. */
export function previewOf(plan: Plan, now: Date, shown = 200): AssignmentPreview {
  const t = newTally(shown);
  addToTally(t, plan.lines, plan.learners);
  return previewOfTally(plan.row, plan.contents, t, now);
}

/** GET preview/: what assigning now would do, planned chunk by chunk (nothing written; only the lines shown kept). */
export async function previewAssignment(
  q: Q,
  row: AssignmentRow,
  today: string,
  now: Date,
  size = CHUNK_SIZE,
): Promise<AssignmentPreview> {
  const t = newTally();
  const plan = await planInChunks(
    row,
    today,
    size,
    (work) => work(q),
    async (_q, p) => addToTally(t, p.lines, p.learners),
  );
  return previewOfTally(row, plan.contents, t, now);
}

/** The add method an assignment of this kind writes (spec 001 §4: assigned 1, auto_assigned 2). */
export const addMethodOf = (row: AssignmentRow): AddMethod =>
  row.type === ASSIGNMENT_KIND.auto ? ADD_METHOD.auto_assigned : ADD_METHOD.assigned;
