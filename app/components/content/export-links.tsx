import { useSearchParams } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { EXPORT_FORMATS } from "../../../contract/export-formats";

const LIST_KEYS = ["search", "ordering", "status_group", "status_set", "status"];

/**
 * Export buttons: plain links to a resource route that streams the file, one per format, carrying
 * the list's current search, filters and ordering (never the page: an export is the whole list),
 * and `extra`: what the page is beyond its query (the approval pages' state); `defaults`: what the
 * list applies when its address says nothing (a list's default ordering).
 */
export function ExportLinks({
  href,
  formats = EXPORT_FORMATS,
  keys = LIST_KEYS,
  extra = {},
  defaults = {},
}: {
  href: string;
  formats?: readonly string[];
  keys?: string[];
  extra?: Record<string, string>;
  defaults?: Record<string, string>;
}) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  return (
    <div className="flex items-center gap-2" role="group" aria-label={t("enr_export")}>
      {formats.map((f) => {
        const q = new URLSearchParams();
        for (const k of keys) for (const v of params.getAll(k)) q.append(k, v);
        for (const [k, v] of Object.entries(defaults)) if (!q.has(k)) q.set(k, v);
        for (const [k, v] of Object.entries(extra)) q.set(k, v);
        q.set("format_type", f);
        return (
          <a
            key={f}
            href={`${href}?${q}`}
            download
            className="rounded border border-slate-300 bg-white px-3 py-1.5 text-sm hover:bg-slate-50"
          >
            {t("enr_export_as", { format: f.toUpperCase() })}
          </a>
        );
      })}
    </div>
  );
}
