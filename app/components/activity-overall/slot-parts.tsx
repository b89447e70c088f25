import { useTranslation } from "~/i18n/react";
import type { Paged } from "../../../contract/http";
import { PagedTable } from "~/components/checkin/checkin-parts";
import { type DataColumn } from "~/components/content/data-table";
import { ProgressBadge } from "~/components/content/progress-badge";
import type { SlotTableRow } from "~/lms/activity-overall.server";
import { formatInstant, numberFormat } from "~/lms/format";
import { LinkRow, type RowLink } from "./link-row";

/**
 * Pieces the activity's overall pages share: the checklist chooser, the empty state of an activity
 * without checklists, the columns of a checklist's learners and their paged table.
 */

type Learner = { account: { username: string; name: string } };
/** `count`: a figure shown after its name (the verify queue's waiting submissions). */
type Choice = { id: number; name: string; href: string; count?: number };

/** The activity's checklists as links, the one shown marked; `all` leads with a link to every checklist. */
export function ChecklistChooser({
  checklists,
  current,
  all,
}: {
  checklists: Choice[];
  current: number | null;
  all?: string;
}) {
  const { t, i18n } = useTranslation();
  const fmt = numberFormat(i18n.language);
  const label = (c: Choice) =>
    c.count === undefined ? c.name : t("acto_label_count", { label: c.name, n: fmt.format(c.count) });
  const links: RowLink[] = checklists.map((c) => ({
    key: c.id,
    href: c.href,
    label: label(c),
    current: c.id === current,
  }));
  if (all) links.unshift({ key: "all", href: all, label: t("acto_all_checklists"), current: current === null });
  return <LinkRow label={t("acto_checklists")} links={links} />;
}

/** What an activity without checklists shows instead of a table, with the way to add one. */
export function NoChecklists({ href }: { href: string }) {
  const { t } = useTranslation();
  return (
    <p className="rounded border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
      {t("acto_no_checklists")}{" "}
      <a href={href} className="text-primary underline">
        {t("acto_add_checklist")}
      </a>
    </p>
  );
}

/** A learner's name over their username. */
export function LearnerCell({ row }: { row: Learner }) {
  return (
    <>
      <span className="block font-medium text-slate-900">{row.account.name}</span>
      <span className="block font-mono text-xs text-slate-600">{row.account.username}</span>
    </>
  );
}

/** An instant (or "—") in the organisation's zone, for the page's language. */
export function useWhen(offset: number) {
  const { i18n } = useTranslation();
  return (iso: string | null) =>
    iso ? <time dateTime={iso}>{formatInstant("dateTime", i18n.language, iso, offset)}</time> : "—";
}

/** The page's heading with the checklist shown. */
export function OverallHeading({ id, title, sub }: { id: string; title: string; sub?: string | null }) {
  return (
    <h2 id={id} className="mb-3 text-lg font-semibold">
      {title}
      {sub ? <span className="ml-2 font-normal text-slate-600">› {sub}</span> : null}
    </h2>
  );
}

/**
 * The columns every table of a checklist's learners may show (the name, the slot's status, when
 * it was submitted, the way to its verify page under `verifyBase`) and `when`, an instant in the
 * organisation's zone, for the page's own columns.
 */
export function useSlotColumns(offset: number, verifyBase = "") {
  const { t } = useTranslation();
  const when = useWhen(offset);
  type Column = DataColumn<SlotTableRow>;
  const name: Column = { key: "name", label: t("enr_col_name"), sort: "name", render: (r) => <LearnerCell row={r} /> };
  const status: Column = {
    key: "status",
    label: t("enr_col_status"),
    sort: "status",
    render: (r) => <ProgressBadge status={r.status} />,
  };
  const submitted: Column = {
    key: "submitted",
    label: t("acto_col_submitted"),
    sort: "datetime_submit",
    render: (r) => when(r.datetime_submit),
  };
  /** A waiting slot the user may verify links to its page; others show `otherwise`. */
  const verify = (className: string, otherwise: (r: SlotTableRow) => React.ReactNode): Column => ({
    key: "verify",
    label: t("acto_col_verify"),
    render: (r) =>
      r.status === 22 && r.slotId !== null && r.can_verify ? (
        <a
          href={`${verifyBase}/${r.slotId}/verify`}
          aria-label={t("acto_verify_named", { name: r.account.name })}
          className={className}
        >
          {t("acto_verify")}
        </a>
      ) : (
        otherwise(r)
      ),
  });
  return { when, name, status, submitted, verify };
}

/** One page of a checklist's learners: the check-in screens' paged table (app/components/checkin). */
export function SlotTable(props: {
  list: Paged<SlotTableRow>;
  badQuery: boolean;
  columns: DataColumn<SlotTableRow>[];
  caption: string;
  empty: string;
}) {
  return <PagedTable {...props} />;
}
