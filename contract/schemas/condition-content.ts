import { z } from "../zod";
import { MSG } from "../messages";
import { PROGRESS_STATUS_CODES, type ProgressStatus } from "../codes";
import {
  CONDITION_CONTENT_TYPES,
  CONTENT_DATE_BOUNDS,
  CONTENT_OPERATOR,
  contentField,
} from "../condition-content-codes";
import { always, code, dateOnly, idList, toInt, withDefault } from "./form-fields";

/** The schema's part of "permission by content" (contract/condition-content-codes.ts, docs/decisions/100). */

/** A list of progress statuses (spec 001 §4 codes): an array, or comma-separated text. */
const statusList = () =>
  z.preprocess(
    (v) => {
      if (v === undefined || v === null || v === "") return [];
      const parts = typeof v === "string" ? v.split(",").filter((s) => s.trim() !== "") : Array.isArray(v) ? v : [v];
      return parts.map(toInt);
    },
    z
      .array(
        z
          .number({ error: MSG.invalid_choice })
          .refine((n) => (PROGRESS_STATUS_CODES as readonly number[]).includes(n), MSG.invalid_choice),
        { error: MSG.invalid_choice },
      )
      .max(PROGRESS_STATUS_CODES.length, MSG.too_long)
      .transform((xs) => [...new Set(xs)] as ProgressStatus[]),
  );

const operator = () => withDefault(code(Object.values(CONTENT_OPERATOR)), CONTENT_OPERATOR.has);

/** The by-content fields of a condition's schema (merged into conditionSchema's object). */
export function contentConditionFields() {
  const out: Record<string, z.ZodType> = {};
  for (const t of CONDITION_CONTENT_TYPES) {
    out[contentField.list(t.name)] = idList(1000);
    out[contentField.operator(t.name)] = operator();
    out[contentField.statuses(t.name)] = statusList();
    out[contentField.statusOperator(t.name)] = operator();
    if (t.dated) for (const b of CONTENT_DATE_BOUNDS) out[contentField.date(t.name, b)] = dateOnly();
  }
  return out;
}

/** Each dated type's upper date below its lower one is refused, on the upper field. */
export function contentDateChecks<S extends z.ZodType<Record<string, unknown>>>(schema: S): S {
  let out = schema as z.ZodType<Record<string, unknown>>;
  for (const t of CONDITION_CONTENT_TYPES.filter((x) => x.dated))
    for (const pair of ["datetime_start", "datetime_end"] as const) {
      const [gte, lte] = [contentField.date(t.name, `${pair}_gte`), contentField.date(t.name, `${pair}_lte`)];
      out = out.refine(
        (c) => !(typeof c[gte] === "string" && typeof c[lte] === "string" && (c[lte] as string) < (c[gte] as string)),
        { message: MSG.date_end_before_start, path: [lte], ...always },
      );
    }
  return out as S;
}
