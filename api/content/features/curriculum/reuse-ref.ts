import { MSG } from "../../../../contract/messages";
import { SLOT_REUSE_LISTS, type SlotType } from "../../../../contract/curriculum-codes";
import { namesMedia, namesSource, type MaterialInput } from "../../../../contract/schemas/curriculum";
import type { Db } from "../../../db/index";
import { badRequest } from "../../../http/errors";
import type { Trx } from "../../../engine/crud";
import { reuseListQuery } from "../../media/material-reuse";
import { checkMediaRef } from "./media-ref";

/**
 * A slot reusing another slot's link or file (`source_material_id`; issue 19 §4,
 * docs/decisions/072): the source must be a row of the list the slot type reuses from
 * (SLOT_REUSE_LISTS: a web link, a SCORM package, an image), else 400 `source_material_id:
 * [invalid_choice]`; its link, or its file and file name, are copied into the write. Run inside the
 * write's transaction with the media item's check, so a refusal writes nothing. The copy is made
 * once: the two slots are not kept in step. Kept apart from routes.ts, which only calls it.
 */

/** Whether a body names what stands in for the slot's own link or file: a media item or a slot to reuse (materialSchema's `media`). */
export const bodyNamesSource = (body: unknown) => {
  const b = body as Record<string, unknown> | null;
  return namesMedia(b?.media_id) || namesSource(b?.source_material_id);
};

/** The link or file `input.source_material_id` names, as the columns to write, or 400. Nothing when it is missing or cleared. */
async function reusedColumns(
  q: Db | Trx,
  slotType: SlotType,
  input: MaterialInput,
): Promise<Pick<MaterialInput, "url" | "file" | "file_name">> {
  if (input.source_material_id === undefined || input.source_material_id === null) return {};
  const list = SLOT_REUSE_LISTS[slotType];
  const row = list
    ? await reuseListQuery(q, list)
        .select(["t.url", "t.file", "t.file_name"])
        .where("t.id", "=", input.source_material_id)
        .executeTakeFirst()
    : undefined;
  if (!list || !row) throw badRequest({ source_material_id: [MSG.invalid_choice] });
  // The reused link or file wins over one typed in the same form: choosing it is the explicit act.
  return list.column === "url"
    ? { url: row.url ?? undefined }
    : { file: row.file ?? undefined, file_name: row.file_name ?? undefined };
}

/** The slot's references checked (its media item, the slot it reuses) and the write's input with the item's duration and the reused link or file in it. */
export async function resolveSlotRefs(q: Db | Trx, slotType: SlotType, input: MaterialInput): Promise<MaterialInput> {
  return { ...input, ...(await checkMediaRef(q, slotType, input)), ...(await reusedColumns(q, slotType, input)) };
}
