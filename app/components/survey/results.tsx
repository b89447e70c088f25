import { useTranslation } from "~/i18n/react";
import type { SurveyResultQuestion } from "../../../contract/schemas/survey";
import { useAnswerText } from "~/components/requests/answer-text";

/**
 * A survey section's results (docs/decisions/067), under its questions: per question how many
 * answered; a table of each choice (and "other") or each point of a scale with its count and
 * share — a number and a bar, never the bar alone; the average when the question is averaged;
 * the written answers, with who wrote them unless the survey is anonymous.
 */
export function SurveyResults({
  questions,
  count,
  anonymous,
}: {
  questions: SurveyResultQuestion[];
  count: number;
  anonymous: boolean;
}) {
  const { t } = useTranslation();
  const answerText = useAnswerText();
  return (
    <section aria-labelledby="svy-results" className="space-y-3">
      <div>
        <h2 id="svy-results" className="text-lg font-semibold text-slate-900">
          {t("svy_results_title")}
        </h2>
        <p className="text-sm text-slate-600">
          {t("svy_results_intro", { count })}
          {anonymous ? ` ${t("svy_results_anonymous")}` : ""}
        </p>
      </div>
      {questions.map((q) => (
        <article key={q.id} aria-labelledby={`svy-r-${q.id}`} className="rounded border border-slate-200 bg-white p-4">
          <h3 id={`svy-r-${q.id}`} className="text-base font-semibold">
            {q.text}
          </h3>
          <p className="mb-2 text-sm text-slate-600">
            {t(`req_question_type_${q.type}`)} · {t("svy_results_answered", { count: q.count_answer })}
            {q.average !== null ? ` · ${t("svy_results_average", { value: q.average.toFixed(2) })}` : ""}
          </p>
          <Shares q={q} />
          {q.answers.length ? (
            <ul className="list-disc space-y-1 pl-5 text-sm" aria-label={t("svy_results_written")}>
              {q.answers.map((a, j) => (
                <li key={j} className="whitespace-pre-line">
                  {answerText(q.type, a.value)}
                  {a.account ? <span className="text-slate-500"> — {a.account.name}</span> : null}
                </li>
              ))}
            </ul>
          ) : null}
          {q.count_answer === 0 ? <p className="text-sm text-slate-500">{t("req_no_answer")}</p> : null}
        </article>
      ))}
    </section>
  );
}

/** The table of a choice question's choices (with "other") or a scale's points. */
function Shares({ q }: { q: SurveyResultQuestion }) {
  const { t } = useTranslation();
  const rows = [
    ...q.choices.map((c) => ({ key: `c${c.id}`, label: c.text, count: c.count, share: c.share })),
    ...(q.count_other
      ? [
          {
            key: "other",
            label: t("svy_results_other"),
            count: q.count_other,
            share: q.count_answer ? q.count_other / q.count_answer : 0,
          },
        ]
      : []),
    ...q.scale.map((p) => ({ key: `p${p.value}`, label: String(p.value), count: p.count, share: p.share })),
  ];
  if (!rows.length || q.count_answer === 0) return null;
  const pct = (share: number) => Math.round(share * 100);
  return (
    <table className="mb-2 w-full max-w-2xl text-sm">
      <caption className="sr-only">{q.text}</caption>
      <thead>
        <tr className="text-left text-slate-600">
          <th scope="col" className="py-1 font-medium">
            {q.scale.length ? t("svy_results_point") : t("req_report_choice")}
          </th>
          <th scope="col" className="py-1 font-medium">
            {t("req_report_count")}
          </th>
          <th scope="col" className="w-1/2 py-1 font-medium">
            {t("req_report_share")}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key} className="border-t border-slate-100">
            <td className="py-1">{r.label}</td>
            <td className="py-1 tabular-nums">{r.count}</td>
            <td className="py-1">
              <span className="flex items-center gap-2">
                <span className="h-2 rounded bg-primary" style={{ width: `${pct(r.share)}%` }} aria-hidden="true" />
                <span className="tabular-nums">{pct(r.share)}%</span>
              </span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
