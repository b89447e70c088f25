import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { MSG } from "../../contract/messages";
import { DataTable } from "~/components/content/data-table";
import { ConfirmLink, DecisionConfirm, useDeciding } from "~/components/test/confirm-link";
import { Pager } from "~/components/content/pager";
import { AttemptStatus, PageHeading, scoreOf } from "~/components/test-overall/parts";
import { formatInstant } from "~/lms/format";
import { formId } from "~/lms/item-page.server";
import { loadAttempts, testPage, testPost } from "~/lms/test-overall.server";
import { redirectWithToast } from "~/lms/toast.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content", "enrollment", "testOverall"] };

/**
 * Overall › Approval (spec 000 §2.8; docs/decisions/065): the attempts whose every answer is
 * marked and that wait for an administrator (the test's result setting 1, admin approval).
 * Approve: the attempt is decided by its score (passed 30 or failed -5); reject: failed (-5) — the
 * learner may start another attempt if the test's limit allows. A decision moves the learner's
 * progress, so each asks to confirm first (`?approve=` / `?reject=` the attempt;
 * docs/decisions/076), then posts a plain form; change progress (and view) as the API asks.
 */
export async function loader(args: LoaderFunctionArgs) {
  const page = await testPage(args, "progress");
  const { list } = await loadAttempts(page, args.request, { approval: "1" });
  return data({ base: page.base, offset: page.offset, list }, { headers: page.api.headers() });
}

export async function action(args: ActionFunctionArgs) {
  const post = await testPost(args, "progress");
  if (post.refused) return post.refused;
  const { page, form, intent, here } = post;
  if (intent !== "approve" && intent !== "reject") throw new Response("Bad Request", { status: 400 });
  const attemptId = formId(form, "attempt");
  const res = await page.api.post<{ status: number; detail?: string; account?: { name: string } | null }>(
    `${page.apiBase}attempt/${attemptId}/approval/`,
    { decision: intent },
    { accept: [400, 404] },
  );
  const headers = () => page.api.headers();
  if (res.status === 404)
    return redirectWithToast(here, { type: "error", message: MSG.not_found, status: 404 }, { headers: headers() });
  if (res.status === 400)
    return data({ error: res.data.detail ?? MSG.attempt_not_waiting_approval }, { status: 400, headers: headers() });
  const message = res.data.status === 30 ? "tsto_toast_passed" : "tsto_toast_failed";
  return redirectWithToast(
    here,
    { type: "success", message, values: { name: res.data.account?.name ?? "" } },
    { headers: headers() },
  );
}

export default function OverallApproval() {
  const d = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t, i18n } = useTranslation();
  const when = (iso: string | null) => (iso ? formatInstant("dateTime", i18n.language, iso, d.offset) : "—");
  const deciding = useDeciding(d.list.results);
  return (
    <section aria-labelledby="approval-title">
      <PageHeading id="approval-title" title={t("tsto_overall_approval")} />
      <p className="mb-3 text-sm text-slate-600">{t("tsto_approval_intro")}</p>
      {answer && "error" in answer ? (
        <p role="alert" className="mb-3 rounded border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          {t(answer.error)}
        </p>
      ) : null}
      <DataTable
        caption={t("tsto_waiting_approval")}
        rows={d.list.results}
        empty={t("tsto_nothing_waiting_approval")}
        columns={[
          {
            key: "learner",
            label: t("tsto_col_learner"),
            render: (r) => (
              <a href={`${d.base}/log/${r.id}`} className="font-medium text-primary hover:underline">
                {r.account?.name || r.account?.username || "—"}
              </a>
            ),
          },
          {
            key: "number",
            label: t("tsto_col_attempt"),
            className: "text-right tabular-nums",
            render: (r) => r.number,
          },
          { key: "status", label: t("tsto_col_status"), render: (r) => <AttemptStatus row={r} /> },
          {
            key: "score",
            label: t("tsto_col_score"),
            className: "tabular-nums",
            render: (r) => scoreOf(r.score, r.full_score),
          },
          { key: "submitted", label: t("tsto_col_submitted"), render: (r) => when(r.datetime_submit) },
          {
            key: "decide",
            label: t("actions"),
            render: (r) => (
              <span className="flex gap-2">
                <ConfirmLink
                  param="approve"
                  id={r.id}
                  tone="primary"
                  label={t("tsto_approve")}
                  ariaLabel={t("tsto_approve_named", { name: r.account?.name ?? "" })}
                />
                <ConfirmLink
                  param="reject"
                  id={r.id}
                  label={t("tsto_reject")}
                  ariaLabel={t("tsto_reject_named", { name: r.account?.name ?? "" })}
                />
              </span>
            ),
          },
        ]}
      />
      <Pager count={d.list.count} page={d.list.page} pageSize={d.list.page_size} />
      {deciding ? (
        <DecisionConfirm
          prefix="tsto_"
          decision={deciding.decision}
          values={{
            name: deciding.row.account?.name ?? "",
            score: scoreOf(deciding.row.score, deciding.row.full_score),
          }}
          fields={{ attempt: deciding.row.id }}
        />
      ) : null}
    </section>
  );
}
