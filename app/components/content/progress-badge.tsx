import { useTranslation } from "~/i18n/react";
import { progressGroupOf } from "../../../contract/codes";

const TONE: Record<string, string> = {
  todo: "border-slate-300 bg-slate-100 text-slate-700",
  doing: "border-sky-300 bg-sky-50 text-sky-800",
  done: "border-emerald-300 bg-emerald-50 text-emerald-800",
  failed: "border-red-300 bg-red-50 text-red-800",
};

/** A learner's progress status (spec 001 §4) as a labelled badge: the words carry it, the colour only helps. */
export function ProgressBadge({ status }: { status: number }) {
  const { t } = useTranslation();
  const group = progressGroupOf(status);
  const tone = status < 0 ? TONE.failed : TONE[group ?? "todo"];
  return (
    <span className={`inline-block whitespace-nowrap rounded border px-2 py-0.5 text-xs font-medium ${tone}`}>
      {t(`progress_status_${status}`)}
    </span>
  );
}
