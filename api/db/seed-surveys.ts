import type { Trx } from "../engine/crud";
import { FORM_KIND, QUESTION_TYPE, SCALE_QUESTION } from "../../contract/request-codes";
import { SURVEY_TYPE } from "../../contract/extras-codes";
import { SURVEY_TARGET } from "../../contract/schemas/survey";

/**
 * The demo surveys on the content engine (issue 18 §4, §6; docs/decisions/062). The six surveys of
 * the extras seed (seed-extras.ts, which the courses' survey tabs attach) get the engine's columns
 * — category, provider, description, stamps — and questions; three more are added, so each type
 * (poll, questionnaire, likert scale) has several, published and not. Likert surveys ask scales
 * (1–5, labelled at both ends); polls one choice question; questionnaires mix text, choice,
 * multiple choice (at most 2 ticked) and number. The course satisfaction survey has answers, so
 * its type is fixed (is_survey_type_editable false); the instructor evaluations name instructors.
 */

type Q = { text: string; type: number; required?: boolean; choices?: string[]; min?: number; max?: number; labels?: [string, string]; maxSelect?: number };
type S = { name: string; questions: Q[] };

const LIKERT: S[] = [
  {
    name: "Delivery",
    questions: [
      { text: "The instructor explained the topics clearly", type: SCALE_QUESTION, required: true, min: 1, max: 5, labels: ["Strongly disagree", "Strongly agree"] },
      { text: "The instructor answered questions well", type: SCALE_QUESTION, required: true, min: 1, max: 5, labels: ["Strongly disagree", "Strongly agree"] },
    ],
  },
  { name: "Overall", questions: [{ text: "I would attend another session by this instructor", type: SCALE_QUESTION, min: 1, max: 5, labels: ["Strongly disagree", "Strongly agree"] }] },
];
const QUESTIONNAIRE: S[] = [
  {
    name: "About the course",
    questions: [
      { text: "How satisfied are you with the course?", type: QUESTION_TYPE.choice, required: true, choices: ["Very satisfied", "Satisfied", "Neutral", "Dissatisfied"] },
      { text: "Which parts helped you most?", type: QUESTION_TYPE.multiple_choice, choices: ["Lectures", "Exercises", "Group work", "Materials"], maxSelect: 2 },
      { text: "Hours you spent outside class", type: QUESTION_TYPE.number },
    ],
  },
  { name: "Suggestions", questions: [{ text: "What should we improve?", type: QUESTION_TYPE.long_text }] },
];
const POLL: S[] = [{ name: "Poll", questions: [{ text: "How was the pace of the course?", type: QUESTION_TYPE.choice, required: true, choices: ["Too slow", "Just right", "Too fast"] }] }];

/** Extra surveys: [name, code, type, published, target]. */
const MORE: [string, string, number, boolean, number][] = [
  ["Quick poll: preferred learning time", "SV-POLL2", SURVEY_TYPE.poll, true, SURVEY_TARGET.system],
  ["Learning platform usability", "SV-SYS", SURVEY_TYPE.likert_scale, false, SURVEY_TARGET.system],
  ["Onboarding experience", "SV-ONB", SURVEY_TYPE.questionnaire, true, SURVEY_TARGET.other],
];
const POLL2: S[] = [{ name: "Poll", questions: [{ text: "When do you prefer to learn?", type: QUESTION_TYPE.choice, required: true, choices: ["Morning", "Afternoon", "Evening"] }] }];

