import { z } from "../zod";
import { MSG } from "../messages";
import { checkbox, id, nullableId } from "./form-fields";
import type { IdName } from "./content";
import type { SlotType } from "../curriculum-codes";

/**
 * A class session's own pages and the class's create-activity (spec 000 §2.4 "Curriculum sub-pages:
 * create, create-activity, {sessionid} with edit, live, material, survey"; docs/decisions/045):
 * their inputs and answers, shared by the API and the dashboard.
 */

/** The session types whose live page edits anything: 1 live rerun, 5 external conference (spec 001 §4). */
export const ONLINE_SESSION_TYPES = [1, 5] as const;
export const isOnlineSession = (type: number) => (ONLINE_SESSION_TYPES as readonly number[]).includes(type);

/** Refusals of these pages (their texts in class.*.json). */
export const SESSION_PAGE_MSG = {
  /** PUT live/ of a session of type 0 information or 3 classroom. */
  not_online: "cls_msg_session_not_online",
  /** An external conference without its link. */
  conference_needs_url: "cls_msg_conference_needs_url",
  /** PATCH live/ naming a live for a session that does not replay one (only 1 live rerun does). */
  live_needs_rerun: "cls_msg_live_needs_rerun",
} as const;

/**
 * PATCH …/session/{sessionid}/live/: the live item the session replays (spec 001 §3 Session
 * `live_id`); blank clears it. The API takes only a live the account may see (else the field
 * error invalid_choice) and only for a live-rerun session (else live_needs_rerun).
 */
export const sessionLiveItemSchema = z.object({ live_id: nullableId() });
export type SessionLiveItemInput = z.infer<typeof sessionLiveItemSchema>;

/**
 * PUT dashboard/class/{id}/session/{sessionid}/live/: the link (blank = none; otherwise http(s)
 * and at most config url-limit, spec 001 §5) and whether the recording may be played back.
 * `live_id` is its own call (PATCH, sessionLiveItemSchema).
 */
/** A session's link: blank (none), or http(s) and at most `max` characters (spec 001 §5). */
export const sessionUrlSchema = (max: number) =>
  z.preprocess(
    (v) => (v == null ? "" : v),
    z
      .string({ error: MSG.invalid })
      .trim()
      .superRefine((s, ctx) => {
        const fail = (message: string) => ctx.addIssue({ code: "custom", message, input: s });
        if (s === "") return;
        if (!/^https?:\/\//i.test(s)) return fail(MSG.url_must_start_with_http);
        if (s.length > max) return fail(MSG.too_long);
        try {
          if (!new URL(s).hostname) fail(MSG.invalid);
        } catch {
          fail(MSG.invalid);
        }
      }),
  );

export function sessionLiveSchema(limits: { url: number }) {
  return z.object({ url: sessionUrlSchema(limits.url), is_playback: checkbox() });
}
export type SessionLiveInput = z.infer<ReturnType<typeof sessionLiveSchema>>;

/** GET (and the answer of PUT) …/session/{sessionid}/live/. `is_online`: the type has live details (1, 5). */
export type SessionLive = {
  id: number;
  name: string;
  type: number;
  is_online: boolean;
  url: string;
  is_playback: boolean;
  live_id: number | null;
  /** The live item named by live_id (null when none, or when it was deleted since). */
  live: { id: number; name: string } | null;
};

/** POST …/session/{sessionid}/material/: one of the class's materials (its material tab). */
export const sessionMaterialSchema = z.object({ material: id() });
export type SessionMaterialInput = z.infer<typeof sessionMaterialSchema>;

/** A row of GET …/session/{sessionid}/material/: the link, and the material as the class's material tab has it. */
export type SessionMaterial = {
  id: number;
  sort: number;
  material: {
    id: number;
    name: string;
    slot_type: SlotType;
    section: IdName;
    is_required: boolean;
    is_display: boolean;
    url: string | null;
    file: string | null;
    file_name: string | null;
  };
};

/** A row of GET dashboard/class/{id}/activity/: an activity created from the class's curriculum. */
export type ClassActivity = {
  id: number;
  sort: number;
  activity: { id: number; name: string; code: string; is_display: boolean; checklist_count: number };
};
