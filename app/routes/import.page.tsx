import type { SubmissionResult } from "@conform-to/react";
import { getFormProps } from "~/components/form-props";
import { useForm } from "~/components/use-form";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useEventSource } from "remix-utils/sse/react";
import { useTranslation } from "~/i18n/react";
import { IMPORT_MODES, IMPORT_STATUS, type ImportHistoryItem } from "../../contract/imports";
import { MSG } from "../../contract/messages";
import { ImportJobCard } from "~/components/imports/job-status";
import { IMPORT_PAGES, importPageOf, importScreens, type ImportPage } from "~/components/imports/import-pages";
import { CsrfInput, ErrorList, RadioGroupField } from "~/components/forms";
import { useSubmitting } from "~/components/use-submitting";
import { useFileSize } from "~/components/use-file-size";
import { requireScreen } from "~/lms/auth.server";
import { apiFieldErrors } from "~/lms/content-form.server";
import { requireCsrf } from "~/lms/csrf.server";
import { importFormSchema, jobParam, parseWithZod } from "~/lms/imports.server";
import { invariantResponse } from "~/lms/invariant";
import { dash } from "~/lms/paths";
import { readForm } from "~/lms/read-form.server";
import { redirectWithToast } from "~/lms/toast.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["imports"] };

/**
 * Import from a csv or xlsx file (issue 15 §2, docs/decisions/032): users at /import/user, learners'
 * credit at /import/credit (docs/decisions/075) — one page, the module's own data in
 * components/imports/import-pages.ts. The upload is a plain multipart form: the API answers at
 * once and the page comes back as the job's page (`?job={id}`), which shows the job's progress —
 * live from the API's import socket through Server-Sent Events with JS on (import.events.tsx), by
 * refreshing itself every two seconds without JS — then its counts and, when rows were refused,
 * the error file to download.
 */
const DEFAULT_LIMIT = 10485760;

/** The module the URL names, and its screen's guard passed. */
async function importPage(
  args: LoaderFunctionArgs | ActionFunctionArgs,
): Promise<ImportPage & { user: Awaited<ReturnType<typeof requireScreen>> }> {
  const found = importPageOf(new URL(args.request.url).pathname);
  invariantResponse(found, "Not Found", { status: 404 });
  return { ...found, user: await requireScreen(args, importScreens(found.module).page) };
}

export async function loader(args: LoaderFunctionArgs) {
  const { user, module } = await importPage(args);
  const { api, config, permission } = user;
  const id = jobParam(new URL(args.request.url));
  const job = id === null ? null : (await api.get<ImportHistoryItem>(`dashboard/import-history/${id}/`)).data;
  return data(
    {
      job,
      limitBytes: Number(config["file-size-limit"]?.value ?? DEFAULT_LIMIT),
      canSeeHistory: !!permission.permission.import_history_view_import_history,
      module,
    },
    { headers: api.headers() },
  );
}

type Answer = { result: SubmissionResult<string[]> };

export async function action(args: ActionFunctionArgs) {
  const { user, module, api: path } = await importPage(args);
  const { api, config } = user;
  const limit = Number(config["file-size-limit"]?.value ?? DEFAULT_LIMIT);
  const { form, refusal } = await readForm(args.request, { maxPartSize: limit });
  if (!form)
    return data<Answer>(
      { result: refusal.tooLarge ? { status: "error", error: { file: [MSG.file_too_large] } } : refusal.result },
      { status: refusal.status },
    );
  await requireCsrf(api, form);
  invariantResponse(form.get("intent") === "upload", "Bad Request");
  const submission = parseWithZod(form, { schema: importFormSchema });
  const reply = (errors: Record<string, string[]>, formErrors: string[] = []) =>
    submission.reply({ fieldErrors: errors, formErrors }) as SubmissionResult<string[]>;
  if (submission.status !== "success")
    return data<Answer>({ result: submission.reply() as SubmissionResult<string[]> }, { status: 400 });
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0)
    return data<Answer>({ result: reply({ file: [MSG.required] }) }, { status: 400 });
  // The mode before the file: the API reads the fields that come ahead of it.
  const body = new FormData();
  body.set("mode", submission.value.mode);
  body.set("file", file, file.name);
  const res = await api.upload<ImportHistoryItem | Record<string, string[]>>(path, body, { accept: [400] });
  if (res.status === 400) {
    const { fieldErrors, formErrors } = apiFieldErrors(res.data as Record<string, string[]>);
    return data<Answer>({ result: reply(fieldErrors, formErrors) }, { status: 400, headers: api.headers() });
  }
  const job = res.data as ImportHistoryItem;
  return redirectWithToast(
    `${dash(`import/${module}`)}?job=${job.id}`,
    { type: "success", message: "imp_started" },
    { headers: api.headers() },
  );
}

