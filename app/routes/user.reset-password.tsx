import type { SubmissionResult } from "@conform-to/react";
import { getFormProps } from "~/components/form-props";
import { useForm } from "~/components/use-form";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { Paged } from "../../contract/http";
import type { UserRow } from "../../contract/schemas/user";
import { PasswordRuleList } from "~/components/auth-card";
import { DataTable } from "~/components/content/data-table";
import { PageHeader } from "~/components/content/page-header";
import { Pager } from "~/components/content/pager";
import { CheckboxField, CsrfInput, ErrorList, Field, controlClass } from "~/components/forms";
import { useSubmitting } from "~/components/use-submitting";
import { apiFieldErrors } from "~/lms/content-form.server";
import { contentTitles } from "~/lms/content-titles.server";
import { requireCsrf } from "~/lms/csrf.server";
import { readListPage } from "~/lms/paging.server";
import { dash } from "~/lms/paths";
import { parseWithZod, passwordRuleFrom, requireListPage, resetPasswordSchema } from "~/lms/people.server";
import { readForm } from "~/lms/read-form.server";
import { redirectWithToast } from "~/lms/toast.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content", "account"] };

const EMPTY: Paged<UserRow> = { results: [], count: 0, page_size: 50, next: null, page: 1 };
/** The passwords are never written back into a page. */
const HIDDEN = ["new_password", "confirm_password"];

/**
 * Bulk password reset (spec 000 §2.11 /user/reset-password, spec 001 §3 "Reset password form";
 * docs/decisions/029, 034): find accounts (a GET search form), tick them, give the new password
 * twice under the configured rule (shown), and whether they must change it at their next
 * sign-in. One POST form around the ticks and the fields: works without JavaScript. The
 * profile's "Reset password" link comes here searching that username.
 *
 * Ticks survive searches and pages: the chosen accounts ride in the address (`chosen`, ids) and
 * are listed first, ticked. With JS the search form adds the ticks as it goes; without, the
 * "keep ticked and search" button (intent choose) posts them and comes back with them in the
 * address — never the passwords, which are not in any address.
 */
const MAX_CHOSEN = 500;
const chosenOf = (raw: string | null): number[] =>
  raw && /^\d{1,10}(,\d{1,10}){0,499}$/.test(raw) ? [...new Set(raw.split(",").map(Number))].slice(0, MAX_CHOSEN) : [];
const here = (q: string, chosen: readonly (number | string)[]) =>
  `?${new URLSearchParams({ ...(q ? { q } : {}), ...(chosen.length ? { chosen: chosen.join(",") } : {}) })}`;

export async function loader(args: LoaderFunctionArgs) {
  const { api, type, config } = await requireListPage(args, "reset-password");
  const url = new URL(args.request.url);
  const q = (url.searchParams.get("q") ?? "").trim();
  const chosenIds = chosenOf(url.searchParams.get("chosen"));
  const [res, named] = await Promise.all([
    readListPage<Paged<UserRow>>(api, type.api, {
      url,
      query: { ordering: "username", ...(q ? { search: q } : {}) },
      accept: [400],
    }),
    chosenIds.length
      ? api.get<Paged<UserRow>>(type.api, {
          query: { id_list: chosenIds.join(","), page_size: MAX_CHOSEN, ordering: "username" },
        })
      : null,
  ]);
  const chosen = named?.data.results ?? [];
  const list = res.status === 200 ? res.data : EMPTY;
  // The chosen first, ticked; the search's page without them.
  const taken = new Set(chosen.map((r) => r.id));
  return data(
    {
      list: { ...list, results: list.results.filter((r) => !taken.has(r.id)) },
      chosen,
      q,
      rule: passwordRuleFrom(config),
      listHref: dash(type.segment),
      titles: contentTitles(`${type.key}.list.reset-password`),
    },
    { headers: api.headers() },
  );
}

type Answer = { result: SubmissionResult<string[]> };

