import { useTranslation } from "~/i18n/react";

/** Each publish label's tone (the .badge-* classes of app/tailwind.css). */
const TONE: Record<string, string> = {
  publish_label_published: "badge-published",
  publish_label_scheduled: "badge-scheduled",
  publish_label_unpublished: "badge-unpublished",
  publish_label_draft: "badge-draft",
};

/** Publish status as a labelled badge — the words carry it, the colour only helps. */
export function PublishBadge({ label }: { label: string }) {
  const { t } = useTranslation();
  return <span className={publishBadgeClass(label)}>{t(label)}</span>;
}

/** The badge's classes for a publish label (the list table writes them into its row markup). */
export const publishBadgeClass = (label: string) => `badge ${TONE[label] ?? TONE.publish_label_draft}`;
