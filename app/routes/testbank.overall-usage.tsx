import type { SubmissionResult } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { TestbankUsage } from "../../contract/schemas/testbank";
import { USAGE_STATUS, USAGE_TYPES, type UsageType } from "../../contract/testbank-codes";
import { LinkRow } from "~/components/activity-overall/link-row";
import { DataTable } from "~/components/content/data-table";
import { ConfirmLink, DecisionConfirm, useDeciding } from "~/components/test/confirm-link";
import { CsrfInput, ErrorList } from "~/components/forms";
import { SelectField, TextareaField } from "~/components/forms";
import { useDates } from "~/components/use-dates";
import { useSubmitting } from "~/components/use-submitting";
import { apiFieldErrors } from "~/lms/content-form.server";
import { formId, itemPage, itemPost } from "~/lms/item-page.server";
import { errorsAt } from "~/lms/form-result";
import { invariantResponse } from "~/lms/invariant";
import { refusalAnswer } from "~/lms/read-form.server";
import { redirectWithToast } from "~/lms/toast.server";
import { parseWithZod, usageDecisionSchema, usageRequestSchema } from "~/lms/testbank.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts); the bank's own come with its URL. */
export const handle = { i18n: ["content"] };

type UsageAnswer = { usage_type: UsageType; count: Record<UsageType, number>; results: TestbankUsage[] };
type TestRow = { id: number; name: string; code: string };

/**
 * Overall › Usage (spec 000 §2.8 `usage/{usage_type?}`; issue 18 §3; docs/decisions/063): the
 * requests of tests to draw from the bank, by status (waiting — the default —, approved,
 * rejected: -1, 0, 1), each waiting one approved or rejected with the bank's change flag — a
 * decision is final, so each asks to confirm first (`?approve=` / `?reject=` the request;
 * docs/decisions/076); and, for whoever may change tests, a form to ask for a test. Plain forms:
 * works without JS.
 */
export async function loader(args: LoaderFunctionArgs) {
  const page = await itemPage(args, "view");
  const usageType = (args.params.usage_type ?? "waiting") as UsageType;
  invariantResponse(USAGE_TYPES.includes(usageType), "Not Found", { status: 404 });
  const canAsk = page.permission.permission["test_change_test"] === true;
  const [usage, tests] = await Promise.all([
    page.api.get<UsageAnswer>(`${page.apiBase}usage/`, { query: { usage_type: usageType } }),
    canAsk
      ? page.api.get<{ results: TestRow[] }>("dashboard/test/", { query: { page_size: "100", ordering: "name" } })
      : null,
  ]);
  return data(
    {
      usage: usage.data,
      usageType,
      canDecide: page.can("change"),
      tests: tests?.data.results ?? [],
      canAsk,
      tabs: USAGE_TYPES.map((u) => ({ key: u, href: `${page.base}/overall/usage/${u}`, current: u === usageType })),
    },
    { headers: page.api.headers() },
  );
}

type Answer = { result: SubmissionResult<string[]>; intent: string };

export async function action(args: ActionFunctionArgs) {
  // Asking needs only the view of the bank here (the API also asks for the test change flag); deciding its change flag.
  const post = await itemPost(args, (intent) => (intent === "request" ? "view" : "change"), refusalAnswer);
  if (post.refused) return post.refused;
  const { page, form, here } = post;
  if (post.intent === "request") {
    const submission = parseWithZod(form, { schema: usageRequestSchema() });
    if (submission.status !== "success")
      return data<Answer>(
        { result: submission.reply() as SubmissionResult<string[]>, intent: "request" },
        { status: 400 },
      );
    const res = await page.api.post<Record<string, unknown>>(`${page.apiBase}usage/`, submission.value, {
      accept: [400, 403],
    });
    if (res.status === 403) throw new Response("Forbidden", { status: 403 });
    if (res.status === 400)
      return data<Answer>(
        { result: submission.reply(apiFieldErrors(res.data)) as SubmissionResult<string[]>, intent: "request" },
        { status: 400, headers: page.api.headers() },
      );
    return redirectWithToast(
      `${page.base}/overall/usage/waiting`,
      { type: "success", message: "tbk_toast_usage_requested" },
      { headers: page.api.headers() },
    );
  }
  invariantResponse(post.intent === "approve" || post.intent === "reject", "Bad Request");
  const status = post.intent === "approve" ? USAGE_STATUS.approved : USAGE_STATUS.rejected;
  const submission = parseWithZod(form, { schema: usageDecisionSchema() });
  const note = submission.status === "success" ? submission.value.note : "";
  const res = await page.api.post(`${page.apiBase}usage/${formId(form)}/decide/`, { status, note }, { accept: [409] });
  // Decided meanwhile by someone else: the list shows it where it went.
  if (res.status === 409)
    return redirectWithToast(
      here,
      { type: "error", message: "tbk_msg_usage_decided", status: 409 },
      { headers: page.api.headers() },
    );
  return redirectWithToast(
    here,
    {
      type: "success",
      message: status === USAGE_STATUS.approved ? "tbk_toast_usage_approved" : "tbk_toast_usage_rejected",
    },
    { headers: page.api.headers() },
  );
}

