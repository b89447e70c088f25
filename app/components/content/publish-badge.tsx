import { useTranslation } from "react-i18next";

const TONE: Record<string, string> = {
  publish_label_published: "border-emerald-300 bg-emerald-50 text-emerald-800",
  publish_label_scheduled: "border-sky-300 bg-sky-50 text-sky-800",
  publish_label_unpublished: "border-slate-300 bg-slate-100 text-slate-700",
  publish_label_draft: "border-amber-300 bg-amber-50 text-amber-900",
};

/** Publish status as a labelled badge — the words carry it, the colour only helps. */
export function PublishBadge({ label }: { label: string }) {
  const { t } = useTranslation();
  return <span className={`inline-block whitespace-nowrap rounded border px-2 py-0.5 text-xs font-medium ${TONE[label] ?? TONE.publish_label_draft}`}>{t(label)}</span>;
}
