import { Form, useSearchParams } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { Option } from "~/lms/content.server";
import { SearchInput } from "./search-input";

/** `searchKey`: the type's own placeholder (what its search looks in), when not "Name or code". */
type Props = { filters: string[]; options: Record<string, Option[]>; searchKey?: string };

/**
 * Search and filters as plain GET forms: the query string holds the state (spec 000 §2.14), the
 * server trims the search and drops empty, null and "all" values, and a new search starts at page 1.
 * With JavaScript the search also runs as the user types (SearchInput).
 */
export function ListFilters({ filters, options, searchKey }: Props) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const keep = (keys: string[]) =>
    keys.filter((k) => params.get(k)).map((k) => <input key={k} type="hidden" name={k} value={params.get(k) ?? ""} />);
  return (
    <div className="mb-4 flex flex-wrap items-end gap-3 rounded border border-slate-200 bg-white p-3">
      <Form method="get" role="search" className="flex items-end gap-2">
        {keep(["ordering", ...filters])}
        <div>
          <label htmlFor="list-search" className="mb-1 block text-xs font-medium text-slate-700">
            {t("search")}
          </label>
          <SearchInput
            id="list-search"
            placeholder={t(searchKey ?? "search_placeholder")}
            className="w-80 max-w-full rounded border border-slate-300 px-3 py-1.5 text-sm"
          />
        </div>
        <button
          type="submit"
          className="rounded border border-slate-300 bg-white px-3 py-1.5 text-sm hover:bg-slate-50"
        >
          {t("search")}
        </button>
      </Form>
      {filters.length ? (
        <Form method="get" className="flex flex-wrap items-end gap-2" aria-label={t("filters")}>
          {keep(["search", "ordering"])}
          {filters.map((f) => (
            <div key={f}>
              <label htmlFor={`filter-${f}`} className="mb-1 block text-xs font-medium text-slate-700">
                {t(`filter_${f}`)}
              </label>
              <select
                key={params.get(f) ?? "all"}
                id={`filter-${f}`}
                name={f}
                defaultValue={params.get(f) ?? "all"}
                className="max-w-[14rem] rounded border border-slate-300 px-2 py-1.5 text-sm"
              >
                <option value="all">{t("filter_all")}</option>
                {(options[f] ?? []).map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.labelKey ? t(o.labelKey) : o.label}
                  </option>
                ))}
              </select>
            </div>
          ))}
          <button
            type="submit"
            className="rounded border border-slate-300 bg-white px-3 py-1.5 text-sm hover:bg-slate-50"
          >
            {t("apply_filters")}
          </button>
          <a href="?" className="px-2 py-1.5 text-sm text-primary underline">
            {t("clear_filters")}
          </a>
        </Form>
      ) : null}
    </div>
  );
}
