import { NavLink } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { APPROVAL_STATUS, approvalStatusKey, isWaiting } from "../../../contract/request-codes";
import { dash } from "~/lms/paths";
import type { RequestKindDef } from "./kinds";

/** A request's approval status as a labelled badge (never by colour alone). */
export function StatusBadge({ status }: { status: number }) {
  const { t } = useTranslation();
  const tone = isWaiting(status)
    ? "border-amber-300 bg-amber-50 text-amber-900"
    : status === APPROVAL_STATUS.approved
      ? "border-green-300 bg-green-50 text-green-900"
      : "border-slate-300 bg-slate-50 text-slate-800";
  return (
    <span className={`inline-block rounded border px-2 py-0.5 text-xs font-medium ${tone}`}>
      {t(approvalStatusKey(status))}
    </span>
  );
}

/** The heading and tab bar of a kind's lists (waiting, decided, learning results); `hide`: tabs the account may not open. */
export function RequestTabs({ def, active, hide = [] }: { def: RequestKindDef; active: string; hide?: string[] }) {
  const { t } = useTranslation();
  return (
    <header className="space-y-3">
      <h1 className="text-2xl font-semibold">{t(def.titleKey)}</h1>
      <nav aria-label={t(def.titleKey)} className="flex gap-1 border-b border-slate-200">
        {def.tabs
          .filter(([path]) => !hide.includes(path))
          .map(([path, label]) => (
            <NavLink
              key={path}
              to={dash(path ? `${def.segment}/${path}` : def.segment)}
              end={!path}
              aria-current={active === path ? "page" : undefined}
              className={`-mb-px border-b-2 px-3 py-2 text-sm ${active === path ? "border-primary font-semibold text-primary" : "border-transparent text-slate-700 hover:text-slate-900"}`}
            >
              {t(label)}
            </NavLink>
          ))}
      </nav>
    </header>
  );
}