export default function TestbankUsagePage() {
  const { usage, usageType, canDecide, tests, canAsk, tabs } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as Answer | undefined;
  const { t } = useTranslation();
  const dates = useDates();
  const busy = useSubmitting();
  const result = answer?.intent === "request" ? answer.result : null;
  const asked = useDeciding(usage.results);
  const deciding = canDecide && usageType === "waiting" ? asked : null;
  return (
    <section aria-labelledby="usage-title" className="space-y-4">
      <div>
        <h2 id="usage-title" className="text-lg font-semibold text-slate-900">
          {t("tbk_overall_usage")}
        </h2>
        <p className="text-sm text-slate-600">{t("tbk_usage_intro")}</p>
      </div>
      <LinkRow
        label={t("tbk_usage_status")}
        links={tabs.map((tab) => ({ ...tab, label: `${t(`tbk_usage_${tab.key}`)} (${usage.count[tab.key]})` }))}
      />
      <DataTable
        caption={t(`tbk_usage_${usageType}`)}
        rows={usage.results}
        empty={t("tbk_usage_empty")}
        columns={[
          {
            key: "test",
            label: t("tbk_col_test"),
            render: (r) => (r.test ? `${r.test.name} (${r.test.code})` : t("tbk_usage_test_gone")),
          },
          { key: "by", label: t("tbk_col_requested_by"), render: (r) => r.requested_by?.name ?? "—" },
          { key: "at", label: t("tbk_col_requested_at"), render: (r) => dates.dateTime(r.datetime_create) },
          {
            key: "note",
            label: t("tbk_col_note"),
            className: "max-w-xs whitespace-pre-line",
            render: (r) => r.note || "—",
          },
          usageType === "waiting"
            ? {
                key: "decide",
                label: t("tbk_col_decide"),
                render: (r) =>
                  canDecide ? (
                    <span className="flex gap-2">
                      <ConfirmLink
                        param="approve"
                        id={r.id}
                        tone="primary"
                        label={t("tbk_usage_approve")}
                        ariaLabel={t("tbk_usage_approve_for", { test: r.test?.name ?? "" })}
                      />
                      <ConfirmLink
                        param="reject"
                        id={r.id}
                        label={t("tbk_usage_reject")}
                        ariaLabel={t("tbk_usage_reject_for", { test: r.test?.name ?? "" })}
                      />
                    </span>
                  ) : (
                    t("tbk_usage_status_0")
                  ),
              }
            : {
                key: "decided",
                label: t("tbk_col_decided"),
                render: (r) => `${dates.dateTime(r.datetime_decide)} · ${r.decided_by?.name ?? "—"}`,
              },
        ]}
      />
      {deciding ? (
        <DecisionConfirm
          prefix="tbk_usage_"
          decision={deciding.decision}
          values={{ test: deciding.row.test?.name ?? t("tbk_usage_test_gone") }}
          fields={{ id: deciding.row.id }}
        />
      ) : null}
      {canAsk ? (
        <Form method="post" noValidate className="max-w-xl space-y-3 rounded border border-slate-200 bg-white p-4">
          <h3 className="font-medium text-slate-900">{t("tbk_usage_new")}</h3>
          <CsrfInput />
          <ErrorList errors={errorsAt(result, "")?.map((e) => t(e))} />
          <SelectField
            name="test"
            label={t("tbk_usage_field_test")}
            emptyOption={t("tbk_usage_choose_test")}
            options={tests.map((x) => ({ value: String(x.id), label: `${x.name} (${x.code})` }))}
            errors={errorsAt(result, "test")?.map((e) => t(e))}
          />
          <TextareaField
            name="note"
            label={t("tbk_usage_field_note")}
            errors={errorsAt(result, "note")?.map((e) => t(e))}
            textareaProps={{ rows: 2 }}
          />
          <button
            name="intent"
            value="request"
            disabled={busy}
            className="rounded bg-primary px-4 py-2 text-sm text-primary-fg"
          >
            {t("tbk_usage_send")}
          </button>
        </Form>
      ) : null}
    </section>
  );
}
