import { useTranslation } from "~/i18n/react";
import { MEDIA_LIMITS } from "../../../contract/media-codes";

/** A card's two sides as labelled fields (front, back). */
export function CardSides({
  idPrefix,
  front,
  back,
  readOnly = false,
}: {
  idPrefix: string;
  front: string;
  back: string;
  readOnly?: boolean;
}) {
  const { t } = useTranslation();
  const field = (name: "front" | "back", value: string) => (
    <div>
      <label htmlFor={`${idPrefix}-${name}`} className="mb-1 block text-xs font-medium text-slate-700">
        {t(`media_card_${name}`)}
      </label>
      <textarea
        id={`${idPrefix}-${name}`}
        name={name}
        defaultValue={value}
        required
        maxLength={MEDIA_LIMITS.cardSide}
        rows={2}
        readOnly={readOnly}
        className="w-full rounded border border-slate-300 px-2 py-1 text-sm"
      />
    </div>
  );
  return (
    <div className="grid gap-2 sm:grid-cols-2">
      {field("front", front)}
      {field("back", back)}
    </div>
  );
}
