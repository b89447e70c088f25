import { MSG } from "../../../contract/messages";
import { hideContent } from "../publish";
import { contentTypeId } from "../ref";
import { ApiError } from "../../http/errors";
import type { Trx } from "../../engine/crud";

/**
 * The publishing rule of a course (spec 001 §4 "Publish preconditions"): publishing needs at least
 * one section and a cover image (412 both missing, 417 no section, 428 no image); removing the
 * cover image unpublishes. Showing, hiding and scheduling are the engine's (api/content/publish.ts).
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

/** Set the cover image (a URL path). */
export async function setCourseImage(trx: Trx, courseId: number, url: string, now: Date) {
  await trx
    .updateTable("course")
    .set({ image: url, datetime_update: now.toISOString() })
    .where("id", "=", courseId)
    .execute();
}

/** Remove the cover image: a course without one cannot stay published, so it is hidden too. */
export async function removeCourseImage(trx: Trx, courseId: number, now: Date) {
  await hideContent(trx, "course", courseId, now, { image: null });
}
