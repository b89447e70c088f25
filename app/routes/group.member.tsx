import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { Paged } from "../../contract/http";
import { MSG } from "../../contract/messages";
import type { AccountOption } from "../../contract/schemas/content-permission";
// Types only: the schema module builds zod at load, which must not reach the browser (decision 016).
import type { Group, GroupMember } from "../../contract/schemas/group";
import { DataTable } from "~/components/content/data-table";
import { ConfirmDelete } from "~/components/content/dialogs";
import { Pager } from "~/components/content/pager";
import { CsrfInput, ErrorList } from "~/components/forms";
import { useSubmitting } from "~/components/use-submitting";
import { GROUP_TYPE } from "~/lms/condition.server";
import { allows } from "~/lms/content-navigation.server";
import { itemId, requireContent } from "~/lms/content.server";
import { requireCsrf } from "~/lms/csrf.server";
import { invariantResponse } from "~/lms/invariant";
import { withParam } from "~/lms/list-query";
import { readListPage } from "~/lms/paging.server";
import { dash } from "~/lms/paths";
import { readForm } from "~/lms/read-form.server";
import { redirectWithToast } from "~/lms/toast.server";
import { SearchForm } from "~/components/content/search-form";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content", "access", "master"] };

/**
 * A group's members (docs/decisions/030, 035), paged and searched. A group of accounts lists the
 * users chosen by hand: add some (a GET search among the active users not in it yet, then tick
 * and post `account_list`) or take one off (`?remove={id}` asks first). A condition group's
 * members are computed by the API from its condition: read-only here, with a way to the
 * condition. Plain forms and links: works without JavaScript.
 */
const CANDIDATES = 20;

export async function loader(args: LoaderFunctionArgs) {
  const { api, type, permission } = await requireContent(args, "view");
  const id = itemId(type, args.params);
  const url = new URL(args.request.url);
  const search = (url.searchParams.get("search") ?? "").trim();
  const find = (url.searchParams.get("find") ?? "").trim();
  const [{ data: group }, members] = await Promise.all([
    api.get<Group>(`${type.api}${id}/`),
    readListPage<Paged<GroupMember>>(api, `${type.api}${id}/member/`, { url, query: search ? { search } : {} }),
  ]);
  const canChange = allows(type, permission, "change") && group.type === GROUP_TYPE.account;
  const candidates = canChange
    ? (
        await api.get<Paged<AccountOption>>(`${type.api}${id}/member/candidate/`, {
          query: { page_size: CANDIDATES, ...(find ? { search: find } : {}) },
        })
      ).data
    : null;
  const removing = url.searchParams.get("remove");
  return data(
    {
      group: { id: group.id, byCondition: group.type === GROUP_TYPE.condition, count_member: group.count_member },
      members: members.data,
      candidates: candidates
        ? { results: candidates.results, more: candidates.count > candidates.results.length }
        : null,
      canChange,
      removing: canChange ? (members.data.results.find((m) => String(m.id) === removing) ?? null) : null,
      conditionHref: dash(`${type.segment}/${id}/condition`),
    },
    { headers: api.headers() },
  );
}

export async function action(args: ActionFunctionArgs) {
  const { api, type } = await requireContent(args, "change");
  const id = itemId(type, args.params);
  const { form, refusal } = await readForm(args.request);
  if (!form) return data({ errors: [refusal.message] }, { status: refusal.status });
  await requireCsrf(api, form);
  const intent = String(form.get("intent") ?? "");
  const url = new URL(args.request.url);
  const here = url.pathname + url.search;
  if (intent === "remove") {
    const account = String(form.get("id") ?? "");
    invariantResponse(/^\d{1,12}$/.test(account), "Bad Request");
    const res = await api.delete<{ detail?: string }>(`${type.api}${id}/member/${account}/`, { accept: [400, 404] });
    const back = `${url.pathname}${String(form.get("back") ?? "")}`;
    if (res.status === 400)
      return redirectWithToast(
        back,
        { type: "error", message: res.data?.detail ?? MSG.invalid, status: 400 },
        { headers: api.headers() },
      );
    return redirectWithToast(
      back,
      { type: "success", message: "grp_toast_member_removed" },
      { headers: api.headers() },
    );
  }
  invariantResponse(intent === "add", "Bad Request");
  const ids = form.getAll("account_list").map(String);
  invariantResponse(
    ids.every((v) => /^\d{1,12}$/.test(v)),
    "Bad Request",
  );
  if (!ids.length) return data({ errors: ["grp_member_none_chosen"] }, { status: 400 });
  const res = await api.post<{ count: number } & Record<string, string[]>>(
    `${type.api}${id}/member/`,
    { account_list: ids.map(Number) },
    { accept: [400] },
  );
  if (res.status === 400)
    return data(
      {
        errors: Object.values(res.data ?? {})
          .flat()
          .map(String),
      },
      { status: 400, headers: api.headers() },
    );
  return redirectWithToast(
    here,
    { type: "success", message: "grp_toast_members_added", values: { count: res.data.count } },
    { headers: api.headers() },
  );
}

