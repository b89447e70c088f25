import type { Trx } from "../engine/crud";
import { submitSurveyAnswer } from "../content/survey/answer";
import { textLimits } from "../system/config-store";
import { FORM_KIND, QUESTION_TYPE } from "../../contract/request-codes";
import { SURVEY_TYPE } from "../../contract/extras-codes";
import { SURVEY_TARGET } from "../../contract/schemas/survey";

/**
 * The demo surveys on the content engine (issue 18 §4, §6; docs/decisions/062). The six surveys of
 * the extras seed (seed-extras.ts, which the courses' survey tabs attach) get the engine's columns
 * — category, provider, description, stamps — and questions; three more are added, so each type
 * (poll, questionnaire, likert scale) has several, published and not. Likert surveys ask scales
 * (1–5, labelled at both ends); polls one choice question; questionnaires mix text, choice,
 * multiple choice (at most 2 ticked, or an "other" answer) and number. Scales and numbers are
 * averaged in the results. The published surveys of each type have answers from several learners,
 * given through the API's own service (api/content/survey/answer.ts) so they obey its rules — the
 * polls are anonymous — so their types are fixed (is_survey_type_editable false); the instructor
 * evaluations name instructors; one more survey is a template (docs/decisions/062, 067).
 */

type Q = {
  text: string;
  type: number;
  required?: boolean;
  choices?: string[];
  min?: number;
  max?: number;
  labels?: [string, string];
  maxSelect?: number;
  average?: boolean;
  other?: boolean;
};
type S = { name: string; questions: Q[] };

const LIKERT: S[] = [
  {
    name: "Delivery",
    questions: [
      {
        text: "The instructor explained the topics clearly",
        type: QUESTION_TYPE.scale,
        required: true,
        average: true,
        min: 1,
        max: 5,
        labels: ["Strongly disagree", "Strongly agree"],
      },
      {
        text: "The instructor answered questions well",
        type: QUESTION_TYPE.scale,
        required: true,
        average: true,
        min: 1,
        max: 5,
        labels: ["Strongly disagree", "Strongly agree"],
      },
    ],
  },
  {
    name: "Overall",
    questions: [
      {
        text: "I would attend another session by this instructor",
        type: QUESTION_TYPE.scale,
        average: true,
        min: 1,
        max: 5,
        labels: ["Strongly disagree", "Strongly agree"],
      },
    ],
  },
];
const QUESTIONNAIRE: S[] = [
  {
    name: "About the course",
    questions: [
      {
        text: "How satisfied are you with the course?",
        type: QUESTION_TYPE.radio,
        required: true,
        choices: ["Very satisfied", "Satisfied", "Neutral", "Dissatisfied"],
      },
      {
        text: "Which parts helped you most?",
        type: QUESTION_TYPE.checkbox,
        choices: ["Lectures", "Exercises", "Group work", "Materials"],
        maxSelect: 2,
        other: true,
      },
      { text: "Hours you spent outside class", type: QUESTION_TYPE.number, average: true },
    ],
  },
  { name: "Suggestions", questions: [{ text: "What should we improve?", type: QUESTION_TYPE.textarea }] },
];
const POLL: S[] = [
  {
    name: "Poll",
    questions: [
      {
        text: "How was the pace of the course?",
        type: QUESTION_TYPE.radio,
        required: true,
        choices: ["Too slow", "Just right", "Too fast"],
      },
    ],
  },
];

/** Extra surveys: [name, code, type, published, target, template]. */
const MORE: [string, string, number, boolean, number, boolean?][] = [
  ["Quick poll: preferred learning time", "SV-POLL2", SURVEY_TYPE.poll, true, SURVEY_TARGET.system],
  ["Learning platform usability", "SV-SYS", SURVEY_TYPE.likert_scale, false, SURVEY_TARGET.system],
  ["Onboarding experience", "SV-ONB", SURVEY_TYPE.questionnaire, true, SURVEY_TARGET.other],
  // A template the create page starts from (its questions are copied, docs/decisions/067).
  ["Template: after-course feedback", "SV-TPL", SURVEY_TYPE.questionnaire, false, SURVEY_TARGET.content, true],
];
const POLL2: S[] = [
  {
    name: "Poll",
    questions: [
      {
        text: "When do you prefer to learn?",
        type: QUESTION_TYPE.radio,
        required: true,
        choices: ["Morning", "Afternoon", "Evening"],
      },
    ],
  },
];

type Seeded = { id: number; type: number; choices: number[]; q: Q };
const COMMENTS = [
  "More exercises, please.",
  "Clear and well paced.",
  "The room was too cold.",
  "Share the slides before the session.",
  "",
];

/** Learner `k`'s answer to the questions: mostly favourable, varied, every required one answered. */
function answersOf(questions: Seeded[], k: number) {
  const answers: Record<string, string | number[]> = {};
  const other: Record<string, string> = {};
  for (const [i, { id, type, choices, q }] of questions.entries()) {
    const salt = k * 7 + i * 3;
    if (type === QUESTION_TYPE.scale) answers[id] = String((q.max ?? 4) - (salt % 3 === 0 ? 2 : salt % 2));
    else if (type === QUESTION_TYPE.radio) answers[id] = [choices[salt % 5 < 3 ? 0 : salt % choices.length]];
    else if (type === QUESTION_TYPE.checkbox && q.other && k % 5 === 4) other[id] = "Videos";
    else if (type === QUESTION_TYPE.checkbox)
      answers[id] = [...new Set([choices[k % choices.length], choices[salt % choices.length]])].slice(
        0,
        q.maxSelect ?? 1,
      );
    else if (type === QUESTION_TYPE.number) answers[id] = String(2 + (k % 6));
    else if (COMMENTS[k % COMMENTS.length]) answers[id] = COMMENTS[k % COMMENTS.length];
  }
  return { answers, other };
}

