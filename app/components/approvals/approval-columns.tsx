import type { ApprovalRow } from "../../../contract/schemas/approvals";
import type { DataColumn } from "~/components/content/data-table";
import { ProgressBadge } from "~/components/content/progress-badge";
import { formatInstant } from "~/lms/format";
import { withParam } from "~/lms/list-query";
import { dash } from "~/lms/paths";

/**
 * The columns of the approval lists (issue 17 §3): which ones a view shows is the page's choice;
 * each is defined once here. A content's name filters the list to it (a plain link keeping the
 * query); credit and seats say in words when they refuse, never by colour alone.
 */
export type ColumnKit = {
  t: (key: string, values?: Record<string, unknown>) => string;
  lang: string;
  offset: number;
  params: URLSearchParams;
  /** The registry's segment and label key of a content type, by its code. */
  types: { key: string; labelKey: string; segment: string }[];
  /** The id of the form the row's box belongs to, or null: no box. */
  form: string | null;
  /** Every box ticked as the page is drawn (the "tick all on this page" link, without JavaScript). */
  tickAll?: boolean;
};

const name = (r: ApprovalRow) => `${r.account.first_name} ${r.account.last_name}`.trim() || r.account.username;

export function approvalColumns(kit: ColumnKit, keys: readonly string[]): DataColumn<ApprovalRow>[] {
  const { t, lang, offset, params, types } = kit;
  const money = new Intl.NumberFormat(lang === "th" ? "th-TH" : "en-GB", {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  const when = (iso: string | null | undefined) => (iso ? formatInstant("dateTime", lang, iso, offset) : "—");
  const type = (code: string) => types.find((x) => x.key === code);
  const all: Record<string, DataColumn<ApprovalRow>> = {
    select: {
      key: "select",
      label: t("apv_col_select"),
      // Only what the account may decide has a box (docs/decisions/074: a flow's step is its deciders').
      render: (r) =>
        r.can_decide ? (
          <input
            type="checkbox"
            form={kit.form ?? undefined}
            name="enrollment"
            value={r.id}
            defaultChecked={kit.tickAll}
            aria-label={t("apv_select_named", { name: name(r), username: r.account.username, content: r.content.name })}
            className="h-4 w-4"
          />
        ) : null,
    },
    learner: {
      key: "learner",
      label: t("apv_col_learner"),
      sort: "name",
      render: (r) => (
        <>
          <span className="block font-medium text-slate-900">{name(r)}</span>
          <span className="block font-mono text-xs text-slate-600">{r.account.username}</span>
          {r.account.department ? (
            <span className="block text-xs text-slate-600">{r.account.department.name}</span>
          ) : null}
        </>
      ),
    },
    content: {
      key: "content",
      label: t("apv_col_content"),
      sort: "content",
      render: (r) => {
        const ty = type(r.content.type);
        const next = new URLSearchParams(params);
        next.set("content_type", r.content.type);
        const filtered = withParam(next, "content", String(r.content.id));
        return (
          <>
            <a
              href={filtered}
              className="block font-medium text-primary underline"
              aria-label={t("apv_filter_content_named", { content: r.content.name })}
            >
              {r.content.name}
            </a>
            <span className="block text-xs text-slate-600">
              {ty ? t(ty.labelKey) : r.content.type} · <span className="font-mono">{r.content.code}</span>
              {ty ? (
                <>
                  {" · "}
                  <a href={dash(`${ty.segment}/${r.content.id}`)} className="text-primary underline">
                    {t("apv_open_content")}
                  </a>
                </>
              ) : null}
            </span>
          </>
        );
      },
    },
    enrolled: {
      key: "enrolled",
      label: t("apv_col_enrolled"),
      sort: "datetime_enroll",
      render: (r) => when(r.datetime_enroll),
    },
    status: { key: "status", label: t("apv_col_status"), render: (r) => <ProgressBadge status={r.status} /> },
    credit: {
      key: "credit",
      label: t("apv_col_credit"),
      render: (r) =>
        r.cost === 0 ? (
          <span className="text-xs text-slate-600">{t("apv_free")}</span>
        ) : (
          <>
            <span className="block">{t("apv_cost", { cost: money.format(r.cost) })}</span>
            <span className="block text-xs text-slate-600">
              {t("apv_balance", { balance: money.format(r.balance) })}
            </span>
            {r.enough_credit ? null : (
              <span className="mt-0.5 inline-block rounded border border-red-300 bg-red-50 px-1.5 text-xs font-medium text-red-800">
                {t("apv_not_enough_credit")}
              </span>
            )}
          </>
        ),
    },
    seats: {
      key: "seats",
      label: t("apv_col_seats"),
      render: (r) =>
        r.seats ? (
          <>
            <span className="block">{t("apv_seats", { taken: r.seats.taken, capacity: r.seats.capacity })}</span>
            {r.seats.taken >= r.seats.capacity ? (
              <span className="block text-xs text-amber-800">
                {t(r.seats.when_full === "closed" ? "apv_full_closed" : "apv_full_waiting")}
              </span>
            ) : null}
          </>
        ) : (
          <span className="text-xs text-slate-600">{t("apv_no_limit")}</span>
        ),
    },
    decided_by: {
      key: "decided_by",
      label: t("apv_col_decided_by"),
      render: (r) =>
        !r.decision ? (
          "—"
        ) : r.decision.by ? (
          <>
            <span className="block">{`${r.decision.by.first_name} ${r.decision.by.last_name}`.trim()}</span>
            <span className="block font-mono text-xs text-slate-600">{r.decision.by.username}</span>
          </>
        ) : (
          <span className="text-xs text-slate-600">
            {t(r.decision.reason === "enrollment_closed" ? "apv_by_period" : "apv_by_unknown")}
          </span>
        ),
    },
    decided: {
      key: "decided",
      label: t("apv_col_decided"),
      sort: "datetime_decide",
      render: (r) => when(r.decision?.datetime),
    },
    // Who decides: an administrator, or the flow's step and its deciders, with the request's page (its answers, its history).
    flow: {
      key: "flow",
      label: t("apv_col_flow"),
      render: (r) =>
        r.flow ? (
          <>
            <span className="block">
              {t("apv_flow_step", { name: r.flow.name, step: r.flow.step, count: r.flow.count_step })}
            </span>
            {r.flow.waiting_for.length ? (
              <span className="block text-xs text-slate-600">
                {t("apv_flow_waiting_for", { names: r.flow.waiting_for.map((p) => p.name).join(", ") })}
              </span>
            ) : null}
            <a
              href={dash(`enrollment/request/${r.flow.request}`)}
              className="text-xs text-primary underline"
              aria-label={t("apv_open_request_named", { name: name(r), content: r.content.name })}
            >
              {t(r.can_decide ? "apv_open_request_decide" : "apv_open_request")}
            </a>
          </>
        ) : (
          <span className="text-xs text-slate-600">{t("apv_by_administrator")}</span>
        ),
    },
    reason: {
      key: "reason",
      label: t("apv_col_reason"),
      render: (r) =>
        r.decision ? (
          <>
            <span className="block">{t(`apv_reason_${r.decision.reason}`)}</span>
            {r.decision.note ? (
              <span className="block whitespace-pre-line text-xs text-slate-700">{r.decision.note}</span>
            ) : null}
          </>
        ) : (
          "—"
        ),
    },
  };
  return keys.map((k) => all[k]);
}
