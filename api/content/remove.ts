import { MSG } from "../../contract/messages";
import { ApiError } from "../http/errors";
import { removeContentAccess } from "./features/access/routes";
import { removeContentOverall } from "./features/overall/discussion-identification";
import type { Trx } from "../engine/crud";
import { ofContent, type ContentRef } from "./ref";
import { namedByConditions } from "../auth/condition-store";
import { CATEGORY_RULES, CONTENT_RULES, FLOW_CONDITIONS, GROUP_CONDITIONS } from "../auth/conditions";
import { contentListFieldsOf } from "../auth/condition-content-store";

/**
 * The content_* tables whose rows name a content by (content_type_id, content_id) and belong to
 * it alone (migration 0012, docs/decisions/022). Rows hanging on these by their own id
 * (materials' dependencies, progress history, earned criteria) go with them by foreign key.
 * tests/api/content-remove.test.ts fails when a table with a content_type_id is missing here
 * or in the modules' own removals.
 */
const OWNED = [
  "content_tag",
  "content_material",
  "content_section",
  "content_prerequisite",
  "content_enrollment",
  "content_competency",
  "content_survey",
  "content_gamification",
  "content_budget",
  "content_budget_record",
  "content_certificate",
] as const;

/**
 * DELETE is refused (424) while another content of its type lists this one as a prerequisite, a
 * sequence (a learning path, an onboarding plan) holds it, or a condition names it (permission by
 * content, docs/decisions/100: dropping it would widen or narrow an audience unseen).
 */
export async function dependencyRefusal(trx: Trx, ref: ContentRef): Promise<ApiError | null> {
  const dependent = await trx
    .selectFrom("content_prerequisite")
    .select("content_id")
    .where("content_type_id", "=", ref.contentTypeId)
    .where("prerequisite_id", "=", ref.contentId)
    .executeTakeFirst();
  if (dependent) return new ApiError(424, { detail: MSG.cannot_delete_because_dependency });
  const held = await trx
    .selectFrom("content_sequence")
    .select("id")
    .where("content_type_id", "=", ref.contentTypeId)
    .where("content_id", "=", ref.contentId)
    .executeTakeFirst();
  if (held) return new ApiError(424, { detail: MSG.cannot_delete_because_dependency });
  const type = await trx
    .selectFrom("content_type")
    .select("code")
    .where("id", "=", ref.contentTypeId)
    .executeTakeFirstOrThrow();
  const fields = contentListFieldsOf(type.code);
  const named =
    fields.length > 0 &&
    (await namedByConditions(
      trx,
      [CONTENT_RULES, CATEGORY_RULES, GROUP_CONDITIONS, FLOW_CONDITIONS],
      fields,
      ref.contentId,
    ));
  return named ? new ApiError(424, { detail: MSG.cannot_delete_because_dependency }) : null;
}

/**
 * Everything the content features keep for one content, removed in the delete's transaction
 * (no foreign key ties these rows to the content's own table any more). The caller deletes the
 * content's own row after, once dependencyRefusal said nothing.
 */
export async function removeContentRows(trx: Trx, ref: ContentRef) {
  for (const table of OWNED) await trx.deleteFrom(table).where(ofContent(ref)).execute();
  // The sequence it holds, if it is a holder (what it holds is named by type and id: nothing else goes).
  await trx
    .deleteFrom("content_sequence")
    .where("holder_type_id", "=", ref.contentTypeId)
    .where("holder_id", "=", ref.contentId)
    .execute();
  await removeContentAccess(trx, ref);
  await removeContentOverall(trx, ref);
}
