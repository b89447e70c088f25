import { MSG } from "../../../../contract/messages";
import { ApiError } from "../../../http/errors";
import type { Db } from "../../../db/index";
import type { Trx } from "../../../engine/crud";
import { contentTypeId } from "../../ref";

/**
 * Why a holder of a sequence (a learning path, an onboarding plan) cannot be published: it holds
 * no content (417, as a course without a section), or null. A resource's `publishRefusal`.
 */
export const sequencePublishRefusal =
  (holderKey: string) =>
  async (trx: Trx, id: number): Promise<ApiError | null> => {
    const row = await trx
      .selectFrom("content_sequence")
      .select("id")
      .where("holder_type_id", "=", await contentTypeId(trx, holderKey))
      .where("holder_id", "=", id)
      .executeTakeFirst();
    return row ? null : new ApiError(417, { detail: MSG.publish_no_content });
  };

/** How many contents each of the holders `ids` of type `holderKey` holds (one query, for a list page). */
export async function sequenceCounts(db: Db, holderKey: string, ids: readonly number[]): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom("content_sequence")
    .select(["holder_id", (eb) => eb.fn.countAll<number>().as("n")])
    .where("holder_type_id", "=", await contentTypeId(db, holderKey))
    .where("holder_id", "in", ids)
    .groupBy("holder_id")
    .execute();
  return new Map(rows.map((r) => [r.holder_id, Number(r.n)]));
}
