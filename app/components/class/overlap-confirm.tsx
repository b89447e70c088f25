import { useTranslation } from "~/i18n/react";
import { useDates } from "~/components/use-dates";
import { useSubmitting } from "~/components/use-submitting";

/** A session the API said the posted one shares time with (its 409 `overlap`). */
export type Clash = { id: number; name: string; date: string; start_time: string; end_time: string };

/**
 * The overlap's confirmation (spec 001 §5 "Session time overlap asks for confirmation"), shown in
 * the session form the API refused: the sessions it clashes with and a way back to the times. Its
 * "save anyway" is `SaveAnyway`, at the foot of the same form, so it posts every field as typed
 * with confirm_overlap: the form itself is the confirmation page, and works without JavaScript.
 */
export function OverlapNotice({ clashes, backTo }: { clashes: Clash[]; backTo: string }) {
  const { t } = useTranslation();
  const dates = useDates();
  return (
    <section role="alert" aria-labelledby="overlap-title" className="rounded border border-amber-400 bg-amber-50 p-4">
      <h3 id="overlap-title" className="text-base font-semibold text-amber-900">
        {t("cls_overlap_title")}
      </h3>
      <p className="mt-1 text-sm text-amber-900">{t("cls_overlap_text")}</p>
      <ul className="mt-2 list-disc space-y-0.5 pl-5 text-sm text-slate-800">
        {clashes.map((c) => (
          <li key={c.id}>
            <span className="font-medium">{c.name}</span> — {dates.day(c.date)}, {c.start_time}–{c.end_time}
          </li>
        ))}
      </ul>
      <a href={`#${backTo}`} className="mt-3 inline-block text-sm text-primary underline">
        {t("cls_overlap_back")}
      </a>
    </section>
  );
}

/**
 * The form's buttons after an overlap: saving again as it is (the first submit, which Enter
 * presses: it asks again rather than confirming by accident) and "save anyway".
 */
export function SaveAnyway({ saveLabel }: { saveLabel: string }) {
  const { t } = useTranslation();
  const busy = useSubmitting();
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <button
        type="submit"
        disabled={busy}
        className="rounded border border-slate-300 bg-white px-4 py-2 text-sm disabled:opacity-60"
      >
        {saveLabel}
      </button>
      <button
        type="submit"
        name="confirm_overlap"
        value="on"
        disabled={busy}
        className="rounded bg-amber-700 px-4 py-2 text-sm font-medium text-white hover:bg-amber-800 disabled:opacity-60"
      >
        {t("cls_overlap_confirm")}
      </button>
    </div>
  );
}
