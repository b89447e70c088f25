import { Form, useSearchParams } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { inputClass } from "./settings-form";

/**
 * One search box as a plain GET form (works without JavaScript): the query key `name` holds the
 * text, the keys `keep` of the current query go along (another list's search on the same page),
 * and the page starts again at 1. For pages with more than one list; a list page's own search and
 * filters are ListFilters.
 */
export function SearchForm({ name, label, keep = [] }: { name: string; label: string; keep?: string[] }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = `search-${name}`;
  return (
    <Form method="get" role="search" aria-label={label} className="flex max-w-xl gap-2">
      {keep
        .filter((k) => params.get(k))
        .map((k) => (
          <input key={k} type="hidden" name={k} value={params.get(k) ?? ""} />
        ))}
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      {/* Remounted when the URL's value changes (client navigation), so it shows what was searched. */}
      <input
        key={params.get(name) ?? ""}
        id={id}
        type="search"
        name={name}
        defaultValue={params.get(name) ?? ""}
        placeholder={label}
        className={inputClass}
      />
      <button type="submit" className="rounded border border-slate-300 bg-white px-4 py-2 text-sm hover:bg-slate-50">
        {t("search")}
      </button>
    </Form>
  );
}
