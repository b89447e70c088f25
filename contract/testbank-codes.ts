/** Test bank codes, free of schemas so the dashboard's client code can read them without zod. */

/** Usage requests (issue 18 §3): -1 rejected, 0 waiting, 1 approved. */
export const USAGE_STATUS = { rejected: -1, waiting: 0, approved: 1 } as const;
export type UsageStatus = (typeof USAGE_STATUS)[keyof typeof USAGE_STATUS];
export const USAGE_STATUS_CODES: readonly UsageStatus[] = Object.values(USAGE_STATUS);
/** The usage page's `{usage_type}` segment: each status by name (waiting first, the default). */
export const USAGE_TYPES = [
  "waiting",
  "approved",
  "rejected",
] as const satisfies readonly (keyof typeof USAGE_STATUS)[];
export type UsageType = (typeof USAGE_TYPES)[number];
