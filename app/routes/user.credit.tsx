import type { SubmissionResult } from "@conform-to/react";
import { getFormProps } from "~/components/form-props";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { CreditAnswer, CreditTransactionRow } from "../../contract/schemas/credit";
import { useMoney } from "~/components/approvals/budget-parts";
import { DataTable } from "~/components/content/data-table";
import { Pager } from "~/components/content/pager";
import { CsrfInput, ErrorList, Field } from "~/components/forms";
import { SaveBar } from "~/components/form-basics";
import { useDates } from "~/components/use-dates";
import { useForm } from "~/components/use-form";
import { useSubmitting } from "~/components/use-submitting";
import { IdempotencyInput } from "~/components/idempotency-input";
import { apiFieldErrors } from "~/lms/content-form.server";
import { creditChangeSchema, parseWithZod } from "~/lms/credit.server";
import { newIdempotencyKey, postedIdempotencyKey } from "~/lms/idempotency.server";
import { itemPage, itemPost } from "~/lms/item-page.server";
import { readListPage } from "~/lms/paging.server";
import { dash } from "~/lms/paths";
import { redirectWithToast } from "~/lms/toast.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content", "credit"] };

/**
 * A learner's credit (issue 33 §3; docs/decisions/050, 075): the balance, every change with its
 * reason, content and who made it and the balance after it, and — with the account's transaction
 * flag — a form that tops it up (or takes some back) with a reason and, when there is one, the
 * document it comes from. Credit for many learners at once is the credit import's
 * (/import/credit). A plain form and links: works without JavaScript.
 */
export async function loader(args: LoaderFunctionArgs) {
  const page = await itemPage(args, "view");
  const url = new URL(args.request.url);
  const res = await readListPage<CreditAnswer>(page.api, `${page.apiBase}credit/`, { url });
  const may = (flag: string) => page.permission.permission[flag] === true;
  return data(
    {
      credit: res.data,
      canTopUp: page.can("transaction"),
      importHref: may("import_add_import") && page.can("transaction") ? dash("import/credit") : null,
      // The form's key: a post retried after its answer was lost changes the balance once (docs/decisions/094).
      idempotencyKey: newIdempotencyKey(),
    },
    { headers: page.api.headers() },
  );
}

type Answer = { result: SubmissionResult<string[]> };

export async function action(args: ActionFunctionArgs) {
  const post = await itemPost(args, "transaction", (refusal) =>
    data<Answer>({ result: refusal.result }, { status: refusal.status }),
  );
  if (post.refused) return post.refused;
  const { page, form, here } = post;
  const submission = parseWithZod(form, { schema: creditChangeSchema });
  if (submission.status !== "success") return data<Answer>({ result: submission.reply() }, { status: 400 });
  // The amount as typed (the API reads it by the same rule), so "1,500.50" stays what was meant.
  const res = await page.api.post<{ balance_minor: number } & Record<string, unknown>>(
    `${page.apiBase}credit/`,
    { amount: String(form.get("amount") ?? ""), note: submission.value.note, reference: submission.value.reference },
    { accept: [400], idempotencyKey: postedIdempotencyKey(form) },
  );
  if (res.status === 400)
    return data<Answer>(
      { result: submission.reply(apiFieldErrors(res.data)) },
      { status: 400, headers: page.api.headers() },
    );
  const balance = new Intl.NumberFormat("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    res.data.balance_minor / 100,
  );
  return redirectWithToast(
    here,
    { type: "success", message: "credit_toast_saved", values: { balance } },
    { headers: page.api.headers() },
  );
}

