import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { FormReport } from "../../contract/schemas/requests";
import { useAnswerText } from "~/components/requests/answer-text";
import { itemPage } from "~/lms/item-page.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["requests", "requestTypes", "content"] };

/**
 * A form's report (spec 000 §2.10 /enrollment-form/{formid}/report; docs/decisions/057): per
 * question, how many answered; for a choice, the count and share of each choice (as a number and
 * a bar, never by colour alone); for a written question, the newest answers.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { api, apiBase } = await itemPage(args, "view");
  const { data: report } = await api.get<FormReport>(`${apiBase}report/`);
  return data({ report }, { headers: api.headers() });
}

export default function ReportTab() {
  const { report } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const answerText = useAnswerText();
  const pct = (n: number, of: number) => (of ? Math.round((n / of) * 100) : 0);
  return (
    <section aria-labelledby="report-title" className="space-y-4">
      <div>
        <h2 id="report-title" className="text-lg font-semibold text-slate-900">
          {t("req_tab_report")}
        </h2>
        <p className="text-sm text-slate-600">{t("req_report_intro", { count: report.count_submission })}</p>
      </div>
      {report.questions.length === 0 ? (
        <p className="rounded border border-slate-200 bg-white p-4 text-sm text-slate-600">{t("req_question_empty")}</p>
      ) : null}
      {report.questions.map((q, i) => (
        <article key={q.id} aria-labelledby={`q-${q.id}`} className="rounded border border-slate-200 bg-white p-4">
          <h3 id={`q-${q.id}`} className="text-base font-semibold">
            {i + 1}. {q.text}
          </h3>
          <p className="mb-2 text-sm text-slate-600">
            {t(`req_question_type_${q.type}`)} · {t("req_report_answered", { count: q.count_answer })}
          </p>
          {q.choices.length ? (
            <table className="w-full max-w-2xl text-sm">
              <caption className="sr-only">{q.text}</caption>
              <thead>
                <tr className="text-left text-slate-600">
                  <th scope="col" className="py-1 font-medium">
                    {t("req_report_choice")}
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
                {q.choices.map((c) => (
                  <tr key={c.id} className="border-t border-slate-100">
                    <td className="py-1">{c.text}</td>
                    <td className="py-1 tabular-nums">{c.count}</td>
                    <td className="py-1">
                      <span className="flex items-center gap-2">
                        <span
                          className="h-2 rounded bg-primary"
                          style={{ width: `${pct(c.count, q.count_answer)}%` }}
                          aria-hidden="true"
                        />
                        <span className="tabular-nums">{pct(c.count, q.count_answer)}%</span>
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : q.answers.length ? (
            <ul className="list-disc space-y-1 pl-5 text-sm">
              {q.answers.map((a, j) => (
                <li key={j} className="whitespace-pre-line">
                  {answerText(q.type, a)}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-500">{t("req_no_answer")}</p>
          )}
        </article>
      ))}
    </section>
  );
}
