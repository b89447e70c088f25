import { NavLink, useLocation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";

type Tab = { id: string; labelKey: string; href: string; end?: boolean; match?: string; children?: { id: string; labelKey: string; href: string }[] };

/** The tab bar under the content header; the active tab's sub-pages show as a second row. */
export function TabBar({ tabs, overall }: { tabs: Tab[]; overall: Tab[] }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const active = tabs.find((tab) => pathname === tab.href || pathname.startsWith(`${tab.href}/`));
  const link = (isActive: boolean) =>
    `inline-block border-b-2 px-3 py-2 text-sm ${isActive ? "border-primary font-medium text-slate-900" : "border-transparent text-slate-600 hover:text-slate-900"}`;
  return (
    <div>
      <nav aria-label={t("tabs")} className="flex flex-wrap border-b border-slate-200">
        {tabs.map((tab) => (
          <a key={tab.id} href={tab.href} aria-current={active?.id === tab.id ? "page" : undefined} className={link(active?.id === tab.id)}>
            {t(tab.labelKey)}
          </a>
        ))}
        {overall.map((o) => (
          // `match`: a page whose deeper addresses are not under its link (a test's slot/{slotid}/verify/…).
          <NavLink key={o.id} to={o.href} end={o.end} className={({ isActive }) => link(isActive || (!!o.match && pathname.startsWith(`${o.match}/`)))}>
            {t(o.labelKey)}
          </NavLink>
        ))}
      </nav>
      {active?.children?.length ? (
        <nav aria-label={t("sub_pages")} className="mt-2 flex gap-2 text-sm">
          {[{ id: active.id, labelKey: active.labelKey, href: active.href }, ...active.children].map((c) => (
            <NavLink key={c.id} to={c.href} end className={({ isActive }) => `rounded px-2 py-1 ${isActive ? "bg-slate-200 font-medium text-slate-900" : "text-slate-600 hover:bg-slate-100"}`}>
              {t(c.labelKey)}
            </NavLink>
          ))}
        </nav>
      ) : null}
    </div>
  );
}
