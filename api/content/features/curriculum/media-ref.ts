import { MSG } from "../../../../contract/messages";
import {
  FILE_SLOT_TYPES,
  SLOT_MEDIA_KINDS,
  URL_SLOT_TYPES,
  type SlotType,
} from "../../../../contract/curriculum-codes";
import type { MaterialInput } from "../../../../contract/schemas/curriculum";
import type { MediaKind } from "../../../../contract/media-codes";
import type { Db } from "../../../db/index";
import { badRequest } from "../../../http/errors";
import type { Trx } from "../../../engine/crud";

/**
 * A slot's media library item (`content_material.media_id`; issue 19 §4, docs/decisions/069):
 * the item must exist and be of a kind the slot type plays (SLOT_MEDIA_KINDS), else 400
 * `media_id: [invalid_choice]`; run inside the write's transaction, so a refusal writes nothing.
 * Kept apart from routes.ts, which only calls it.
 */

/**
 * The item `input.media_id` names fits slot type `slotType`, or 400. Nothing to check when it is
 * missing or cleared. A slot taking an item without a duration of its own (none given, or 0) gets
 * the item's (issue 33 §11: a video's length, read by ffprobe): answered as the columns to write.
 */
export async function checkMediaRef(
  q: Db | Trx,
  slotType: SlotType,
  input: MaterialInput,
): Promise<Pick<MaterialInput, "duration">> {
  if (input.media_id === undefined || input.media_id === null) return {};
  const row = await q
    .selectFrom("media")
    .select(["kind", "duration"])
    .where("id", "=", input.media_id)
    .where("is_library", "=", 0)
    .executeTakeFirst();
  if (!row || !SLOT_MEDIA_KINDS[slotType].includes(row.kind as MediaKind))
    throw badRequest({ media_id: [MSG.invalid_choice] });
  return !input.duration && row.duration ? { duration: Math.round(row.duration) } : {};
}

/**
 * A slot left with nothing to play is refused: clearing the media item of a link or file slot
 * that has no link or file of its own answers that field's `required` (unless it reuses another
 * slot's, which reuse-ref.ts copies in).
 */
export function assertPlayable(
  slotType: SlotType,
  current: { media_id: number | null; url: string | null; file: string | null },
  input: MaterialInput,
) {
  const mediaId = input.media_id === undefined ? current.media_id : input.media_id;
  if (mediaId !== null || (input.source_material_id ?? null) !== null) return;
  if (URL_SLOT_TYPES.includes(slotType) && !(input.url ?? current.url)) throw badRequest({ url: [MSG.required] });
  if (FILE_SLOT_TYPES.includes(slotType) && !(input.file ?? current.file)) throw badRequest({ file: [MSG.required] });
}
