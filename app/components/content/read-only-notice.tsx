import { useTranslation } from "~/i18n/react";
import { useDates } from "~/components/use-dates";

/**
 * What a read-only item's pages say above their tabs (the registry's `readOnly` trait: a
 * cancelled class, docs/decisions/040): the type's own sentence, with `{{date}}` when it became so,
 * and why, when the item says (a class's cancel reason, docs/decisions/077).
 */
export function ReadOnlyNotice({
  noticeKey,
  at,
  reason,
}: {
  noticeKey: string;
  at: string | null;
  reason?: { key: string; text: string } | null;
}) {
  const { t } = useTranslation();
  const dates = useDates();
  return (
    <div role="status" className="rounded border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900">
      <p>{t(noticeKey, { date: at ? dates.dateTime(at) : "" })}</p>
      {reason ? <p className="mt-1 whitespace-pre-line">{t(reason.key, { reason: reason.text })}</p> : null}
    </div>
  );
}
