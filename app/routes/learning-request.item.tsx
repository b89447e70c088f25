import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { DECISION, REQUEST_TYPE } from "../../contract/request-codes";
import type { Form as RequestForm, FormSubmission, LearningRequest } from "../../contract/schemas/requests";
import { DataTable } from "~/components/content/data-table";
import { CsrfInput, ErrorList, TextareaField } from "~/components/forms";
import { PRIMARY_BUTTON } from "~/components/form-basics";
import { FormAnswers } from "~/components/requests/form-answers";
import { kindOfPath } from "~/components/requests/kinds";
import { StatusBadge } from "~/components/requests/request-parts";
import { useDates } from "~/components/use-dates";
import { useSubmitting } from "~/components/use-submitting";
import { requirePermission } from "~/lms/auth.server";
import { requestDecisionAction } from "~/lms/request-pages.server";
import { APPROVAL_TYPES } from "~/components/approvals/content-types";
import { dash } from "~/lms/paths";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["requests", "content", "enrollment"] };

/**
 * One request (spec 000 §2.10 /learning-request/{requestid}, /material-request/{requestid}; an
 * enrolment waiting in its content's approval flow at /enrollment/request/{requestid};
 * docs/decisions/058, 074): what was asked — for an enrolment, the content, the enrolment's status
 * and the enrollment form's answers —, the flow and the step it waits at (whose decision, until
 * when), every decision so far and, once approved, its learning result. The step's deciders —
 * named on it, or the learner's supervisor it asks for, flags or not — approve it here with a
 * note, or go on to the rejection's own page, which asks the reason the learner is shown.
 */
export async function loader(args: LoaderFunctionArgs) {
  const def = kindOfPath(new URL(args.request.url).pathname);
  const { api } = await requirePermission(args, def.flags.view, [def.decides]);
  const id = Number(args.params.requestid);
  const [{ data: request }, answers] = await Promise.all([
    api.get<LearningRequest>(`${def.api}${id}/`),
    // An enrolment's answers are shown here; a learning request's have their own page.
    def.kind === REQUEST_TYPE.enrollment
      ? api
          .get<{ form: RequestForm | null; submission: FormSubmission | null }>(`${def.api}${id}/answer/`)
          .then((r) => r.data)
      : null,
  ]);
  // Where the enrolment's content lives in the dashboard (its registry segment).
  const contentPath = request.content
    ? dash(
        `${APPROVAL_TYPES.find((x) => x.key === request.content!.type)?.segment ?? request.content.type}/${request.content.id}`,
      )
    : null;
  return data({ segment: def.segment, list: def.list, request, answers, contentPath }, { headers: api.headers() });
}

export async function action(args: ActionFunctionArgs) {
  return requestDecisionAction(args);
}

