import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import {
  QUESTION_TYPE,
  QUESTION_TYPE_CODES,
  SURVEY_QUESTION_TYPE_CODES,
  hasChoices,
  isRange,
} from "../../contract/request-codes";
import type { FormQuestion, FormSection } from "../../contract/schemas/requests";
import type { SettingField } from "~/components/content/settings-form";
import { TableTab } from "~/components/content/table-tab";
import { MoveButtons } from "~/components/requests/move-buttons";
import { SurveyResults } from "~/components/survey/results";
import type { SurveyResult } from "../../contract/schemas/survey";
import { itemPage } from "~/lms/item-page.server";
import { rowsTabAction } from "~/lms/request-tabs.server";
import { formQuestionSchema } from "~/lms/request-schemas.server";
import { newIdempotencyKey } from "~/lms/idempotency.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
// The type's own texts (a form kind's requestTypes, a survey's survey) come with its URL.
export const handle = { i18n: ["requests", "content", "extras"] };

/**
 * One section's questions (spec 000 §2.10 …/section/{sectionid}; docs/decisions/057): every type
 * of spec 001 §4 "Question types" by its code (R239, docs/decisions/074: choices one per line for
 * radio, checkbox and dropdown; from … to for a scale, up to for a rating; how many choices may be
 * ticked); required or not; in order. A survey offers the types its results know
 * (docs/decisions/062); a new survey question starts as its survey type suggests (a
 * likert survey's: a scale; a poll's: a choice), may be averaged or offer an "other" answer, and
 * the section's results follow its questions (docs/decisions/067). A section of another form, or one gone, leads
 * back to the sections.
 */
const sectionOf = (args: LoaderFunctionArgs) => Number(args.params.sectionid);
/** A survey's section (its route names the survey: registry survey.js `param`). */
const isSurvey = (args: LoaderFunctionArgs) => args.params.surveyid !== undefined;

/** A new question's type by the survey's type (0 poll, 1 questionnaire, 2 likert scale). */
const FIRST_TYPE: Record<number, number> = {
  0: QUESTION_TYPE.radio,
  1: QUESTION_TYPE.textinput,
  2: QUESTION_TYPE.scale,
};

export async function loader(args: LoaderFunctionArgs) {
  const { api, apiBase, base, can } = await itemPage(args, "view");
  const { data: list } = await api.get<{ results: FormSection[] }>(`${apiBase}section/`);
  const section = list.results.find((s) => s.id === sectionOf(args));
  if (!section) throw redirect(`${base}/section`);
  const [survey, result] = isSurvey(args)
    ? await Promise.all([
        api.get<{ survey_type: number }>(apiBase).then((r) => r.data),
        api.get<SurveyResult>(`${apiBase}result/`).then((r) => r.data),
      ])
    : [null, null];
  const firstType = survey ? (FIRST_TYPE[survey.survey_type] ?? QUESTION_TYPE.textinput) : QUESTION_TYPE.textinput;
  // A survey's results of this section's questions (docs/decisions/067).
  const results = result && { ...result, questions: result.questions.filter((q) => q.section.id === section.id) };
  return data(
    {
      section,
      count: list.results.length,
      base,
      canChange: can("change"),
      survey: !!survey,
      firstType,
      results,
      idempotencyKey: newIdempotencyKey(),
    },
    { headers: api.headers() },
  );
}

export async function action(args: ActionFunctionArgs) {
  const section = sectionOf(args);
  return rowsTabAction(args, {
    rows: `section/${section}/question/`,
    schema: formQuestionSchema(undefined, isSurvey(args) ? SURVEY_QUESTION_TYPE_CODES : QUESTION_TYPE_CODES),
    // A question's choices are lines of one text box.
    body: (v) => ({ ...v, choices: Array.isArray(v.choices) ? v.choices : [] }),
    toasts: {
      created: "req_toast_question_added",
      saved: "req_toast_question_saved",
      deleted: "req_toast_question_deleted",
      moved: "req_toast_moved",
    },
  });
}

