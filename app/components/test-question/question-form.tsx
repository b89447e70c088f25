import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { CHOICE_TYPES, FILL_TYPES, MATCHING_TYPE, MULTIPLE_CHOICE_TYPE } from "../../../contract/test-codes";
import type { TestQuestion } from "../../../contract/schemas/test";
import type { SettingField } from "~/components/content/settings-form";
import { CheckboxField, CsrfInput, Field, SelectField } from "~/components/forms";
import { ConfirmDelete } from "~/components/content/dialogs";
import { ConfirmLink, useConfirming } from "~/components/test/confirm-link";
import { SavedFieldsForm } from "~/components/test/saved-fields-form";
import { resultOf, type TestAnswer } from "~/components/test/form-kit";
import { errorsAt, shownValue } from "~/lms/form-result";
import { IdempotencyInput } from "~/components/idempotency-input";

/**
 * One question's page (a section's or a bank's, docs/decisions/064): its texts, the answer of a
 * fill-in (answer, and for a number the tolerance answer_gap), score, tags and hidden flag; its
 * choices, each saved or deleted on its own, and one added (spec 002 §7 `choice/` with desc and
 * is_answer); moving it to another number; deleting it (the ones after it move up). Plain forms;
 * each delete confirms first (`?delete=` the question, `?delete-choice=` a choice: docs/decisions/076).
 * `choiceKey`: the page's idempotency key of the add-choice form (docs/decisions/094).
 */
export function QuestionForm({
  question,
  tags,
  canChange,
  answer,
  count,
  choiceKey,
}: {
  question: TestQuestion;
  tags: { value: string; label: string }[];
  canChange: boolean;
  answer: TestAnswer | undefined;
  count: number;
  choiceKey: string;
}) {
  const { t } = useTranslation();
  const result = resultOf(answer, "save");
  const confirming = useConfirming();
  const fill = FILL_TYPES.includes(question.type);
  const fields: SettingField[] = [
    { name: "desc", label: t("tsq_field_question_desc"), kind: "textarea", required: true },
    { name: "desc_hint", label: t("tsq_field_desc_hint"), kind: "textarea" },
    ...(fill
      ? ([{ name: "answer", label: t("tsq_field_answer"), kind: "text", hint: t("tsq_help_answer") }] as SettingField[])
      : []),
    ...(question.type === 3
      ? ([
          { name: "answer_gap", label: t("tsq_field_answer_gap"), kind: "text", hint: t("tsq_help_answer_gap") },
        ] as SettingField[])
      : []),
    { name: "desc_answer", label: t("tsq_field_desc_answer"), kind: "textarea" },
    { name: "desc_evaluation", label: t("tsq_field_desc_evaluation"), kind: "textarea" },
    { name: "score", label: t("tsq_field_score"), kind: "number", min: 0 },
    { name: "tag_list", label: t("tsq_field_tag_list"), kind: "multiselect", options: tags },
    { name: "is_hide", label: t("tsq_field_is_hide"), kind: "checkbox", hint: t("tsq_help_is_hide") },
  ];
  const saved: Record<string, unknown> = {
    ...question,
    score: String(question.score),
    answer_gap: String(question.answer_gap),
    tag_list: question.tag_list.map((x) => String(x.id)),
  };
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="question-title" className="text-base font-semibold text-slate-900">
          {t("tsq_question_title", { number: question.number })} · {t(`tcd_type_${question.type}`)}
        </h3>
        {canChange ? <ConfirmLink id={question.id} label={t("tsq_question_delete")} /> : null}
      </div>
      {canChange && confirming === question.id ? (
        <ConfirmDelete
          item={{ id: question.id, name: question.desc }}
          title={t("tsq_delete_question_title", { number: question.number })}
          text={t("tsq_delete_question_text", { number: question.number })}
        />
      ) : null}
      <SavedFieldsForm
        intent="save"
        fields={fields}
        saved={saved}
        result={result}
        canChange={canChange}
        labelledBy="question-title"
      />
      {CHOICE_TYPES.includes(question.type) || question.choice_list.length ? (
        <Choices question={question} canChange={canChange} answer={answer} choiceKey={choiceKey} />
      ) : null}
      {canChange && count > 1 ? <MoveForm question={question} count={count} answer={answer} /> : null}
    </div>
  );
}

/**
 * A matching question's prompt is paired with one of its answers (docs/decisions/070): a select of
 * the question's answer choices, blank for none. Shown on prompts only; a plain form field.
 */
