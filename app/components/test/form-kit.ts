import type { SubmissionResult } from "@conform-to/react";
import type { TFunction } from "~/i18n/translator";
import { splitCounted } from "../../../contract/counted-message";
import { errorsAt } from "~/lms/form-result";

/**
 * What a test's pages share on the client (docs/decisions/064): which form of the page an
 * answer is about (several forms share a page), and errors that say how many there are
 * (`key|count`, contract/counted-message.ts) translated with their count.
 */
export type TestAnswer = { form: string; result: SubmissionResult<string[]> };

/** The result of form `name` in the action's answer, else null. */
export const resultOf = (answer: TestAnswer | undefined, name: string) =>
  answer && answer.form === name ? answer.result : null;

/** One error, translated; a counted one with its `{{count}}`. */
export function translateError(t: TFunction, message: string): string {
  const { key, count } = splitCounted(message);
  return count === undefined ? t(key) : t(key, { count });
}

/** The translated errors of field `name` of `result`. */
export const fieldErrors = (t: TFunction, result: SubmissionResult<string[]> | null, name: string) =>
  errorsAt(result, name)?.map((e) => translateError(t, e));
