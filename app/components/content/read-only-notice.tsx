import { useTranslation } from "~/i18n/react";
import { useDates } from "~/components/use-dates";

/**
 * What a read-only item's pages say above their tabs (the registry's `readOnly` trait: a
 * cancelled class, docs/decisions/040): the type's own sentence, with `{{date}}` when it became so.
 */
export function ReadOnlyNotice({ noticeKey, at }: { noticeKey: string; at: string | null }) {
  const { t } = useTranslation();
  const dates = useDates();
  return (
    <p role="status" className="rounded border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900">
      {t(noticeKey, { date: at ? dates.dateTime(at) : "" })}
    </p>
  );
}
