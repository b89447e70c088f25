import { z } from "../zod";
import { MSG } from "../messages";
import { code, isBlank } from "./form-fields";
import {
  ALL_TAG_EXTRAS,
  DEFAULT_CONTENT_LIMITS,
  courseSchemas,
  type ContentDetail,
  type ContentLimits,
  type ContentRow,
  type IdName,
} from "./content";
import { LIVE_MSG, LIVE_TYPE, LIVE_TYPE_CODES, type LiveDownload, type LiveStatus, type LiveType } from "../live-codes";
import type { TagExtraField } from "../codes";

/**
 * Live sessions (issue 18 §5; spec 001 §3 "Live": name, code, image, desc, type, status,
 * datetime_start, datetime_end, is_display, instructor ids, category, provider, program, tag ids;
 * docs/decisions/066). A live is a content of the engine with instructors (as a course has). Its
 * stream's start and end are `datetime_live_start` / `datetime_live_end`, since the engine's
 * `datetime_start` is when an item is first shown (its schedule). Status, stream details and the
 * video's download state are the stream's: answered, never accepted.
 */

/**
 * A moment: ISO-8601 with a zone, or one without ("2026-06-01T09:30"), read as UTC — an API
 * caller says its zone. The dashboard's forms type moments in the organisation's zone and send
 * them with its offset (app/lms/content-form.server.ts zonedSchemaOf; docs/decisions/010, 077).
 * Blank is `required`. Answers an ISO instant.
 */
export const liveInstant = () =>
  z.preprocess(
    (v) => (isBlank(v) ? undefined : v),
    z.string({ error: MSG.required }).transform((s, ctx) => {
      const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?$/.exec(s.trim());
      const t = m ? Date.parse(m[8] ? s.trim() : `${s.trim()}Z`) : NaN;
      const d = new Date(t);
      // A real date: Date.parse rolls 2026-02-30 over, so the parts must read back the same (in UTC when no zone was given).
      if (
        !m ||
        Number.isNaN(t) ||
        (!m[8] && (d.getUTCMonth() + 1 !== Number(m[2]) || d.getUTCDate() !== Number(m[3])))
      ) {
        ctx.issues.push({ code: "custom", message: MSG.invalid, input: s });
        return z.NEVER;
      }
      return d.toISOString();
    }),
  );

const blankTo = <T extends z.ZodType>(fallback: unknown, schema: T) =>
  z.preprocess((v) => (isBlank(v) ? fallback : v), schema);
const endAfterStart = (d: { datetime_live_start?: string; datetime_live_end?: string }) =>
  !d.datetime_live_start || !d.datetime_live_end || Date.parse(d.datetime_live_end) > Date.parse(d.datetime_live_start);

/** Create and update: the engine's fields with instructors, the live's type and its times (end after start). */
export function liveSchemas(
  limits: ContentLimits = DEFAULT_CONTENT_LIMITS,
  enabledExtras: readonly TagExtraField[] = ALL_TAG_EXTRAS,
) {
  const { create, update } = courseSchemas(limits, enabledExtras);
  const own = {
    live_type: blankTo(LIVE_TYPE.live_only, code(LIVE_TYPE_CODES)),
    datetime_live_start: liveInstant(),
    datetime_live_end: liveInstant(),
  };
  const refusal = { message: LIVE_MSG.end_before_start, path: ["datetime_live_end"] };
  return {
    create: create.extend(own).refine(endAfterStart, refusal),
    // A PATCH naming one end only is checked against the stored other one by the API.
    update: update
      .extend({
        live_type: own.live_type.optional(),
        datetime_live_start: own.datetime_live_start.optional(),
        datetime_live_end: own.datetime_live_end.optional(),
      })
      .refine(endAfterStart, refusal),
  };
}
export type LiveCreateInput = z.output<ReturnType<typeof liveSchemas>["create"]>;

/** The stream's connection details, made by the API on create (spec 001 §3: "appear only as labels"). */
export type LiveStream = {
  stream_key: string;
  stream_url: string;
  stream_user: string;
  stream_password: string;
  status: LiveStatus;
};

/** A row of GET dashboard/live/. */
export type LiveRow = ContentRow & {
  live_type: LiveType;
  status: LiveStatus;
  download_status: LiveDownload;
  datetime_live_start: string;
  datetime_live_end: string;
  /** Kept as a recording (the /live_backup pages). */
  is_backup: boolean;
  count_question: number;
};
/** GET dashboard/live/{id}/ and the answer of every write on it. */
export type Live = LiveRow &
  ContentDetail & {
    instructor_list: IdName[];
    stream: LiveStream;
    video_url: string;
    /** A kept recording: shown to learners, and since when it is kept. */
    is_backup_display: boolean;
    datetime_backup: string | null;
  };

/** A question a learner asked during the stream (overall/question, stream/question). */
export type LiveQuestion = {
  id: number;
  account: { id: number; username: string; first_name: string; last_name: string } | null;
  text: string;
  datetime_create: string;
  is_answered: boolean;
  is_hidden: boolean;
  datetime_answer: string | null;
};
/** PATCH dashboard/live/{id}/question/{qid}/: mark answered or not, hide or show. */
export const liveQuestionSchema = z.object({
  is_answered: z.boolean({ error: MSG.invalid }).optional(),
  is_hidden: z.boolean({ error: MSG.invalid }).optional(),
});
export type LiveQuestionInput = z.output<typeof liveQuestionSchema>;

/** POST dashboard/live_backup/: keep an ended live as a recording. */
export const liveBackupSchema = z.object({
  live: z.preprocess(
    (v) => (typeof v === "string" && /^\d{1,9}$/.test(v) ? Number(v) : v),
    z.number({ error: MSG.required }).int().min(1, MSG.invalid),
  ),
});
