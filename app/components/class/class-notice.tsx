import { useTranslation } from "~/i18n/react";

/**
 * The links of a class's curriculum header: add a session — its only link: the sub-page bar leaves
 * it out (registry `bar: false`), so it is offered once and only while the class can change — and
 * cancel the class (its confirmation page).
 */
export function ClassActions({ base, canChange }: { base: string; canChange: boolean }) {
  const { t } = useTranslation();
  if (!canChange) return null;
  return (
    <div className="flex flex-wrap items-center gap-3">
      <a
        href={`${base}/curriculum/create`}
        className="rounded bg-primary px-4 py-2 text-sm font-medium text-primary-fg hover:opacity-90"
      >
        {t("cls_session_create")}
      </a>
      {/* An Activity made from the curriculum (docs/decisions/045): also linked from here only. */}
      <a
        href={`${base}/curriculum/create-activity`}
        className="rounded border border-primary px-4 py-2 text-sm font-medium text-primary hover:bg-primary/5"
      >
        {t("cls_activity_create")}
      </a>
      <a href={`${base}/cancel`} className="text-sm text-red-700 hover:underline">
        {t("cls_cancel_link")}
      </a>
    </div>
  );
}
