import { SLOT_MEDIA_KINDS, SLOT_MEDIA_LISTS, SLOT_REUSE_LISTS, type SlotType } from "../../contract/curriculum-codes";
import type { MaterialReuseOption } from "../../contract/schemas/curriculum";
import type { Lms } from "~/lms/api.server";

/** A media library item a slot may play, as the material form's picker lists it. */
export type MediaChoice = { id: number; name: string; kind: string | null };

type ListRow = { id: number; name: string; kind?: string | null };

/** How many items a picker lists from each list (a plain <select>; the list answers by name). */
const PICKER_PAGE = 500;

/**
 * The media items a slot of type `slotType` may play (issue 19 §4, docs/decisions/069), read with
 * the user's forwarded session from the lists SLOT_MEDIA_LISTS names: the spec's material lists,
 * rows kept to the kinds the slot plays (the video list holds external videos too). A list the
 * user may not read (403: articles and flash cards are read from their own lists) adds nothing.
 */
export async function mediaChoices(api: Lms, slotType: SlotType): Promise<MediaChoice[]> {
  const kinds: readonly string[] = SLOT_MEDIA_KINDS[slotType];
  const answers = await Promise.all(
    SLOT_MEDIA_LISTS[slotType].map((path) =>
      api.get<{ results?: ListRow[] }>(`dashboard/${path}`, { query: { page_size: PICKER_PAGE }, accept: [403, 404] }),
    ),
  );
  const out = new Map<number, MediaChoice>();
  for (const res of answers) {
    if (res.status !== 200) continue;
    for (const row of res.data.results ?? []) {
      if (row.kind && !kinds.includes(row.kind)) continue;
      out.set(row.id, { id: row.id, name: row.name, kind: row.kind ?? null });
    }
  }
  return [...out.values()];
}

/** A slot whose link or file a new one may reuse, as the material form's reuse select lists it. */
export type ReuseChoice = { id: number; name: string; detail: string };

/**
 * The links or files a slot of type `slotType` may reuse (docs/decisions/072), read from the list
 * SLOT_REUSE_LISTS names: a web link slot the curricula's links, a SCORM slot their packages, a file
 * slot their images. Each names its link or file beside the slot's name (slots named alike hold
 * different links). None for the other slot types, or when the list cannot be read.
 */
export async function reuseChoices(api: Lms, slotType: SlotType): Promise<ReuseChoice[]> {
  const list = SLOT_REUSE_LISTS[slotType];
  if (!list) return [];
  const res = await api.get<{ results?: MaterialReuseOption[] }>(`dashboard/${list.path}`, {
    query: { page_size: PICKER_PAGE },
    accept: [403, 404],
  });
  if (res.status !== 200) return [];
  return (res.data.results ?? []).map((r) => ({
    id: r.id,
    name: r.name,
    detail: (list.column === "url" ? r.url : r.file_name || r.url) ?? "",
  }));
}
