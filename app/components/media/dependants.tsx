import { useTranslation } from "~/i18n/react";
import type { MediaDependant } from "../../../contract/schemas/media";

/** The contents whose curriculum requires the item: while there are any it cannot be deleted or hidden (spec 001 §5). */
export function Dependants({ list }: { list: MediaDependant[] }) {
  const { t } = useTranslation();
  if (!list.length) return null;
  return (
    <section
      aria-labelledby="media-dependants-title"
      className="rounded border border-amber-300 bg-amber-50 p-4 text-sm"
    >
      <h2 id="media-dependants-title" className="font-semibold text-amber-900">
        {t("media_dependants_title")}
      </h2>
      <p className="mt-1 text-amber-900">{t("media_dependants_note")}</p>
      <ul className="ml-5 mt-2 list-disc">
        {list.map((d) => (
          <li key={`${d.content_type}-${d.content_id}-${d.material}`}>{dependantName(d)}</li>
        ))}
      </ul>
    </section>
  );
}

/** "Course name — slot name". */
export const dependantName = (d: MediaDependant) => `${d.content_name} — ${d.material}`;