export async function action(args: ActionFunctionArgs) {
  const { form, refusal } = await readForm(args.request);
  if (!form) return data<Answer>({ result: refusal.result }, { status: refusal.status });
  const intent = String(form.get("intent") ?? "");
  const { api, config } = await requireListPage(args, "reset-password", intent);
  await requireCsrf(api, form);
  if (intent === "choose") {
    // Back to the page with the ticks in its address and the search asked for; the passwords stay behind.
    const ids = form
      .getAll("id_list")
      .map(String)
      .filter((v) => /^\d{1,10}$/.test(v))
      .slice(0, MAX_CHOSEN);
    return redirect(
      `${new URL(args.request.url).pathname}${here(
        String(form.get("q") ?? "")
          .trim()
          .slice(0, 200),
        ids,
      )}`,
      { headers: api.headers() },
    );
  }
  const submission = parseWithZod(form, { schema: resetPasswordSchema(passwordRuleFrom(config)) });
  if (submission.status !== "success")
    return data<Answer>({ result: submission.reply({ hideFields: HIDDEN }) }, { status: 400 });
  const res = await api.post<{ count: number } & Record<string, unknown>>(
    "dashboard/user/reset-password/",
    submission.value,
    { accept: [400, 403] },
  );
  // 403: a superuser's password is reset by a superuser only (decision 029); said on the form, not a sign-out.
  if (res.status === 403)
    return data<Answer>(
      { result: submission.reply({ formErrors: ["user_reset_superuser"], hideFields: HIDDEN }) },
      { status: 403, headers: api.headers() },
    );
  if (res.status === 400)
    return data<Answer>(
      { result: submission.reply({ ...apiFieldErrors(res.data), hideFields: HIDDEN }) },
      { status: 400, headers: api.headers() },
    );
  const url = new URL(args.request.url);
  return redirectWithToast(
    `${url.pathname}${url.search}`,
    { type: "success", message: "user_toast_reset", values: { count: res.data.count } },
    { headers: api.headers() },
  );
}

type Values = { id_list: string[]; new_password: string; confirm_password: string; is_force_reset_password: string };

