import { useTranslation } from "~/i18n/react";
import type { Form, FormSubmission } from "../../../contract/schemas/requests";

/**
 * One submission's answers under the form's sections and questions (a form's results, a
 * request's answers): a definition list per section; a multiple choice lists its choices; an
 * unanswered question says so. `sectionId`: only that section.
 */
export function FormAnswers({ form, submission, sectionId }: { form: Form; submission: FormSubmission; sectionId?: number }) {
  const { t } = useTranslation();
  const sections = sectionId === undefined ? form.sections : form.sections.filter((s) => s.id === sectionId);
  return (
    <div className="space-y-3">
      {sections.map((s) => (
        <div key={s.id}>
          <h4 className="text-sm font-semibold text-slate-700">{s.name}</h4>
          <dl className="mt-1 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[minmax(0,16rem)_1fr]">
            {s.questions.map((q) => {
              const values = submission.answers.filter((a) => a.question === q.id).map((a) => a.value);
              return (
                <div key={q.id} className="contents">
                  <dt className="text-slate-600">{q.text}</dt>
                  <dd className="whitespace-pre-line">{values.length ? values.join(", ") : <span className="text-slate-500">{t("req_no_answer")}</span>}</dd>
                </div>
              );
            })}
          </dl>
        </div>
      ))}
    </div>
  );
}
