import { useSearchParams } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { labelTemplate, numberFormat } from "~/lms/format";
import { pageWindow, withParam } from "~/lms/list-query";

/**
 * Page links (50 a page): plain links keeping every other key of the query. A `capped` count (the
 * API stopped counting, docs/decisions/016) reads "of more than N" and has no last-page link.
 */
export function Pager({
  count,
  page,
  pageSize,
  capped = false,
}: {
  count: number;
  page: number;
  pageSize: number;
  capped?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const pages = capped ? page + 1 : Math.max(1, Math.ceil(count / pageSize));
  const fmt = numberFormat(i18n.language);
  const from = count ? (page - 1) * pageSize + 1 : 0;
  const to = Math.min(count, page * pageSize);
  const pageLabel = labelTemplate(t, "page_n", "n");
  return (
    <nav aria-label={t("pagination")} className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-slate-600">
        {t(capped ? "showing_range_capped" : "showing_range", {
          from: fmt.format(from),
          to: fmt.format(to),
          total: fmt.format(count),
        })}
      </p>
      {pages > 1 ? (
        <ul className="flex items-center gap-1">
          {page > 1 ? (
            <li>
              <a
                className="rounded border px-2 py-1 hover:bg-slate-50"
                href={withParam(params, "page", String(page - 1))}
                rel="prev"
              >
                {t("previous")}
              </a>
            </li>
          ) : null}
          {pageWindow(page, pages).map((p, i) =>
            p === null ? (
              <li key={`gap-${i}`} aria-hidden="true" className="px-1">
                …
              </li>
            ) : (
              <li key={p}>
                <a
                  href={withParam(params, "page", String(p))}
                  aria-current={p === page ? "page" : undefined}
                  aria-label={pageLabel(p)}
                  className={`rounded border px-2 py-1 ${p === page ? "border-primary bg-primary text-primary-fg" : "hover:bg-slate-50"}`}
                >
                  {p}
                </a>
              </li>
            ),
          )}
          {page < pages ? (
            <li>
              <a
                className="rounded border px-2 py-1 hover:bg-slate-50"
                href={withParam(params, "page", String(page + 1))}
                rel="next"
              >
                {t("next")}
              </a>
            </li>
          ) : null}
        </ul>
      ) : null}
    </nav>
  );
}
