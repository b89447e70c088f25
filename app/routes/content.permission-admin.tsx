import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { SearchForm } from "~/components/search-form";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useContentTranslation } from "~/components/content/use-content-translation";
import type { Paged } from "../../contract/http";
import { MSG } from "../../contract/messages";
import type { AccountOption, ContentAdmin } from "../../contract/schemas/content-permission";
import { DataTable } from "~/components/content/data-table";
import { Pager } from "~/components/content/pager";
import { PostButton } from "~/components/content/row-actions";
import { CsrfInput, ErrorList, SelectField } from "~/components/forms";
import { itemId, requireContent, type ContentType } from "~/lms/content.server";
import { registryTab } from "~/lms/registry-tab.server";
import { requireCsrf } from "~/lms/csrf.server";
import { readForm } from "~/lms/read-form.server";
import { readListPage } from "~/lms/paging.server";
import { redirectWithToast } from "~/lms/toast.server";
import { invariantResponse } from "~/lms/invariant";
import { useSubmitting } from "~/components/use-submitting";
import { WritableFields } from "~/components/content/item-writable";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content", "access"] };

/**
 * The administrators of an item (a content's permission tab's admin page; a group's, a
 * provider's, an instructor's admin tab): staff accounts who may manage it, with remove buttons,
 * and an add form choosing among the staff not yet listed (a search narrows the choice when there
 * are many). Plain forms: works without JavaScript. Where the list lives under the item is the
 * registry tab's `api` (docs/decisions/035): `permission/admin/` for a content, `admin/` for a
 * master data kind; both answer the same calls (list, add {account}, remove, candidate/).
 */
const CANDIDATES = 200;

/** The item's administrators' API path, `{type.api}{id}/{tab.api}`. */
function adminsPath(type: ContentType, id: number, request: Request) {
  return `${type.api}${id}/${registryTab(type, request)?.api ?? "permission/admin/"}`;
}

export async function loader(args: LoaderFunctionArgs) {
  const { api, type } = await requireContent(args, "change", { flagOnly: true });
  const path = adminsPath(type, itemId(type, args.params), args.request);
  const url = new URL(args.request.url);
  const find = (url.searchParams.get("find") ?? "").trim();
  const [admins, candidates] = await Promise.all([
    readListPage<Paged<ContentAdmin>>(api, path, { url, accept: [404] }),
    api.get<Paged<AccountOption>>(`${path}candidate/`, {
      query: { page_size: CANDIDATES, ...(find ? { search: find } : {}) },
    }),
  ]);
  return data(
    {
      admins: admins.status === 200 ? admins.data : { results: [], count: 0, page_size: 50, next: null, page: 1 },
      candidates: candidates.data.results,
      more: candidates.data.count > CANDIDATES,
      find,
    },
    { headers: api.headers() },
  );
}

export async function action(args: ActionFunctionArgs) {
  const { api, type } = await requireContent(args, "change", { flagOnly: true });
  const path = adminsPath(type, itemId(type, args.params), args.request);
  const { form, refusal } = await readForm(args.request);
  if (!form) return data({ errors: [refusal.message] }, { status: refusal.status });
  await requireCsrf(api, form);
  const intent = String(form.get("intent") ?? "");
  const account = String(form.get("account") ?? form.get("id") ?? "");
  const here = new URL(args.request.url).pathname;
  if (intent === "remove") {
    invariantResponse(/^\d{1,12}$/.test(account), "Bad Request");
    await api.delete(`${path}${account}/`, { accept: [404] });
    return redirectWithToast(here, { type: "success", message: "acc_toast_admin_removed" }, { headers: api.headers() });
  }
  invariantResponse(intent === "add", "Bad Request");
  if (!account) return data({ errors: [MSG.required] }, { status: 400 });
  const res = await api.post<Record<string, string[]>>(path, { account }, { accept: [400] });
  if (res.status === 400)
    return data({ errors: Object.values(res.data ?? {}).flat() }, { status: 400, headers: api.headers() });
  return redirectWithToast(here, { type: "success", message: "acc_toast_admin_added" }, { headers: api.headers() });
}

export default function PermissionAdminPage() {
  const { admins, candidates, more, find } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useSubmitting();
  const { t } = useContentTranslation();
  const errors = answer?.errors?.map((e) => t(e));
  return (
    <div className="space-y-6">
      <section aria-labelledby="admin-title" className="space-y-3">
        <div>
          <h2 id="admin-title" className="text-lg font-semibold">
            {t("acc_admin_title")}
          </h2>
          <p className="text-sm text-slate-600">{t("acc_admin_intro")}</p>
        </div>
        <DataTable
          caption={t("acc_admin_title")}
          rows={admins.results}
          empty={t("acc_admin_empty")}
          columns={[
            { key: "name", label: t("col_name"), render: (r) => `${r.first_name} ${r.last_name}` },
            {
              key: "username",
              label: t("acc_col_username"),
              render: (r) => <span className="font-mono text-xs">{r.username}</span>,
            },
            { key: "email", label: t("acc_col_email"), render: (r) => r.email },
            { key: "department", label: t("acc_col_department"), render: (r) => r.department?.name ?? "—" },
            {
              key: "actions",
              label: t("actions"),
              className: "text-right",
              render: (r) => (
                <PostButton
                  intent="remove"
                  fields={{ account: r.id }}
                  label={t("acc_remove")}
                  ariaLabel={t("acc_remove_named", { name: `${r.first_name} ${r.last_name}` })}
                />
              ),
            },
          ]}
        />
        <Pager count={admins.count} page={admins.page} pageSize={admins.page_size} />
      </section>
      <section aria-labelledby="admin-add" className="space-y-3 rounded border border-slate-200 bg-white p-4">
        <h3 id="admin-add" className="text-base font-semibold">
          {t("acc_admin_add")}
        </h3>
        {more || find ? <SearchForm id="admin-find" name="find" value={find} label={t("acc_admin_find")} /> : null}
        {candidates.length ? (
          <Form method="post" className="max-w-xl">
            <WritableFields>
              <CsrfInput />
              <input type="hidden" name="intent" value="add" />
              <SelectField
                id="admin-account"
                name="account"
                label={t("acc_admin_account")}
                errors={errors}
                emptyOption={t("choose")}
                options={candidates.map((c) => ({ value: String(c.id), label: `${c.name} (${c.code})` }))}
                selectProps={{ required: true }}
                suffix={
                  <button
                    type="submit"
                    disabled={busy}
                    className="shrink-0 rounded bg-primary px-4 py-2 text-sm font-medium text-primary-fg hover:opacity-90 disabled:opacity-60"
                  >
                    {t("acc_add")}
                  </button>
                }
              />
            </WritableFields>
          </Form>
        ) : (
          <>
            <p className="text-sm text-slate-600">{t("acc_admin_no_candidates")}</p>
            <ErrorList errors={errors} />
          </>
        )}
      </section>
    </div>
  );
}
