import { sql, type RawBuilder, type SqlBool } from "kysely";
import { CONDITION_TEXT_LISTS, type ConditionTextList, type PermissionRange } from "../../contract/codes";
import { GROUP_TYPE } from "../../contract/schemas/group";
import {
  CONDITION_CONTENT_TYPES,
  CONTENT_DATE_BOUNDS,
  contentField,
  type ConditionContentName,
} from "../../contract/condition-content-codes";

/**
 * THE condition evaluator (spec 001 §3 "Condition forms", docs/decisions/030): whether an account
 * matches a stored condition, as one SQL expression, so membership is decided by the database for
 * any number of accounts (a group's members, a course's audience) or of conditions (the rules
 * that admit one learner) in either dialect. A condition group's members, a content's and a
 * category's permission rules all go through `matchesCondition`; nothing else decides who matches.
 *
 * A condition is a row (operator, ranges, dates, is_include_sub_department) plus its id lists in
 * an item table (field, ref_id): the shape of 0006_access, kept by four tables (the sources below).
 */

export type ConditionSource = {
  table: "content_permission" | "category_permission" | "account_group_condition" | "approval_flow_condition";
  /** The row's key, which the items name. */
  key: "id" | "group_id" | "flow_id";
  items:
    | "content_permission_item"
    | "category_permission_item"
    | "account_group_condition_item"
    | "approval_flow_condition_item";
  itemKey: "permission_id" | "group_id" | "flow_id";
};
export const CONTENT_RULES: ConditionSource = {
  table: "content_permission",
  key: "id",
  items: "content_permission_item",
  itemKey: "permission_id",
};
export const CATEGORY_RULES: ConditionSource = {
  table: "category_permission",
  key: "id",
  items: "category_permission_item",
  itemKey: "permission_id",
};
export const GROUP_CONDITIONS: ConditionSource = {
  table: "account_group_condition",
  key: "group_id",
  items: "account_group_condition_item",
  itemKey: "group_id",
};
/** An approval flow's learner condition (docs/decisions/060): which requesters the flow is for. */
export const FLOW_CONDITIONS: ConditionSource = {
  table: "approval_flow_condition",
  key: "flow_id",
  items: "approval_flow_condition_item",
  itemKey: "flow_id",
};

/**
 * What a condition can say about an account. Lists without master data (level_group,
 * group_account_group, group_account_custom1/2) and the level-group years are refused when a
 * condition is saved (contract/schemas/condition.ts), so they are no criterion here.
 */
export const LIST_CRITERIA = [
  "department",
  "position",
  "level",
  "group",
  "group_account",
  "account",
  "location",
] as const;
export const RANGE_CRITERIA = [
  "age",
  "experience",
  "level_year",
  "service",
  "english_score",
] as const satisfies readonly PermissionRange[];
/** Permission by content: one criterion per content type (contract/schemas/condition-content.ts). */
type ContentCriterionName = `content_${ConditionContentName}`;
export const CONTENT_CRITERIA: readonly ContentCriterionName[] = CONDITION_CONTENT_TYPES.map(
  (t) => `content_${t.name}` as const,
);
export type Criterion =
  | (typeof LIST_CRITERIA)[number]
  | (typeof RANGE_CRITERIA)[number]
  | ConditionTextList
  | "date_account_start"
  | ContentCriterionName;
export const ALL_CRITERIA: readonly Criterion[] = [
  ...LIST_CRITERIA,
  ...CONDITION_TEXT_LISTS,
  ...RANGE_CRITERIA,
  "date_account_start",
  ...CONTENT_CRITERIA,
];

/**
 * The account column a text list is matched against (docs/decisions/083): the company code is the
 * user's `company` (spec 001 §3 User has no other company field).
 */
const TEXT_COLUMN: Record<ConditionTextList, string> = {
  company_code: "company",
  job_family: "job_family",
  work_shift: "work_shift",
};
/** What a department rule and a condition group read: everything but a list of accounts. */
export const ORGANISATION_CRITERIA: readonly Criterion[] = ALL_CRITERIA.filter((c) => c !== "account");
/** What a user rule reads: its accounts only. */
export const ACCOUNT_CRITERIA: readonly Criterion[] = ["account"];

/** Today in the organisation's zone (YYYY-MM-DD): the day the ranges count whole years to. */
export type Today = string;

type Bool = RawBuilder<SqlBool>;
type Expr = RawBuilder<unknown>;
const TRUE = sql<SqlBool>`1 = 1`;
const FALSE = sql<SqlBool>`1 = 0`;

