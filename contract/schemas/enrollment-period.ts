import { z } from "../zod";
import { MSG } from "../messages";
import { PERIOD_EVENTS, type PeriodEvent } from "../period-events";
import type { ProgressStatus } from "../codes";
import type { ContentSummary, PersonRef } from "./approvals";

/**
 * Enrolments and completions in a period, across contents (issue 33 item 13;
 * docs/decisions/086): GET dashboard/enrollment/period/ and its export. Days are the
 * organisation's calendar days (YYYY-MM-DD, inclusive), as the home's period.
 */

export { PERIOD_EVENTS, type PeriodEvent } from "../period-events";

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A real calendar day "YYYY-MM-DD" (not 2026-02-30). */
export function isCalendarDay(s: string): boolean {
  const m = DAY.exec(s);
  if (!m) return false;
  const [y, mo, d] = [+m[1], +m[2], +m[3]];
  const day = new Date(Date.UTC(y, mo - 1, d));
  return y >= 1900 && day.getUTCFullYear() === y && day.getUTCMonth() === mo - 1 && day.getUTCDate() === d;
}
const calendarDay = () => z.string({ error: MSG.invalid_date }).refine(isCalendarDay, MSG.invalid_date).optional();

/**
 * The query: `event` (default enrolled), `date_from` / `date_to` (absent: the home's default
 * period, the last 30 days today included), `content_type` (a code). `date_to` before
 * `date_from` → {date_to: [date_end_before_start]}.
 */
export const periodQuerySchema = z
  .object({
    event: z.enum(PERIOD_EVENTS, { error: MSG.invalid_choice }).default("enrolled"),
    date_from: calendarDay(),
    date_to: calendarDay(),
    content_type: z
      .string()
      .regex(/^[a-z_]{1,40}$/, MSG.invalid_choice)
      .optional(),
  })
  .refine((q) => !q.date_from || !q.date_to || q.date_from <= q.date_to, {
    message: MSG.date_end_before_start,
    path: ["date_to"],
  });
export type PeriodQuery = z.infer<typeof periodQuerySchema>;

/** One row: the learner, the content, and the enrolment's status and dates (ISO instants). */
export type PeriodRow = {
  id: number;
  account: PersonRef & { email: string };
  content: ContentSummary;
  status: ProgressStatus;
  datetime_enroll: string;
  datetime_complete: string | null;
};

/** The list's answer: a page of rows and the period it covers (the days asked, or the default). */
export type PeriodAnswer = {
  results: PeriodRow[];
  count: number;
  page_size: number;
  next: string | null;
  page: number;
  count_capped?: boolean;
  event: PeriodEvent;
  date_from: string;
  date_to: string;
};
