import { useTranslation } from "react-i18next";
import { CLIENT_VERSION, CLIENT_VERSION_LABEL } from "../../../contract/http";

/** Footer: copyright 2021, version label V4.9 and build 4.13.432 (spec 002 §9). */
export function Footer({ appName }: { appName: string }) {
  const { t } = useTranslation();
  return (
    <footer className="border-t border-slate-200 bg-white px-5 py-3 text-xs text-slate-600 sm:px-10">
      © 2021 {appName}. {t("all_rights_reserved")} · {CLIENT_VERSION_LABEL} ({t("build")} {CLIENT_VERSION})
    </footer>
  );
}
