import { useTranslation } from "~/i18n/react";

/** Facts of one record as a labelled grid (label keys and values): a detail page's summary box. */
export function FactList({ facts }: { facts: [labelKey: string, value: React.ReactNode][] }) {
  const { t } = useTranslation();
  return (
    <dl className="grid gap-x-6 gap-y-2 rounded border border-slate-200 bg-white p-4 text-sm sm:grid-cols-3">
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt className="text-xs font-medium text-slate-600">{t(label)}</dt>
          <dd className="text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
