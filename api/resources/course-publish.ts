import { MSG } from "../../contract/messages";
import type { CourseDisplayInput } from "../../contract/schemas/course";
import { contentTypeId } from "../content/ref";
import { ApiError, badRequest } from "../http/errors";
import type { Trx } from "./crud";

/**
 * The publishing rules of a course (spec 001 §4 "Publish status", "Publish preconditions"):
 * publishing needs at least one section and a cover image (412 both missing, 417 no section,
 * 428 no image); a schedule starts in the future; unpublishing is always allowed; removing the
 * cover image unpublishes. The status itself is derived (contract/codes.ts derivePublishStatus).
 */

/** Why the course cannot be published, as the contract's refusal, or null. */
export async function publishRefusal(trx: Trx, courseId: number): Promise<ApiError | null> {
  const courseType = await contentTypeId(trx, "course");
  const row = await trx
    .selectFrom("course")
    .select((eb) => [
      "course.image",
      eb
        .selectFrom("content_section")
        .select((e) => e.fn.countAll<number>().as("n"))
        .whereRef("content_section.content_id", "=", "course.id")
        .where("content_section.content_type_id", "=", courseType)
        .as("sections"),
    ])
    .where("course.id", "=", courseId)
    .executeTakeFirstOrThrow();
  const noSection = Number(row.sections ?? 0) === 0;
  const noImage = !row.image;
  if (noSection && noImage) return new ApiError(412, { detail: MSG["publish_no_session_&_image"] });
  if (noSection) return new ApiError(417, { detail: MSG.publish_no_session });
  if (noImage) return new ApiError(428, { detail: MSG.publish_no_image });
  return null;
}

/**
 * Hide the course. A course whose first showing had not come yet (a schedule that never
 * happened) goes back to being a draft.
 */
async function hide(trx: Trx, courseId: number, now: Date, extra: { image?: null } = {}) {
  const at = now.toISOString();
  const row = await trx.selectFrom("course").select("datetime_first_publish").where("id", "=", courseId).executeTakeFirstOrThrow();
  const shown = row.datetime_first_publish !== null && row.datetime_first_publish <= at;
  await trx
    .updateTable("course")
    .set({ ...extra, is_display: 0, datetime_start: null, datetime_first_publish: shown ? row.datetime_first_publish : null, datetime_update: at })
    .where("id", "=", courseId)
    .execute();
}

/**
 * PATCH {is_display, datetime_start}: show now, show from a future start (schedule), or hide.
 * A missing is_display keeps the current one (so {datetime_start} alone reschedules a displayed
 * course); a missing or empty datetime_start means now.
 */
export async function setCourseDisplay(trx: Trx, courseId: number, input: CourseDisplayInput, now: Date) {
  const at = now.toISOString();
  const row = await trx.selectFrom("course").select(["is_display", "datetime_first_publish"]).where("id", "=", courseId).executeTakeFirstOrThrow();
  const show = input.is_display ?? row.is_display === 1;
  if (!show) return hide(trx, courseId, now);
  const start = input.datetime_start ?? null;
  if (start !== null && start <= at) throw badRequest({ datetime_start: [MSG.datetime_in_past] });
  const refusal = await publishRefusal(trx, courseId);
  if (refusal) throw refusal;
  // First shown: kept once it has happened; otherwise when this showing starts.
  const shown = row.datetime_first_publish !== null && row.datetime_first_publish <= at;
  await trx
    .updateTable("course")
    .set({ is_display: 1, datetime_start: start, datetime_first_publish: shown ? row.datetime_first_publish : (start ?? at), datetime_update: at })
    .where("id", "=", courseId)
    .execute();
}

/** Set the cover image (a URL path). */
export async function setCourseImage(trx: Trx, courseId: number, url: string, now: Date) {
  await trx.updateTable("course").set({ image: url, datetime_update: now.toISOString() }).where("id", "=", courseId).execute();
}

/** Remove the cover image: a course without one cannot stay published, so it is hidden too. */
export async function removeCourseImage(trx: Trx, courseId: number, now: Date) {
  await hide(trx, courseId, now, { image: null });
}
