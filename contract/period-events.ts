/**
 * What the enrolments-in-a-period list counts (docs/decisions/086): enrolments made in the
 * period, or learning completed in it. Its own module, so the page reads it without the query's
 * schema (zod stays out of the browser's chunks, docs/decisions/085).
 */
export const PERIOD_EVENTS = ["enrolled", "completed"] as const;
export type PeriodEvent = (typeof PERIOD_EVENTS)[number];
