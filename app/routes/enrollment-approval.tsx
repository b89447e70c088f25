import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { DataTable } from "~/components/content/data-table";
import { Pager } from "~/components/content/pager";
import { QueryFilters } from "~/components/content/query-filters";
import { CsrfInput } from "~/components/forms";
import { PRIMARY_BUTTON } from "~/components/form-basics";
import { useSubmitting } from "~/components/use-submitting";
import { ApprovalNav } from "~/components/approvals/approval-nav";
import { approvalColumns } from "~/components/approvals/approval-columns";
import { CloseEnrollment } from "~/components/approvals/close-enrollment";
import { DecisionResults } from "~/components/approvals/decision-results";
import { APPROVAL_TYPES } from "~/components/approvals/content-types";
import { ExportLinks } from "~/components/content/export-links";
import { SelectAll } from "~/components/select-all";
import { dash } from "~/lms/paths";
import { SCREEN_OF, approvalAction, approvalLoader, type ActionData, type ApprovalView } from "~/lms/approval.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["approvals", "enrollment", "content"] };

/**
 * Enrollment approvals (spec 000 §2.10 "/enrollment with approved, rejected, waiting;
 * /enrollmentOld"; issue 17 §3, docs/decisions/054, 074). One module for the four screens: the view
 * comes from the path. Waiting: the enrolments an administrator approves and those waiting in
 * their content's approval flow (its step, its deciders, its request page); tick the ones the
 * account may decide — all on the page at once — and approve them (several → a confirmation
 * page) or reject them (always the confirmation page, which asks the reason), each row with the
 * content's cost, the learner's credit and the seats; filtered to one content, its enrollment can
 * be closed. Approved / rejected: who decided, when and why; a rejection can be cancelled. Each
 * list exports as xlsx or csv. The old page is the single list with a status filter. A flow's
 * deciders without the enrollment flags see the enrolments at their steps. Plain forms and links:
 * works without JavaScript.
 */
function viewOf(request: Request): ApprovalView {
  const path = new URL(request.url).pathname.replace(/\/$/, "");
  if (path.endsWith("/enrollmentOld")) return "all";
  if (path.endsWith("/approved")) return "approved";
  if (path.endsWith("/rejected")) return "rejected";
  return "waiting";
}
const screenOf = (request: Request) => {
  const view = viewOf(request);
  return view === "waiting" && new URL(request.url).pathname.replace(/\/$/, "").endsWith("/waiting")
    ? "enrollment-waiting-tab"
    : SCREEN_OF[view];
};

export const loader = (args: LoaderFunctionArgs) => approvalLoader(args, viewOf(args.request), screenOf(args.request));
export const action = (args: ActionFunctionArgs) => approvalAction(args, screenOf(args.request));

const COLUMNS: Record<ApprovalView, string[]> = {
  waiting: ["select", "learner", "content", "enrolled", "flow", "credit", "seats"],
  approved: ["learner", "content", "status", "decided_by", "decided", "reason", "credit"],
  rejected: ["select", "learner", "content", "decided_by", "decided", "reason"],
  all: ["select", "learner", "content", "status", "enrolled", "credit", "decided_by", "decided"],
};
/** The query keys an export carries (the list's own, never its page). */
const EXPORT_KEYS = ["search", "ordering", "content_type", "content", "department", "state"];

