import { useTranslation } from "~/i18n/react";

export type Crumb = { label: string; href?: string };

/** Title with breadcrumbs above it and actions to its right. */
export function PageHeader({
  title,
  crumbs,
  children,
  badge,
}: {
  title: string;
  crumbs: Crumb[];
  children?: React.ReactNode;
  badge?: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="mb-4">
      <nav aria-label={t("breadcrumb")} className="mb-1 text-sm text-slate-600">
        <ol className="flex flex-wrap items-center gap-1">
          {crumbs.map((c, i) => (
            <li key={`${c.label}-${i}`} className="flex items-center gap-1">
              {i > 0 ? <span aria-hidden="true">›</span> : null}
              {c.href && i < crumbs.length - 1 ? (
                <a href={c.href} className="hover:underline">
                  {c.label}
                </a>
              ) : (
                <span aria-current={i === crumbs.length - 1 ? "page" : undefined}>{c.label}</span>
              )}
            </li>
          ))}
        </ol>
      </nav>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
        {badge}
        <div className="ml-auto flex items-center gap-2">{children}</div>
      </div>
    </div>
  );
}
