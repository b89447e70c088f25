import { useTranslation } from "~/i18n/react";
import { ADDING_RESULTS, REFUSED_RESULTS, resultAdviceKey, resultLabelKey } from "../../../contract/assignment-codes";

/**
 * An assignment result (spec 001 §4) as a labelled badge: its meaning in words, never the bare
 * code (issue 33 §8); the colour only helps: added, skipped, or refused.
 */
export function ResultBadge({ code }: { code: number }) {
  const { t } = useTranslation();
  const tone = (ADDING_RESULTS as readonly number[]).includes(code)
    ? "border-emerald-300 bg-emerald-50 text-emerald-800"
    : (REFUSED_RESULTS as readonly number[]).includes(code)
      ? "border-red-300 bg-red-50 text-red-800"
      : "border-slate-300 bg-slate-100 text-slate-700";
  return (
    <span className={`inline-block whitespace-nowrap rounded border px-2 py-0.5 text-xs font-medium ${tone}`}>
      {t(resultLabelKey(code))}
    </span>
  );
}

/**
 * Counts by result: each result's meaning and how many; with `advice`, what to do about each
 * refusal among them (not enough credit: top up or assign without charge…).
 */
export function ResultCounts({
  counts,
  advice = false,
}: {
  counts: { result: number; count: number }[];
  advice?: boolean;
}) {
  const { t } = useTranslation();
  if (!counts.length) return <p className="text-sm text-slate-600">{t("asg_no_results")}</p>;
  const refused = advice ? counts.filter((c) => (REFUSED_RESULTS as readonly number[]).includes(c.result)) : [];
  return (
    <div className="space-y-2">
      <ul className="flex flex-wrap gap-2" aria-label={t("asg_by_result")}>
        {counts.map((c) => (
          <li key={c.result} className="flex items-center gap-1 text-sm">
            <ResultBadge code={c.result} /> <span className="font-semibold">{c.count}</span>
          </li>
        ))}
      </ul>
      {refused.length ? (
        <section
          aria-label={t("asg_advice_title")}
          className="rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
        >
          <h3 className="font-semibold">{t("asg_advice_title")}</h3>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {refused.map((c) => (
              <li key={c.result}>
                <span className="font-medium">{t(resultLabelKey(c.result))}</span> ({c.count}):{" "}
                {t(resultAdviceKey(c.result))}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
