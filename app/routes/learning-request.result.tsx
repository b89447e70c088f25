import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { Paged } from "../../contract/http";
import type { LearningResult } from "../../contract/schemas/requests";
import { DataTable } from "~/components/content/data-table";
import { Pager } from "~/components/content/pager";
import { CsrfInput, SelectField, TextareaField } from "~/components/forms";
import { PRIMARY_BUTTON } from "~/components/form-basics";
import { REQUEST_KIND_DEFS } from "~/components/requests/kinds";
import { RequestTabs } from "~/components/requests/request-parts";
import { useDates } from "~/components/use-dates";
import { useSubmitting } from "~/components/use-submitting";
import { requirePermission } from "~/lms/auth.server";
import { readListPage } from "~/lms/paging.server";
import { dash } from "~/lms/paths";
import { learningResultAction } from "~/lms/request-pages.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["requests", "content", "enrollment"] };

const API = "dashboard/learning-result/";

/**
 * Learning results (spec 000 §2.10 /learning-request/learning-result/{learningresultid?};
 * docs/decisions/058): the approved learning requests' results, and one result's page where an
 * administrator with the progress flag changes its progress along the "Learning result" row of
 * spec 001 §4 (the choices are the ones the API allows from the current status), with a note.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { api, permission } = await requirePermission(args, REQUEST_KIND_DEFS[0].flags.view);
  const url = new URL(args.request.url);
  const canChange = permission.permission.request_form_progress_request_form === true;
  if (args.params.learningresultid !== undefined) {
    const { data: result } = await api.get<LearningResult>(`${API}${Number(args.params.learningresultid)}/`);
    return data({ result, list: null, canChange }, { headers: api.headers() });
  }
  const list = await readListPage<Paged<LearningResult>>(api, API, { url });
  return data({ result: null, list: list.data, canChange }, { headers: api.headers() });
}

export async function action(args: ActionFunctionArgs) {
  return learningResultAction(args);
}

export default function LearningResults() {
  const { result, list, canChange } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const dates = useDates();
  const status = (s: number) => t(`progress_status_${s}`);
  if (result) return <ResultPage result={result} canChange={canChange} status={status} />;
  return (
    <div className="space-y-4">
      <RequestTabs def={REQUEST_KIND_DEFS[0]} active="learning-result" />
      <p className="max-w-3xl text-sm text-slate-700">{t("req_learning_result_intro")}</p>
      <DataTable
        caption={t("req_tab_learning_result")}
        rows={list!.results}
        empty={t("req_learning_result_empty")}
        columns={[
          {
            key: "request",
            label: t("req_col_request"),
            render: (r) => (
              <a
                href={dash(`learning-request/learning-result/${r.id}`)}
                className="font-medium text-primary hover:underline"
              >
                {r.request.name}
              </a>
            ),
          },
          { key: "account", label: t("req_col_learner"), render: (r) => `${r.account.name} (${r.account.username})` },
          { key: "provider", label: t("req_field_provider"), render: (r) => r.request.provider || "—" },
          { key: "status", label: t("req_col_progress"), render: (r) => status(r.status) },
          { key: "when", label: t("req_col_when"), render: (r) => dates.dateTime(r.datetime_update) },
        ]}
      />
      <Pager count={list!.count} page={list!.page ?? 1} pageSize={list!.page_size} />
    </div>
  );
}

function ResultPage({
  result: r,
  canChange,
  status,
}: {
  result: LearningResult;
  canChange: boolean;
  status: (s: number) => string;
}) {
  const { t } = useTranslation();
  const dates = useDates();
  const busy = useSubmitting();
  const answer = useActionData<typeof action>();
  return (
    <div className="space-y-6">
      <header className="space-y-1">
        <p className="text-sm">
          <a href={dash("learning-request/learning-result")} className="text-primary hover:underline">
            ← {t("req_tab_learning_result")}
          </a>
        </p>
        <h1 className="text-2xl font-semibold">{r.request.name}</h1>
        <p className="text-sm text-slate-700">
          {r.account.name} ({r.account.username}) · {t("req_col_progress")}: <strong>{status(r.status)}</strong> ·{" "}
          <a href={dash(`learning-request/${r.request.id}`)} className="text-primary underline">
            {t("req_request_title")}
          </a>
        </p>
      </header>
      {canChange && r.allowed.length ? (
        <section aria-labelledby="result-change" className="max-w-xl rounded border border-slate-200 bg-white p-4">
          <h2 id="result-change" className="mb-2 text-lg font-semibold">
            {t("req_result_change")}
          </h2>
          <Form method="post" noValidate className="space-y-3">
            <CsrfInput />
            <input type="hidden" name="intent" value="change" />
            <SelectField
              id="result-status"
              name="status"
              label={t("req_result_new_status")}
              requiredMark
              errors={(answer?.fields?.status ?? answer?.errors)?.map((e) => t(e))}
              options={r.allowed.map((s) => ({ value: String(s), label: status(s) }))}
            />
            <TextareaField id="result-note" name="note" label={t("req_field_note")} textareaProps={{ rows: 3 }} />
            <button type="submit" disabled={busy} className={PRIMARY_BUTTON}>
              {t("action_save")}
            </button>
          </Form>
        </section>
      ) : null}
      <section aria-labelledby="result-log" className="space-y-2">
        <h2 id="result-log" className="text-lg font-semibold">
          {t("req_result_log")}
        </h2>
        <DataTable
          caption={t("req_result_log")}
          rows={r.log.map((l, i) => ({ ...l, id: i }))}
          empty={t("req_history_empty")}
          columns={[
            { key: "change", label: t("req_col_change"), render: (l) => `${status(l.from)} → ${status(l.to)}` },
            { key: "by", label: t("req_col_by"), render: (l) => (l.by ? l.by.name : t("req_by_system")) },
            { key: "note", label: t("req_field_note"), render: (l) => l.note || "—" },
            { key: "when", label: t("req_col_when"), render: (l) => dates.dateTime(l.datetime_create) },
          ]}
        />
      </section>
    </div>
  );
}
