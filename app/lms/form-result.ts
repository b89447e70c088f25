import type { SubmissionResult } from "@conform-to/react";

/**
 * Reading a conform submission result (what an action answers with `submission.reply()`) by
 * field name — nested names included (`item_list[0].attempt`) — for forms rendered without
 * `useForm`: lists of sub-forms, and forms whose fields depend on a choice made before.
 */
export type FormResult = SubmissionResult<string[]> | null | undefined;

/** The errors of one field (its full name); "" names the form's own errors. */
export function errorsAt(result: FormResult, name: string): string[] | undefined {
  const list = result?.error?.[name];
  return list?.length ? list : undefined;
}

/** `a[0].b` → ["a", 0, "b"]. */
export function pathOf(name: string): (string | number)[] {
  const out: (string | number)[] = [];
  for (const m of name.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) out.push(m[2] !== undefined ? Number(m[2]) : m[1]);
  return out;
}

/** The value submitted for a field (its full name), or undefined when none was sent. */
export function valueAt(result: FormResult, name: string): unknown {
  let at: unknown = result?.initialValue;
  for (const key of pathOf(name)) {
    if (at === null || typeof at !== "object") return undefined;
    at = (at as Record<string | number, unknown>)[key];
  }
  return at;
}

/**
 * The value a field shows: what was just submitted (after a refusal), else its saved value.
 * Checkboxes: a refused submission without the field means unticked.
 */
export function shownValue(
  result: FormResult,
  name: string,
  saved: unknown,
  kind: "text" | "checkbox" = "text",
): string | boolean {
  const submitted = result?.initialValue ? valueAt(result, name) : undefined;
  if (kind === "checkbox") {
    if (result?.initialValue) return submitted === "on" || submitted === "true" || submitted === true;
    return saved === true || saved === "on";
  }
  if (submitted !== undefined) return Array.isArray(submitted) ? submitted.join(",") : String(submitted);
  return saved === null || saved === undefined ? "" : String(saved);
}