/** The job as the live events tell it (JS on), the loader's until the first event. */
function useLiveJob(job: ImportHistoryItem | null, events: string): ImportHistoryItem | null {
  const [live, setLive] = useState(job);
  useEffect(() => setLive(job), [job]);
  const running =
    !!job &&
    job.status === IMPORT_STATUS.in_progress &&
    (live?.id !== job.id || live.status === IMPORT_STATUS.in_progress);
  const event = useEventSource(job ? `${events}?job=${job.id}` : events, { event: "job", enabled: running });
  useEffect(() => {
    if (!event || !job) return;
    const item = JSON.parse(event) as ImportHistoryItem;
    if (item.id === job.id) setLive(item);
  }, [event, job]);
  return live?.id === job?.id ? live : job;
}

export default function ImportFile() {
  const { job, limitBytes, canSeeHistory, module } = useLoaderData<typeof loader>();
  const fileSize = useFileSize();
  const page = IMPORT_PAGES[module];
  const answer = useActionData<typeof action>();
  const busy = useSubmitting();
  const { t } = useTranslation();
  const shown = useLiveJob(job, dash(`import/${module}/events`));
  const [form, fields] = useForm<{ mode: string; file: File }>({
    id: `${module}-import`,
    lastResult: answer?.result ?? null,
    defaultValue: { mode: IMPORT_MODES[0] },
  });
  const tr = (errors: string[] | undefined) => errors?.map((e) => t(e));
  const fileHref = (format: string, id?: number) =>
    `${dash(`import/${module}/file`)}?${id ? `job=${id}&` : ""}format_type=${format}`;
  const button =
    "rounded bg-primary px-4 py-2 text-sm font-medium text-primary-fg hover:opacity-90 disabled:opacity-60";
  return (
    <div className="space-y-6">
      {shown?.status === IMPORT_STATUS.in_progress ? (
        // Without JS the job's page asks for itself again until the job has ended.
        <noscript>
          <meta httpEquiv="refresh" content="2" />
        </noscript>
      ) : null}
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold">{t(page.title)}</h1>
        <p className="max-w-3xl text-sm text-slate-700">{t(page.intro)}</p>
        {canSeeHistory ? (
          <p className="text-sm">
            <Link to={dash("log/import-history")} className="text-primary underline">
              {t("imp_history_link")}
            </Link>
          </p>
        ) : null}
      </header>
      {shown ? (
        <>
          <ImportJobCard job={shown} errorFileHref={fileHref("xlsx", shown.id)} labels={page.counts} />
          {shown.status === IMPORT_STATUS.in_progress ? (
            <p className="text-xs text-slate-600">{t("imp_refresh_note")}</p>
          ) : null}
        </>
      ) : null}
      <section
        aria-labelledby="import-upload-title"
        className="max-w-3xl space-y-4 rounded border border-slate-200 bg-white p-4"
      >
        <h2 id="import-upload-title" className="text-lg font-semibold">
          {t(shown ? "imp_another" : "imp_upload_title")}
        </h2>
        <Form
          method="post"
          encType="multipart/form-data"
          action={dash(`import/${module}`)}
          {...getFormProps(form)}
          className="space-y-4"
        >
          <CsrfInput />
          <input type="hidden" name="intent" value="upload" />
          <RadioGroupField
            name={fields.mode.name}
            label={t("imp_mode_label")}
            defaultValue={IMPORT_MODES[0]}
            rowClassName="space-y-1"
            options={IMPORT_MODES.map((m) => ({ value: m, label: t(`imp_mode_${m}`) }))}
            errors={tr(fields.mode.errors)}
          />
          <div>
            <label htmlFor="import-file" className="mb-1 block text-sm font-medium text-slate-700">
              {t("imp_file_label")}
            </label>
            <input
              id="import-file"
              type="file"
              name={fields.file.name}
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              aria-describedby="import-file-hint"
              aria-invalid={fields.file.errors?.length ? true : undefined}
              className="block w-full text-sm"
            />
            <p id="import-file-hint" className="mt-1 text-xs text-slate-600">
              {t("imp_file_rules", { rows: page.maxRows.toLocaleString("en"), size: fileSize(limitBytes) })}
            </p>
            <ErrorList errors={tr(fields.file.errors)} />
          </div>
          <ErrorList id={form.errorId} errors={tr(form.errors)} />
          <button type="submit" disabled={busy} className={button}>
            {t("imp_submit")}
          </button>
        </Form>
      </section>
      <section aria-labelledby="import-columns-title" className="max-w-3xl space-y-2 text-sm text-slate-700">
        <h2 id="import-columns-title" className="text-lg font-semibold text-slate-900">
          {t("imp_columns_title")}
        </h2>
        <p className="flex flex-wrap gap-4">
          <a href={fileHref("xlsx")} className="text-primary underline" download>
            {t("imp_template_xlsx")}
          </a>
          <a href={fileHref("csv")} className="text-primary underline" download>
            {t("imp_template_csv")}
          </a>
        </p>
        <ul className="list-disc space-y-1 pl-5">
          {page.columns.map((key) => (
            <li key={key}>{t(key)}</li>
          ))}
        </ul>
      </section>
    </div>
  );
}
