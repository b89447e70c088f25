import { MSG } from "../../contract/messages";
import type { ContentDisplayInput } from "../../contract/schemas/content";
import { badRequest, type ApiError } from "../http/errors";
import type { ResourceTable, Trx } from "../engine/crud";

/**
 * Show, hide and schedule any content of the engine (spec 001 §4 "Publish status"): a schedule
 * starts in the future; publishing asks the type's own precondition (course: sections and a cover
 * image; activity: a checklist); unpublishing is always allowed. The status itself is derived
 * (contract/codes.ts derivePublishStatus).
 */
export type PublishRefusal = (trx: Trx, id: number) => Promise<ApiError | null>;

/**
 * Hide the item. One whose first showing had not come yet (a schedule that never happened) goes
 * back to being a draft. `extra`: columns cleared with it (course: its cover image).
 */
export async function hideContent(
  trx: Trx,
  table: ResourceTable,
  id: number,
  now: Date,
  extra: Record<string, null> = {},
) {
  const at = now.toISOString();
  const row = await trx
    .selectFrom(table)
    .select("datetime_first_publish")
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  const shown = row.datetime_first_publish !== null && row.datetime_first_publish <= at;
  await trx
    .updateTable(table)
    .set({
      ...extra,
      is_display: 0,
      datetime_start: null,
      datetime_first_publish: shown ? row.datetime_first_publish : null,
      datetime_update: at,
    })
    .where("id", "=", id)
    .execute();
}

/**
 * PATCH {is_display, datetime_start}: show now, show from a future start (schedule), or hide.
 * A missing is_display keeps the current one (so {datetime_start} alone reschedules a displayed
 * item); a missing or empty datetime_start means now.
 */
export async function setContentDisplay(
  trx: Trx,
  table: ResourceTable,
  id: number,
  input: ContentDisplayInput,
  now: Date,
  refusalOf: PublishRefusal,
) {
  const at = now.toISOString();
  const row = await trx
    .selectFrom(table)
    .select(["is_display", "datetime_first_publish"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  const show = input.is_display ?? row.is_display === 1;
  if (!show) return hideContent(trx, table, id, now);
  const start = input.datetime_start ?? null;
  if (start !== null && start <= at) throw badRequest({ datetime_start: [MSG.datetime_in_past] });
  const refusal = await refusalOf(trx, id);
  if (refusal) throw refusal;
  // First shown: kept once it has happened; otherwise when this showing starts.
  const shown = row.datetime_first_publish !== null && row.datetime_first_publish <= at;
  await trx
    .updateTable(table)
    .set({
      is_display: 1,
      datetime_start: start,
      datetime_first_publish: shown ? row.datetime_first_publish : (start ?? at),
      datetime_update: at,
    })
    .where("id", "=", id)
    .execute();
}
