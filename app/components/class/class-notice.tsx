import { useTranslation } from "~/i18n/react";
import { useDates } from "~/components/use-dates";

/**
 * What a cancelled class's pages say above their content (spec 001 §4: cancelling is permanent):
 * when it was cancelled and that it can no longer be changed. Nothing for a class not cancelled.
 */
export function CancelledNotice({ at }: { at: string | null }) {
  const { t } = useTranslation();
  const dates = useDates();
  if (!at) return null;
  return (
    <p role="status" className="rounded border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900">
      {t("cls_cancelled_notice", { date: dates.dateTime(at) })}
    </p>
  );
}

/** The links of a class's curriculum header: add a session, and cancel the class (its confirmation page). */
export function ClassActions({ base, canChange }: { base: string; canChange: boolean }) {
  const { t } = useTranslation();
  if (!canChange) return null;
  return (
    <div className="flex flex-wrap items-center gap-3">
      <a href={`${base}/curriculum/create`} className="rounded bg-primary px-4 py-2 text-sm font-medium text-primary-fg hover:opacity-90">
        {t("cls_session_create")}
      </a>
      <a href={`${base}/cancel`} className="text-sm text-red-700 hover:underline">
        {t("cls_cancel_link")}
      </a>
    </div>
  );
}
