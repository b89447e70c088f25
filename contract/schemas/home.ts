import { z } from "../zod";
import { MSG } from "../messages";

/** The periods the home pages offer, in days (the last N days, today included). */
export const HOME_PERIODS = [7, 30, 90] as const;
export type HomePeriod = (typeof HOME_PERIODS)[number];
export const DEFAULT_HOME_PERIOD: HomePeriod = 30;

/** `?days=7|30|90` of both home calls; absent or empty → 30. Anything else → 400 {days: [invalid_choice]}. */
export const homePeriodQuerySchema = z.object({
  days: z.preprocess(
    (v) => (v === undefined || v === "" ? String(DEFAULT_HOME_PERIOD) : v),
    z
      .enum(HOME_PERIODS.map(String) as ["7", "30", "90"], { error: MSG.invalid_choice })
      .transform((v) => Number(v) as HomePeriod),
  ),
});

/** The period an answer covers: UTC calendar days, `date_from` … `date_to` inclusive (YYYY-MM-DD). */
export type HomePeriodAnswer = { days: HomePeriod; date_from: string; date_to: string };

/** One count of the content that exists today; `key` names the label (`home_content_<key>`). */
export type ContentCount = { key: string; count: number };

/** GET dashboard/home/learning/ */
export type HomeLearningAnswer = HomePeriodAnswer & {
  content: ContentCount[];
  /** Accounts created per day, every day of the period present (zeros included), oldest first. */
  new_accounts: { date: string; count: number }[];
  new_accounts_total: number;
};

/** GET dashboard/home/usage/ */
export type HomeUsageAnswer = HomePeriodAnswer & {
  /** Visits recorded by analytic/session/ per day and source (0 learner site, 10 dashboard). */
  sessions: { date: string; learner: number; dashboard: number }[];
  /** Sign-in attempts per day. */
  sign_ins: { date: string; success: number; failed: number }[];
  totals: { learner: number; dashboard: number; success: number; failed: number };
  /** Sessions seen within the idle timeout (15 minutes), now. */
  active_sessions: number;
  /** Distinct accounts with at least one successful sign-in in the period. */
  distinct_users: number;
};
