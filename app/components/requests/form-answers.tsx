import { useTranslation } from "~/i18n/react";
import type { Form, FormSubmission } from "../../../contract/schemas/requests";
import { QUESTION_TYPE } from "../../../contract/request-codes";
import { useAnswerText } from "./answer-text";

/**
 * One submission's answers under the form's sections and questions (a form's results, a
 * request's answers): a definition list per section; a checkbox question lists its choices; an
 * upload links its file; an unanswered question says so; an information text, which asks
 * nothing, is left out. `sectionId`: only that section.
 */
export function FormAnswers({
  form,
  submission,
  sectionId,
}: {
  form: Form;
  submission: FormSubmission;
  sectionId?: number;
}) {
  const { t } = useTranslation();
  const answerText = useAnswerText();
  const sections = sectionId === undefined ? form.sections : form.sections.filter((s) => s.id === sectionId);
  return (
    <div className="space-y-3">
      {sections.map((s) => (
        <div key={s.id}>
          <h4 className="text-sm font-semibold text-slate-700">{s.name}</h4>
          <dl className="mt-1 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[minmax(0,16rem)_1fr]">
            {s.questions
              .filter((q) => q.type !== QUESTION_TYPE.info)
              .map((q) => {
                const answers = submission.answers.filter((a) => a.question === q.id);
                const shown = answers.map((a, i) => (
                  <span key={i}>
                    {i ? ", " : null}
                    {a.file ? (
                      <a href={a.file} className="text-primary underline">
                        {a.value}
                      </a>
                    ) : (
                      answerText(q.type, a.value)
                    )}
                  </span>
                ));
                return (
                  <div key={q.id} className="contents">
                    <dt className="text-slate-600">{q.text}</dt>
                    <dd className="whitespace-pre-line">
                      {answers.length ? shown : <span className="text-slate-500">{t("req_no_answer")}</span>}
                    </dd>
                  </div>
                );
              })}
          </dl>
        </div>
      ))}
    </div>
  );
}
