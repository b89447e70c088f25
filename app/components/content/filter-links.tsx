import { useSearchParams } from "@remix-run/react";
import { withParam } from "~/lms/list-query";

export type FilterLink = { value: string | null; label: string };

/**
 * One query key's values as a row of links (e.g. the status groups: all, to do, doing, done). The
 * current one is marked; each link keeps the rest of the query and goes back to page 1.
 */
export function FilterLinks({ param, options, label }: { param: string; options: FilterLink[]; label: string }) {
  const [params] = useSearchParams();
  const current = params.get(param);
  return (
    <nav aria-label={label} className="mb-3 flex flex-wrap gap-1 text-sm">
      {options.map((o) => {
        const active = (o.value ?? null) === current;
        return (
          <a
            key={o.value ?? "all"}
            href={withParam(params, param, o.value)}
            aria-current={active ? "true" : undefined}
            className={`rounded-full border px-3 py-1 ${active ? "border-primary bg-primary text-primary-fg" : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50"}`}
          >
            {o.label}
          </a>
        );
      })}
    </nav>
  );
}
