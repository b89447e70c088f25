import { useTranslation } from "~/i18n/react";
import { LanguageSwitch } from "./language-switch";
import { UserMenu } from "./user-menu";

type Props = {
  appName: string;
  logo: string;
  user: { name: string; email: string; image: string | null };
  languages: string[];
  redirectTo: string;
};

/** Header, 50 px high (spec 000 §9): menu button, logo, language switch, user menu. */
export function Header({ appName, logo, user, languages, redirectTo }: Props) {
  const { t } = useTranslation();
  return (
    <header className="sticky top-0 z-40 flex h-header items-center gap-3 border-b border-slate-200 bg-white px-3 shadow-sm">
      <label
        htmlFor="menu-toggle"
        className="menu-button cursor-pointer rounded p-2 text-slate-700 hover:bg-slate-100"
        title={t("menu_toggle")}
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor">
          <path d="M3 5h14v2H3zm0 4h14v2H3zm0 4h14v2H3z" />
        </svg>
        <span className="sr-only">{t("menu_toggle")}</span>
      </label>
      <a href="/dashboard/" className="flex items-center gap-2 font-semibold text-slate-800">
        <img src={logo} alt="" width={28} height={28} className="h-7 w-7" />
        <span>{appName}</span>
      </a>
      <div className="ml-auto flex items-center gap-2">
        <LanguageSwitch languages={languages} redirectTo={redirectTo} />
        <UserMenu user={user} redirectTo={redirectTo} />
      </div>
    </header>
  );
}
