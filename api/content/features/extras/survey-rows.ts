import type { RawBuilder, SqlBool } from "kysely";
import { MSG } from "../../../../contract/messages";
import {
  contentSurveyCreateSchema,
  contentSurveyUpdateSchema,
  type ContentSurvey,
  type ContentSurveyCreateInput,
  type ContentSurveyUpdateInput,
} from "../../../../contract/schemas/extras";
import { fromFlag, toFlag, type Db } from "../../../db/index";
import { badRequest, notFound } from "../../../http/errors";
import { paginate } from "../../../http/paging";
import type { ContentRows, RowScope, ScopedRef } from "../../../engine/content-rows";
import type { Trx } from "../../../engine/crud";
import { ofContent, refColumns } from "../../ref";

/**
 * The survey rows of the extras (docs/decisions/012): surveys attached to a content, each optional
 * or required, in the order attached — and the same rows of a part of a content (a class
 * session's, docs/decisions/045).
 */

/**
 * Where a content's survey rows live: the content's own (`content_survey`, by content type and
 * id) or a part's (a class session's `class_session_survey`, docs/decisions/045) — the same rows,
 * rules and answers either way.
 */
type SurveyOwner = {
  table: "content_survey" | "class_session_survey";
  where: (ref: ScopedRef) => RawBuilder<SqlBool>;
  columns: (ref: ScopedRef) => Record<string, number>;
  scope?: RowScope;
};
const CONTENT_SURVEYS: SurveyOwner = {
  table: "content_survey",
  where: (ref) => ofContent(ref, "cs"),
  columns: refColumns,
};

// Both tables have the columns read here; Kysely is told the content's.
const surveyTable = (db: Db | Trx, owner: SurveyOwner) =>
  db.selectFrom(`${owner.table} as cs` as "content_survey as cs");
const surveyQuery = (db: Db | Trx, owner: SurveyOwner) =>
  surveyTable(db, owner)
    .innerJoin("survey as s", "s.id", "cs.survey_id")
    .select([
      "cs.id",
      "cs.is_required",
      "cs.sort",
      "s.id as survey_id",
      "s.name",
      "s.code",
      "s.survey_type",
      "s.is_publish",
    ]);
type SurveyRow = Awaited<ReturnType<ReturnType<typeof surveyQuery>["executeTakeFirstOrThrow"]>>;
const presentSurvey = (r: SurveyRow): ContentSurvey => ({
  id: r.id,
  survey: {
    id: r.survey_id,
    name: r.name,
    code: r.code,
    survey_type: r.survey_type,
    is_publish: fromFlag(r.is_publish),
  },
  is_required: fromFlag(r.is_required),
  sort: r.sort,
});

/** The survey rows kept by `owner`: a content's, or a part's (a class session's). */
export function surveyRowsOn(owner: SurveyOwner): ContentRows<ContentSurveyCreateInput, ContentSurveyUpdateInput> {
  const table = owner.table as "content_survey";
  return {
    path: "survey",
    table: owner.table,
    change: "change",
    ...(owner.scope ? { scope: owner.scope } : {}),
    schemas: async () => ({ create: contentSurveyCreateSchema, update: contentSurveyUpdateSchema }),
    async list(req, db, ref, q) {
      const query = surveyQuery(db, owner).where(owner.where(ref));
      const page = await paginate(req, query.orderBy("cs.sort").orderBy("cs.id"), q);
      return { ...page, results: page.results.map(presentSurvey) };
    },
    async load(db, rowId) {
      const row = await surveyQuery(db, owner).where("cs.id", "=", rowId).executeTakeFirst();
      if (!row) throw notFound();
      return presentSurvey(row);
    },
    async insert(trx, ref, input) {
      const survey = await trx.selectFrom("survey").select("id").where("id", "=", input.survey).executeTakeFirst();
      if (!survey) throw badRequest({ survey: [MSG.invalid_choice] });
      const siblings = surveyTable(trx, owner).where(owner.where(ref));
      const taken = await siblings.select("cs.id").where("cs.survey_id", "=", input.survey).executeTakeFirst();
      if (taken) throw badRequest({ survey: [MSG.already_added] });
      const last = await siblings.select((eb) => eb.fn.max("cs.sort").as("sort")).executeTakeFirst();
      const row = await trx
        .insertInto(table)
        .values({
          ...(owner.columns(ref) as ReturnType<typeof refColumns>),
          survey_id: input.survey,
          is_required: toFlag(input.is_required),
          sort: Number(last?.sort ?? 0) + 1,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async patch(trx, _ref, rowId, input) {
      await trx
        .updateTable(table)
        .set({ is_required: toFlag(input.is_required) })
        .where("id", "=", rowId)
        .execute();
    },
    async remove(trx, _ref, rowId) {
      await trx.deleteFrom(table).where("id", "=", rowId).execute();
    },
    uniqueField: { field: "survey", message: MSG.already_added },
  };
}

export const surveyRows = surveyRowsOn(CONTENT_SURVEYS);