async function seedQuestions(trx: Trx, surveyId: number, name: string, sections: S[], at: string) {
  const form = await trx
    .insertInto("request_form")
    .values({ kind: FORM_KIND.survey, name, code: null, desc: "", type_request: null, created_by: null, datetime_create: at, datetime_update: at })
    .returning("id")
    .executeTakeFirstOrThrow();
  const questions: { id: number; type: number; choices: number[] }[] = [];
  for (const [i, s] of sections.entries()) {
    const section = await trx.insertInto("form_section").values({ form_id: form.id, sort: i + 1, name: s.name, desc: "" }).returning("id").executeTakeFirstOrThrow();
    for (const [j, q] of s.questions.entries()) {
      const row = await trx
        .insertInto("form_question")
        .values({
          section_id: section.id, sort: j + 1, text: q.text, type: q.type, is_required: q.required ? 1 : 0,
          value_min: q.min ?? 1, value_max: q.max ?? 4, label_min: q.labels?.[0] ?? "", label_max: q.labels?.[1] ?? "", max_select: q.maxSelect ?? 1,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const choices: number[] = [];
      for (const [k, text] of (q.choices ?? []).entries()) choices.push((await trx.insertInto("form_choice").values({ question_id: row.id, sort: k + 1, text }).returning("id").executeTakeFirstOrThrow()).id);
      questions.push({ id: row.id, type: q.type, choices });
    }
  }
  await trx.updateTable("survey").set({ form_id: form.id }).where("id", "=", surveyId).execute();
  return { formId: form.id, questions };
}

export async function seedSurveys(trx: Trx, now: Date) {
  const at = now.toISOString();
  const first = async (table: "category" | "provider") => (await trx.selectFrom(table).select("id").orderBy("id").executeTakeFirstOrThrow()).id;
  const soft = (await trx.selectFrom("category").select("id").where("code", "=", "SOFT").executeTakeFirst())?.id ?? (await first("category"));
  const provider = await first("provider");
  const admin = (await trx.selectFrom("account").select("id").where("username", "=", "admin").executeTakeFirstOrThrow()).id;
  for (const [name, code, type, published, target] of MORE) {
    await trx.insertInto("survey").values({
      name, code, survey_type: type, is_publish: published ? 1 : 0, category_id: soft, provider_id: provider, content_level: null, program: null, is_environmental: 0,
      desc: "", is_display: 0, datetime_start: null, datetime_first_publish: null, datetime_end: null, datetime_create: at, datetime_update: at, created_by: admin, target_type: target, form_id: null,
    }).execute();
  }
  const surveys = await trx.selectFrom("survey").select(["id", "name", "code", "survey_type", "is_publish"]).orderBy("id").execute();
  const instructors = (await trx.selectFrom("instructor").select("id").orderBy("id").execute()).map((r) => r.id);
  for (const [i, s] of surveys.entries()) {
    const sections = s.code === "SV-POLL2" ? POLL2 : s.survey_type === SURVEY_TYPE.likert_scale ? LIKERT : s.survey_type === SURVEY_TYPE.poll ? POLL : QUESTIONNAIRE;
    const evaluatesInstructors = s.code === "SV-INS" || s.code === "SV-TH-INS";
    // Every published survey is shown since a week ago; is_publish mirrors is_display (decision 062).
    const shownAt = new Date(now.getTime() - (7 + i) * 86_400_000).toISOString();
    await trx
      .updateTable("survey")
      .set({
        category_id: soft, provider_id: provider, created_by: admin, datetime_create: shownAt, datetime_update: at,
        desc: `${s.name}: answered by learners after their learning.`, contact: "training@demo.lms.local",
        is_display: s.is_publish, datetime_first_publish: s.is_publish ? shownAt : null, is_anonymous: s.survey_type === SURVEY_TYPE.poll ? 1 : 0,
        ...(evaluatesInstructors ? { target_type: SURVEY_TARGET.instructor } : {}),
      })
      .where("id", "=", s.id)
      .execute();
    if (evaluatesInstructors) await trx.insertInto("survey_instructor").values(instructors.slice(0, 2).map((instructor_id) => ({ survey_id: s.id, instructor_id }))).execute();
    const { formId, questions } = await seedQuestions(trx, s.id, s.name, sections, at);
    if (s.code !== "SV-SAT") continue;
    // Answers from the first five learners: the survey's type is then fixed.
    const learners = await trx.selectFrom("account").select("id").where("username", "like", "learner0%").orderBy("id").limit(5).execute();
    for (const [k, l] of learners.entries()) {
      const sub = await trx.insertInto("form_submission").values({ form_id: formId, account_id: l.id, content_type_id: null, content_id: null, datetime_create: at }).returning("id").executeTakeFirstOrThrow();
      for (const q of questions) {
        if (q.choices.length) await trx.insertInto("form_answer").values({ submission_id: sub.id, question_id: q.id, choice_id: q.choices[k % q.choices.length], value: "" }).execute();
        else await trx.insertInto("form_answer").values({ submission_id: sub.id, question_id: q.id, choice_id: null, value: q.type === QUESTION_TYPE.number ? String(2 + k) : "More exercises, please." }).execute();
      }
    }
  }
}
