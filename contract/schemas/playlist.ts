import { z } from "../zod";
import { checkbox, code, id, isBlank, nullableId } from "./form-fields";
import {
  ALL_TAG_EXTRAS,
  DEFAULT_CONTENT_LIMITS,
  activitySchemas,
  type ContentDetail,
  type ContentLimits,
  type ContentRow,
} from "./content";
import { MSG } from "../messages";
import {
  PLAYLIST_ROLE_CODES,
  PLAYLIST_TYPE,
  PLAYLIST_TYPE_CODES,
  type PlaylistRole,
  type PlaylistType,
} from "../playlist-codes";
import type { AccountRef } from "./user";
import type { TagExtraField } from "../codes";

/**
 * Learning playlists (spec 000 §2.6, spec 001 §3 "Playlist"; issue 36 §4, docs/decisions/101):
 * the engine's content fields (name, description, tags…), its type (personal or public), its
 * owner (an account; the one who made it when none is named), whether others may follow it and
 * duplicate it, and whether it is a template on the dashboard. Its contents are a sequence
 * (./sequence.ts), in order.
 */
export function playlistSchemas(
  limits: ContentLimits = DEFAULT_CONTENT_LIMITS,
  enabledExtras: readonly TagExtraField[] = ALL_TAG_EXTRAS,
) {
  const { create, update } = activitySchemas(limits, enabledExtras);
  const own = {
    playlist_type: z.preprocess((v) => (isBlank(v) ? PLAYLIST_TYPE.personal : v), code(PLAYLIST_TYPE_CODES)),
    owner: nullableId(),
    is_followable: checkbox(),
    is_duplicable: checkbox(),
    is_dashboard_template: checkbox(),
  };
  return {
    create: create.extend({
      ...own,
      owner: own.owner.default(null),
      is_followable: own.is_followable.default(false),
      is_duplicable: own.is_duplicable.default(false),
      is_dashboard_template: own.is_dashboard_template.default(false),
    }),
    update: update.extend({
      playlist_type: own.playlist_type.optional(),
      owner: own.owner.optional(),
      is_followable: own.is_followable.optional(),
      is_duplicable: own.is_duplicable.optional(),
      is_dashboard_template: own.is_dashboard_template.optional(),
    }),
  };
}

export type PlaylistRow = ContentRow & {
  playlist_type: PlaylistType;
  owner: AccountRef | null;
  owner_name: string;
  is_followable: boolean;
  is_duplicable: boolean;
  is_dashboard_template: boolean;
  count_content: number;
};
export type Playlist = PlaylistRow & ContentDetail;

const optionalId = () => z.preprocess((v) => (isBlank(v) ? undefined : v), id().optional());

/**
 * POST learning-playlist/{id}/collaborator/: an account or a group of accounts, and its role
 * (docs/decisions/102). Exactly one of the two is named; the one left blank is the field asked for.
 */
export const collaboratorSchema = z
  .object({ account: optionalId(), group: optionalId(), role: code(PLAYLIST_ROLE_CODES) })
  .superRefine((v, ctx) => {
    if (v.account === undefined && v.group === undefined)
      ctx.addIssue({ code: "custom", path: ["account"], message: MSG.required });
    if (v.account !== undefined && v.group !== undefined)
      ctx.addIssue({ code: "custom", path: ["group"], message: MSG.invalid });
  });
export type CollaboratorInput = z.infer<typeof collaboratorSchema>;

/** PATCH learning-playlist/{id}/collaborator/{collaboratorid}/: its role. */
export const collaboratorRoleSchema = z.object({ role: code(PLAYLIST_ROLE_CODES) });

/** A collaborator as the API answers it: the account or the group it names, and its role. */
export type Collaborator = {
  id: number;
  account: { id: number; username: string; name: string } | null;
  group: { id: number; name: string } | null;
  role: PlaylistRole;
  datetime_create: string;
};

/** GET learning-playlist/{id}/grant/: what the signed-in account may do on this playlist (its flags and its roles). */
export type PlaylistGrant = { actions: ("view" | "change")[]; is_managing: boolean };
