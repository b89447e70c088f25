import { sql, type SqlBool } from "kysely";
import { PUBLISH_STATUS, derivePublishStatus } from "../../../contract/codes";
import { MSG } from "../../../contract/messages";
import {
  SURVEY_MSG,
  SURVEY_TARGET_CODES,
  SURVEY_TYPE_CODES,
  type Survey,
  type SurveyPeriod,
  type SurveyRow,
  type SurveyTarget,
} from "../../../contract/schemas/survey";
import { fromFlag, toFlag, type Db } from "../../db/index";
import { ApiError, badRequest } from "../../http/errors";
import { roleIds, type Trx } from "../../engine/crud";
import { copyTemplate, takeTemplateSettings } from "./template";
import { codeFilter, contentResource } from "../base-resource";

/**
 * Survey (spec 000 §2.8, spec 001 §3 "Survey"; docs/decisions/062) on the engine's content
 * resource: list with search, category / provider / publish filters plus survey type and target
 * type, create, item, delete, show / hide / schedule. Its own columns ride on the engine's writes
 * (`ownColumns`). What is its own:
 *
 * - **published** is the engine's display: type_expire 0 (shown), 1 (scheduled) or -1 (hidden) is
 *   derived from it, and `is_publish` (type_expire > -1, which the survey tabs of courses and
 *   classes read) is kept equal to is_display by every display change.
 * - **provider** defaults to the provider role the account has in use; none → `provider: required`.
 * - **survey type** is fixed once someone answered (`is_survey_type_editable`).
 * - **delete** is refused (424) while a content or a class session attaches it; its form goes with it.
 * - **datetime_end** (when answering closes) must be after the start; **template**: a create may
 *   start from a template survey (./template.ts); an **instructor** scope sees the surveys that
 *   evaluate them (survey_instructor) — docs/decisions/067.
 */

const OWN_FLAGS = ["is_anonymous", "is_editable", "is_template", "is_required"] as const;

/** How many questions each form has. */
async function questionCounts(db: Db | Trx, formIds: number[]) {
  if (!formIds.length) return new Map<number, number>();
  const rows = await db
    .selectFrom("form_question as q")
    .innerJoin("form_section as s", "s.id", "q.section_id")
    .select((eb) => ["s.form_id", eb.fn.countAll<number>().as("n")])
    .where("s.form_id", "in", formIds)
    .groupBy("s.form_id")
    .execute();
  return new Map(rows.map((r) => [r.form_id, Number(r.n)]));
}

/** Whether anyone answered the survey's form: then its type may not change. */
async function answered(db: Db | Trx, formId: number | null) {
  if (formId === null) return false;
  return !!(await db.selectFrom("form_submission").select("id").where("form_id", "=", formId).executeTakeFirst());
}

/** Whether `end` is after `start` (no start: any end). */
const endsAfter = (start: string | null, end: string | null) => !start || !end || Date.parse(end) > Date.parse(start);

/** spec 001 §4: type_expire 0 publish, 1 schedule, -1 unpublish — the engine's publish status read as a period. */
export function periodOf(
  row: {
    is_display: number;
    datetime_start: string | null;
    datetime_first_publish: string | null;
    datetime_end: string | null;
  },
  now: Date,
): SurveyPeriod {
  const { status } = derivePublishStatus(row, now);
  const type_expire = status === PUBLISH_STATUS.publish ? 0 : status === PUBLISH_STATUS.schedule ? 1 : -1;
  return { type_expire, datetime_start: row.datetime_start, datetime_end: row.datetime_end };
}

