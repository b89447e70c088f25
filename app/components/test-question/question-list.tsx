import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { TestQuestion } from "../../../contract/schemas/test";
import { CsrfInput, ErrorList, SelectField, TextareaField } from "~/components/forms";
import { errorsAt, shownValue, type FormResult } from "~/lms/form-result";
import { translateError } from "~/components/test/form-kit";
import { IdempotencyInput } from "~/components/idempotency-input";

/**
 * The owner's questions by number (a test section's or a bank's), each a link to its page, and
 * the form that adds one (spec 002 §7: desc and type; a blank desc becomes "Untitled Question").
 */
export function QuestionList({
  questions,
  url,
  current,
}: {
  questions: TestQuestion[];
  url: string;
  current: number | null;
}) {
  const { t } = useTranslation();
  if (!questions.length) return <p className="text-sm text-slate-600">{t("tsq_question_empty")}</p>;
  return (
    <ol className="divide-y divide-slate-100 rounded border border-slate-200 bg-white text-sm">
      {questions.map((q) => (
        <li key={q.id} className={q.number === current ? "bg-slate-50" : undefined}>
          <a
            href={`${url}/${q.number}`}
            aria-current={q.number === current ? "page" : undefined}
            className="flex gap-2 px-3 py-2 hover:bg-slate-50"
          >
            <span className="w-6 shrink-0 text-slate-500">{q.number}.</span>
            <span className="min-w-0 flex-1 truncate text-primary">{q.desc}</span>
            <span className="shrink-0 text-xs text-slate-500">{t(`tcd_type_${q.type}`)}</span>
            {q.is_hide ? <span className="shrink-0 text-xs text-amber-700">{t("tsq_hidden")}</span> : null}
          </a>
        </li>
      ))}
    </ol>
  );
}

/** `idempotencyKey`: the page's key for this form (docs/decisions/094). */
export function AddQuestionForm({
  types,
  result,
  idempotencyKey,
}: {
  types: readonly number[];
  result: FormResult;
  idempotencyKey: string;
}) {
  const { t } = useTranslation();
  return (
    <Form method="post" noValidate className="space-y-3 rounded border border-slate-200 bg-white p-4">
      <h3 className="text-base font-semibold text-slate-900">{t("tsq_question_add")}</h3>
      <CsrfInput />
      <input type="hidden" name="intent" value="create" />
      <IdempotencyInput value={idempotencyKey} />
      <ErrorList errors={errorsAt(result, "")?.map((e) => translateError(t, e))} />
      <TextareaField
        id="new-desc"
        name="desc"
        label={t("tsq_field_question_desc")}
        help={t("tsq_help_new_question")}
        errors={errorsAt(result, "desc")?.map((e) => t(e))}
        textareaProps={{ rows: 2, defaultValue: shownValue(result, "desc", "") as string }}
      />
      <SelectField
        id="new-type"
        name="type"
        label={t("tsq_field_question_type")}
        errors={errorsAt(result, "type")?.map((e) => t(e))}
        options={types.map((ty) => ({ value: String(ty), label: t(`tcd_type_${ty}`) }))}
        selectProps={{ defaultValue: shownValue(result, "type", "1") as string }}
      />
      <button
        type="submit"
        className="rounded bg-primary px-4 py-2 text-sm font-medium text-primary-fg hover:opacity-90"
      >
        {t("tsq_question_add")}
      </button>
    </Form>
  );
}
