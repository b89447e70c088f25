import { useTranslation } from "~/i18n/react";
import { CLIENT_VERSION, CLIENT_VERSION_LABEL } from "../../../contract/http";

/**
 * Footer: copyright, version label V4.9 and build 4.13.432 (spec 002 §9). The original's year was
 * a fixed 2021; ours is the current year, which the shell's loader reads from the clock
 * (docs/decisions/025), so server and browser agree on it.
 */
export function Footer({ appName, year }: { appName: string; year: number }) {
  const { t } = useTranslation();
  return (
    <footer className="border-t border-slate-200 bg-white px-5 py-3 text-xs text-slate-600 sm:px-10">
      © {year} {appName}. {t("all_rights_reserved")} · {CLIENT_VERSION_LABEL} ({t("build")} {CLIENT_VERSION})
    </footer>
  );
}
