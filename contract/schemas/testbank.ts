import { z } from "../zod";
import { MSG } from "../messages";
import { text } from "./text";
import { code, id, isBlank } from "./form-fields";
import {
  ALL_TAG_EXTRAS,
  DEFAULT_CONTENT_LIMITS,
  courseSchemas,
  type ContentDetail,
  type ContentLimits,
  type ContentRow,
} from "./content";
import { TEST_TYPES } from "../test-codes";
import type { TagExtraField } from "../codes";
import { USAGE_STATUS, type UsageStatus } from "../testbank-codes";

/**
 * Test banks (issue 18 §3; spec 000 §2.8 `/testbank…`, spec 001 §3 "Test bank: name, type_question,
 * category, provider, content_level"; docs/decisions/063): the information form's schemas, the
 * usage requests and the log, and the API's answers. A bank is a content of the engine without
 * publishing: its questions are the one test question store's (owner "bank").
 */

// The usage codes live apart (contract/testbank-codes.ts): the usage page reads them in the browser.
export { USAGE_STATUS, USAGE_STATUS_CODES, USAGE_TYPES, type UsageStatus, type UsageType } from "../testbank-codes";

/** Dictionary keys (testbank namespace) of this area's refusals. */
export const TESTBANK_MSG = {
  /** A decided request cannot be decided again. */
  usage_decided: "tbk_msg_usage_decided",
  /** One test waits once per bank. */
  usage_pending: "tbk_msg_usage_pending",
  /** A bank a test draws from cannot be deleted (424). */
  in_use: "tbk_msg_in_use",
  /** The test type of a bank with questions is fixed. */
  type_locked: "tbk_msg_type_locked",
} as const;

const blankTo = <T extends z.ZodType>(fallback: unknown, schema: T) =>
  z.preprocess((v) => (isBlank(v) ? fallback : v), schema);

/** Create and update: the engine's common fields without instructors, and the test type its questions are written for. */
export function testbankSchemas(
  limits: ContentLimits = DEFAULT_CONTENT_LIMITS,
  enabledExtras: readonly TagExtraField[] = ALL_TAG_EXTRAS,
) {
  const { create, update } = courseSchemas(limits, enabledExtras);
  // Blank: 1 multiple choice. Which types configuration allows is the API's check (the question store's switches).
  const typeQuestion = blankTo(1, code(TEST_TYPES));
  return {
    create: create.omit({ instructor_list: true }).extend({ type_question: typeQuestion }),
    update: update.omit({ instructor_list: true }).extend({ type_question: typeQuestion.optional() }),
  };
}

const note = (limits: { text: number }) =>
  z.preprocess(
    (v) => (v == null ? "" : v),
    text({ multiline: true, error: MSG.invalid }).trim().max(limits.text, MSG.too_long),
  );

/** POST dashboard/testbank/{id}/usage/: a test asks to draw from the bank. */
export const usageRequestSchema = (limits: { text: number } = { text: DEFAULT_CONTENT_LIMITS.text }) =>
  z.object({ test: id(), note: note(limits).default("") });
/** POST dashboard/testbank/{id}/usage/{usageid}/decide/: approve (1) or reject (-1). */
export const usageDecisionSchema = (limits: { text: number } = { text: DEFAULT_CONTENT_LIMITS.text }) =>
  z.object({ status: code([USAGE_STATUS.approved, USAGE_STATUS.rejected] as const), note: note(limits).default("") });

/** A row of GET dashboard/testbank/. */
export type TestbankRow = ContentRow & { type_question: number; count_question: number };
/** GET dashboard/testbank/{id}/. */
export type Testbank = TestbankRow & ContentDetail & { count_usage_waiting: number; count_draw: number };

type Who = { id: number; name: string } | null;
/** A usage request, as the usage page lists it. */
export type TestbankUsage = {
  id: number;
  status: UsageStatus;
  test: { id: number; name: string; code: string } | null;
  note: string;
  requested_by: Who;
  decided_by: Who;
  datetime_create: string;
  datetime_decide: string | null;
};
/** One entry of a bank's log: number names the question (null: the bank itself). */
export type TestbankLogEntry = {
  id: number;
  number: number | null;
  action: string;
  changes: Record<string, unknown>;
  created_by: Who;
  datetime_create: string;
};
