import { useTranslation } from "~/i18n/react";
import { numberFormat } from "~/lms/format";
import { pageWindow } from "~/lms/list-query";

/**
 * Page buttons for a list that lives inside a form (the enrol page's learner picker): each button
 * submits the form to `actionFor(page)` with `name=value`, so what the form holds (ticked boxes)
 * goes along — a plain link would drop it. Works without JavaScript. A `capped` count reads "of
 * more than N" and has no last-page button (docs/decisions/016).
 */
export function FormPager({
  count,
  page,
  pageSize,
  capped = false,
  label,
  actionFor,
  name,
  value,
  disabled = false,
}: {
  count: number;
  page: number;
  pageSize: number;
  capped?: boolean;
  label: string;
  actionFor: (page: number) => string;
  name: string;
  value: string;
  disabled?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const pages = capped ? page + 1 : Math.max(1, Math.ceil(count / pageSize));
  const fmt = numberFormat(i18n.language);
  const from = count ? (page - 1) * pageSize + 1 : 0;
  const to = Math.min(count, page * pageSize);
  const button = (p: number, text: string, extra: Record<string, string | undefined> = {}) => (
    <button
      type="submit"
      name={name}
      value={value}
      formAction={actionFor(p)}
      disabled={disabled}
      className="rounded border px-2 py-1 hover:bg-slate-50 disabled:opacity-60"
      {...extra}
    >
      {text}
    </button>
  );
  return (
    <nav aria-label={label} className="mt-2 flex flex-wrap items-center justify-between gap-2 text-sm">
      <p className="text-slate-600">
        {t(capped ? "showing_range_capped" : "showing_range", {
          from: fmt.format(from),
          to: fmt.format(to),
          total: fmt.format(count),
        })}
      </p>
      {pages > 1 ? (
        <ul className="flex flex-wrap items-center gap-1">
          {page > 1 ? <li>{button(page - 1, t("previous"))}</li> : null}
          {pageWindow(page, pages).map((p, i) =>
            p === null ? (
              <li key={`gap-${i}`} aria-hidden="true" className="px-1">
                …
              </li>
            ) : p === page ? (
              <li key={p}>
                <span
                  aria-current="page"
                  className="rounded border border-primary bg-primary px-2 py-1 text-primary-fg"
                >
                  <span className="sr-only">{t("page_n", { n: p })}</span>
                  <span aria-hidden="true">{p}</span>
                </span>
              </li>
            ) : (
              <li key={p}>{button(p, String(p), { "aria-label": t("page_n", { n: p }) })}</li>
            ),
          )}
          {page < pages ? <li>{button(page + 1, t("next"))}</li> : null}
        </ul>
      ) : null}
    </nav>
  );
}