function PairField({
  question,
  id,
  value,
  result,
  disabled,
}: {
  question: TestQuestion;
  id: string;
  value: number | null;
  result: TestAnswer["result"] | null;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const answers = question.choice_list.filter((c) => c.is_answer);
  return (
    <SelectField
      id={id}
      name="pair"
      label={t("tsq_field_pair")}
      className="min-w-[12rem]"
      emptyOption={t("tsq_pair_none")}
      options={answers.map((c) => ({ value: String(c.id), label: c.desc }))}
      errors={errorsAt(result, "pair")?.map((e) => t(e))}
      selectProps={{
        defaultValue: shownValue(result, "pair", value === null ? "" : String(value)) as string,
        disabled,
      }}
    />
  );
}

function Choices({
  question,
  canChange,
  answer,
  choiceKey,
}: {
  question: TestQuestion;
  canChange: boolean;
  answer: TestAnswer | undefined;
  choiceKey: string;
}) {
  const { t } = useTranslation();
  const added = resultOf(answer, "choice-add");
  const matching = question.type === MATCHING_TYPE;
  const answerLabel = t(matching ? "tsq_field_is_answer_matching" : "tsq_field_is_answer");
  const confirming = useConfirming("delete-choice");
  const deleting = canChange ? question.choice_list.find((c) => c.id === confirming) : undefined;
  const unmarkable = unmarkableKey(question);
  return (
    <section aria-labelledby="choices-title" className="space-y-3">
      <h3 id="choices-title" className="text-base font-semibold text-slate-900">
        {t("tsq_choices")}
      </h3>
      {matching ? <p className="text-sm text-slate-600">{t("tsq_matching_intro")}</p> : null}
      {question.choice_list.length ? null : <p className="text-sm text-slate-600">{t("tsq_choice_empty")}</p>}
      {unmarkable ? (
        <p role="note" className="rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          {t(unmarkable)}
        </p>
      ) : null}
      <ul className="space-y-2">
        {question.choice_list.map((c, i) => {
          const result = resultOf(answer, `choice-${c.id}`);
          return (
            <li key={c.id} className="flex flex-wrap items-end gap-3 rounded border border-slate-200 bg-white p-3">
              <Form method="post" noValidate className="flex flex-1 flex-wrap items-end gap-3">
                <CsrfInput />
                <input type="hidden" name="intent" value="choice-save" />
                <input type="hidden" name="choice" value={c.id} />
                <Field
                  id={`choice-${c.id}-desc`}
                  name="desc"
                  label={t("tsq_choice_label", { n: i + 1 })}
                  className="min-w-[14rem] flex-1"
                  errors={errorsAt(result, "desc")?.map((e) => t(e))}
                  inputProps={{ defaultValue: shownValue(result, "desc", c.desc) as string, disabled: !canChange }}
                />
                <CheckboxField
                  id={`choice-${c.id}-answer`}
                  name="is_answer"
                  label={answerLabel}
                  inputProps={{ defaultChecked: c.is_answer, disabled: !canChange }}
                />
                {matching && !c.is_answer ? (
                  <PairField
                    question={question}
                    id={`choice-${c.id}-pair`}
                    value={c.pair}
                    result={result}
                    disabled={!canChange}
                  />
                ) : null}
                {canChange ? (
                  <button
                    type="submit"
                    className="rounded border border-slate-300 px-3 py-1 text-sm"
                    aria-label={`${t("action_save")}: ${t("tsq_choice_label", { n: i + 1 })}`}
                  >
                    {t("action_save")}
                  </button>
                ) : null}
              </Form>
              {canChange ? (
                <ConfirmLink
                  param="delete-choice"
                  id={c.id}
                  label={t("action_delete")}
                  ariaLabel={`${t("action_delete")}: ${t("tsq_choice_label", { n: i + 1 })}`}
                />
              ) : null}
            </li>
          );
        })}
      </ul>
      {deleting ? (
        <ConfirmDelete
          item={{ id: deleting.id, name: deleting.desc }}
          param="delete-choice"
          intent="choice-delete"
          title={t("tsq_delete_choice_title")}
        />
      ) : null}
      {canChange ? (
        <Form
          method="post"
          noValidate
          className="flex flex-wrap items-end gap-3 rounded border border-dashed border-slate-300 p-3"
        >
          <CsrfInput />
          <input type="hidden" name="intent" value="choice-add" />
          <IdempotencyInput value={choiceKey} />
          <Field
            id="choice-new-desc"
            name="desc"
            label={t("tsq_choice_new")}
            className="min-w-[14rem] flex-1"
            errors={errorsAt(added, "desc")?.map((e) => t(e))}
            inputProps={{ defaultValue: shownValue(added, "desc", "") as string }}
          />
          <CheckboxField id="choice-new-answer" name="is_answer" label={answerLabel} />
          {matching ? <PairField question={question} id="choice-new-pair" value={null} result={added} /> : null}
          <button type="submit" className="rounded bg-primary px-3 py-1.5 text-sm font-medium text-primary-fg">
            {t("tsq_choice_add")}
          </button>
        </Form>
      ) : null}
    </section>
  );
}

/**
 * Why no answer can earn this question yet, or null (the API's publish check, docs/decisions/076):
 * a multiple-choice question without a correct choice, a matching one with a prompt not paired.
 */
function unmarkableKey(question: TestQuestion): string | null {
  if (question.type === MULTIPLE_CHOICE_TYPE)
    return question.choice_list.some((c) => c.is_answer) ? null : "tsq_no_correct_choice";
  if (question.type !== MATCHING_TYPE) return null;
  const prompts = question.choice_list.filter((c) => !c.is_answer);
  return prompts.length && prompts.every((c) => c.pair !== null) ? null : "tsq_prompt_unpaired";
}

function MoveForm({
  question,
  count,
  answer,
}: {
  question: TestQuestion;
  count: number;
  answer: TestAnswer | undefined;
}) {
  const { t } = useTranslation();
  const result = resultOf(answer, "move");
  return (
    <Form method="post" noValidate className="flex flex-wrap items-end gap-3">
      <CsrfInput />
      <input type="hidden" name="intent" value="move" />
      <Field
        id="move-number"
        name="number"
        label={t("tsq_move_to")}
        errors={errorsAt(result, "number")?.map((e) => t(e))}
        help={t("tsq_help_move", { count })}
        inputProps={{
          type: "number",
          min: 1,
          max: count,
          defaultValue: String(question.number),
          className: "w-24 rounded border border-slate-300 px-2 py-1",
        }}
      />
      <button type="submit" className="rounded border border-slate-300 px-3 py-1.5 text-sm">
        {t("tsq_move")}
      </button>
    </Form>
  );
}
