import { sql, type SqlBool } from "kysely";
import { ASSIGNMENT_RESULT_CODES, LEARNERS_FILTER_VALUES } from "../../contract/assignment-codes";
import { isIgnoredFilterValue } from "../../contract/list-query";
import { overdueWhere } from "./overdue";
import { MSG } from "../../contract/messages";
import type { Db } from "../db/index";
import { likePattern } from "../engine/crud";
import { badRequest } from "../http/errors";
import type { contentsOf, AssignmentRow } from "./store";

/**
 * The learner results and the enrolled learners of an assignment as queries, filtered as their
 * pages ask (routes-learning.ts) and as their exports ask the same (export.ts): one place reads
 * the filters, so a page and its export list the same rows.
 */

/** The orderings the learner results take. */
export const RESULT_ORDERING = {
  username: sql`lower(${sql.ref("a.username")})`,
  result: sql.ref("r.result"),
  datetime_update: sql.ref("r.datetime_update"),
};

/**
 * The result rows of `row` (joined to their learner `a` and record `e`) narrowed by `content`
 * (an assignment_content id), `result`, `round`, `learners` (overdue) and a search of the learner; the counts by result
 * before the result filter (what the filter chooses among). A filter it cannot read is a 400.
 */
export async function resultQuery(
  db: Db,
  row: AssignmentRow,
  contents: Awaited<ReturnType<typeof contentsOf>>,
  raw: unknown,
  search: string | undefined,
  now: Date,
) {
  const query = (raw ?? {}) as Record<string, string>;
  const errors: Record<string, string[]> = {};
  const content = query.content ? contents.find((c) => String(c.id) === query.content) : undefined;
  if (query.content && !content) errors.content = [MSG.invalid_choice];
  const result = query.result !== undefined && query.result !== "" ? Number(query.result) : undefined;
  if (result !== undefined && !(ASSIGNMENT_RESULT_CODES as readonly number[]).includes(result))
    errors.result = [MSG.invalid_choice];
  const round = query.round !== undefined && query.round !== "" ? Number(query.round) : undefined;
  if (round !== undefined && !(Number.isInteger(round) && round >= 0)) errors.round = [MSG.invalid_choice];
  // `learners=overdue` (docs/decisions/080): the overdue learners only, those the home's card counts.
  const learners =
    query.learners !== undefined && query.learners !== "" && !isIgnoredFilterValue(String(query.learners))
      ? String(query.learners)
      : undefined;
  if (learners !== undefined && !(LEARNERS_FILTER_VALUES as readonly string[]).includes(learners))
    errors.learners = [MSG.invalid_choice];
  if (Object.keys(errors).length) throw badRequest(errors);
  let q = db
    .selectFrom("assignment_result as r")
    .innerJoin("account as a", "a.id", "r.account_id")
    .leftJoin("content_enrollment as e", "e.id", "r.enrollment_id")
    .where("r.assignment_id", "=", row.id);
  if (content)
    q = q.where("r.content_type_id", "=", content.ref.contentTypeId).where("r.content_id", "=", content.ref.contentId);
  if (round !== undefined) q = q.where("r.round_id", "=", round);
  if (learners === "overdue") q = q.where(await overdueWhere(db, now));
  const counts = await q
    .select(["r.result", (eb) => eb.fn.countAll<number>().as("n")])
    .groupBy("r.result")
    .orderBy("r.result")
    .execute();
  if (result !== undefined) q = q.where("r.result", "=", result);
  if (search) {
    const p = likePattern(search);
    q = q.where(
      sql<SqlBool>`(lower(a.username) like ${p} escape '\\' or lower(a.first_name || ' ' || a.last_name) like ${p} escape '\\')`,
    );
  }
  return { q, counts };
}

/** The records `assignmentId` enrolled (any round), with their learner `a`. */
export const enrolledQuery = (db: Db, assignmentId: number) =>
  db
    .selectFrom("content_enrollment as e")
    .innerJoin("account as a", "a.id", "e.account_id")
    .where(
      "e.id",
      "in",
      db
        .selectFrom("assignment_result")
        .select("enrollment_id")
        .where("assignment_id", "=", assignmentId)
        .where("enrollment_id", "is not", null)
        .$narrowType<{ enrollment_id: number }>(),
    );

/** The progress tab's rows: its records, narrowed by `status` and a search of the username, in its order. */
export function progressQuery(db: Db, assignmentId: number, raw: unknown, search: string | undefined) {
  const query = (raw ?? {}) as Record<string, string>;
  let q = enrolledQuery(db, assignmentId);
  if (query.status !== undefined && query.status !== "") q = q.where("e.status", "=", Number(query.status));
  if (search) q = q.where(sql<SqlBool>`lower(a.username) like ${likePattern(search)} escape '\\'`);
  return q
    .select([
      "e.id",
      "e.status",
      "e.content_type_id",
      "e.content_id",
      "e.datetime_start",
      "e.datetime_complete",
      "e.datetime_update",
      "a.id as account_id",
      "a.username",
      "a.first_name",
      "a.last_name",
    ])
    .orderBy(sql`lower(a.username)`)
    .orderBy("e.id");
}
