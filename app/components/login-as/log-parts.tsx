import { useTranslation } from "~/i18n/react";
import type { AccountRef } from "../../../contract/schemas/user";
import type { LoginAsLogRow } from "../../../contract/schemas/login-as";

/**
 * Pieces of the login-as log (docs/decisions/033) shared by its list and its entry page: an
 * account as the log names it, how an acting stands or ended (a labelled badge, never colour
 * alone), and how long it lasted.
 */

/** A user's name as the login-as pages, the banner and the toasts say it; the username when it has none. */
export const personName = (p: { first_name: string; last_name: string; username?: string }) =>
  `${p.first_name} ${p.last_name}`.trim() || (p.username ?? "");

/** A person of the log: the name, with the username beneath for telling namesakes apart. */
export function LogAccount({ account }: { account: AccountRef }) {
  const name = personName({ first_name: account.first_name, last_name: account.last_name });
  return (
    <span className="flex flex-col">
      <span>{name || account.username}</span>
      <span className="font-mono text-xs text-slate-600">{account.username}</span>
    </span>
  );
}

const TONES: Record<string, string> = {
  active: "border-amber-400 bg-amber-50 text-amber-900",
  leave: "border-emerald-300 bg-emerald-50 text-emerald-900",
  expired: "border-slate-300 bg-slate-50 text-slate-800",
};

/** Still acting, or how it ended. */
export function LogStatus({ row }: { row: Pick<LoginAsLogRow, "is_active" | "end_reason"> }) {
  const { t } = useTranslation();
  const key = row.is_active ? "active" : (row.end_reason ?? "expired");
  return (
    <span
      className={`inline-block rounded border px-2 py-0.5 text-xs font-medium ${TONES[key] ?? "border-slate-300 bg-white text-slate-800"}`}
    >
      {t(`loginas_status_${key}`)}
    </span>
  );
}

/** How long it lasted, once known: seconds under a minute, else whole minutes. */
export function useLasted() {
  const { t } = useTranslation();
  return (seconds: number | null) => {
    if (seconds === null) return "—";
    return seconds < 60
      ? t("loginas_seconds_n", { n: seconds })
      : t("loginas_minutes_n", { n: Math.round(seconds / 60) });
  };
}