export default function ResetPassword() {
  const d = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useSubmitting();
  const { t } = useTranslation();
  const [form, fields] = useForm<Values>({
    id: "reset-password",
    lastResult: answer?.result ?? null,
    defaultValue: { is_force_reset_password: "on" },
    shouldValidate: "onSubmit",
  });
  const tr = (errors?: string[]) => errors?.map((e) => t(e));
  // After a refused post, what was ticked; else the chosen of the address.
  const sent = ([] as unknown[]).concat(fields.id_list.initialValue ?? []).map(String);
  const ticked = new Set(answer ? sent : d.chosen.map((r) => String(r.id)));
  /** With JS, a search keeps what is ticked now (without, the "keep" button does). */
  const keepTicks = (e: React.FormEvent<HTMLFormElement>) => {
    const box = document.getElementById(form.id) as HTMLFormElement | null;
    const now = box ? new FormData(box).getAll("id_list").map(String) : [];
    (e.currentTarget.elements.namedItem("chosen") as HTMLInputElement).value = now.join(",");
  };
  return (
    <div className="space-y-5">
      <PageHeader
        title={t("user_reset_title")}
        crumbs={[
          { label: t("menu_home"), href: dash() },
          { label: t("master_user"), href: d.listHref },
          { label: t("user_reset_title") },
        ]}
      />
      <p className="max-w-3xl text-sm text-slate-700">{t("user_reset_intro")}</p>
      <Form method="get" role="search" onSubmit={keepTicks} className="flex max-w-xl items-end gap-2">
        <input type="hidden" name="chosen" value={d.chosen.map((r) => r.id).join(",")} />
        <div className="grow">
          <label htmlFor="reset-search" className="mb-1 block text-sm font-medium text-slate-700">
            {t("user_search_account")}
          </label>
          <input key={d.q} id="reset-search" type="search" name="q" defaultValue={d.q} className={controlClass} />
        </div>
        <button type="submit" className="rounded border border-slate-300 bg-white px-4 py-2 text-sm hover:bg-slate-50">
          {t("search")}
        </button>
      </Form>
      <Form method="post" {...getFormProps(form)} className="grid items-start gap-5 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <CsrfInput />
        <fieldset
          aria-describedby={fields.id_list.errors?.length ? fields.id_list.errorId : undefined}
          className="space-y-2"
        >
          <legend className="text-base font-semibold">
            {t("user_reset_accounts")}{" "}
            <span className="text-sm font-normal text-slate-600">
              · {t("user_reset_chosen", { count: d.chosen.length })}
            </span>
          </legend>
          <ErrorList id={fields.id_list.errorId} errors={tr(fields.id_list.errors)} />
          <DataTable
            caption={t("user_reset_accounts")}
            rows={[...d.chosen, ...d.list.results]}
            empty={t(d.q ? "no_results" : "user_reset_no_accounts")}
            columns={[
              {
                key: "pick",
                label: t("user_reset_col_pick"),
                render: (r) => (
                  <input
                    type="checkbox"
                    name="id_list"
                    value={r.id}
                    defaultChecked={ticked.has(String(r.id))}
                    aria-label={t("user_reset_pick_named", { name: `${r.first_name} ${r.last_name} (${r.username})` })}
                    className="h-4 w-4"
                  />
                ),
              },
              {
                key: "name",
                label: t("col_full_name"),
                render: (r) => (
                  <>
                    <span className="block">{`${r.first_name} ${r.last_name}`}</span>
                    <span className="block font-mono text-xs text-slate-600">{r.username}</span>
                  </>
                ),
              },
              { key: "department", label: t("col_department"), render: (r) => r.department?.name ?? "—" },
              {
                key: "state",
                label: t("col_status"),
                render: (r) => (
                  <span className={r.is_active ? "badge-active" : "badge-inactive"}>
                    {t(r.is_active ? "state_active" : "state_inactive")}
                  </span>
                ),
              },
            ]}
          />
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-xs text-slate-600">{t("user_reset_page_note")}</p>
            {/* After the reset button in the form, so Enter in a password field resets. */}
            <input type="hidden" name="q" value={d.q} />
          </div>
          <Pager count={d.list.count} page={d.list.page} pageSize={d.list.page_size} capped={d.list.count_capped} />
        </fieldset>
        {/* Beside the list on a wide screen, and staying in view while the list scrolls. */}
        <div className="space-y-4 rounded border border-slate-200 bg-white p-5 lg:sticky lg:top-4">
          <ErrorList id={form.errorId} errors={tr(form.errors)} />
          <PasswordRuleList rule={d.rule} id="reset-rule" />
          <Field
            meta={fields.new_password}
            label={t("user_reset_new_password")}
            requiredMark
            errors={tr(fields.new_password.errors)}
            inputProps={{ type: "password", autoComplete: "new-password" }}
          />
          <Field
            meta={fields.confirm_password}
            label={t("field_confirm_password")}
            requiredMark
            errors={tr(fields.confirm_password.errors)}
            inputProps={{ type: "password", autoComplete: "new-password" }}
          />
          <CheckboxField
            meta={fields.is_force_reset_password}
            label={t("field_is_force_reset_password")}
            errors={tr(fields.is_force_reset_password.errors)}
          />
          <div>
            <button
              type="submit"
              name="intent"
              value="reset"
              disabled={busy}
              className="w-full rounded bg-primary px-5 py-2 text-sm font-medium text-primary-fg hover:opacity-90 disabled:opacity-60"
            >
              {t("user_reset_submit")}
            </button>
          </div>
          <button
            type="submit"
            name="intent"
            value="choose"
            formNoValidate
            className="w-full rounded border border-slate-300 bg-white px-4 py-2 text-sm hover:bg-slate-50"
          >
            {t("user_reset_keep")}
          </button>
        </div>
      </Form>
    </div>
  );
}
