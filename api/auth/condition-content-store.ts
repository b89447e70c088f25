import type { FieldErrors } from "../../contract/http";
import { MSG } from "../../contract/messages";
import {
  CONDITION_CONTENT_TYPES,
  CONTENT_DATE_BOUNDS,
  CONTENT_OPERATOR,
  contentField,
} from "../../contract/condition-content-codes";
import type { Db } from "../db/index";
import type { Trx } from "../engine/crud";
import { CONTENT_DEFINITIONS } from "../content/types";

/**
 * The by-content part of a stored condition (contract/schemas/condition-content.ts,
 * docs/decisions/100), kept in the condition's own item table beside its other lists, so the
 * four kinds of condition keep it alike and it goes with its condition: the contents
 * (`content_{type}`) and statuses (`progress_status_{type}`) one row each; an operator as one row
 * `…_operator` holding 2 when it is "not" (no row: 1); a date as one row holding YYYYMMDD, which
 * compares as the date does.
 */

type Q = Db | Trx;

/** A date as its item's number, and back. */
export const dateNumber = (d: string) => Number(d.replaceAll("-", ""));
const dateOfNumber = (n: number) => {
  const s = String(n).padStart(8, "0");
  return `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}`;
};

/** The item rows (field, ref_id) the by-content fields of `input` are stored as. */
export function contentItems(input: Record<string, unknown>): { field: string; ref_id: number }[] {
  const out: { field: string; ref_id: number }[] = [];
  for (const t of CONDITION_CONTENT_TYPES) {
    for (const field of [contentField.list(t.name), contentField.statuses(t.name)])
      for (const ref_id of (input[field] as number[] | undefined) ?? []) out.push({ field, ref_id });
    for (const field of [contentField.operator(t.name), contentField.statusOperator(t.name)])
      if (input[field] === CONTENT_OPERATOR.not) out.push({ field, ref_id: CONTENT_OPERATOR.not });
    if (t.dated)
      for (const b of CONTENT_DATE_BOUNDS) {
        const d = input[contentField.date(t.name, b)];
        if (typeof d === "string") out.push({ field: contentField.date(t.name, b), ref_id: dateNumber(d) });
      }
  }
  return out;
}

/** The by-content fields of a stored condition, from its lists (field → ref ids). */
export function contentValuesOf(lists: Map<string, number[]>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const t of CONDITION_CONTENT_TYPES) {
    out[contentField.list(t.name)] = lists.get(contentField.list(t.name)) ?? [];
    out[contentField.statuses(t.name)] = lists.get(contentField.statuses(t.name)) ?? [];
    for (const field of [contentField.operator(t.name), contentField.statusOperator(t.name)])
      out[field] = lists.get(field)?.[0] === CONTENT_OPERATOR.not ? CONTENT_OPERATOR.not : CONTENT_OPERATOR.has;
    if (t.dated)
      for (const b of CONTENT_DATE_BOUNDS) {
        const n = lists.get(contentField.date(t.name, b))?.[0];
        out[contentField.date(t.name, b)] = n === undefined ? null : dateOfNumber(n);
      }
  }
  return out;
}

/** Every named content exists (in its type's table): otherwise a field error on its list. */
export async function contentIdErrors(q: Q, input: Record<string, unknown>): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  for (const t of CONDITION_CONTENT_TYPES) {
    const ids = (input[contentField.list(t.name)] as number[] | undefined) ?? [];
    if (!ids.length) continue;
    // Read when called: the content definitions import the access features, which import this.
    const table = CONTENT_DEFINITIONS.find((d) => d.key === t.type)!.resource.table;
    const found = await q
      .selectFrom(`${table} as r` as "course as r")
      .select("r.id")
      .where("r.id", "in", ids)
      .execute();
    if (found.length !== ids.length) errors[contentField.list(t.name)] = [MSG.invalid_choice];
  }
  return errors;
}

/** The fields a stored condition names content `id` of registry type `type` in (a delete refusal's check). */
export const contentListFieldsOf = (type: string) =>
  CONDITION_CONTENT_TYPES.filter((t) => t.type === type).map((t) => contentField.list(t.name));
