import { useTranslation } from "~/i18n/react";
import type { TestDrawPreview } from "../../../contract/schemas/test";

/**
 * What a saved draw rule would ask (docs/decisions/070), read-only and rendered by the page (no
 * JavaScript needed): the fixed picks when the rule has them (selected numbers, or one draw for
 * every attempt), else the pool a new draw per attempt picks from, with how many it picks.
 */
export function DrawPreview({ preview, bankName }: { preview: TestDrawPreview; bankName: string }) {
  const { t } = useTranslation();
  const shown = preview.picks ?? preview.pool;
  const count = preview.number > 0 ? Math.min(preview.number, preview.pool.length) : preview.pool.length;
  const intro =
    preview.picks !== null
      ? t(preview.type_method === 1 ? "tst_preview_selected" : "tst_preview_fixed", { count: preview.picks.length })
      : t("tst_preview_random", { count, pool: preview.pool.length });
  return (
    <section
      aria-labelledby="draw-preview-title"
      className="max-w-2xl space-y-3 rounded border border-slate-200 bg-white p-5"
    >
      <h3 id="draw-preview-title" className="text-base font-semibold text-slate-900">
        {t("tst_preview_title", { name: bankName })}
      </h3>
      <p className="text-sm text-slate-700">{intro}</p>
      {shown.length ? (
        <ol
          className="divide-y divide-slate-100 rounded border border-slate-200 text-sm"
          aria-label={t("tst_preview_list")}
        >
          {shown.map((q) => (
            <li key={q.number} className="flex gap-3 px-3 py-2">
              <span className="w-10 shrink-0 tabular-nums text-slate-500">{q.number}.</span>
              <span className="min-w-0 flex-1 break-words">{q.desc}</span>
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm text-amber-800">{t("tst_preview_empty")}</p>
      )}
    </section>
  );
}
