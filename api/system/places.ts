import type { FieldErrors } from "../../contract/http";
import { MSG } from "../../contract/messages";
import type { Db } from "../db/index";
import type { Trx } from "../engine/crud";

/** The location a room belongs to, or null for no such room. */
export const roomLocation = async (q: Db | Trx, room: number) =>
  (await q.selectFrom("room").select("location_id").where("id", "=", room).executeTakeFirst())?.location_id ?? null;

/**
 * A place a form names — a location and one of its rooms, each optional (a class session, an
 * activity checklist; docs/decisions/039): the location exists, the room exists and, when a
 * location is named too, is one of its rooms (else `roomElsewhere`, the form's own message).
 * The field errors, empty when the place is good.
 */
export async function placeErrors(
  q: Db | Trx,
  place: { location: number | null; room: number | null },
  roomElsewhere: string,
): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  if (
    place.location !== null &&
    !(await q.selectFrom("location").select("id").where("id", "=", place.location).executeTakeFirst())
  )
    errors.location = [MSG.invalid_choice];
  if (place.room !== null) {
    const of = await roomLocation(q, place.room);
    if (of === null) errors.room = [MSG.invalid_choice];
    else if (place.location !== null && of !== place.location) errors.room = [roomElsewhere];
  }
  return errors;
}
