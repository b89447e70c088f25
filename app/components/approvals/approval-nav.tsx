import { dash } from "~/lms/paths";

const TABS = ["waiting", "approved", "rejected"] as const;

/** The approval pages' tab bar (spec 000 §2.10 "/enrollment with approved, rejected, waiting"): plain links, the current one marked. */
export function ApprovalNav({ view, t }: { view: string; t: (key: string) => string }) {
  return (
    <nav aria-label={t("apv_tabs")} className="mb-4 flex gap-1 border-b border-slate-200 text-sm">
      {TABS.map((tab) => (
        <a
          key={tab}
          href={dash(`enrollment/${tab}`)}
          aria-current={view === tab ? "page" : undefined}
          className={`-mb-px border-b-2 px-3 py-2 ${view === tab ? "border-primary font-semibold text-slate-900" : "border-transparent text-slate-700 hover:text-slate-900"}`}
        >
          {t(`apv_tab_${tab}`)}
        </a>
      ))}
    </nav>
  );
}