/**
 * Whole years from the date column `date` (YYYY-MM-DD text) to `today`, null when the date is
 * unknown: plain text arithmetic both dialects share (no date functions differ).
 */
function yearsSince(date: Expr, today: Today): Expr {
  const year = Number(today.slice(0, 4));
  const monthDay = today.slice(5, 10);
  return sql`(${year} - cast(substr(${date}, 1, 4) as integer) - case when substr(${date}, 6, 5) > ${monthDay} then 1 else 0 end)`;
}

/** Each range's value for the account `a`: whole years, or the English score's points (null: unknown, which no set range matches). */
function rangeValue(r: (typeof RANGE_CRITERIA)[number], a: string, today: Today): Expr {
  const col = (name: string) => sql.ref(`${a}.${name}`);
  switch (r) {
    case "age":
      return yearsSince(col("date_birth"), today);
    case "service":
      return yearsSince(col("date_start"), today);
    case "english_score":
      return col("english_score");
    case "experience":
      // The experience recorded on the user (count_experience _year/_month), in whole years.
      return sql`((${col("count_experience_year")} * 12 + ${col("count_experience_month")}) / 12)`;
    case "level_year":
      // At this level since the account history last recorded its level (api/system/account-history.ts
      // writes changes as JSON, {"level":[old,new],…}; a quote inside a value is escaped, so the
      // text "level":[ is only ever that key), else since the start date.
      return yearsSince(
        sql`coalesce((select max(substr(${sql.ref("lh.datetime_create")}, 1, 10)) from ${sql.table("account_history")} as lh
          where ${sql.ref("lh.account_id")} = ${col("id")} and ${sql.ref("lh.changes")} like ${'%"level":[%'}), ${col("date_start")})`,
        today,
      );
  }
}

/**
 * Whether account `a` (an alias in the surrounding query) is a member of group `groupId` (an SQL
 * expression): listed in a group of accounts, or matched by a condition group's condition.
 * `depth` > 0 (inside a group's own condition) reads listed members only: a group's condition may
 * name groups of accounts only (api/system/group-conditions.ts), so nothing is lost and no
 * condition can reach itself.
 */
export function isGroupMember(groupId: Expr, a: string, today: Today, depth = 0): Bool {
  const m = `gm${depth}`;
  const listed = sql<SqlBool>`exists (select 1 from ${sql.table("account_group_member")} as ${sql.raw(m)} where ${sql.ref(`${m}.group_id`)} = ${groupId} and ${sql.ref(`${m}.account_id`)} = ${sql.ref(`${a}.id`)})`;
  if (depth > 0) return listed;
  const g = `gg${depth}`;
  const c = `gc${depth}`;
  const matched = sql<SqlBool>`exists (select 1 from ${sql.table("account_group_condition")} as ${sql.raw(c)}
    inner join ${sql.table("account_group")} as ${sql.raw(g)} on ${sql.ref(`${g}.id`)} = ${sql.ref(`${c}.group_id`)}
    where ${sql.ref(`${c}.group_id`)} = ${groupId} and ${sql.ref(`${g}.type`)} = ${GROUP_TYPE.condition}
    and ${matchesCondition(GROUP_CONDITIONS, c, a, { today, criteria: ORGANISATION_CRITERIA, depth: depth + 1 })})`;
  return sql<SqlBool>`(${listed} or ${matched})`;
}

type MatchOptions = { today: Today; criteria: readonly Criterion[]; depth?: number };

/**
 * Whether account `a` matches the stored condition row `c` of `source` (both aliases in the
 * surrounding query), reading only `criteria`. A criterion is filled when its list has ids, a
 * bound of its range is set, or a start date is set. Operator 1: at least one criterion is filled
 * and the account matches every filled one; operator 2: it matches at least one filled one. A
 * condition without criteria matches nobody (a new condition group starts empty, not as
 * "everyone"). A range matches the account's whole years between its bounds, both included;
 * an unknown value (no birth date…) matches no set range.
 */
