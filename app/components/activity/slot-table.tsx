import { useTranslation } from "~/i18n/react";
import type { ChecklistRow, SlotRow, VerifyViewType } from "../../../contract/schemas/activity";
import { SLOT_WAITING } from "../../../contract/activity-codes";
import { DataTable } from "~/components/content/data-table";
import { ProgressBadge } from "~/components/content/progress-badge";
import { formatInstant } from "~/lms/format";
import { verifyHref } from "./links";

/** A slot's score against its checklist's full score, or a dash. */
export const scoreText = (score: number | null, full: number) => (score === null ? "—" : `${score} / ${full}`);

/**
 * Learners' slots of one checklist (for users with the progress flag): the learner, the slot's status as a labelled badge, score,
 * check-in, submission and verification; a waiting slot links to the verify page within `view`
 * (labelled Verify when the user may verify it), any other slot to the same page to read.
 */
export function SlotTable({
  rows,
  checklist,
  base,
  offset,
  caption,
  view = "waiting",
  empty,
}: {
  rows: SlotRow[];
  checklist: ChecklistRow;
  base: string;
  offset: number;
  caption: string;
  view?: VerifyViewType;
  empty?: string;
}) {
  const { t, i18n } = useTranslation();
  const when = (iso: string | null) => (iso ? formatInstant("dateTime", i18n.language, iso, offset) : "—");
  const waiting = (s: SlotRow) => SLOT_WAITING.includes(s.status);
  // Verify: a waiting slot this user may verify (the API says so); any other opens to be read.
  const verify = (s: SlotRow) => waiting(s) && s.can_verify;
  return (
    <DataTable
      caption={caption}
      empty={empty ?? t("enr_no_learners")}
      rows={rows.map((slot) => ({ id: slot.enrollment_id, slot }))}
      columns={[
        {
          key: "learner",
          label: t("enr_col_name"),
          render: ({ slot: s }) => (
            <>
              <span className="block font-medium text-slate-900">{s.account.name}</span>
              <span className="block font-mono text-xs text-slate-600">{s.account.username}</span>
            </>
          ),
        },
        { key: "status", label: t("enr_col_status"), render: ({ slot: s }) => <ProgressBadge status={s.status} /> },
        {
          key: "score",
          label: t("act_col_slot_score"),
          className: "whitespace-nowrap",
          render: ({ slot: s }) => scoreText(s.score, checklist.full_score),
        },
        { key: "checkin", label: t("act_col_checked_in"), render: ({ slot: s }) => when(s.datetime_checkin) },
        { key: "submit", label: t("act_col_submitted"), render: ({ slot: s }) => when(s.datetime_submit) },
        {
          key: "verified",
          label: t("act_col_verified_by"),
          render: ({ slot: s }) =>
            s.verified_by ? (
              <>
                <span className="block">{s.verified_by.name}</span>
                <span className="block text-xs text-slate-600">{when(s.datetime_verify)}</span>
              </>
            ) : (
              "—"
            ),
        },
        {
          key: "open",
          label: t("actions"),
          className: "whitespace-nowrap text-right",
          render: ({ slot: s }) =>
            s.id === null ? null : (
              <a
                href={verifyHref(base, checklist.id, s.id, waiting(s) ? view : "all")}
                aria-label={t(verify(s) ? "act_verify_named" : "act_open_slot_named", { name: s.account.name })}
                className={verify(s) ? "font-medium text-primary hover:underline" : "text-slate-700 hover:underline"}
              >
                {t(verify(s) ? "act_verify" : "act_open_slot")}
              </a>
            ),
        },
      ]}
    />
  );
}
