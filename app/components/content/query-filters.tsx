import { Form, useSearchParams } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { SearchInput } from "./search-input";

export type QuerySelect = { name: string; label: string; options: { value: string; label: string }[] };

/**
 * A search box and any number of select filters as ONE plain GET form: the query string holds the
 * state (spec 000 §2.14), `keep` names the other keys to carry along (ordering, a link filter…),
 * and the server drops empty and "all" values. Works the same with or without JavaScript; with it
 * the search also runs as the user types (SearchInput).
 */
export function QueryFilters({
  selects = [],
  keep = [],
  placeholder,
  id = "query-filters",
}: {
  selects?: QuerySelect[];
  keep?: string[];
  placeholder?: string;
  id?: string;
}) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  return (
    <Form
      method="get"
      role="search"
      className="mb-3 flex flex-wrap items-end gap-3 rounded border border-slate-200 bg-white p-3"
    >
      {keep
        .filter((k) => params.get(k))
        .map((k) => (
          <input key={k} type="hidden" name={k} value={params.get(k) ?? ""} />
        ))}
      <div>
        <label htmlFor={`${id}-search`} className="mb-1 block text-xs font-medium text-slate-700">
          {t("search")}
        </label>
        <SearchInput
          id={`${id}-search`}
          placeholder={placeholder}
          className="w-64 rounded border border-slate-300 px-3 py-1.5 text-sm"
        />
      </div>
      {selects.map((s) => (
        <div key={s.name}>
          <label htmlFor={`${id}-${s.name}`} className="mb-1 block text-xs font-medium text-slate-700">
            {s.label}
          </label>
          <select
            id={`${id}-${s.name}`}
            name={s.name}
            defaultValue={params.get(s.name) ?? "all"}
            className="max-w-[14rem] rounded border border-slate-300 px-2 py-1.5 text-sm"
          >
            <option value="all">{t("filter_all")}</option>
            {s.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
      ))}
      <button type="submit" className="rounded border border-slate-300 bg-white px-3 py-1.5 text-sm hover:bg-slate-50">
        {t("apply_filters")}
      </button>
      <a href="?" className="px-2 py-1.5 text-sm text-primary underline">
        {t("clear_filters")}
      </a>
    </Form>
  );
}
