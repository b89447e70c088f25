import type { DecisionResult } from "~/lms/approval.server";
import { REFUSED_OUTCOMES } from "../../../contract/approval-codes";

/**
 * What a decision did when some enrolments were refused (issue 17 §3): the counts per outcome in
 * words, then each refused enrolment by the learner and content named in `names` (the rows the
 * page shows), with why — "not enough credit" for that row only (spec 002 §8).
 */
export function DecisionResults({
  result,
  names,
  t,
}: {
  result: DecisionResult;
  names: Map<number, string>;
  t: (key: string, values?: Record<string, unknown>) => string;
}) {
  if (!result) return null;
  const { answer } = result;
  const refused = answer.results.filter((r) => REFUSED_OUTCOMES.includes(r.result));
  return (
    <section
      role="status"
      aria-labelledby="decision-results"
      className="mb-4 rounded border border-amber-300 bg-amber-50 p-3 text-sm"
    >
      <h2 id="decision-results" className="font-semibold text-slate-900">
        {t("apv_results_title")}
      </h2>
      <ul className="mt-1 flex flex-wrap gap-x-4">
        {Object.entries(answer.counts).map(([outcome, n]) => (
          <li key={outcome}>{t(`apv_outcome_count_${outcome}`, { count: n })}</li>
        ))}
      </ul>
      {refused.length ? (
        <ul className="mt-2 list-disc pl-5">
          {refused.map((r) => (
            <li key={r.enrollment}>
              <span className="font-medium">{names.get(r.enrollment) ?? `#${r.enrollment}`}</span>:{" "}
              <span className="text-red-800">{t(`apv_outcome_${r.result}`)}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
