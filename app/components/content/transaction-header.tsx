import { NavLink } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { FactList } from "~/components/content/fact-list";
import type { Transaction } from "../../../contract/schemas/identification";
import { IdentificationBadge } from "~/components/content/identification-parts";
import { formatInstant } from "~/lms/format";

export type TransactionHeaderData = {
  tx: Transaction;
  offset: number;
  item: string;
  list: string;
  base: string;
  progress: string | null;
};

/**
 * The top of every identification transaction page (docs/decisions/021): whose session it was,
 * its method, result, times and lock, the way back to the list, and the links between the
 * transaction, the curriculum it opened and the learner's progress record (plain links).
 */
export function TransactionHeader({ data: d }: { data: TransactionHeaderData }) {
  const { t, i18n } = useTranslation();
  const when = (iso: string | null, none: string) =>
    iso ? <time dateTime={iso}>{formatInstant("dateTime", i18n.language, iso, d.offset)}</time> : t(none);
  const facts: [string, React.ReactNode][] = [
    ["idt_field_learner", `${d.tx.account.name} (${d.tx.account.username})`],
    ["ext_col_method", t(`ext_method_${d.tx.method}`)],
    ["ext_col_result", <IdentificationBadge key="r" status={d.tx.status} />],
    ["idt_col_started", when(d.tx.datetime_start, "")],
    ["idt_field_ended", when(d.tx.datetime_end, "idt_not_ended")],
    ["idt_col_lock", when(d.tx.datetime_lock_until, "idt_not_locked")],
  ];
  const pages = [
    { href: d.base, label: t("idt_transaction") },
    { href: `${d.base}/curriculum`, label: t("idt_curriculum") },
    ...(d.progress ? [{ href: d.progress, label: t("idt_progress") }] : []),
  ];
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="transaction-title" className="text-lg font-semibold text-slate-900">
          {t("idt_transaction_named", { name: d.tx.account.name })}
        </h2>
        <a href={d.list} className="ml-auto text-sm text-primary underline">
          {t("idt_back")}
        </a>
      </div>
      <FactList facts={facts} />
      <nav aria-label={t("idt_nav")} className="flex gap-2 text-sm">
        {pages.map((p) => (
          <NavLink
            key={p.href}
            to={p.href}
            end
            className={({ isActive }) =>
              `rounded px-2 py-1 ${isActive ? "bg-slate-200 font-medium text-slate-900" : "text-slate-600 hover:bg-slate-100"}`
            }
          >
            {p.label}
          </NavLink>
        ))}
      </nav>
    </div>
  );
}
