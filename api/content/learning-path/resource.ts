import {
  LEARNING_PATH_KIND_CODES,
  LEARNING_PATH_MSG,
  type LearningPathKind,
} from "../../../contract/learning-path-codes";
import type { LearningPath, LearningPathRow } from "../../../contract/schemas/learning-path";
import { badRequest } from "../../http/errors";
import { codeFilter, contentResource } from "../base-resource";
import { sequenceCounts, sequencePublishRefusal } from "../features/sequence/publish";

/**
 * Learning paths (spec 000 §2.6, issue 36 §1, docs/decisions/098) on the engine's content
 * resource: its rows say their kind, learning period and how many contents they hold; it
 * publishes only with a content in its curriculum (417, as a course without a section); a
 * scheduled path's period ends after it starts, also when a PATCH names one end only. The kind
 * is given once, on create (its cancel types follow it: contract/learning-path-codes.ts).
 */

export const learningPathResource = contentResource<LearningPathRow, LearningPath>({
  key: "learning_path",
  path: "learning-path",
  schema: "learning_path",
  table: "learning_path",
  module: "learning_path",
  hasImage: false,
  async rowExtras(db, ids) {
    const [rows, counts] = await Promise.all([
      db
        .selectFrom("learning_path")
        .select(["id", "kind", "datetime_learn_start", "datetime_learn_end"])
        .where("id", "in", ids)
        .execute(),
      sequenceCounts(db, "learning_path", ids),
    ]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    return (id) => {
      const r = byId.get(id)!;
      return {
        kind: r.kind as LearningPathKind,
        datetime_learn_start: r.datetime_learn_start,
        datetime_learn_end: r.datetime_learn_end,
        count_content: counts.get(id) ?? 0,
      };
    };
  },
  ownColumns(input, mode) {
    const out: Record<string, unknown> = {};
    if (mode === "create") out.kind = input.kind;
    for (const k of ["datetime_learn_start", "datetime_learn_end"]) if (input[k] !== undefined) out[k] = input[k];
    return out;
  },
  async beforeWrite(trx, id, input) {
    const start = input.datetime_learn_start as string | null | undefined;
    const end = input.datetime_learn_end as string | null | undefined;
    if (start === undefined && end === undefined) return;
    const row = await trx
      .selectFrom("learning_path")
      .select(["kind", "datetime_learn_start", "datetime_learn_end"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    const from = start === undefined ? row.datetime_learn_start : start;
    const to = end === undefined ? row.datetime_learn_end : end;
    if (row.kind === 2 && (!from || !to))
      throw badRequest({
        [!from ? "datetime_learn_start" : "datetime_learn_end"]: [LEARNING_PATH_MSG.learn_period_required],
      });
    if (from && to && Date.parse(to) <= Date.parse(from))
      throw badRequest({ datetime_learn_end: [LEARNING_PATH_MSG.learn_end_before_start] });
  },
  publishRefusal: sequencePublishRefusal("learning_path"),
  scopes: {},
  filters: { kind: codeFilter(LEARNING_PATH_KIND_CODES, "kind") },
});