export default function EnrollmentApproval() {
  const d = useLoaderData<typeof loader>();
  const result = useActionData<ActionData>();
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const busy = useSubmitting();
  const view = d.view as ApprovalView;
  // Cancelling a rejection is the administrator's; the rest each row says (can_decide).
  const decides = d.canDecide && view !== "approved" && (view !== "rejected" || d.admin);
  const keys = COLUMNS[view].filter((k) => k !== "select" || decides);
  const columns = approvalColumns(
    {
      t,
      lang: i18n.language,
      offset: d.offset,
      params,
      types: APPROVAL_TYPES,
      form: "decide-form",
      tickAll: d.tickAll,
    },
    keys,
  );
  const exportState = view === "all" ? (params.get("state") ?? "any") : view;
  const names = new Map(
    d.list.results.map((r) => [r.id, `${r.account.first_name} ${r.account.last_name} · ${r.content.name}`]),
  );
  const filteredContent =
    params.get("content") && params.get("content_type") ? (d.list.results[0]?.content ?? null) : null;
  const selects = [
    {
      name: "content_type",
      label: t("apv_filter_type"),
      options: APPROVAL_TYPES.map((x) => ({ value: x.key, label: t(x.labelKey) })),
    },
    { name: "department", label: t("apv_filter_department"), options: d.departments },
    ...(view === "all"
      ? [
          {
            name: "state",
            label: t("apv_filter_state"),
            options: ["waiting", "approved", "rejected"].map((s) => ({ value: s, label: t(`apv_tab_${s}`) })),
          },
        ]
      : []),
  ];
  return (
    <div className="space-y-2">
      <header className="mb-3 space-y-1">
        <h1 className="text-2xl font-semibold">{t(`apv_title_${view}`)}</h1>
        <p className="max-w-3xl text-sm text-slate-700">{t(`apv_intro_${view}`)}</p>
      </header>
      {view === "all" ? null : <ApprovalNav view={view} t={t} />}
      <QueryFilters
        selects={selects}
        keep={["content", "ordering"]}
        placeholder={t("apv_search_placeholder")}
        id="approval-filters"
      />
      {filteredContent ? (
        <p className="text-sm">
          {t("apv_filtered_to", { content: filteredContent.name })}{" "}
          <a
            href={`?${new URLSearchParams([...params].filter(([k]) => k !== "content" && k !== "page"))}`}
            className="text-primary underline"
          >
            {t("apv_filter_clear_content")}
          </a>
        </p>
      ) : null}
      {view === "waiting" && d.canDecide && filteredContent ? (
        <CloseEnrollment content={filteredContent} busy={busy} t={t} />
      ) : null}
      {result?.error ? (
        <p role="alert" className="rounded border border-red-300 bg-red-50 p-2 text-sm text-red-800">
          {t(result.error)}
        </p>
      ) : null}
      <DecisionResults result={result?.decision ?? null} names={names} t={t} />
      {d.canExport && d.list.results.length ? (
        <ExportLinks href={dash("enrollment/export")} keys={EXPORT_KEYS} extra={{ state: exportState }} />
      ) : null}
      {d.badQuery ? (
        <p className="text-sm text-red-700" role="alert">
          {t("invalid")}
        </p>
      ) : null}
      {decides ? (
        <form
          id="decide-form"
          method="post"
          className="flex flex-wrap items-center gap-2 rounded border border-slate-200 bg-white p-3"
        >
          <CsrfInput />
          <SelectAll name="enrollment" form="decide-form" ticked={d.tickAll} />
          <span className="text-sm text-slate-700">{t("apv_with_ticked")}</span>
          {view === "rejected" ? null : (
            <>
              <button type="submit" name="intent" value="approve" disabled={busy} className={PRIMARY_BUTTON}>
                {t("apv_approve_selected")}
              </button>
              <button
                type="submit"
                name="intent"
                value="reject"
                disabled={busy}
                className="rounded border border-red-300 bg-white px-4 py-2 text-sm text-red-800 hover:bg-red-50 disabled:opacity-60"
              >
                {t("apv_reject_selected")}
              </button>
            </>
          )}
          {(view === "rejected" || view === "all") && d.admin ? (
            <button
              type="submit"
              name="intent"
              value="cancel-reject"
              disabled={busy}
              className="rounded border border-slate-300 bg-white px-4 py-2 text-sm hover:bg-slate-50 disabled:opacity-60"
            >
              {t("apv_cancel_reject_selected")}
            </button>
          ) : null}
          <p className="basis-full text-xs text-slate-600">
            {t(view === "rejected" ? "apv_hint_rejected" : "apv_hint_waiting")}
          </p>
        </form>
      ) : null}
      <DataTable
        columns={columns}
        rows={d.list.results}
        caption={t(`apv_title_${view}`)}
        empty={t(`apv_empty_${view}`)}
      />
      <Pager count={d.list.count} page={d.list.page} pageSize={d.list.page_size} />
    </div>
  );
}
