import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { CsrfInput } from "~/components/forms";
import type { LiveQuestion } from "../../../contract/schemas/live";

/** One question's buttons: mark answered (or not), hide (or show). Plain posts: they work without JavaScript. */
export function QuestionActions({ q }: { q: LiveQuestion }) {
  const { t } = useTranslation();
  const button = (intent: string, label: string) => (
    <Form method="post" className="inline">
      <CsrfInput />
      <input type="hidden" name="id" value={q.id} />
      <button
        type="submit"
        name="intent"
        value={intent}
        aria-label={`${label}: ${q.text}`}
        className="rounded border border-slate-300 bg-white px-2 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50"
      >
        {label}
      </button>
    </Form>
  );
  return (
    <div className="flex flex-wrap gap-2">
      {q.is_answered
        ? button("reopen", t("live_question_mark_open"))
        : button("answer", t("live_question_mark_answered"))}
      {q.is_hidden ? button("show", t("live_question_show")) : button("hide", t("live_question_hide"))}
    </div>
  );
}