export default function UserCredit() {
  const { credit, canTopUp, importHref, idempotencyKey } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  const money = useMoney();
  const dates = useDates();
  const busy = useSubmitting();
  const [form, fields] = useForm<{ amount: string; note: string; reference: string }>({
    id: "credit-change",
    lastResult: answer?.result ?? null,
  });
  const tr = (errors?: string[]) => errors?.map((e) => t(e));
  const signed = (minor: number) => `${minor > 0 ? "+" : minor < 0 ? "−" : ""}${money(Math.abs(minor) / 100)}`;
  const reason = (r: CreditTransactionRow) => (
    <>
      <span className="block font-medium">{t(`credit_reason_${r.reason}`)}</span>
      {r.note ? <span className="block">{r.note}</span> : null}
      {r.content ? (
        <span className="block text-xs text-slate-600">{t("credit_for_content", { name: r.content.name })}</span>
      ) : null}
      {r.reference ? (
        <span className="block text-xs text-slate-600">{t("credit_reference", { reference: r.reference })}</span>
      ) : null}
    </>
  );
  return (
    <div className="space-y-6">
      <section
        aria-labelledby="credit-balance"
        className="flex flex-wrap items-center gap-4 rounded border border-slate-200 bg-white p-4"
      >
        <div>
          <h2 id="credit-balance" className="text-sm text-slate-600">
            {t("credit_balance")}
          </h2>
          <p className="text-2xl font-semibold tabular-nums">{money(credit.balance_minor / 100)}</p>
        </div>
        <p className="max-w-xl text-sm text-slate-700">{t("credit_intro")}</p>
        {importHref ? (
          <a href={importHref} className="ml-auto text-sm text-primary underline">
            {t("credit_import_link")}
          </a>
        ) : null}
      </section>
      {canTopUp ? (
        <section
          aria-labelledby="credit-change-title"
          className="max-w-2xl space-y-4 rounded border border-slate-200 bg-white p-4"
        >
          <h2 id="credit-change-title" className="text-lg font-semibold">
            {t("credit_topup_title")}
          </h2>
          <Form method="post" {...getFormProps(form)} className="space-y-4">
            <CsrfInput />
            <IdempotencyInput value={idempotencyKey} />
            <ErrorList id={form.errorId} errors={tr(form.errors)} />
            <Field
              meta={fields.amount}
              label={t("credit_field_amount")}
              help={t("credit_help_amount")}
              errors={tr(fields.amount.errors)}
              requiredMark
              inputProps={{ inputMode: "decimal", autoComplete: "off" }}
            />
            <Field
              meta={fields.note}
              label={t("credit_field_note")}
              help={t("credit_help_note")}
              errors={tr(fields.note.errors)}
              requiredMark
            />
            <Field
              meta={fields.reference}
              label={t("credit_field_reference")}
              help={t("credit_help_reference")}
              errors={tr(fields.reference.errors)}
              inputProps={{ autoComplete: "off" }}
            />
            <SaveBar busy={busy}>{t("credit_submit")}</SaveBar>
          </Form>
        </section>
      ) : null}
      <section aria-labelledby="credit-history" className="space-y-3">
        <h2 id="credit-history" className="text-lg font-semibold">
          {t("credit_history")}
        </h2>
        <DataTable<CreditTransactionRow>
          caption={t("credit_history")}
          rows={credit.results}
          empty={t("credit_history_empty")}
          columns={[
            { key: "date", label: t("credit_col_date"), render: (r) => dates.dateTime(r.datetime_create) },
            {
              key: "change",
              label: t("credit_col_change"),
              className: "text-right tabular-nums",
              render: (r) => (
                <span className={r.amount_minor < 0 ? "text-red-800" : "text-emerald-800"}>
                  {signed(r.amount_minor)}
                </span>
              ),
            },
            { key: "reason", label: t("credit_col_reason"), render: reason },
            {
              key: "balance",
              label: t("credit_col_balance"),
              className: "text-right tabular-nums",
              render: (r) => money(r.balance_after_minor / 100),
            },
            {
              key: "by",
              label: t("credit_col_by"),
              render: (r) =>
                r.by ? `${`${r.by.first_name} ${r.by.last_name}`.trim() || r.by.username}` : t("credit_system"),
            },
          ]}
        />
        <Pager count={credit.count} page={credit.page} pageSize={credit.page_size} />
      </section>
    </div>
  );
}