export default function RequestItem() {
  const { segment, list, request: r, answers, contentPath } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t, i18n } = useTranslation();
  const dates = useDates();
  const busy = useSubmitting();
  const learning = segment === "learning-request";
  const money = new Intl.NumberFormat(i18n.language === "th" ? "th-TH" : "en-GB", {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  const own: [string, React.ReactNode][] = r.content
    ? [
        [
          t("req_field_content"),
          <a
            key="c"
            href={contentPath ?? undefined}
            className="text-primary hover:underline"
          >{`${r.content.name} (${r.content.code})`}</a>,
        ],
        [t("req_field_enrollment_status"), r.enrollment ? t(`progress_status_${r.enrollment.status}`) : "—"],
      ]
    : learning
      ? [
          [t("req_field_provider"), r.provider || "—"],
          [t("req_field_dates"), dates.period(r.datetime_start, r.datetime_end)],
          [t("req_field_cost"), r.cost === null ? "—" : money.format(r.cost)],
        ]
      : // A material request: its kind, and the provider and price the learner entered (issue 33).
        [
          [t("req_field_material_type"), r.material_type?.name ?? "—"],
          [t("req_field_provider"), r.provider || "—"],
          [t("req_field_cost"), r.cost === null ? "—" : money.format(r.cost)],
        ];
  const facts: [string, React.ReactNode][] = [
    [t("req_col_learner"), `${r.account.name} (${r.account.username})`],
    ...own,
    ...(r.content ? [] : ([[t("req_field_reason"), r.reason || "—"]] as [string, React.ReactNode][])),
    [t("req_col_created"), dates.dateTime(r.datetime_create)],
    [t("req_col_status"), <StatusBadge key="s" status={r.status} />],
    [
      t("req_field_flow"),
      r.flow ? `${r.flow.name} · ${t("req_step_of", { step: r.step, count: r.count_step })}` : t("req_no_flow"),
    ],
  ];
  if (r.waiting_for.length) facts.push([t("req_waiting_for"), r.waiting_for.map((p) => p.name).join(", ")]);
  if (r.datetime_expire) facts.push([t("req_expires"), dates.dateTime(r.datetime_expire)]);
  return (
    <div className="space-y-6">
      <header className="space-y-1">
        <p className="text-sm">
          <a href={dash(list)} className="text-primary hover:underline">
            ← {t(learning ? "menu_learning_request" : r.content ? "req_back_to_enrollment" : "menu_material_request")}
          </a>
        </p>
        <h1 className="text-2xl font-semibold">{r.name}</h1>
      </header>
      <section aria-labelledby="req-facts" className="rounded border border-slate-200 bg-white p-4">
        <h2 id="req-facts" className="mb-2 text-lg font-semibold">
          {t(r.content ? "req_enrollment_title" : "req_request_title")}
        </h2>
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[12rem_1fr]">
          {facts.map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="text-slate-600">{k}</dt>
              <dd className="whitespace-pre-line">{v}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-3 flex gap-4 text-sm">
          {r.form && learning ? (
            <a
              href={dash(`${segment}/${r.id}/request-form/${r.form.id}/section`)}
              className="text-primary hover:underline"
            >
              {t("req_answer_link", { name: r.form.name })}
            </a>
          ) : null}
          {r.learning_result ? (
            <a
              href={dash(`learning-request/learning-result/${r.learning_result.id}`)}
              className="text-primary hover:underline"
            >
              {t("req_result_link")}
            </a>
          ) : null}
        </p>
      </section>

      {answers ? (
        <section aria-labelledby="req-answers" className="rounded border border-slate-200 bg-white p-4">
          <h2 id="req-answers" className="mb-2 text-lg font-semibold">
            {answers.form ? t("req_answers_of", { name: answers.form.name }) : t("req_answer_title")}
          </h2>
          {answers.form && answers.submission ? (
            <FormAnswers form={answers.form} submission={answers.submission} />
          ) : (
            <p className="text-sm text-slate-600">{t("req_no_form")}</p>
          )}
        </section>
      ) : null}

      {r.can_decide ? (
        <section aria-labelledby="req-decide" className="rounded border border-primary/40 bg-white p-4">
          <h2 id="req-decide" className="mb-2 text-lg font-semibold">
            {t("req_decide_title", { step: r.step })}
          </h2>
          <Form method="post" noValidate className="space-y-3">
            <CsrfInput />
            <input type="hidden" name="intent" value="decide" />
            <input type="hidden" name="decision" value="approve" />
            <ErrorList errors={answer?.errors?.map((e) => t(e))} />
            <TextareaField id="decision-note" name="note" label={t("req_field_note")} textareaProps={{ rows: 3 }} />
            <div className="flex flex-wrap items-center gap-3">
              <button type="submit" disabled={busy} className={PRIMARY_BUTTON}>
                {t("req_approve")}
              </button>
              {/* A rejection is confirmed on its own page, with the reason the learner is shown. */}
              <a
                href={dash(`${segment}/${r.id}/reject`)}
                className="rounded border border-red-300 bg-white px-5 py-2 text-sm font-medium text-red-800 hover:bg-red-50"
              >
                {t("req_reject")}
              </a>
            </div>
          </Form>
        </section>
      ) : null}

      <section aria-labelledby="req-history" className="space-y-2">
        <h2 id="req-history" className="text-lg font-semibold">
          {t("req_history_title")}
        </h2>
        <DataTable
          caption={t("req_history_title")}
          rows={r.decisions.map((d, i) => ({ ...d, id: i }))}
          empty={t("req_history_empty")}
          columns={[
            { key: "step", label: t("req_col_step"), render: (d) => t("req_step_n", { n: d.step }) },
            {
              key: "decision",
              label: t("req_col_decision"),
              render: (d) =>
                t(
                  d.decision === DECISION.approve
                    ? "req_decision_approve"
                    : d.decision === DECISION.reject
                      ? "req_decision_reject"
                      : "req_decision_expire",
                ),
            },
            {
              key: "by",
              label: t("req_col_by"),
              render: (d) => (d.by ? `${d.by.name} (${d.by.username})` : t("req_by_system")),
            },
            { key: "note", label: t("req_field_note"), render: (d) => d.note || "—" },
            { key: "when", label: t("req_col_when"), render: (d) => dates.dateTime(d.datetime_create) },
          ]}
        />
      </section>
    </div>
  );
}