export function matchesCondition(source: ConditionSource, c: string, a: string, opts: MatchOptions): Bool {
  const depth = opts.depth ?? 0;
  const i = `${c}_i`;
  const ref = (alias: string, col: string) => sql.ref(`${alias}.${col}`);
  const items = (field: string, extra: Bool = TRUE) =>
    sql<SqlBool>`exists (select 1 from ${sql.table(source.items)} as ${sql.raw(i)} where ${ref(i, source.itemKey)} = ${ref(c, source.key)} and ${ref(i, "field")} = ${field} and ${extra})`;
  const itemId = ref(i, "ref_id");

  const criteria: { filled: Bool; match: Bool }[] = [];
  for (const name of opts.criteria) {
    if (name === "date_account_start") {
      const [gte, lte, start] = [
        ref(c, "date_account_start_gte"),
        ref(c, "date_account_start_lte"),
        ref(a, "date_start"),
      ];
      criteria.push({
        filled: sql<SqlBool>`(${gte} is not null or ${lte} is not null)`,
        match: sql<SqlBool>`(${start} is not null and (${gte} is null or ${start} >= ${gte}) and (${lte} is null or ${start} <= ${lte}))`,
      });
    } else if ((CONDITION_TEXT_LISTS as readonly string[]).includes(name)) {
      // The stored list is "|A|B|" (api/auth/condition-store.ts): the account's value, trimmed,
      // with LIKE's wildcards escaped, between two separators; case-insensitive in both dialects
      // (both sides lowered). A blank value matches no list.
      const list = ref(c, name);
      const value = sql`lower(trim(${ref(a, TEXT_COLUMN[name as ConditionTextList])}))`;
      const escaped = sql`replace(replace(replace(${value}, ${sql.lit("\\")}, ${sql.lit("\\\\")}), ${sql.lit("%")}, ${sql.lit("\\%")}), ${sql.lit("_")}, ${sql.lit("\\_")})`;
      criteria.push({
        filled: sql<SqlBool>`(${list} <> '')`,
        match: sql<SqlBool>`(${value} <> '' and lower(${list}) like ${sql.lit("%|")} || ${escaped} || ${sql.lit("|%")} escape ${sql.lit("\\")})`,
      });
    } else if ((CONTENT_CRITERIA as readonly string[]).includes(name)) {
      criteria.push(byContent(name.slice("content_".length) as ConditionContentName));
    } else if ((RANGE_CRITERIA as readonly string[]).includes(name)) {
      const r = name as (typeof RANGE_CRITERIA)[number];
      const [gte, lte] = [ref(c, `${r}_gte`), ref(c, `${r}_lte`)];
      // low ≤ value ≤ low + width, with the value written once (it may be a subquery, and
      // every copy is planned again): (value - low + width + 1) / (width + 1) = 1 in integer
      // division. An unknown value is null, which matches nothing.
      const low = sql`(case when ${gte} = -1 then 0 else ${gte} end)`;
      const width = sql`((case when ${lte} = -1 then 100000 else ${lte} end) - ${low})`;
      criteria.push({
        filled: sql<SqlBool>`(${gte} <> -1 or ${lte} <> -1)`,
        match: sql<SqlBool>`((${rangeValue(r, a, opts.today)} - ${low} + ${width} + 1) / nullif(${width} + 1, 0) = 1)`,
      });
    } else {
      criteria.push({ filled: items(name), match: listMatch(name as (typeof LIST_CRITERIA)[number]) });
    }
  }

  /**
   * A type's by-content criterion (docs/decisions/100): filled when it lists a content or a status
   * or sets a date; met when the account has (operator 1) or has not (2) a progress of that type
   * on a listed content (any, none listed) whose status is (1) or is not (2) a listed one (any,
   * none listed), started and completed within the dates set (compared as YYYYMMDD numbers).
   */
  function byContent(n: ConditionContentName): { filled: Bool; match: Bool } {
    const t = CONDITION_CONTENT_TYPES.find((x) => x.name === n)!;
    const e = `${c}_e`;
    const j = `${c}_j`;
    const named = (field: string) =>
      sql`(select ${ref(j, "ref_id")} from ${sql.table(source.items)} as ${sql.raw(j)} where ${ref(j, source.itemKey)} = ${ref(c, source.key)} and ${ref(j, "field")} = ${field})`;
    const has = (field: string) => sql<SqlBool>`exists ${named(field)}`;
    const dateFields = t.dated ? CONTENT_DATE_BOUNDS.map((b) => contentField.date(n, b)) : [];
    const [list, statuses] = [contentField.list(n), contentField.statuses(n)];
    const asNumber = (col: string) => sql`cast(replace(substr(${ref(e, col)}, 1, 10), '-', '') as integer)`;
    const dateChecks = t.dated
      ? CONTENT_DATE_BOUNDS.map((b) => {
          const value = asNumber(b.startsWith("datetime_start") ? "datetime_start" : "datetime_complete");
          const bound = named(contentField.date(n, b));
          const cmp = b.endsWith("_gte") ? sql`${value} >= ${bound}` : sql`${value} <= ${bound}`;
          return sql<SqlBool>`(not ${has(contentField.date(n, b))} or ${cmp})`;
        })
      : [];
    const statusIn = sql<SqlBool>`${ref(e, "status")} in ${named(statuses)}`;
    const progress = sql<SqlBool>`exists (select 1 from ${sql.table("content_enrollment")} as ${sql.raw(e)}
      where ${ref(e, "account_id")} = ${ref(a, "id")}
        and ${ref(e, "content_type_id")} = (select ${sql.ref("ct.id")} from ${sql.table("content_type")} as ct where ${sql.ref("ct.code")} = ${t.type})
        and (not ${has(list)} or ${ref(e, "content_id")} in ${named(list)})
        and (not ${has(statuses)} or (case when ${has(contentField.statusOperator(n))} then not (${statusIn}) else ${statusIn} end))
        ${dateChecks.length ? sql`and ${sql.join(dateChecks, sql` and `)}` : sql``})`;
    const filledBy = [list, statuses, ...dateFields];
    return {
      filled: sql<SqlBool>`exists (select 1 from ${sql.table(source.items)} as ${sql.raw(j)} where ${ref(j, source.itemKey)} = ${ref(c, source.key)} and ${ref(j, "field")} in (${sql.join(filledBy)}))`,
      match: sql<SqlBool>`(case when ${has(contentField.operator(n))} then not (${progress}) else ${progress} end)`,
    };
  }

  function listMatch(field: (typeof LIST_CRITERIA)[number]): Bool {
    switch (field) {
      case "department": {
        // With sub-departments: the account's department or any department above it is listed.
        const up = sql.raw(`${c}_up`);
        const d = `${c}_d`;
        const department = ref(a, "department_id");
        const withSub = sql<SqlBool>`exists (with recursive ${up}(id) as (
            select ${department}
            union select ${ref(d, "parent_id")} from ${sql.table("department")} as ${sql.raw(d)} inner join ${up} on ${ref(d, "id")} = ${up}.id where ${ref(d, "parent_id")} is not null)
          select 1 from ${up} where ${items("department", sql<SqlBool>`${itemId} = ${up}.id`)})`;
        return sql<SqlBool>`((${ref(c, "is_include_sub_department")} = 1 and ${withSub}) or (${ref(c, "is_include_sub_department")} <> 1 and ${items("department", sql<SqlBool>`${itemId} = ${department}`)}))`;
      }
      case "position":
      case "level":
      case "location":
        return items(field, sql<SqlBool>`${itemId} = ${ref(a, `${field}_id`)}`);
      case "account":
        return items(field, sql<SqlBool>`${itemId} = ${ref(a, "id")}`);
      case "group":
        return items(field, isGroupMember(itemId, a, opts.today, depth));
      case "group_account":
        // Groups of accounts only (checked when saved): their listed members.
        return items(field, isGroupMember(itemId, a, opts.today, depth + 1));
    }
  }

  if (!criteria.length) return FALSE;
  // Each criterion written once, as a score: 0 not filled, 1 matched, 200 filled but not matched
  // (fewer than 100 criteria). Their sum S: operator 2 (any) is met when S % 200 — the matches —
  // is at least 1; operator 1 (every) when S lies in 1..99 — something filled, nothing failed.
  // Both are "(x + 99) / 100 = 1" in integer division, x = S % 200 or S % 1000000 (= S). One
  // expression instead of a copy per operator: PostgreSQL plans every copy of every subquery.
  const scores = criteria.map(
    (k) => sql`(case when ${k.filled} then (case when ${k.match} then 1 else 200 end) else 0 end)`,
  );
  const modulus = sql`(case when ${ref(c, "operator")} = 2 then 200 else 1000000 end)`;
  return sql<SqlBool>`(((${sql.join(scores, sql` + `)}) % ${modulus} + 99) / 100 = 1)`;
}

/**
 * Whether account `a` passes the permission rule row `r` (content or category rules): an
 * everyone rule (mode 1) passes all, a department rule (2) reads the organisation criteria, a
 * user rule (3) its accounts (docs/decisions/014).
 */
export function passesRule(source: ConditionSource, r: string, a: string, today: Today): Bool {
  const mode = sql.ref(`${r}.mode`);
  return sql<SqlBool>`(${mode} = 1
    or (${mode} = 2 and ${matchesCondition(source, r, a, { today, criteria: ORGANISATION_CRITERIA })})
    or (${mode} = 3 and ${matchesCondition(source, r, a, { today, criteria: ACCOUNT_CRITERIA })}))`;
}