async function seedQuestions(trx: Trx, surveyId: number, name: string, sections: S[], at: string) {
  const form = await trx
    .insertInto("request_form")
    .values({
      kind: FORM_KIND.survey,
      name,
      code: null,
      desc: "",
      type_request: null,
      created_by: null,
      datetime_create: at,
      datetime_update: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const questions: Seeded[] = [];
  for (const [i, s] of sections.entries()) {
    const section = await trx
      .insertInto("form_section")
      .values({ form_id: form.id, sort: i + 1, name: s.name, desc: "" })
      .returning("id")
      .executeTakeFirstOrThrow();
    for (const [j, q] of s.questions.entries()) {
      const row = await trx
        .insertInto("form_question")
        .values({
          section_id: section.id,
          sort: j + 1,
          text: q.text,
          type: q.type,
          is_required: q.required ? 1 : 0,
          value_min: q.min ?? 1,
          value_max: q.max ?? 4,
          label_min: q.labels?.[0] ?? "",
          label_max: q.labels?.[1] ?? "",
          max_select: q.maxSelect ?? 1,
          is_average: q.average ? 1 : 0,
          is_optional: q.other ? 1 : 0,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const choices: number[] = [];
      for (const [k, text] of (q.choices ?? []).entries())
        choices.push(
          (
            await trx
              .insertInto("form_choice")
              .values({ question_id: row.id, sort: k + 1, text })
              .returning("id")
              .executeTakeFirstOrThrow()
          ).id,
        );
      questions.push({ id: row.id, type: q.type, choices, q });
    }
  }
  await trx.updateTable("survey").set({ form_id: form.id }).where("id", "=", surveyId).execute();
  return { formId: form.id, questions };
}

export async function seedSurveys(trx: Trx, now: Date) {
  const at = now.toISOString();
  const first = async (table: "category" | "provider") =>
    (await trx.selectFrom(table).select("id").orderBy("id").executeTakeFirstOrThrow()).id;
  const soft =
    (await trx.selectFrom("category").select("id").where("code", "=", "SOFT").executeTakeFirst())?.id ??
    (await first("category"));
  const provider = await first("provider");
  const admin = (await trx.selectFrom("account").select("id").where("username", "=", "admin").executeTakeFirstOrThrow())
    .id;
  const limits = await textLimits(trx);
  for (const [name, code, type, published, target, template] of MORE) {
    await trx
      .insertInto("survey")
      .values({
        name,
        code,
        survey_type: type,
        is_publish: published ? 1 : 0,
        is_template: template ? 1 : 0,
        category_id: soft,
        provider_id: provider,
        content_level: null,
        program: null,
        is_environmental: 0,
        desc: "",
        is_display: 0,
        datetime_start: null,
        datetime_first_publish: null,
        datetime_end: null,
        datetime_create: at,
        datetime_update: at,
        created_by: admin,
        target_type: target,
        form_id: null,
      })
      .execute();
  }
  const surveys = await trx
    .selectFrom("survey")
    .select(["id", "name", "code", "survey_type", "is_publish"])
    .orderBy("id")
    .execute();
  const instructors = (await trx.selectFrom("instructor").select("id").orderBy("id").execute()).map((r) => r.id);
  for (const [i, s] of surveys.entries()) {
    const sections =
      s.code === "SV-POLL2"
        ? POLL2
        : s.survey_type === SURVEY_TYPE.likert_scale
          ? LIKERT
          : s.survey_type === SURVEY_TYPE.poll
            ? POLL
            : QUESTIONNAIRE;
    const evaluatesInstructors = s.code === "SV-INS" || s.code === "SV-TH-INS";
    // Every published survey is shown since a week ago; is_publish mirrors is_display (decision 062).
    const shownAt = new Date(now.getTime() - (7 + i) * 86_400_000).toISOString();
    await trx
      .updateTable("survey")
      .set({
        category_id: soft,
        provider_id: provider,
        created_by: admin,
        datetime_create: shownAt,
        datetime_update: at,
        desc: `${s.name}: answered by learners after their learning.`,
        contact: "training@demo.lms.local",
        is_display: s.is_publish,
        datetime_first_publish: s.is_publish ? shownAt : null,
        is_anonymous: s.survey_type === SURVEY_TYPE.poll ? 1 : 0,
        ...(evaluatesInstructors ? { target_type: SURVEY_TARGET.instructor } : {}),
      })
      .where("id", "=", s.id)
      .execute();
    if (evaluatesInstructors)
      await trx
        .insertInto("survey_instructor")
        .values(instructors.slice(0, 2).map((instructor_id) => ({ survey_id: s.id, instructor_id })))
        .execute();
    const { questions } = await seedQuestions(trx, s.id, s.name, sections, at);
    if (!ANSWERED[s.code]) continue;
    // Answers from several learners over the last days, through the API's service: the type is then fixed.
    const learners = await trx
      .selectFrom("account")
      .select("id")
      .where("username", "like", "learner0%")
      .orderBy("id")
      .limit(ANSWERED[s.code])
      .execute();
    for (const [k, l] of learners.entries()) {
      const when = new Date(now.getTime() - (learners.length - k) * 3_600_000 * 5);
      await submitSurveyAnswer(trx, s.id, l.id, answersOf(questions, k), when, limits);
    }
  }
}

/** How many learners answer each survey: a questionnaire, the likert evaluations, the (anonymous) polls. */
const ANSWERED: Record<string, number> = {
  "SV-SAT": 5,
  "SV-INS": 8,
  "SV-TH-INS": 4,
  "SV-POLL": 12,
  "SV-POLL2": 6,
  "SV-ONB": 3,
};
