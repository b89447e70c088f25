import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { Paged } from "../../contract/http";
import { MAX_DECISION_IDS, isDecisionAction } from "../../contract/approval-codes";
import type { ApprovalRow } from "../../contract/schemas/approvals";
import { DataTable } from "~/components/content/data-table";
import { CsrfInput, TextareaField } from "~/components/forms";
import { PRIMARY_BUTTON } from "~/components/form-basics";
import { useSubmitting } from "~/components/use-submitting";
import { approvalColumns } from "~/components/approvals/approval-columns";
import { DecisionResults } from "~/components/approvals/decision-results";
import { requireScreen } from "~/lms/auth.server";
import { requireCsrf } from "~/lms/csrf.server";
import { zoneOffset } from "~/lms/enrollment.server";
import { readForm } from "~/lms/read-form.server";
import { invariantResponse } from "~/lms/invariant";
import { APPROVAL_TYPES } from "~/components/approvals/content-types";
import { API, safeBack, sendDecision, ticked, type ActionData } from "~/lms/approval.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["approvals", "enrollment", "content"] };

/**
 * The confirmation of a decision on several enrolments, and of every rejection (issue 17 §3,
 * issue 33 item 12): `?decision=approve|reject` and the ticked `enrollment`s. It lists them as
 * they are now (still waiting ones only), with each learner's credit against the content's cost,
 * and says what approving does; a rejection asks its reason, which the learners are shown.
 * Confirming sends the one call, and refused rows are listed with why. Nothing ticked: says so.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireScreen({ request }, "enrollment-confirm");
  const url = new URL(request.url);
  const decision = url.searchParams.get("decision") ?? "";
  const ids = url.searchParams
    .getAll("enrollment")
    .filter((v) => /^\d{1,12}$/.test(v))
    .slice(0, MAX_DECISION_IDS);
  const back = safeBack(url.searchParams.get("back"));
  const known = decision === "approve" || decision === "reject";
  const rows =
    known && ids.length
      ? (
          await api.get<Paged<ApprovalRow>>(API, {
            query: { state: "waiting", id_list: ids.join(","), page_size: MAX_DECISION_IDS },
          })
        ).data.results
      : [];
  return data(
    { decision: known ? decision : null, rows, back, offset: await zoneOffset() },
    { headers: api.headers() },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const { api } = await requireScreen({ request }, "enrollment-confirm");
  const { form, refusal } = await readForm(request);
  if (!form) return data<ActionData>({ error: refusal.message }, { status: refusal.status });
  await requireCsrf(api, form);
  invariantResponse(String(form.get("intent") ?? "") === "confirm", "Bad Request");
  const decision = String(form.get("decision") ?? "");
  invariantResponse(isDecisionAction(decision) && decision !== "cancel-reject", "Bad Request");
  return sendDecision(
    api,
    decision,
    ticked(form),
    safeBack(String(form.get("back") ?? "")),
    String(form.get("note") ?? ""),
  );
}

export default function ConfirmDecision() {
  const d = useLoaderData<typeof loader>();
  const result = useActionData<ActionData>();
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const busy = useSubmitting();
  const approving = d.decision === "approve";
  const columns = approvalColumns(
    { t, lang: i18n.language, offset: d.offset, params, types: APPROVAL_TYPES, form: null },
    ["learner", "content", "enrolled", ...(approving ? ["credit", "seats"] : [])],
  );
  const short = d.rows.filter((r) => !r.enough_credit).length;
  const names = new Map(
    d.rows.map((r) => [r.id, `${r.account.first_name} ${r.account.last_name} · ${r.content.name}`]),
  );
  return (
    <div className="space-y-4">
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold">
          {t(approving ? "apv_confirm_approve_title" : d.decision ? "apv_confirm_reject_title" : "apv_confirm_title")}
        </h1>
        {d.decision ? (
          <p className="max-w-3xl text-sm text-slate-700">
            {t(approving ? "apv_confirm_approve_intro" : "apv_confirm_reject_intro", { count: d.rows.length })}
          </p>
        ) : null}
      </header>
      {result?.error ? (
        <p role="alert" className="rounded border border-red-300 bg-red-50 p-2 text-sm text-red-800">
          {t(result.error)}
        </p>
      ) : null}
      <DecisionResults result={result?.decision ?? null} names={names} t={t} />
      {approving && short ? (
        <p className="text-sm text-red-800">{t("apv_confirm_short_credit", { count: short })}</p>
      ) : null}
      <DataTable columns={columns} rows={d.rows} caption={t("apv_confirm_title")} empty={t("apv_confirm_nothing")} />
      {d.decision && d.rows.length && !result?.decision ? (
        <form method="post" className="flex flex-wrap items-center gap-3">
          <CsrfInput />
          <input type="hidden" name="decision" value={d.decision} />
          <input type="hidden" name="back" value={d.back} />
          {d.rows.map((r) => (
            <input key={r.id} type="hidden" name="enrollment" value={r.id} />
          ))}
          {approving ? null : (
            <TextareaField
              id="reject-reason"
              name="note"
              className="basis-full"
              label={t("apv_field_reason")}
              help={t("apv_help_reason")}
              requiredMark
              errors={result?.noteError ? [t(result.noteError)] : undefined}
              textareaProps={{ rows: 3 }}
            />
          )}
          <button type="submit" name="intent" value="confirm" disabled={busy} className={PRIMARY_BUTTON}>
            {t(approving ? "apv_confirm_approve" : "apv_confirm_reject", { count: d.rows.length })}
          </button>
          <a href={d.back} className="text-sm text-primary underline">
            {t("apv_confirm_cancel")}
          </a>
        </form>
      ) : (
        <a href={d.back} className="text-sm text-primary underline">
          {t("apv_back_to_list")}
        </a>
      )}
    </div>
  );
}
