import { useLocation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";

type Tab = {
  id: string;
  labelKey: string;
  href: string;
  end?: boolean;
  match?: string;
  children?: { id: string; labelKey: string; href: string }[];
};

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
          <a
            key={tab.id}
            href={tab.href}
            aria-current={active?.id === tab.id ? "page" : undefined}
            className={link(active?.id === tab.id)}
          >
            {t(tab.labelKey)}
          </a>
        ))}
        {overall.map((o) => (
          // `match`: a page whose deeper addresses are not under its link (a test's slot/{slotid}/verify/…).
          <a
            key={o.id}
            href={o.href}
            {...current(
              isActivePath(pathname, o.href, o.end ?? false) || (!!o.match && pathname.startsWith(`${o.match}/`)),
              link,
            )}
          >
            {t(o.labelKey)}
          </a>
        ))}
      </nav>
      {active?.children?.length ? (
        <nav aria-label={t("sub_pages")} className="mt-2 flex gap-2 text-sm">
          {[{ id: active.id, labelKey: active.labelKey, href: active.href }, ...active.children].map((c) => (
            <a
              key={c.id}
              href={c.href}
              {...current(
                isActivePath(pathname, c.href),
                (on) =>
                  `rounded px-2 py-1 ${on ? "bg-slate-200 font-medium text-slate-900" : "text-slate-600 hover:bg-slate-100"}`,
              )}
            >
              {t(c.labelKey)}
            </a>
          ))}
        </nav>
      ) : null}
    </div>
  );
}

/**
 * A link's attributes where a NavLink was: marked current (aria-current) when `active`, styled by
 * `className`, and navigated in the browser (data-client-nav, app/components/browser-extras.tsx).
 * The tabs themselves stay document loads, as they were.
 */
const current = (active: boolean, className: (active: boolean) => string) => ({
  "data-client-nav": "",
  "aria-current": active ? ("page" as const) : undefined,
  className: className(active),
});

/** Whether a tab bar link (a plain path) is the page at `pathname` (`end`: only exactly; otherwise a page under it too), as NavLink decided. */
function isActivePath(pathname: string, href: string, end = true): boolean {
  const here = pathname.replace(/(.)\/+$/, "$1");
  return here === href || (!end && here.startsWith(`${href}/`));
}
