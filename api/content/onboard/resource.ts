import { ONBOARD_MSG, type Onboard, type OnboardRow } from "../../../contract/schemas/onboard";
import { badRequest } from "../../http/errors";
import { contentResource } from "../base-resource";
import { sequenceCounts, sequencePublishRefusal } from "../features/sequence/publish";

/**
 * Onboarding plans (spec 000 §2.6, issue 36 §2, docs/decisions/099) on the engine's content
 * resource: its rows say how many contents they hold and their rule for new employees; it
 * publishes only with a content in its sequence (417), as a learning path. The rule on needs the
 * first start date it applies from, also when a PATCH turns it on alone (its enrolments:
 * ./auto-enrol.ts).
 */
export const onboardResource = contentResource<OnboardRow, Onboard>({
  key: "onboard",
  schema: "onboard",
  table: "onboard",
  module: "onboard",
  hasImage: false,
  async rowExtras(db, ids) {
    const [rows, counts] = await Promise.all([
      db.selectFrom("onboard").select(["id", "is_auto_enroll", "onboard_start_from"]).where("id", "in", ids).execute(),
      sequenceCounts(db, "onboard", ids),
    ]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    return (id) => ({
      count_content: counts.get(id) ?? 0,
      is_auto_enroll: Number(byId.get(id)!.is_auto_enroll) === 1,
      onboard_start_from: byId.get(id)!.onboard_start_from,
    });
  },
  ownColumns(input) {
    const out: Record<string, unknown> = {};
    if (input.is_auto_enroll !== undefined) out.is_auto_enroll = input.is_auto_enroll ? 1 : 0;
    if (input.onboard_start_from !== undefined) out.onboard_start_from = input.onboard_start_from;
    return out;
  },
  async beforeWrite(trx, id, input) {
    if (input.is_auto_enroll === undefined && input.onboard_start_from === undefined) return;
    const row = await trx
      .selectFrom("onboard")
      .select(["is_auto_enroll", "onboard_start_from"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    const on = input.is_auto_enroll === undefined ? Number(row.is_auto_enroll) === 1 : input.is_auto_enroll === true;
    const from = input.onboard_start_from === undefined ? row.onboard_start_from : input.onboard_start_from;
    if (on && !from) throw badRequest({ onboard_start_from: [ONBOARD_MSG.start_from_required] });
  },
  publishRefusal: sequencePublishRefusal("onboard"),
  scopes: {},
});