/**
 * Above the list, folded until used (a <details>: no JavaScript needed); open after a search
 * among the users or a refused add, so the result is in view.
 */
function AddMembers({
  candidates,
  errors,
  open,
}: {
  candidates: { results: AccountOption[]; more: boolean };
  errors?: string[];
  open: boolean;
}) {
  const { t } = useTranslation();
  const busy = useSubmitting();
  return (
    <details open={open} className="rounded border border-slate-200 bg-white">
      <summary className="cursor-pointer px-4 py-3 text-base font-semibold text-primary">{t("grp_member_add")}</summary>
      <div className="space-y-3 border-t border-slate-200 p-4">
        <SearchForm name="find" label={t("grp_member_find")} keep={["search", "page"]} />
        {candidates.results.length ? (
          <Form method="post" className="space-y-3">
            <CsrfInput />
            <fieldset>
              <legend className="mb-2 text-sm font-medium text-slate-700">{t("grp_member_choose")}</legend>
              <ul className="grid gap-x-6 gap-y-1 sm:grid-cols-2">
                {candidates.results.map((c) => (
                  <li key={c.id}>
                    <label className="flex items-center gap-2 text-sm">
                      <input type="checkbox" name="account_list" value={c.id} className="h-4 w-4" />
                      {c.name} <span className="font-mono text-xs text-slate-600">({c.code})</span>
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
            {candidates.more ? <p className="text-xs text-slate-600">{t("grp_member_more")}</p> : null}
            <ErrorList errors={errors} />
            <button
              type="submit"
              name="intent"
              value="add"
              disabled={busy}
              className="rounded bg-primary px-4 py-2 text-sm font-medium text-primary-fg hover:opacity-90 disabled:opacity-60"
            >
              {t("grp_member_add_chosen")}
            </button>
          </Form>
        ) : (
          <>
            <p className="text-sm text-slate-600">{t("grp_member_no_candidates")}</p>
            <ErrorList errors={errors} />
          </>
        )}
      </div>
    </details>
  );
}

export default function GroupMembersTab() {
  const { group, members, candidates, canChange, removing, conditionHref } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const [params] = useSearchParams();
  const { t } = useTranslation();
  const byCondition = group.byCondition;
  const errors = answer?.errors?.map((e) => t(e));
  const name = (m: Pick<GroupMember, "first_name" | "last_name" | "username">) =>
    `${m.first_name} ${m.last_name}`.trim() || m.username;
  return (
    <div className="space-y-6">
      <section aria-labelledby="member-title" className="space-y-3">
        <div>
          <h2 id="member-title" className="text-lg font-semibold">
            {t("grp_member_title")}{" "}
            <span className="text-base font-normal text-slate-600">
              ({t("grp_member_count", { count: group.count_member })})
            </span>
          </h2>
          <p className="text-sm text-slate-600">
            {byCondition ? t("grp_member_intro_condition") : t("grp_member_intro_account")}
          </p>
          {byCondition ? (
            <p className="mt-2 rounded border border-sky-200 bg-sky-50 p-3 text-sm text-sky-900">
              {t("grp_member_by_condition")}{" "}
              <a href={conditionHref} className="font-medium text-primary underline">
                {t("grp_member_to_condition")}
              </a>
            </p>
          ) : null}
        </div>
        {candidates ? (
          <AddMembers candidates={candidates} errors={errors} open={!!params.get("find") || !!errors} />
        ) : null}
        <SearchForm name="search" label={t("grp_member_search")} keep={["find"]} />
        <DataTable
          caption={t("grp_member_title")}
          rows={members.results}
          empty={
            params.get("search")
              ? t("no_results")
              : byCondition
                ? t("grp_member_empty_condition")
                : t("grp_member_empty")
          }
          columns={[
            { key: "name", label: t("col_name"), render: (m) => name(m) },
            {
              key: "username",
              label: t("acc_col_username"),
              render: (m) => <span className="font-mono text-xs">{m.username}</span>,
            },
            { key: "email", label: t("acc_col_email"), render: (m) => m.email },
            { key: "department", label: t("acc_col_department"), render: (m) => m.department?.name ?? "—" },
            {
              key: "active",
              label: t("grp_col_state"),
              render: (m) => (m.is_active ? t("state_active") : t("state_inactive")),
            },
            ...(canChange
              ? [
                  {
                    key: "actions",
                    label: t("actions"),
                    className: "text-right",
                    render: (m: GroupMember) => (
                      <a
                        href={withParam(params, "remove", String(m.id))}
                        className="text-red-700 hover:underline"
                        aria-label={t("acc_remove_named", { name: name(m) })}
                      >
                        {t("acc_remove")}
                      </a>
                    ),
                  },
                ]
              : []),
          ]}
        />
        <Pager count={members.count} page={members.page} pageSize={members.page_size} />
      </section>
      {removing ? (
        <ConfirmDelete
          item={{ id: removing.id, name: name(removing) }}
          param="remove"
          intent="remove"
          title={t("grp_member_remove_title")}
          text={t("grp_member_remove_text", { name: name(removing) })}
          confirmLabel={t("acc_remove")}
        />
      ) : null}
    </div>
  );
}
