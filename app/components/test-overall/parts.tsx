import { useTranslation } from "~/i18n/react";
import type { AttemptRow, SlotRow, VerifyView } from "../../../contract/schemas/test-attempt";
import { DataTable, type DataColumn } from "~/components/content/data-table";
import { ProgressBadge } from "~/components/content/progress-badge";
import { formatInstant, numberFormat } from "~/lms/format";

/**
 * The pieces a test's log tab and overall pages share (docs/decisions/065): the page heading,
 * the attempts table, what an attempt waits for, the sections chooser and the verify page's links.
 */

/** Where the verify page of a slot (and of a question, in a view) is. */
export const verifyHref = (base: string, slotId?: number | null, questionId?: number | null, view?: VerifyView) =>
  `${base}/overall/slot${slotId ? `/${slotId}/verify${questionId ? `/${questionId}${view && view !== "waiting" ? `/${view}` : ""}` : ""}` : "/verify"}`;

export function PageHeading({
  id,
  title,
  sub,
  back,
}: {
  id: string;
  title: string;
  sub?: string | null;
  back?: { href: string; label: string };
}) {
  return (
    <div className="mb-3">
      {back ? (
        <a href={back.href} className="text-sm text-primary hover:underline">
          ‹ {back.label}
        </a>
      ) : null}
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
        {sub ? <span className="font-normal text-slate-600"> · {sub}</span> : null}
      </h2>
    </div>
  );
}

/** An attempt's status as a labelled badge, with what it waits for when it waits. */
export function AttemptStatus({ row }: { row: Pick<AttemptRow, "status" | "stage"> }) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <ProgressBadge status={row.status} />
      {row.stage === "verify" || row.stage === "approval" ? (
        <span className="text-xs text-slate-600">{t(`tsto_stage_${row.stage}`)}</span>
      ) : null}
    </span>
  );
}

export const scoreOf = (score: number | null, full: number) => `${score ?? "—"} / ${full}`;

/** The attempts table: learner, attempt number, status, score, submitted; each row links to `href(row)`. */
export function AttemptTable({
  rows,
  offset,
  href,
  caption,
  empty,
}: {
  rows: AttemptRow[];
  offset: number;
  href: (r: AttemptRow) => string;
  caption: string;
  empty: string;
}) {
  const { t, i18n } = useTranslation();
  const when = (iso: string | null) => (iso ? formatInstant("dateTime", i18n.language, iso, offset) : "—");
  const columns: DataColumn<AttemptRow>[] = [
    {
      key: "learner",
      label: t("tsto_col_learner"),
      render: (r) => (
        <a href={href(r)} className="font-medium text-primary hover:underline">
          {r.account?.name || r.account?.username || "—"}
        </a>
      ),
    },
    { key: "number", label: t("tsto_col_attempt"), className: "text-right tabular-nums", render: (r) => r.number },
    { key: "status", label: t("tsto_col_status"), render: (r) => <AttemptStatus row={r} /> },
    {
      key: "score",
      label: t("tsto_col_score"),
      className: "tabular-nums",
      render: (r) => scoreOf(r.score, r.full_score),
    },
    { key: "waiting", label: t("tsto_col_waiting"), className: "text-right tabular-nums", render: (r) => r.waiting },
    { key: "submit", label: t("tsto_col_submitted"), render: (r) => when(r.datetime_submit) },
  ];
  return <DataTable columns={columns} rows={rows} caption={caption} empty={empty} />;
}

/** The test's sections as links (`href`), with `figure` beside each; none: a hint to add one. */
export function SlotChooser({
  slots,
  href,
  figure,
  caption,
}: {
  slots: SlotRow[];
  href: (s: SlotRow) => string;
  figure: { label: string; value: (s: SlotRow) => number | string };
  caption: string;
}) {
  const { t, i18n } = useTranslation();
  const fmt = numberFormat(i18n.language);
  return (
    <DataTable
      caption={caption}
      rows={slots}
      empty={t("tsto_no_sections")}
      columns={[
        {
          key: "name",
          label: t("tsto_col_section"),
          render: (s) => (
            <a href={href(s)} className="font-medium text-primary hover:underline">
              {s.name}
            </a>
          ),
        },
        {
          key: "figure",
          label: figure.label,
          className: "text-right tabular-nums",
          render: (s) =>
            typeof figure.value(s) === "number" ? fmt.format(figure.value(s) as number) : figure.value(s),
        },
      ]}
    />
  );
}
