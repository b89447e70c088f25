import { useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/i18n/react";

/**
 * The left menu from the registry. It is open on wide screens and closed at 1024 px or less
 * (spec 000 §9); the #menu-toggle checkbox before it flips that, with or without JavaScript.
 * With the menu-collapse setting it starts closed on every width. Its links are the server's
 * markup (app/lms/menu-html.server.ts), the current page's marked; a click on one is a
 * client-side navigation once JavaScript runs (browser-extras.tsx).
 *
 * The markup is set once per menu; a navigation only moves `aria-current` in place, so the link
 * a keyboard user just followed keeps the focus (new markup would replace it, and focus would
 * fall back to the page's start).
 */
export function SideMenu({ html, collapsed }: { html: string; collapsed: boolean }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const nav = useRef<HTMLElement>(null);
  // The markup marks the page it was first drawn on (the server's and the hydrating render's
  // alike, and the same string after, so React leaves it alone); the effect marks the page now.
  const [drawnAt] = useState(pathname);
  useEffect(() => {
    for (const a of nav.current?.querySelectorAll("a") ?? [])
      a.ariaCurrent = isHere(a.pathname, pathname) ? "page" : null;
  }, [pathname, html]);
  const visibility = collapsed
    ? "hidden peer-checked:block"
    : "hidden peer-checked:block lg:block lg:peer-checked:hidden";
  return (
    <nav
      ref={nav}
      data-client-nav=""
      id="side-menu"
      aria-label={t("main_menu")}
      className={`${visibility} fixed bottom-0 left-0 top-[50px] z-30 w-60 overflow-y-auto border-r border-slate-200 bg-white py-3 shadow-sm lg:shadow-none`}
      dangerouslySetInnerHTML={{ __html: markCurrent(html, drawnAt) }}
    />
  );
}

/** Whether a menu link's href is the page at `pathname`: exactly, trailing slash or not (NavLink's `end`). */
const isHere = (href: string, pathname: string) => href.replace(/(.)\/+$/, "$1") === pathname.replace(/(.)\/+$/, "$1");

/** The menu's markup with the link to `pathname` marked current (aria-current, which the menu's style shows). */
export const markCurrent = (html: string, pathname: string) =>
  html.replace(/href="([^"]*)"/g, (attr, href: string) =>
    isHere(href, pathname) ? `${attr} aria-current="page"` : attr,
  );
