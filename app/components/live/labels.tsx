import { useTranslation } from "~/i18n/react";
import { useDates } from "~/components/use-dates";

const STATUS_TONE: Record<number, string> = {
  1: "border-red-300 bg-red-50 text-red-800",
  2: "border-amber-300 bg-amber-50 text-amber-800",
  6: "border-emerald-300 bg-emerald-50 text-emerald-800",
};

/** A live status (spec 001 §4, 0 offline … 6 online) as a labelled badge: the words carry it. */
export function LiveStatusBadge({ status }: { status: number }) {
  const { t } = useTranslation();
  return (
    <span
      className={`inline-block whitespace-nowrap rounded border px-2 py-0.5 text-xs font-medium ${STATUS_TONE[status] ?? "border-slate-300 bg-slate-100 text-slate-700"}`}
    >
      {t(`live_status_${status}`)}
    </span>
  );
}

/** A live's start and end: a period in the organisation's zone, as its form takes them (docs/decisions/077). */
export function LiveWhen({ start, end }: { start: string; end: string }) {
  const dates = useDates();
  return <span>{dates.period(start, end)}</span>;
}

/** A list of facts: label and value, one per row. */
export function Facts({ rows }: { rows: [string, React.ReactNode][] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-[12rem_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-sm font-medium text-slate-600">{label}</dt>
          <dd className="text-sm text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
