import type { TransitionKind } from "./codes";

/**
 * Live sessions' code tables (spec 001 §4 "Live status", "Live download video"; issue 18 §5;
 * docs/decisions/066). The spec numbers the statuses and download states but not the live types,
 * so the types are this project's (the decision records why there are three).
 */

/**
 * What happens after the stream (docs/decisions/066): `live_only` is streamed once and goes
 * offline (the "offline-type" row of spec 001 §4: a learner attended it or not), `convert` is
 * recorded and converted into a video learners watch afterwards, `playback` plays a prepared video
 * at its time (both the "convert or playback" row: a learner may be in progress on the recording).
 */
export const LIVE_TYPE = { live_only: 0, convert: 1, playback: 2 } as const;
export type LiveType = (typeof LIVE_TYPE)[keyof typeof LIVE_TYPE];
export const LIVE_TYPE_CODES: readonly LiveType[] = Object.values(LIVE_TYPE);

/** spec 001 §4 "Live status": 0 offline, 1 live, 2 live_interrupt, 3 live_end, 4 convert, 5 playback, 6 online. */
export const LIVE_STATUS = {
  offline: 0,
  live: 1,
  live_interrupt: 2,
  live_end: 3,
  convert: 4,
  playback: 5,
  online: 6,
} as const;
export type LiveStatus = (typeof LIVE_STATUS)[keyof typeof LIVE_STATUS];
export const LIVE_STATUS_CODES: readonly LiveStatus[] = Object.values(LIVE_STATUS);

/** spec 001 §4 "Live download video": -1 error, 1 available, 2 expired, 3 live not started, 4 none. */
export const LIVE_DOWNLOAD = { error: -1, available: 1, expired: 2, not_started: 3, none: 4 } as const;
export type LiveDownload = (typeof LIVE_DOWNLOAD)[keyof typeof LIVE_DOWNLOAD];
export const LIVE_DOWNLOAD_CODES: readonly LiveDownload[] = Object.values(LIVE_DOWNLOAD);

/** The row of the admin progress transition table (contract/codes.ts ADMIN_TRANSITIONS) a live of this type follows. */
export const liveTransitionKind = (type: number): TransitionKind =>
  type === LIVE_TYPE.live_only ? "live_offline" : "live_convert";

/**
 * A live kept as a recording (the /live_backup pages, docs/decisions/066): a live that has ended
 * and is not a live-only one, i.e. it has (or will have) a video.
 */
export const BACKUP_STATUSES: readonly LiveStatus[] = [LIVE_STATUS.live_end, LIVE_STATUS.convert, LIVE_STATUS.playback];

/** Dictionary keys (live namespace) of this area's refusals. */
export const LIVE_MSG = {
  /** The end is not after the start. */
  end_before_start: "live_msg_end_before_start",
  /** A live-only live has no recording to keep as a backup. */
  no_recording: "live_msg_no_recording",
  /** Only a live that has ended can be kept as a backup. */
  not_ended: "live_msg_not_ended",
} as const;