const base = contentResource<SurveyRow, Survey>({
  key: "survey",
  schema: "survey",
  table: "survey",
  module: "survey",
  hasImage: false,
  async rowExtras(db, ids) {
    const rows = await db
      .selectFrom("survey")
      .select(["id", "survey_type", "target_type", "is_display", "form_id"])
      .where("id", "in", ids)
      .execute();
    const counts = await questionCounts(
      db,
      rows.flatMap((r) => (r.form_id === null ? [] : [r.form_id])),
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    return (id) => {
      const r = byId.get(id)!;
      return {
        survey_type: r.survey_type,
        target_type: r.target_type as SurveyTarget,
        is_publish: r.is_display === 1,
        count_question: r.form_id === null ? 0 : (counts.get(r.form_id) ?? 0),
      };
    };
  },
  async itemExtras(db, id, now) {
    const r = await db.selectFrom("survey").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    const instructors = await surveyInstructors(db, id);
    const questions = r.form_id === null ? 0 : ((await questionCounts(db, [r.form_id])).get(r.form_id) ?? 0);
    return {
      contact: r.contact,
      is_anonymous: fromFlag(r.is_anonymous),
      is_editable: fromFlag(r.is_editable),
      is_template: fromFlag(r.is_template),
      is_required: fromFlag(r.is_required),
      content_period_doing: periodOf(r, now),
      datetime_end: r.datetime_end,
      is_survey_type_editable: !(await answered(db, r.form_id)),
      is_ready_to_publish: questions > 0,
      instructor_list: instructors,
    };
  },
  ownColumns(input, mode) {
    const out: Record<string, unknown> = {};
    if (input.survey_type !== undefined) out.survey_type = input.survey_type;
    if (input.contact !== undefined) out.contact = input.contact;
    if (input.datetime_end !== undefined) out.datetime_end = input.datetime_end;
    for (const f of OWN_FLAGS) if (input[f] !== undefined) out[f] = toFlag(input[f] as boolean);
    // A new survey is hidden, as every new content: not published (type_expire -1).
    if (mode === "create") out.is_publish = 0;
    return out;
  },
  async beforeInsert(trx, input, w) {
    if (input.template !== null && input.template !== undefined) await takeTemplateSettings(trx, input);
    if (input.provider !== null && input.provider !== undefined) return;
    const role = await trx
      .selectFrom("account_role_scope")
      .select("ref_id")
      .where("account_id", "=", w.account.id)
      .where("kind", "=", "provider")
      .where("is_in_use", "=", 1)
      .orderBy("ref_id")
      .executeTakeFirst();
    if (!role) throw badRequest({ provider: [MSG.required] });
    input.provider = role.ref_id;
  },
  async saveOwn(trx, id, input) {
    // Only a create names a template (its schema's field); saveOwn has no clock, so the copied form's stamps are the wall clock's.
    if (typeof input.template === "number") await copyTemplate(trx, input.template, id, new Date().toISOString());
  },
  async beforeWrite(trx, id, input) {
    // A PATCH without a provider keeps it; a whole form sent with a blank one takes the default again.
    if (input.provider === null) delete input.provider;
    if (input.datetime_end) {
      const { datetime_start } = await trx
        .selectFrom("survey")
        .select("datetime_start")
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      if (!endsAfter(datetime_start, input.datetime_end as string))
        throw badRequest({ datetime_end: [SURVEY_MSG.end_before_start] });
    }
    if (input.survey_type === undefined) return;
    const row = await trx
      .selectFrom("survey")
      .select(["survey_type", "form_id"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    if (row.survey_type !== input.survey_type && (await answered(trx, row.form_id)))
      throw badRequest({ survey_type: [SURVEY_MSG.type_locked] });
  },
  publishRefusal: async () => null,
  // An instructor sees the surveys that evaluate them (the domain's instructors), as a course's teachers see it.
  scopes: {
    instructor: {
      where: (accountId) =>
        sql<SqlBool>`exists (select 1 from ${sql.table("survey_instructor")} as si where ${sql.ref("si.survey_id")} = ${sql.ref("t.id")} and ${sql.ref("si.instructor_id")} in ${roleIds("instructor", accountId)})`,
      field: "instructor_list",
    },
  },
  filters: {
    survey_type: codeFilter(SURVEY_TYPE_CODES, "survey_type"),
    target_type: codeFilter(SURVEY_TARGET_CODES, "target_type"),
  },
});

/** The instructors a survey evaluates (its domain), by name. */
export const surveyInstructors = (db: Db, id: number) =>
  db
    .selectFrom("survey_instructor as si")
    .innerJoin("instructor as i", "i.id", "si.instructor_id")
    .select(["i.id", "i.name"])
    .where("si.survey_id", "=", id)
    .orderBy("i.name")
    .execute();

export const surveyResource: typeof base = {
  ...base,
  async remove(trx, id, w) {
    const attached =
      (await trx.selectFrom("content_survey").select("id").where("survey_id", "=", id).executeTakeFirst()) ??
      (await trx.selectFrom("class_session_survey").select("id").where("survey_id", "=", id).executeTakeFirst());
    if (attached) throw new ApiError(424, { detail: SURVEY_MSG.in_use });
    const { form_id } = await trx.selectFrom("survey").select("form_id").where("id", "=", id).executeTakeFirstOrThrow();
    await base.remove(trx, id, w);
    if (form_id !== null) await trx.deleteFrom("request_form").where("id", "=", form_id).execute();
  },
  display: base.display && {
    ...base.display,
    async apply(trx, id, input, w) {
      // A start moved past the end would open a survey that is already closed.
      if (input.datetime_start) {
        const { datetime_end } = await trx
          .selectFrom("survey")
          .select("datetime_end")
          .where("id", "=", id)
          .executeTakeFirstOrThrow();
        if (!endsAfter(input.datetime_start, datetime_end))
          throw badRequest({ datetime_start: [SURVEY_MSG.end_before_start] });
      }
      await base.display!.apply(trx, id, input, w);
      // Published = type_expire > -1 = shown or scheduled: the survey tabs read is_publish.
      await trx
        .updateTable("survey")
        .set({ is_publish: sql`is_display` })
        .where("id", "=", id)
        .execute();
    },
  },
};
