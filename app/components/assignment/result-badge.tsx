import { useTranslation } from "~/i18n/react";
import { ADDING_RESULTS, resultLabelKey } from "../../../contract/assignment-codes";

/**
 * An assignment result (spec 001 §4) as a labelled badge: its code and its meaning in words (the
 * colour only helps: added, skipped, or failed).
 */
export function ResultBadge({ code }: { code: number }) {
  const { t } = useTranslation();
  const tone = (ADDING_RESULTS as readonly number[]).includes(code)
    ? "border-emerald-300 bg-emerald-50 text-emerald-800"
    : code < 0 || code === 5 || code === 7 || code === 11 || code === 12 || code === 13
      ? "border-red-300 bg-red-50 text-red-800"
      : "border-slate-300 bg-slate-100 text-slate-700";
  return (
    <span className={`inline-block whitespace-nowrap rounded border px-2 py-0.5 text-xs font-medium ${tone}`}>
      <span className="font-mono">{code}</span> · {t(resultLabelKey(code))}
    </span>
  );
}

/** Counts by result as a definition list: each result's meaning and how many. */
export function ResultCounts({ counts }: { counts: { result: number; count: number }[] }) {
  const { t } = useTranslation();
  if (!counts.length) return <p className="text-sm text-slate-600">{t("asg_no_results")}</p>;
  return (
    <ul className="flex flex-wrap gap-2" aria-label={t("asg_by_result")}>
      {counts.map((c) => (
        <li key={c.result} className="flex items-center gap-1 text-sm">
          <ResultBadge code={c.result} /> <span className="font-semibold">{c.count}</span>
        </li>
      ))}
    </ul>
  );
}
