import { sql, type ExpressionBuilder, type SqlBool, type Expression } from "kysely";
import { ADDED_BY } from "../../contract/codes";
import { MSG } from "../../contract/messages";
import { isGroupMember, type Today } from "../auth/conditions";
import { missingIds, withSubDepartments, type Candidate } from "../content/features/enrollment/service";
import type { Db } from "../db/index";
import type { Database } from "../db/schema";
import type { Trx } from "../engine/crud";
import { badRequest } from "../http/errors";
import type { AssignmentRow } from "./store";

/**
 * The learners an assignment names, a page at a time (docs/decisions/061): the same accounts, in
 * the same order and with the same added-by as the enrolment service's `resolveCandidates` over
 * the stored audience (plan.ts `candidatesOf`) — the accounts listed (by id; an unknown or
 * inactive one is `found: false`), then the active members of the departments (with their
 * sub-departments when asked), then the active members of the groups as they match today — but
 * read by keyset on the account id, so a round over 100 000 learners never holds them all. Each
 * phase leaves out the accounts an earlier one found (in SQL), so every account comes once.
 */

type Q = Db | Trx;
/** Where the next page starts: the phase (0 listed, 1 departments, 2 groups) and the last id read. */
export type CandidateCursor = { phase: number; last: number };
export const FIRST_PAGE: CandidateCursor = { phase: 0, last: 0 };
/** The stored audience, resolved once per plan: the departments expanded, the ids checked. */
export type AudienceScope = {
  assignmentId: number;
  listed: boolean;
  departments: number[];
  groups: number[];
  today: Today;
};

/** The audience of `row` (null: it names nobody); an unknown department or group is a 400, as resolveCandidates says. */
export async function audienceScope(q: Q, row: AssignmentRow, today: Today): Promise<AudienceScope | null> {
  const rows = await q
    .selectFrom("assignment_audience")
    .select(["kind", "ref_id"])
    .where("assignment_id", "=", row.id)
    .where("kind", "in", ["department", "group"])
    .orderBy("ref_id")
    .execute();
  const listed = !!(await q
    .selectFrom("assignment_audience")
    .select("ref_id")
    .where("assignment_id", "=", row.id)
    .where("kind", "=", "account")
    .limit(1)
    .executeTakeFirst());
  const of = (kind: string) => rows.filter((r) => r.kind === kind).map((r) => r.ref_id);
  const [departments, groups] = [of("department"), of("group")];
  if (!listed && !departments.length && !groups.length) return null;
  const errors: Record<string, string[]> = {};
  if (await missingIds(q, "department", departments)) errors.department_list = [MSG.invalid_choice];
  if (await missingIds(q, "account_group", groups)) errors.group_list = [MSG.invalid_choice];
  if (Object.keys(errors).length) throw badRequest(errors);
  const all =
    departments.length && row.include_sub_department === 1 ? await withSubDepartments(q, departments) : departments;
  return { assignmentId: row.id, listed, departments: all, groups, today };
}

type Eb = ExpressionBuilder<Database & { a: Database["account"] }, "a">;

/** Account `a` is not named one by one (an earlier phase has it). */
const notListed =
  (s: AudienceScope) =>
  (eb: Eb): Expression<SqlBool> =>
    eb.not(
      eb.exists(
        eb
          .selectFrom("assignment_audience as x")
          .select("x.ref_id")
          .where("x.assignment_id", "=", s.assignmentId)
          .where("x.kind", "=", "account")
          .whereRef("x.ref_id", "=", "a.id"),
      ),
    );

/** One phase's next `n` candidates after `last`. */
async function phasePage(q: Q, s: AudienceScope, phase: number, last: number, n: number): Promise<Candidate[]> {
  if (phase === 0) {
    if (!s.listed) return [];
    const rows = await q
      .selectFrom("assignment_audience as x")
      .leftJoin("account as a", (j) => j.onRef("a.id", "=", "x.ref_id").on("a.is_active", "=", 1))
      .select(["x.ref_id as id", "a.username"])
      .where("x.assignment_id", "=", s.assignmentId)
      .where("x.kind", "=", "account")
      .where("x.ref_id", ">", last)
      .orderBy("x.ref_id")
      .limit(n)
      .execute();
    return rows.map((r) => ({
      account: r.id,
      username: r.username,
      added_by: r.username === null ? null : ADDED_BY.learner_list,
      found: r.username !== null,
    }));
  }
  if (phase === 1 && !s.departments.length) return [];
  if (phase === 2 && !s.groups.length) return [];
  let query = q
    .selectFrom("account as a")
    .select(["a.id", "a.username"])
    .where("a.is_active", "=", 1)
    .where("a.id", ">", last);
  if (s.listed) query = query.where(notListed(s));
  if (phase === 1) query = query.where("a.department_id", "in", s.departments);
  else {
    query = query.where((eb) => eb.or(s.groups.map((g) => isGroupMember(sql`${g}`, "a", s.today))));
    // Department members came in phase 1 (an account without a department is no member of one).
    if (s.departments.length)
      query = query.where((eb) =>
        eb.or([eb("a.department_id", "is", null), eb("a.department_id", "not in", s.departments)]),
      );
  }
  const rows = await query.orderBy("a.id").limit(n).execute();
  const by = phase === 1 ? ADDED_BY.department : ADDED_BY.group;
  return rows.map((r) => ({ account: r.id, username: r.username, added_by: by, found: true }));
}

/** Up to `size` candidates from `cursor` on, and where the page after them starts (null: none left). */
export async function candidatePage(
  q: Q,
  s: AudienceScope,
  cursor: CandidateCursor,
  size: number,
): Promise<{ candidates: Candidate[]; next: CandidateCursor | null }> {
  const out: Candidate[] = [];
  let { phase, last } = cursor;
  while (phase < 3 && out.length < size) {
    const page = await phasePage(q, s, phase, last, size - out.length);
    out.push(...page);
    if (out.length < size) [phase, last] = [phase + 1, 0];
    else last = page[page.length - 1].account;
  }
  return { candidates: out, next: phase < 3 ? { phase, last } : null };
}

/** Whether the assignment names anybody now (without reading them all). */
export async function hasCandidates(q: Q, row: AssignmentRow, today: Today): Promise<boolean> {
  const scope = await audienceScope(q, row, today);
  return !!scope && (await candidatePage(q, scope, FIRST_PAGE, 1)).candidates.length > 0;
}
