import { useTranslation } from "~/i18n/react";

/** The messenger button, shown when messenger-is-enabled; it opens the messenger screen. */
export function MessengerButton() {
  const { t } = useTranslation();
  return (
    <a
      href="/dashboard/messenger"
      className="fixed bottom-5 right-5 z-30 flex h-12 w-12 items-center justify-center rounded-full bg-primary text-primary-fg shadow-lg"
      title={t("messenger")}
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className="h-6 w-6" fill="currentColor">
        <path d="M2 4a2 2 0 012-2h12a2 2 0 012 2v9a2 2 0 01-2 2H7l-4 3v-3a2 2 0 01-1-2z" />
      </svg>
      <span className="sr-only">{t("messenger")}</span>
    </a>
  );
}
