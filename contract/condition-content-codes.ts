import { type ProgressStatus } from "./codes";

/**
 * "Permission by content" (spec 001 §3 "Condition forms"; docs/decisions/100): a condition may
 * name, per content type, contents with a list operator and progress statuses with theirs, and
 * for some types the learner's start and completion dates. An account matches a type's criterion
 * when it has (operator 1) or has not (operator 2) a progress on one of those contents (any of the
 * type when none is listed) whose status is (1) or is not (2) one of those statuses, within the
 * dates. It is one more criterion of the one condition (contract/schemas/condition.ts), evaluated
 * by the one evaluator (api/auth/conditions.ts). Plain data (client-safe); the schema's fields are
 * contract/schemas/condition-content.ts.
 */

/** The spec's names of the types, the registry type each is, and whether its dates are offered. */
export const CONDITION_CONTENT_TYPES = [
  { name: "course", type: "course", dated: true },
  { name: "event_program", type: "class_program", dated: true },
  { name: "event", type: "class", dated: true },
  { name: "onboard", type: "onboard", dated: false },
  { name: "learning_path", type: "learning_path", dated: false },
  { name: "exam", type: "test", dated: false },
  { name: "survey", type: "survey", dated: false },
  { name: "activity", type: "activity", dated: false },
] as const;
export type ConditionContentName = (typeof CONDITION_CONTENT_TYPES)[number]["name"];

/** 1: has such a progress / the status is one of them; 2: has none / is none of them (default 1). */
export const CONTENT_OPERATOR = { has: 1, not: 2 } as const;
export type ContentOperator = (typeof CONTENT_OPERATOR)[keyof typeof CONTENT_OPERATOR];

/** The learner's dates a dated type bounds: when the progress started, when it completed. */
export const CONTENT_DATE_BOUNDS = [
  "datetime_start_gte",
  "datetime_start_lte",
  "datetime_end_gte",
  "datetime_end_lte",
] as const;
export type ContentDateBound = (typeof CONTENT_DATE_BOUNDS)[number];

/** The wire and form names of a type's fields. */
export const contentField = {
  list: (n: ConditionContentName) => `content_${n}`,
  operator: (n: ConditionContentName) => `content_${n}_operator`,
  statuses: (n: ConditionContentName) => `progress_status_${n}`,
  statusOperator: (n: ConditionContentName) => `progress_status_${n}_operator`,
  date: (n: ConditionContentName, b: ContentDateBound) => `content_${n}_${b}`,
};

/** One type's part of a condition, as the API answers and takes it. */
export type ContentCriterion = {
  list: number[];
  operator: ContentOperator;
  statuses: ProgressStatus[];
  statusOperator: ContentOperator;
  dates: Partial<Record<ContentDateBound, string | null>>;
};

/** A type's part is filled when it lists a content or a status, or sets a date. */
export const isContentCriterionFilled = (c: ContentCriterion) =>
  c.list.length > 0 || c.statuses.length > 0 || Object.values(c.dates).some((d) => d);

/** The type's part read from a parsed condition (flat fields). */
export function contentCriterionOf(values: Record<string, unknown>, n: ConditionContentName): ContentCriterion {
  const t = CONDITION_CONTENT_TYPES.find((x) => x.name === n)!;
  const dates: ContentCriterion["dates"] = {};
  if (t.dated)
    for (const b of CONTENT_DATE_BOUNDS) dates[b] = (values[contentField.date(n, b)] as string | null) ?? null;
  return {
    list: (values[contentField.list(n)] as number[] | undefined) ?? [],
    operator: (values[contentField.operator(n)] as ContentOperator | undefined) ?? CONTENT_OPERATOR.has,
    statuses: (values[contentField.statuses(n)] as ProgressStatus[] | undefined) ?? [],
    statusOperator: (values[contentField.statusOperator(n)] as ContentOperator | undefined) ?? CONTENT_OPERATOR.has,
    dates,
  };
}

type Dated = Extract<(typeof CONDITION_CONTENT_TYPES)[number], { dated: true }>["name"];
/** The by-content fields of a parsed condition. */
export type ContentConditionValues = { [K in ConditionContentName as `content_${K}`]: number[] } & {
  [K in ConditionContentName as `content_${K}_operator`]: ContentOperator;
} & { [K in ConditionContentName as `progress_status_${K}`]: ProgressStatus[] } & {
  [K in ConditionContentName as `progress_status_${K}_operator`]: ContentOperator;
} & { [K in Dated as `content_${K}_${ContentDateBound}`]: string | null };

/** No content named: every list empty, operators 1, no dates. */
export function emptyContentValues(): ContentConditionValues {
  const out: Record<string, unknown> = {};
  for (const t of CONDITION_CONTENT_TYPES) {
    out[contentField.list(t.name)] = [];
    out[contentField.operator(t.name)] = CONTENT_OPERATOR.has;
    out[contentField.statuses(t.name)] = [];
    out[contentField.statusOperator(t.name)] = CONTENT_OPERATOR.has;
    if (t.dated) for (const b of CONTENT_DATE_BOUNDS) out[contentField.date(t.name, b)] = null;
  }
  return out as ContentConditionValues;
}

/** How many types' parts are filled (each is one criterion of the condition). */
export const filledContentCriteria = (values: Record<string, unknown>) =>
  CONDITION_CONTENT_TYPES.filter((t) => isContentCriterionFilled(contentCriterionOf(values, t.name))).length;

/** Every by-content field name, with the type it belongs to (event's fields are not event program's). */
export const CONTENT_FIELD_TYPES: ReadonlyMap<string, ConditionContentName> = new Map(
  CONDITION_CONTENT_TYPES.flatMap((t) =>
    [
      contentField.list(t.name),
      contentField.operator(t.name),
      contentField.statuses(t.name),
      contentField.statusOperator(t.name),
      ...(t.dated ? CONTENT_DATE_BOUNDS.map((b) => contentField.date(t.name, b)) : []),
    ].map((f) => [f, t.name] as const),
  ),
);
