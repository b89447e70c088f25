import { MSG } from "../../../contract/messages";
import type { Activity, ActivityRow } from "../../../contract/schemas/content";
import { ApiError } from "../../http/errors";
import type { Trx } from "../../engine/crud";
import { contentResource } from "../base-resource";
import { inspectedActivities } from "./inspects";

/**
 * Activity (spec 000 §2.3) on the engine's content resource: its rows count their checklists, it
 * publishes only with a checklist (spec 001 §4 "an activity needs a checklist": 417, as course's
 * missing section), and an inspector without the full view flag sees the activities they inspect
 * (its view scope "instructor", which the inspector role holds).
 */

/** Why the activity cannot be published: no checklist (417), or null. */
export async function activityPublishRefusal(trx: Trx, id: number): Promise<ApiError | null> {
  const row = await trx.selectFrom("activity_checklist").select("id").where("activity_id", "=", id).executeTakeFirst();
  return row ? null : new ApiError(417, { detail: MSG.publish_no_checklist });
}

export const activityResource = contentResource<ActivityRow, Activity>({
  key: "activity",
  schema: "activity",
  table: "activity",
  module: "activity",
  hasImage: false,
  async rowExtras(db, ids) {
    const counts = await db
      .selectFrom("activity_checklist")
      .select(["activity_id", (eb) => eb.fn.countAll<number>().as("n")])
      .where("activity_id", "in", ids)
      .groupBy("activity_id")
      .execute();
    const checklists = new Map(counts.map((c) => [c.activity_id, Number(c.n)]));
    return (id) => ({ checklist_count: checklists.get(id) ?? 0 });
  },
  publishRefusal: activityPublishRefusal,
  scopes: { instructor: { where: inspectedActivities, field: "detail" } },
});
