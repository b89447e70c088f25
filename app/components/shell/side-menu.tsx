import { NavLink } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { MenuGroup } from "~/lms/menu.server";

/**
 * The left menu from the registry. It is open on wide screens and closed at 1024 px or less
 * (spec 000 §9); the #menu-toggle checkbox before it flips that, with or without JavaScript.
 * With the menu-collapse setting it starts closed on every width.
 */
export function SideMenu({ groups, collapsed }: { groups: MenuGroup[]; collapsed: boolean }) {
  const { t } = useTranslation();
  const visibility = collapsed ? "hidden peer-checked:block" : "hidden peer-checked:block lg:block lg:peer-checked:hidden";
  return (
    <nav
      id="side-menu"
      aria-label={t("main_menu")}
      className={`${visibility} fixed bottom-0 left-0 top-[50px] z-30 w-60 overflow-y-auto border-r border-slate-200 bg-white py-3 shadow-sm lg:shadow-none`}
    >
      {groups.map((g) => (
        <div key={g.id} className="mb-3">
          <h2 className="px-4 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-600">{t(g.labelKey)}</h2>
          <ul>
            {g.links.map((l) => (
              <li key={l.id}>
                <NavLink
                  to={l.href}
                  end
                  className={({ isActive }) =>
                    `block border-l-4 px-4 py-2 text-sm ${isActive ? "border-primary bg-slate-100 font-medium text-slate-900" : "border-transparent text-slate-700 hover:bg-slate-50"}`
                  }
                >
                  {t(l.labelKey)}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}
