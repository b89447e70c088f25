import { useLocation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";

/**
 * The left menu from the registry. It is open on wide screens and closed at 1024 px or less
 * (spec 000 §9); the #menu-toggle checkbox before it flips that, with or without JavaScript.
 * With the menu-collapse setting it starts closed on every width. Its links are the server's
 * markup (app/lms/menu-html.server.ts), the current page's marked here; a click on one is a
 * client-side navigation once JavaScript runs (browser-extras.tsx).
 */
export function SideMenu({ html, collapsed }: { html: string; collapsed: boolean }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const visibility = collapsed ? "hidden peer-checked:block" : "hidden peer-checked:block lg:block lg:peer-checked:hidden";
  return (
    <nav
      data-client-nav=""
      id="side-menu"
      aria-label={t("main_menu")}
      className={`${visibility} fixed bottom-0 left-0 top-[50px] z-30 w-60 overflow-y-auto border-r border-slate-200 bg-white py-3 shadow-sm lg:shadow-none`}
      dangerouslySetInnerHTML={{ __html: markCurrent(html, pathname) }}
    />
  );
}

/**
 * The menu's markup with the link to `pathname` marked current (aria-current, which the menu's
 * style shows): exactly that page, with or without a trailing slash, as NavLink's `end` did.
 */
export function markCurrent(html: string, pathname: string): string {
  const here = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  for (const href of [here, `${here}/`]) {
    const attr = `href="${href}"`;
    const at = html.indexOf(attr);
    if (at >= 0) return `${html.slice(0, at + attr.length)} aria-current="page"${html.slice(at + attr.length)}`;
  }
  return html;
}
