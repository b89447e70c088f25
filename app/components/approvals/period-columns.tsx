import type { PeriodRow } from "../../../contract/schemas/enrollment-period";
import type { DataColumn } from "~/components/content/data-table";
import { ProgressBadge } from "~/components/content/progress-badge";
import { formatInstant } from "~/lms/format";
import { dash } from "~/lms/paths";
import { CONTENT_TYPES } from "~/registry/content.js";

/**
 * The columns of the period's list (docs/decisions/086). A content's name opens where its learners
 * are: its overall learner page, else its overall landing page, else the item — whichever the
 * registry builds for its type (so the link is a page that exists).
 */
export function learnersHref(type: string, id: number): string | null {
  const t = CONTENT_TYPES.find((x) => x.key === type);
  if (!t) return null;
  if ((t.overall ?? []).some((o) => o.id === "learner")) return dash(`${t.segment}/${id}/overall/learner`);
  if (t.overallIndex) return dash(`${t.segment}/${id}/overall`);
  return dash(`${t.segment}/${id}`);
}

const typeLabel = (type: string) => CONTENT_TYPES.find((x) => x.key === type)?.labelKey ?? null;
const fullName = (r: PeriodRow) => `${r.account.first_name} ${r.account.last_name}`.trim() || r.account.username;

export function periodColumns(
  t: (key: string, values?: Record<string, unknown>) => string,
  lang: string,
  offset: number,
): DataColumn<PeriodRow>[] {
  const when = (iso: string | null) => (iso ? formatInstant("dateTime", lang, iso, offset) : "—");
  return [
    {
      key: "learner",
      label: t("apv_col_learner"),
      sort: "name",
      render: (r) => (
        <>
          <span className="block font-medium text-slate-900">{fullName(r)}</span>
          <span className="block font-mono text-xs text-slate-600">{r.account.username}</span>
        </>
      ),
    },
    {
      key: "content",
      label: t("apv_col_content"),
      sort: "content",
      render: (r) => {
        const href = learnersHref(r.content.type, r.content.id);
        return (
          <>
            {href ? (
              <a
                href={href}
                className="block font-medium text-primary underline"
                aria-label={t("prd_open_learners_named", { content: r.content.name })}
              >
                {r.content.name}
              </a>
            ) : (
              <span className="block font-medium">{r.content.name}</span>
            )}
            <span className="block font-mono text-xs text-slate-600">{r.content.code}</span>
          </>
        );
      },
    },
    {
      key: "type",
      label: t("prd_col_type"),
      render: (r) => (typeLabel(r.content.type) ? t(typeLabel(r.content.type)!) : r.content.type),
    },
    { key: "enrolled", label: t("apv_col_enrolled"), sort: "datetime_enroll", render: (r) => when(r.datetime_enroll) },
    {
      key: "completed",
      label: t("prd_col_completed"),
      sort: "datetime_complete",
      render: (r) => when(r.datetime_complete),
    },
    { key: "status", label: t("apv_col_status"), render: (r) => <ProgressBadge status={r.status} /> },
  ];
}
