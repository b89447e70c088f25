import { MSG } from "../../../contract/messages";
import { FORM_KIND } from "../../../contract/request-codes";
import { fromFlag } from "../../db/index";
import { badRequest } from "../../http/errors";
import type { Trx } from "../../engine/crud";

/**
 * Starting a survey from a template (spec 001 §3 is_template; docs/decisions/067). A create that
 * names `template` (a survey with is_template on) takes the template's settings — survey type,
 * anonymous, editable, required, what it asks about and its instructors; its contact and
 * description when the form leaves them blank — and a copy of its sections, questions and
 * choices in a form of its own. Never its answers, its display or its template flag.
 */

/** The template's settings written over `input` (before the insert), or 400 `template: invalid_choice`. */
export async function takeTemplateSettings(trx: Trx, input: Record<string, unknown>) {
  const t = await trx
    .selectFrom("survey")
    .selectAll()
    .where("id", "=", input.template as number)
    .where("is_template", "=", 1)
    .executeTakeFirst();
  if (!t) throw badRequest({ template: [MSG.invalid_choice] });
  input.survey_type = t.survey_type;
  input.is_anonymous = fromFlag(t.is_anonymous);
  input.is_editable = fromFlag(t.is_editable);
  input.is_required = fromFlag(t.is_required);
  // A copy is a survey to run, not another template.
  input.is_template = false;
  if (!input.contact) input.contact = t.contact;
  if (!input.desc) input.desc = t.desc;
}

/** Copies the template's domain and form (sections, questions, choices) to the new survey `id`. */
export async function copyTemplate(trx: Trx, templateId: number, id: number, at: string) {
  const t = await trx
    .selectFrom("survey")
    .select(["target_type", "form_id", "name"])
    .where("id", "=", templateId)
    .executeTakeFirstOrThrow();
  const own = await trx
    .selectFrom("survey")
    .select(["name", "created_by"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  const instructors = await trx
    .selectFrom("survey_instructor")
    .select("instructor_id")
    .where("survey_id", "=", templateId)
    .execute();
  if (instructors.length)
    await trx
      .insertInto("survey_instructor")
      .values(instructors.map((r) => ({ survey_id: id, instructor_id: r.instructor_id })))
      .execute();
  await trx.updateTable("survey").set({ target_type: t.target_type }).where("id", "=", id).execute();
  if (t.form_id === null) return;
  const form = await trx
    .insertInto("request_form")
    .values({
      kind: FORM_KIND.survey,
      name: own.name,
      code: null,
      desc: "",
      type_request: null,
      created_by: own.created_by,
      datetime_create: at,
      datetime_update: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await trx.updateTable("survey").set({ form_id: form.id }).where("id", "=", id).execute();
  const sections = await trx
    .selectFrom("form_section")
    .selectAll()
    .where("form_id", "=", t.form_id)
    .orderBy("sort")
    .orderBy("id")
    .execute();
  for (const s of sections) {
    const section = await trx
      .insertInto("form_section")
      .values({ form_id: form.id, sort: s.sort, name: s.name, desc: s.desc })
      .returning("id")
      .executeTakeFirstOrThrow();
    const questions = await trx
      .selectFrom("form_question")
      .selectAll()
      .where("section_id", "=", s.id)
      .orderBy("sort")
      .orderBy("id")
      .execute();
    for (const { id: questionId, section_id: _s, ...q } of questions) {
      const copy = await trx
        .insertInto("form_question")
        .values({ ...q, section_id: section.id })
        .returning("id")
        .executeTakeFirstOrThrow();
      const choices = await trx
        .selectFrom("form_choice")
        .select(["sort", "text"])
        .where("question_id", "=", questionId)
        .orderBy("sort")
        .orderBy("id")
        .execute();
      if (choices.length)
        await trx
          .insertInto("form_choice")
          .values(choices.map((c) => ({ ...c, question_id: copy.id })))
          .execute();
    }
  }
}
