import type { SubmissionResult } from "@conform-to/react";
import { SearchForm } from "~/components/search-form";
import { getFormProps, getInputProps } from "~/components/form-props";
import { useForm } from "~/components/use-form";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { Paged } from "../../contract/http";
import type { Profile } from "../../contract/schemas/account";
import type { LoginAsCandidate } from "../../contract/schemas/login-as";
import { DataTable } from "~/components/content/data-table";
import { Pager } from "~/components/content/pager";
import { CsrfInput, ErrorList, Field } from "~/components/forms";
import { useSubmitting } from "~/components/use-submitting";
import { personName } from "~/components/login-as/log-parts";
import { requireScreen } from "~/lms/auth.server";
import { apiFieldErrors } from "~/lms/content-form.server";
import { requireCsrf } from "~/lms/csrf.server";
import { invariantResponse } from "~/lms/invariant";
import { LOGIN_AS_MINUTES, loginAsStartSchema, parseWithZod } from "~/lms/login-as.server";
import { readListPage } from "~/lms/paging.server";
import { dash } from "~/lms/paths";
import { readForm } from "~/lms/read-form.server";
import { redirectWithToast } from "~/lms/toast.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["loginAs", "content"] };

const EMPTY: Paged<LoginAsCandidate> = { results: [], count: 0, page_size: 50, next: null, page: 1 };

/**
 * Login as (spec 000 /login-as, spec 002 §6; docs/decisions/033): find the user (a GET search
 * form), choose how long, and press that user's button — one POST form around the list, each
 * row's button naming its account, so it works without JavaScript. While acting already, the
 * page says how to come back instead (the API refuses acting twice over).
 */
export async function loader(args: LoaderFunctionArgs) {
  const { api, profile } = await requireScreen(args, "login-as");
  const url = new URL(args.request.url);
  const search = (url.searchParams.get("search") ?? "").trim();
  const res = await readListPage<Paged<LoginAsCandidate>>(api, "dashboard/login-as/account/", {
    url,
    query: search ? { search } : {},
  });
  // The bounds come with the data: the schema's module (zod) stays out of the browser.
  return data(
    { list: res.status === 200 ? res.data : EMPTY, search, acting: profile.is_login_as, minutes: LOGIN_AS_MINUTES },
    { headers: api.headers() },
  );
}

type Answer = { result: SubmissionResult<string[]> };

export async function action(args: ActionFunctionArgs) {
  const { api } = await requireScreen(args, "login-as");
  const { form, refusal } = await readForm(args.request);
  if (!form) return data<Answer>({ result: refusal.result }, { status: refusal.status });
  await requireCsrf(api, form);
  invariantResponse(form.get("intent") === "start", "Bad Request");
  const submission = parseWithZod(form, { schema: loginAsStartSchema });
  if (submission.status !== "success")
    return data<Answer>({ result: submission.reply() as SubmissionResult<string[]> }, { status: 400 });
  const res = await api.post<Profile | Record<string, string[]>>("dashboard/login-as/", submission.value, {
    accept: [400],
  });
  if (res.status === 400) {
    const errors = apiFieldErrors(res.data as Record<string, string[]>);
    return data<Answer>(
      { result: submission.reply(errors) as SubmissionResult<string[]> },
      { status: 400, headers: api.headers() },
    );
  }
  // The home page, as the account now acted as: its menu, its banner.
  return redirectWithToast(
    dash(""),
    { type: "success", message: "acting_as_started", values: { name: personName(res.data as Profile) } },
    { headers: api.headers() },
  );
}

export default function LoginAsPage() {
  const { list, search, acting, minutes } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useSubmitting();
  const { t } = useTranslation();
  const [form, fields] = useForm<{ account: string; duration: string }>({
    id: "login-as",
    lastResult: answer?.result ?? null,
    defaultValue: { duration: String(minutes.default) },
  });
  const tr = (errors: string[] | undefined) => errors?.map((e) => t(e));
  const accountErrors = [...(form.errors ?? []), ...(fields.account.errors ?? [])];
  return (
    <div className="space-y-6">
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold">{t("loginas_title")}</h1>
        <p className="max-w-3xl text-sm text-slate-700">{t("loginas_intro")}</p>
      </header>
      {acting ? (
        <p role="status" className="rounded border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
          {t("loginas_already_acting")}
        </p>
      ) : (
        <>
          <SearchForm id="login-as-search" name="search" value={search} label={t("loginas_search_label")} />
          <Form method="post" {...getFormProps(form)} className="space-y-4">
            <CsrfInput />
            <input type="hidden" name="intent" value="start" />
            <Field
              className="max-w-xs"
              label={t("loginas_duration")}
              help={t("loginas_duration_help", { min: minutes.min, max: minutes.max })}
              inputProps={{
                ...getInputProps(fields.duration, { type: "number" }),
                min: minutes.min,
                max: minutes.max,
                step: 1,
                inputMode: "numeric",
              }}
              errors={tr(fields.duration.errors)}
              suffix={<span className="text-sm text-slate-600">{t("loginas_minutes")}</span>}
            />
            <ErrorList id={form.errorId} errors={tr(accountErrors)} />
            <DataTable
              caption={t("loginas_accounts")}
              rows={list.results}
              empty={t(search ? "loginas_no_match" : "loginas_no_accounts")}
              columns={[
                { key: "name", label: t("loginas_col_name"), render: (r) => personName(r) },
                {
                  key: "username",
                  label: t("loginas_col_username"),
                  render: (r) => <span className="font-mono text-xs">{r.username}</span>,
                },
                { key: "email", label: t("loginas_col_email"), render: (r) => r.email },
                { key: "department", label: t("loginas_col_department"), render: (r) => r.department?.name ?? "—" },
                {
                  key: "act",
                  label: t("actions"),
                  className: "text-right",
                  render: (r) =>
                    r.can_use_dashboard ? (
                      <button
                        type="submit"
                        name="account"
                        value={r.id}
                        disabled={busy}
                        aria-label={t("loginas_act_named", { name: personName(r) })}
                        className="rounded bg-primary px-3 py-1.5 text-sm font-medium text-primary-fg hover:opacity-90 disabled:opacity-60"
                      >
                        {t("loginas_act")}
                      </button>
                    ) : (
                      <span className="text-xs text-slate-600">{t("loginas_no_dashboard")}</span>
                    ),
                },
              ]}
            />
          </Form>
          <Pager count={list.count} page={list.page} pageSize={list.page_size} />
        </>
      )}
    </div>
  );
}