export default function SectionQuestions() {
  const { section, base, canChange, survey, firstType, results, idempotencyKey } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  const fields: SettingField[] = [
    { name: "text", label: t("req_field_question_text"), kind: "text", required: true },
    {
      name: "type",
      label: t("req_field_question_type"),
      kind: "select",
      options: (survey ? SURVEY_QUESTION_TYPE_CODES : QUESTION_TYPE_CODES).map((c) => ({
        value: String(c),
        label: t(`req_question_type_${c}`),
      })),
    },
    { name: "is_required", label: t("req_field_is_required"), kind: "checkbox" },
    { name: "choices", label: t("req_field_choices"), kind: "textarea", hint: t("req_help_choices") },
    // The question's settings (spec 001 §3 defaults: from 1 to 4, one choice to tick): a checkbox
    // question's ticks, a scale's or a rating's range.
    { name: "max_select", label: t("req_field_max_select"), kind: "number", min: 1, hint: t("req_help_max_select") },
    { name: "value_min", label: t("req_field_value_min"), kind: "number", min: 0, hint: t("req_help_range") },
    { name: "value_max", label: t("req_field_value_max"), kind: "number", min: 1 },
    { name: "label_min", label: t("req_field_label_min"), kind: "text" },
    { name: "label_max", label: t("req_field_label_max"), kind: "text" },
    ...(survey
      ? ([
          { name: "is_average", label: t("svy_field_is_average"), kind: "checkbox", hint: t("svy_help_is_average") },
          { name: "is_optional", label: t("svy_field_is_optional"), kind: "checkbox", hint: t("svy_help_is_optional") },
        ] satisfies SettingField[])
      : []),
  ];
  const values = (q: FormQuestion) => ({
    text: q.text,
    type: String(q.type),
    is_required: q.is_required,
    choices: q.choices.map((c) => c.text).join("\n"),
    max_select: String(q.max_select),
    value_min: String(q.value_min),
    value_max: String(q.value_max),
    label_min: q.label_min,
    label_max: q.label_max,
    ...(survey ? { is_average: q.is_average, is_optional: q.is_optional } : {}),
  });
  const from = (q: FormQuestion) => (q.type === QUESTION_TYPE.rating ? 1 : q.value_min);
  const scale = (q: FormQuestion) =>
    isRange(q.type)
      ? `${from(q)}${q.label_min ? ` (${q.label_min})` : ""} – ${q.value_max}${q.label_max ? ` (${q.label_max})` : ""}`
      : "—";
  return (
    <div className="space-y-4">
      <p className="text-sm">
        <a href={`${base}/section`} className="text-primary hover:underline">
          ← {t("req_back_to_sections")}
        </a>
      </p>
      <TableTab
        title={t("req_section_questions", { name: section.name })}
        intro={section.desc || t("req_question_intro")}
        rows={section.questions}
        rowName={(q: FormQuestion) => q.text}
        columns={[
          { key: "sort", label: "#", render: (q) => q.sort },
          {
            key: "text",
            label: t("req_field_question_text"),
            render: (q) => <span className="font-medium">{q.text}</span>,
          },
          { key: "type", label: t("req_field_question_type"), render: (q) => t(`req_question_type_${q.type}`) },
          {
            key: "required",
            label: t("req_field_is_required"),
            render: (q) => (q.is_required ? t("req_yes") : t("req_no")),
          },
          {
            key: "choices",
            label: t("req_field_choices"),
            render: (q) => (hasChoices(q.type) ? q.choices.map((c) => c.text).join(", ") : "—"),
          },
          { key: "scale", label: t("req_col_range"), render: scale },
          ...(canChange
            ? [
                {
                  key: "move",
                  label: t("req_col_order"),
                  render: (q: FormQuestion) => (
                    <MoveButtons
                      id={q.id}
                      name={q.text}
                      first={q.sort === 1}
                      last={q.sort === section.questions.length}
                    />
                  ),
                },
              ]
            : []),
        ]}
        canChange={canChange}
        add={{
          title: t("req_question_add"),
          submitLabel: t("req_question_add"),
          fields,
          defaults: {
            type: String(firstType),
            max_select: "1",
            value_min: "1",
            value_max: "4",
            ...(survey ? { is_average: firstType === QUESTION_TYPE.scale } : {}),
          },
          idempotencyKey,
        }}
        edit={{ fields, values }}
        remove={{ label: t("action_delete"), text: (q) => t("req_question_delete_text", { name: q.text }) }}
        answer={answer}
        empty={t("req_question_empty")}
      />
      {results ? (
        <SurveyResults
          questions={results.questions}
          count={results.count_submission}
          anonymous={results.is_anonymous}
        />
      ) : null}
    </div>
  );
}
