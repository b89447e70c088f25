import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { AddQuestionForm, QuestionList } from "~/components/test-question/question-list";
import { QuestionForm } from "~/components/test-question/question-form";
import { resultOf, type TestAnswer } from "~/components/test/form-kit";
import { questionEditorAction, questionEditorLoader } from "~/lms/test-question.server";

/** The editor's texts are its own namespace (no type's), so a bank's pages carry no test texts. */
export const handle = { i18n: ["content", "testQuestion", "testCodes"] };

/**
 * The question editor (docs/decisions/064), one module for both owners of the question store: a
 * test section's questions (`/test/{id}/section/{sectionid}/question/{number?}`) and a bank's
 * (`/testbank/{id}/question/{number?}`). The owner's questions by number beside the chosen one's
 * form; a new one added at the end. Every form posts without JavaScript.
 */
export const loader = (args: LoaderFunctionArgs) => questionEditorLoader(args);
export const action = (args: ActionFunctionArgs) => questionEditorAction(args);

export default function QuestionEditor() {
  const { questions, question, section, url, sectionsUrl, types, tags, canChange, idempotencyKeys } =
    useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as TestAnswer | undefined;
  const { t } = useTranslation();
  return (
    <section aria-labelledby="questions-title" className="space-y-4">
      <div>
        {sectionsUrl ? (
          <p className="text-sm">
            <a href={sectionsUrl} className="text-primary hover:underline">
              {t("tsq_back_to_section", { name: section?.name ?? "" })}
            </a>
          </p>
        ) : null}
        <h2 id="questions-title" className="text-lg font-semibold text-slate-900">
          {section ? t("tsq_questions_of", { name: section.name }) : t("tsq_tab_question")}
        </h2>
        <p className="text-sm text-slate-600">{t("tsq_question_intro", { count: questions.length })}</p>
      </div>
      <div className="grid gap-6 lg:grid-cols-[18rem_1fr]">
        <div className="space-y-4">
          <QuestionList questions={questions} url={url} current={question?.number ?? null} />
          {canChange ? (
            <AddQuestionForm
              types={types}
              result={resultOf(answer, "create")}
              idempotencyKey={idempotencyKeys.question}
            />
          ) : null}
        </div>
        <div>
          {question ? (
            <QuestionForm
              key={question.id}
              question={question}
              tags={tags}
              canChange={canChange}
              answer={answer}
              count={questions.length}
              choiceKey={idempotencyKeys.choice}
            />
          ) : (
            <p className="text-sm text-slate-600">{t("tsq_question_pick")}</p>
          )}
        </div>
      </div>
    </section>
  );
}
